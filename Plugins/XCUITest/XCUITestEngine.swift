public import SelectorCore

/// The `xcuitest` engine: XCUITest's element queries as a Swift UI test writes them,
/// `app.buttons["Log In"]`, `XCUIApplication().tables.cells.element(boundBy: 2)`,
/// `app.cells.containing(.staticText, identifier: "Wi-Fi").buttons["Delete"]`.
///
/// A type property (`buttons`) or `descendants(matching:)` searches below the views so far,
/// `children(matching:)` among their children; a subscript, `matching(…)` and `element(matching:)`
/// keep the views whose identifier, label, value, title or placeholder equals the key (or that pass
/// an `NSPredicate(format:)`); `containing(…)` keeps those with such a descendant;
/// `element(boundBy: n)` and `firstMatch` pick by document order. Docs/Engines/XCUITest.md says what
/// each reads on each recording and where we differ.
///
/// `.element` and a subscript name one view in XCUITest, which fails when several match; here they
/// select every match, as a locator does, so `frankly expect` and strict mode report the ambiguity.
public struct XCUITestEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "xcuitest"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "XCUITest's element queries: app.buttons[\"Log In\"], app.tables.cells.element(boundBy: 2)" }
    /// XCUITest drives iOS apps: their page sources, and the UIKit views a Frank `/dump` records.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .frank] }
    /// Swift's strings are double-quoted; an apostrophe (`// don't`, `'Row'` inside a format
    /// string) opens nothing, so a `>>` after it still splits a chain.
    public var chainLiterals: ChainLiterals { .doubleQuotes }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        do throws(XCUITestParseError) {
            return Self.program(for: try XCUITestParser.parse(selector))
        } catch {
            throw error.selectorError(in: selector)
        }
    }

    /// The compiled form: from the application, one axis step per type query, filters and
    /// has-descendant steps in written order, picks in document order (XCUITest lists a query's
    /// matches in the order it walks the accessibility tree, preorder).
    static func program(for query: XCUIQuery) -> SelectorProgram {
        var b = ProgramBuilder(start: .application)
        // Whether the list holds one view (the application, a pick), and whether it is in
        // document order: a search from several views that nest is not until sorted.
        var single = true
        var ordered = true
        for member in query.members {
            switch member.kind {
            case .descendants(let t), .children(let t):
                let axis: Axis
                if case .children = member.kind { axis = .children } else { axis = .descendants }
                b.axis(axis, filter: XCUITestVocabulary.predicate(forType: t), unique: !single)
                if !single { ordered = false }
                single = false
            case .filter(let p): b.filter(p)
            case .containing(let p): b.hasDescendant(p)
            case .pick(let n):
                if !ordered { b.sortInDocumentOrder(); ordered = true }
                b.pick(n)
                single = true
            case .same: break
            }
        }
        if !ordered { b.sortInDocumentOrder() }
        return b.build()
    }

    /// `app.buttons["login"]` by the view's identifier, label, value, text or placeholder as the
    /// recording keeps them, then `app.buttons.element(boundBy: k)`; the registry keeps the first
    /// that selects the view alone.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let type = XCUITestVocabulary.type(of: node, in: tree)
        guard type != "application", type != "any" else { return [] }
        let query = "app." + XCUITestVocabulary.plural(of: type)
        var out: [String] = []
        var seen: Set<String> = []
        for name in ["accessibilityIdentifier", PropertyName.accessibilityLabel, "accessibilityValue", "value", "text", "placeholder"] {
            // Only what the recording holds (issue 41): a page source's `name`, never a loader copy.
            guard let recorded = tree.recordedName(for: name), let value = tree.string(recorded, of: node),
                  !value.isEmpty, seen.insert(value).inserted else { continue }
            out.append("\(query)[\(Self.literal(value))]")
        }
        if let program = try? compile(query),
           let k = ((try? Matcher(configuration: .serial).select(program, in: tree)) ?? []).firstIndex(of: node) {
            out.append("\(query).element(boundBy: \(k))")
        }
        return out
    }

    /// `selector` cut to its result at `position`: a final query or `.element` gets
    /// `.element(boundBy: n)`, a final subscript becomes `matching(identifier:)` with it; a query
    /// that already names one view (`firstMatch`, `element(boundBy:)`) cannot be cut further.
    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        guard let query = try? XCUITestParser.parse(selector) else { return nil }
        let bytes = Array(selector.utf8)
        func text(_ r: Range<Int>) -> String { String(decoding: bytes[r], as: UTF8.self) }
        guard let last = query.members.last else { return nil }
        let pick = ".element(boundBy: \(position))"
        if let key = last.subscriptKey {
            return text(0..<last.range.lowerBound) + ".matching(identifier: \(text(key)))" + pick
        }
        switch last.kind {
        case .pick: return nil
        case .same:
            guard text(last.range).hasSuffix("element") else { return nil }
            return text(0..<last.range.lowerBound) + pick
        default: return text(0..<query.end) + pick
        }
    }

    /// `value` as a Swift string literal.
    static func literal(_ value: String) -> String {
        // Swift spells every control character, so there is always a literal.
        CallSyntaxLiteral.quoted(value, quote: "\"", controls: .swiftEscaped)!
    }
}
