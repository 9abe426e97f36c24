public import PredicateFormat
public import SelectorCore

/// The `fry` engine: Rightpoint FRY's lookup DSL as text.
///
/// `FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))` selects, in document order,
/// every image view in or at a table view cell; string arguments are NSPredicate format strings
/// (`PredicateFormat`'s parser). A trailing check (`.count(2)`, `.present()`, `.absent()`) is an
/// expectation: `FRYQuery` evaluates it, and a selection refuses it. See Docs/Engines/FRY.md.
///
/// ```swift
/// let cells = try registry.select("FRY.lookup(ofKind(UITableViewCell))", engine: "fry", in: tree)
/// ```
public struct FRYEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "fry"

    /// The compiler of string arguments.
    public let format: PredicateFormat

    public init(format: PredicateFormat = PredicateFormat()) { self.format = format }

    public var name: String { Self.engineName }
    public var summary: String { "FRY lookups: FRY.lookup(ofKind(UITableViewCell)).lookup(accessibilityLabel(\"Share\"))" }
    /// FRY runs in the app, over UIKit.
    public var recordingSources: Set<RecordingSource> { [.frank] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let query = try FRYQuery(parsing: selector, format: format)
        if let check = query.check {
            throw FRYParseError(.checkInSelection(check), at: query.checkOffset ?? 0).selectorError(in: selector)
        }
        return query.program
    }
}
