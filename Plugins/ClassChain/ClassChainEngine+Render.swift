public import PredicateFormat
public import SelectorCore

extension ClassChainEngine {
    /// `**/Class[`format`]/Class…`, a pick as the last step's `[n]`. The step's class is the one
    /// class its filter names exactly (a class chain tests `isKindOfClass:`, which the proof checks
    /// on the recordings); the rest of the filter is a backtick format string (`FormatPrinter`).
    public func render(_ path: SearchPath) -> Rendering? {
        var text = ""
        for (i, step) in path.steps.enumerated() {
            if i > 0 { text += "/" }
            text += step.link == .descendant ? "**/" : ""
            var conjuncts = step.filter.conjuncts
            var name = "*"
            if let k = conjuncts.firstIndex(where: { if case .memberOf = $0 { true } else { false } }),
               case .memberOf(let c) = conjuncts[k], c.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) {
                name = c
                conjuncts.remove(at: k)
            }
            text += name
            if !conjuncts.isEmpty {
                let r = FormatPrinter.format(.all(conjuncts))
                guard case .selector(let format) = r else { return r }
                guard !format.contains("`") else { return .cannotSay("a backtick inside a value") }
                text += "[`\(format)`]"
            }
        }
        if let pick = path.pick { text += "[\(pick >= 0 ? pick + 1 : pick)]" }
        return .selector(text)
    }
}
