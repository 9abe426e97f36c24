public import SelectorCore

extension RegexEngine {
    /// `[Class] [@property] /pattern/` for each step (every step searches descendants): the class
    /// the filter names, and one string test as an anchored, escaped pattern (`i` when it ignores
    /// case). The class is a kind test here, so an exact class renders only where the proof finds
    /// no subclass that tells them apart.
    public func render(_ path: SearchPath) -> Rendering? {
        guard path.pick == nil else { return .cannotSay("a pick by position") }
        var steps: [String] = []
        for step in path.steps {
            guard step.link == .descendant else { return .cannotSay("a child step: every regex step searches descendants") }
            var words: [String] = []
            var tested = false
            for c in step.filter.conjuncts {
                switch c {
                case .memberOf(let name), .kindOf(let name):
                    guard words.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else {
                        return .cannotSay("a second class or an unusual class name")
                    }
                    words.append(name)
                case let .string(property, test) where !tested && test.options.subtracting(.caseInsensitive).isEmpty:
                    let body = Self.escaped(test.value)
                    let pattern: String
                    switch test.operation {
                    case .equals: pattern = "^\(body)$"
                    case .contains: pattern = body
                    case .hasPrefix: pattern = "^\(body)"
                    case .hasSuffix: pattern = "\(body)$"
                    case .matcher(let m): return .cannotSay("the engine matcher \(m.description)")
                    }
                    guard property == PropertyName.accessibilityLabel || property.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                        return .cannotSay("the property `\(property)` after @")
                    }
                    if property != PropertyName.accessibilityLabel { words.append("@" + property) }
                    words.append("/\(pattern)/" + (test.options.contains(.caseInsensitive) ? "i" : ""))
                    tested = true
                default:
                    return .cannotSay("the test \(c): a regex step tests a class and one string")
                }
            }
            guard !words.isEmpty else { return .cannotSay("a step with no test") }
            steps.append(words.joined(separator: " "))
        }
        return .selector(steps.joined(separator: " "))
    }
}
