public import SelectorCore

/// UISpec's UIQuery path language (`$(@"...")`), Frank's original selector engine and the one its
/// drivers get when they name none (`EngineRegistry.standard()` makes it the default).
///
/// A path is words separated by single spaces: traversals (`descendant`/`find`, `child`, `parent`),
/// class steps (`view:'UIClass'` or shorthands such as `tableViewCell`), filters (`marked:'x'`,
/// `prop:value`), picks (`index:N`, `first`, `last`). Results come in UISpec's order, duplicates
/// kept. Paths ending in `should ...` are expectations: see `UIQueryExpectation`.
///
/// ```swift
/// let program = try UIQueryEngine().compile("tableView tableViewCell last")
/// ```
public struct UIQueryEngine: SelectorEngine {
    /// The name Frank's server and Ruby driver use.
    public static let engineName = "uiquery"

    public var name: String { Self.engineName }
    public var summary: String { "UISpec's UIQuery paths ($(@\"...\")), Frank's default engine" }
    /// Frank's.
    public var recordingSources: Set<RecordingSource> { [.frank] }

    public init() {}

    /// Compiles a selection path. Expectations and actions are refused with a `.usage` error.
    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let path: ParsedPath
        do { path = try Parser.parse(selector) } catch { throw error.selectorError(in: selector) }
        if let expectation = path.expectation {
            throw ParseError(.expectationInSelection, at: expectation.offset).selectorError(in: selector)
        }
        return path.program
    }
}
