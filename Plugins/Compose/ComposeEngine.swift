public import SelectorCore

/// The `compose` engine: Jetpack Compose test finders as a Kotlin test writes them,
/// `composeTestRule.onNodeWithTag("login")`, `onNode(hasText("Log in") and hasClickAction())`,
/// `onAllNodesWithText("Row", substring = true)[2].onChildren()`.
///
/// Compose finders run on UiAutomator recordings of a Compose app: the semantics tree Compose
/// publishes to accessibility, with a test tag as the whole `resource-id` when the app sets
/// `testTagsAsResourceId`. Docs/Engines/Compose.md says what each filter reads and where we differ.
///
/// `onNode(…)` names one node in Compose, which fails when several match; here it selects every
/// match, as a locator does, so `frankly expect` and strict mode report the ambiguity.
public struct ComposeEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "compose"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Compose finders: onNodeWithTag(\"login\"), onNode(hasText(\"Log in\") and hasClickAction())" }
    /// Compose runs on Android; its semantics reach a recording only through UiAutomator.
    public var recordingSources: Set<RecordingSource> { [.uiautomator] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let query: ComposeQuery
        do throws(ComposeParseError) {
            query = try ComposeParser.parse(selector)
        } catch {
            throw error.selectorError(in: selector)
        }
        return Self.program(for: query)
    }

    /// The finder's matches in document order (the semantics tree's order), then each step.
    static func program(for query: ComposeQuery) -> SelectorProgram {
        let real = ComposeVocabulary.notDumpRoot
        var b = ProgramBuilder(start: .document)
        // Unique: after `>>` the roots are the previous part's results, which may nest.
        b.descendants(.all([real, query.filter]), unique: true)
        for step in query.steps {
            switch step {
            case .children:
                b.axis(.children, filter: real, unique: true)
                b.sortInDocumentOrder()
            case .parent:
                b.axis(.parent, filter: real, unique: true)
                b.sortInDocumentOrder()
            case .siblings:
                b.axis(.siblings, filter: real, unique: true)
                b.sortInDocumentOrder()
            case .ancestors:
                // Nearest first, as Compose's `ancestors` walks them.
                b.axis(.ancestors, filter: real, unique: true)
            case .childAt(let k):
                b.axisPosition(.children, filter: real, index: k)
                b.deduplicate()
            case .pick(let k):
                b.pick(k)
            case .filter(let p):
                b.filter(p)
            }
        }
        return b.build()
    }

    /// `onNodeWithTag("…")` (the tag is the whole `resource-id`, so an Android id with `:id/` is
    /// no tag), then `onNodeWithContentDescription("…")`, then `onNodeWithText("…")`, each kept when
    /// it selects the view alone; then the text inside its parent's tag.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        guard tree.className(of: node) != "hierarchy" else { return [] }
        func value(_ property: String, of v: NodeID) -> String? {
            guard let s = tree.string(property, of: v), !s.isEmpty else { return nil }
            return s
        }
        var out: [String] = []
        if let tag = value("resource-id", of: node), !tag.contains(":id/"), let l = Self.literal(tag) {
            out.append("onNodeWithTag(\(l))")
        }
        if let label = value("content-desc", of: node), let l = Self.literal(label) {
            out.append("onNodeWithContentDescription(\(l))")
        }
        if let text = value("text", of: node), let l = Self.literal(text) {
            out.append("onNodeWithText(\(l))")
            var ancestor = tree.parent(of: node)
            while let a = ancestor, a >= 0 {
                if let tag = value("resource-id", of: a), !tag.contains(":id/"), let t = Self.literal(tag) {
                    out.append("onNode(hasText(\(l)) and hasAnyAncestor(hasTestTag(\(t))))")
                    break
                }
                ancestor = tree.parent(of: a)
            }
        }
        return out
    }

    /// `onAllNodes…(…)[k]`: Compose's collections index from 0 in the finder's order.
    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        guard selector.hasPrefix("onNode") else { return nil }
        return "onAllNodes" + selector.dropFirst("onNode".count) + "[\(position)]"
    }

    /// `value` as a Kotlin string literal in double quotes, `$` escaped so it is no template.
    static func literal(_ value: String) -> String? {
        CallSyntaxLiteral.quoted(value, quote: "\"", escapingDollar: true)
    }
}
