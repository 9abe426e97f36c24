import SelectorCore
import Testing
@testable import WebdriverIOEngine

/// The `wdio` engine's own refusals are told apart by kind; both are `.usage` errors at column 1.
@Suite struct WebdriverIOParseErrorTests {
    private let noEngines = WebdriverIOEngine(lookup: { _ in nil })

    @Test func webStrategyIsTyped() {
        do throws(WebdriverIOParseError) {
            _ = try noEngines.engine(for: WDIOStrategy.classify("a[href]"))
            Issue.record("found an engine for a CSS selector")
        } catch {
            #expect(error.kind == .strategyNotRun(using: "css selector", webOnly: true))
            #expect(error.offset == 0)
        }
    }

    @Test func missingEngineIsUsageAtColumnOne() {
        do throws(SelectorError) {
            _ = try noEngines.compile("~login")
            Issue.record("compiled without the accessibility_id engine")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.column == 1)
            #expect(error.engine == "wdio")
            #expect(error.message.hasPrefix("WebdriverIO sends this as `accessibility id`, which needs the accessibility_id engine"))
        }
    }
}
