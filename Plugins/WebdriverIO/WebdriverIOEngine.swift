import AppiumLocators
public import SelectorCore

/// The `wdio` engine: WebdriverIO's selector strings as a mobile test writes them in `$()` and
/// `$$()` (`~login`, `id=com.app:id/login`, `android=new UiSelector().text("OK")`,
/// `-ios predicate string:label == 'OK'`, `-ios class chain:**/XCUIElementTypeButton`, `//xpath`,
/// `XCUIElementTypeButton`): the strategy is read as WebdriverIO reads it (`WDIOStrategy`), and the
/// value is compiled by the engine that speaks that strategy here, so `wdio` means what Appium runs.
///
/// It is a parser to the compiled form like every engine: the program it returns is the other
/// engine's, and it walks nothing. The engines are found by name when a selector is compiled
/// (`class_chain` only when its plug-in is loaded). Web strategies (CSS, link text, tag name,
/// shadow, ARIA, images) and the Espresso-driver ones (`-android datamatcher`, `viewmatcher`,
/// `viewtag`) have no meaning on a recording: they are refused with their name.
public struct WebdriverIOEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "wdio"

    /// Our engine for the WebDriver strategy `using` that WebdriverIO sends to Appium.
    static func engine(for using: String) -> String? { AppiumStrategy.named(using)?.engine }

    /// The engine registered under a name, when a selector is compiled or printed.
    let lookup: @Sendable (String) -> (any SelectorEngine)?

    /// `lookup` finds the engines the strategies name (`EngineRegistry.registeredEngine`).
    public init(lookup: @escaping @Sendable (String) -> (any SelectorEngine)?) { self.lookup = lookup }

    public var name: String { Self.engineName }
    public var summary: String { "WebdriverIO selectors: ~id, id=…, android=new UiSelector()…, -ios predicate string:…, //xpath" }
    /// Appium's iOS and Android drivers, which WebdriverIO drives.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let strategy = WDIOStrategy.classify(selector)
        let engine: any SelectorEngine
        do throws(WebdriverIOParseError) {
            engine = try self.engine(for: strategy)
        } catch {
            throw error.selectorError(in: selector)
        }
        do {
            return try engine.compile(strategy.value)
        } catch {
            // The inner engine's column, counted in the whole string.
            var error = error
            error.offset = error.offset.map { $0 + strategy.valueOffset }
            error.selector = selector
            error.engine = name
            throw error
        }
    }

    /// The engine that compiles `strategy`'s value here, or why there is none.
    func engine(for strategy: WDIOStrategy) throws(WebdriverIOParseError) -> any SelectorEngine {
        guard let engineName = Self.engine(for: strategy.using) else {
            throw WebdriverIOParseError(.strategyNotRun(using: strategy.using, webOnly: Self.webOnly.contains(strategy.using)), at: 0)
        }
        guard let engine = lookup(engineName) else {
            throw WebdriverIOParseError(.engineNotRegistered(using: strategy.using, engine: engineName), at: 0)
        }
        return engine
    }

    /// Strategies that find web elements.
    static let webOnly: Set<String> = ["css selector", "link text", "partial link text", "tag name", "shadow", "aria",
                                       "xpath extended", "role", "name", "-image"]

    /// The strategies' own suggestions, written as WebdriverIO takes them: `~value` first, then
    /// `id=value`, then the XPath ones as they are (WebdriverIO reads `//` and `(` as XPath).
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        var out: [String] = []
        for (engine, prefix) in [("accessibility_id", "~"), ("id", "id="), ("xpath", "")] {
            for s in lookup(engine)?.suggestions(for: node, in: tree) ?? [] {
                let written = prefix + s
                // Only what WebdriverIO reads back as this strategy.
                if Self.engine(for: WDIOStrategy.classify(written).using) == engine { out.append(written) }
            }
        }
        return out
    }

    /// XPath's printing, which WebdriverIO reads as XPath.
    public func render(_ path: SearchPath) -> Rendering? {
        guard let xpath = lookup("xpath") else { return .cannotSay("a path without the xpath engine") }
        guard let rendering = xpath.render(path) else { return nil }
        if case .selector(let text) = rendering, Self.engine(for: WDIOStrategy.classify(text).using) != "xpath" {
            return .cannotSay("an XPath that WebdriverIO would not read as XPath")
        }
        return rendering
    }

    public var rendersPositions: Bool { lookup("xpath")?.rendersPositions ?? false }
}
