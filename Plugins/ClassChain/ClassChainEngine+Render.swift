public import PredicateFormat
public import SelectorCore

extension ClassChainEngine {
    /// `**/Class[`format`]/Class…`, a pick as the last step's `[n]`. The step's class is the one
    /// class its filter names exactly (a class chain tests `isKindOfClass:`, which the proof checks
    /// on the recordings); the rest of the filter is a backtick format string (`FormatPrinter`).
    /// A step's position and its pick are both its `[n]`: a class chain's index picks from the
    /// step's whole result, which is the position among siblings where the previous step kept one
    /// view (an absolute path such as `XCUIElementTypeWindow[1]/XCUIElementTypeOther[2]`); the
    /// proof on the recordings keeps the rendering only where the two agree.
    public var rendersPositions: Bool { true }

    public func render(_ path: SearchPath) -> Rendering? {
        var text = ""
        // A chain starts at the application: an absolute path's first step to it
        // (`/XCUIElementTypeApplication/…`) is where the chain already stands.
        var steps = path.steps[...]
        if steps.count > 1, let first = steps.first, first.link == .child, first.position ?? 0 == 0, first.pick ?? 0 == 0,
           case .memberOf(let c) = first.filter, c.hasSuffix("Application") {
            steps = steps.dropFirst()
        }
        for (i, step) in steps.enumerated() {
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
            for index in [step.position, step.pick].compactMap({ $0 }) { text += "[\(index >= 0 ? index + 1 : index)]" }
        }
        return .selector(text)
    }
}
