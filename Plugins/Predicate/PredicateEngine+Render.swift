public import PredicateFormat
public import SelectorCore

extension PredicateEngine {
    /// A one-step path from the whole tree as its format string (`FormatPrinter`): a format string
    /// tests one view, so it has no second step, no child of the top and no pick.
    public func render(_ path: SearchPath) -> Rendering? {
        guard path.steps.count == 1 else { return .cannotSay("a path of \(path.steps.count) steps: a format string tests one view") }
        guard path.steps[0].link == .descendant else { return .cannotSay("the top-level views only: a format string tests every view") }
        guard path.pick == nil else { return .cannotSay("a pick by position") }
        return FormatPrinter.format(path.steps[0].filter)
    }
}
