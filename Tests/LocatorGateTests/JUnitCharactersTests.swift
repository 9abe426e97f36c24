import HierarchyFormats
import LocatorGate
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// `frankly check --format junit` stays well-formed XML whatever a selector or its source holds:
/// a CI that cannot parse the report shows no test at all (issue 40, item 5).
@Suite struct JUnitCharactersTests {
    /// Selectors and sources with every kind of character XML 1.0 cannot carry, failing (so their
    /// text lands in a failure's message and body) and passing; libxml2 must read the report, and
    /// each name must come back with U+FFFD where the character was.
    @Test func reportWithNonCharactersIsWellFormed() throws {
        let registry = EngineRegistry.standard()
        let old = try loadReal(CheckTests.kiwix)
        var plan = EditPlan()
        plan.rename(CheckTests.node(125), in: old, to: "Book\u{FFFF}shelf")
        let new = old.edited(plan).tree
        let gate = LocatorGate(registry: registry, old: [old], new: [new])
        let locators = [
            Locator(engine: "predicate", selector: "label == 'Library'", source: "Tests/Login\u{FFFE}.swift:3"),
            Locator(engine: "predicate", selector: "label == 'Lib\u{FFFE}rary\u{1}'", source: "Tests/Login.swift:4"),
            Locator(engine: "accessibility_id", selector: "Settings\u{FFFF}"),
            Locator(engine: "accessibility_id", selector: "Settings"),
        ]
        let checks = gate.check(locators)
        #expect(checks[0].status == .broken)
        let report = gate.junit(checks)
        #expect(!report.unicodeScalars.contains { $0.value == 0xFFFE || $0.value == 0xFFFF || $0.value == 1 })
        // The generic XML loader is libxml2's parser: it refuses a document that is not well-formed.
        let tree = try HierarchyFormat.xml.load(Array(report.utf8))
        let names = (0..<tree.count).compactMap { tree.string("name", of: NodeID($0)) }
        #expect(names.contains("predicate:label == 'Lib\u{FFFD}rary\u{FFFD}'"))
        #expect(names.contains("accessibility_id:Settings\u{FFFD}"))
    }
}
