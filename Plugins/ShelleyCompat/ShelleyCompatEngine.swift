public import SelectorCore
import ShelleyEngine

/// `shelley_compat`: Shelley bug for bug, so existing Frank suites written in Shelley select the
/// same views (name it in the request: Frank's default is `uiquery`).
///
/// It shares the parser of `ShelleyEngine` in its compat dialect: no escapes, an unterminated
/// string takes the rest of the selector, `''` and unreadable numbers (`1.2.3`) vanish, and only
/// Shelley's own failures are errors (`missing paramater`, `expected a :`).
public struct ShelleyCompatEngine: SelectorEngine {
    private let base = ShelleyEngine(dialect: .compat)

    public init() {}

    public var name: String { "shelley_compat" }

    public var summary: String { base.summary }

    public var recordingSources: Set<RecordingSource> { base.recordingSources }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        try base.compile(selector)
    }

    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        base.suggestions(for: node, in: tree)
    }

    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        base.narrowed(selector, toResult: position)
    }

    public func render(_ path: SearchPath) -> Rendering? {
        base.render(path)
    }
}
