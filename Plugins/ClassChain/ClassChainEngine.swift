public import SelectorCore

/// The `class_chain` engine: Appium's XCUITest class-chain queries over UIKit classes.
///
/// `**/UITableViewCell[`label BEGINSWITH "Row 7"`]/UIButton[1]` is "the first button that is a
/// direct child of a cell whose label starts with Row 7". `/` moves to children, `**/` to
/// descendants, `*` is any class, `[n]` picks the n-th result (1-based, negative from the end)
/// `` [`…`] `` keeps views passing an NSPredicate-style condition and `[$…$]` views with a
/// descendant passing one (WebDriverAgent's descendant predicate). See Docs/WritingAnEngine.md.
///
/// Shipped only as a dynamic library (`libClassChainEngine.so`), loaded with `--plugin`.
public struct ClassChainEngine: SelectorEngine {
    public init() {}

    public var name: String { "class_chain" }
    public var summary: String { "Appium class chains: **/UITableViewCell[`label BEGINSWITH \"Row 7\"`]/UIButton[1]" }
    /// WebDriverAgent's, on iOS only.
    public var recordingSources: Set<RecordingSource> { [.xcuitest] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        Self.program(for: try ChainParser.parse(selector))
    }

    /// The compiled form: start at the application, one axis step per path step (its class as
    /// the filter), then each bracket in written order: predicates filter, indexes pick.
    public static func program(for chain: ParsedChain) -> SelectorProgram {
        var builder = ProgramBuilder(start: .application)
        for (i, step) in chain.steps.enumerated() {
            let axis: Axis = step.axis == .child ? .children : .descendants
            builder.axis(axis, filter: step.className.map { .kindOf($0) } ?? .any, unique: i > 0)
            for filter in step.filters {
                switch filter {
                case .predicate(let p): builder.filter(p)
                case .descendantPredicate(let p): builder.hasDescendant(p)
                case .index(let n): builder.pick(n)
                }
            }
        }
        return builder.build()
    }
}
