public import SelectorCore

/// The `detox` engine: Detox matchers as a JavaScript or TypeScript test writes them,
/// `element(by.id('login'))`, `element(by.text(/^Sign/).withAncestor(by.id('form'))).atIndex(1)`.
///
/// `by.id` is the accessibility identifier (React Native's `testID`), `by.label` the accessibility
/// label (Android: the content description), `by.text` the text, `by.type` a class or one inheriting
/// from it, `by.traits` UIKit's accessibility traits, `by.value` the accessibility value; `.and`,
/// `.withAncestor` and `.withDescendant` combine them. Docs/Engines/Detox.md says what each reads on
/// each recording and where we differ.
///
/// `element(…)` names one view in Detox, which fails when several match; here it selects every match,
/// as a locator does, so `frankly expect` and strict mode report the ambiguity. `.atIndex(n)` picks
/// from the matches ordered by frame, top then left, as Detox orders them on iOS.
public struct DetoxEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "detox"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Detox matchers: element(by.id('login').withAncestor(by.type('RCTView'))).atIndex(0)" }
    /// Detox runs the app itself; its views are UIKit's on iOS (a Frank `/dump`, an XCUITest page
    /// source) and Android's (a UiAutomator page source).
    public var recordingSources: Set<RecordingSource> { [.frank, .xcuitest, .uiautomator] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let expression: DetoxExpression
        do throws(DetoxParseError) {
            expression = try DetoxParser.parse(selector)
        } catch {
            throw error.selectorError(in: selector)
        }
        var b = ProgramBuilder(start: .document)
        b.descendants(expression.matcher.predicate, unique: true)
        for d in expression.matcher.descendants { b.hasDescendant(d) }
        if let index = expression.index {
            b.sort(by: .frameTopLeft)
            b.pick(index)
        }
        return b.build()
    }

    /// `element(by.id('x'))`, then `by.label`, then `by.text`, each kept when it selects the view alone.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        var out: [String] = []
        for (matcher, names) in [("id", ["accessibilityIdentifier"]), ("label", ["content-desc", PropertyName.accessibilityLabel]),
                                 ("text", ["text"])] {
            guard let value = names.lazy.compactMap({ tree.string($0, of: node) }).first(where: { !$0.isEmpty }),
                  let literal = Self.literal(value) else { continue }
            out.append("element(by.\(matcher)(\(literal)))")
        }
        return out
    }

    /// `value` as a JavaScript string literal in single quotes.
    static func literal(_ value: String) -> String? {
        CallSyntaxLiteral.quoted(value, quote: "'")
    }
}
