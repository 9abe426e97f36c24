import SelectorCore

extension PropertyMatch {
    /// The core predicate with UIFilter's rules (Frank's vendored UISpec).
    ///
    /// UIFilter tests strings with `rangeOfString:`, whose result for an empty needle has length 0:
    /// `text:''` therefore matches nothing, not everything.
    var predicate: Predicate {
        if let object = Vocabulary.objectProperties[property], value == .integer(0) || value == .boolean(false) {
            // nil: UIFilter's `==` holds for the views whose getter answers nil, here the ones that
            // answer it and record no value.
            return .all([object.responders, .not(.hasProperty(property))])
        }
        switch value {
        case .string(let s): return s.isEmpty ? .none : .string(property: property, .contains(s))
        case .integer(let n): return .number(property: property, .equal, Double(n))
        case .boolean(let b): return .bool(property: property, b)
        }
    }

    /// As written in a path: `text:'Hi'`, `tag:3`, `hidden:YES`.
    var spelling: String {
        switch value {
        case .string(let s): return "\(property):'\(s)'"
        case .integer(let n): return "\(property):\(n)"
        case .boolean(let b): return "\(property):\(b ? "YES" : "NO")"
        }
    }
}
