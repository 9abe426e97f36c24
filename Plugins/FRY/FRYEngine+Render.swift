public import PredicateFormat
public import SelectorCore

extension FRYEngine {
    /// `FRY.lookup("format string")`: FRY takes an NSPredicate over every view, so a one-step path
    /// from the whole tree renders as its format string (`FormatPrinter`); FRY has no path of
    /// several steps and no pick by position.
    public func render(_ path: SearchPath) -> Rendering? {
        guard path.steps.count == 1 else { return .cannotSay("a path of \(path.steps.count) steps: FRY's lookup tests one view") }
        guard path.steps[0].link == .descendant else { return .cannotSay("the top-level views only") }
        guard path.pick == nil else { return .cannotSay("a pick by position") }
        let r = FormatPrinter.format(path.steps[0].filter)
        guard case .selector(let format) = r else { return r }
        return .selector("FRY.lookup(\(Self.literal(format)))")
    }
}
