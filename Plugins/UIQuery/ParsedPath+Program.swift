import SelectorCore

/// Stage 3: `ParsedPath` → `SelectorProgram`.
///
/// UIQuery keeps one bit of state besides its views: whether the last step was a traversal. A class
/// step then filters the traversal's views in place; otherwise it searches the descendants of the
/// current views. Every other step clears the bit (`all`, `timeout:` and `wait:` included, as their
/// UISpec results are built with `filter:NO`). Worked example:
///
///     label text:'Returns' parent tableViewCell
///
///     start .application
///     1  axis descendants  reverse   filter kindOf(UILabel) ∧ text ⊇ "Returns"
///     2  axis ancestors    document  filter ¬kindOf(UIApplication) ∧ kindOf(UITableViewCell)
///
/// Nothing is ever de-duplicated.
extension ParsedPath {
    var program: SelectorProgram {
        var builder = ProgramBuilder(start: .application)
        var afterTraversal = false
        for step in steps {
            switch step {
            case .traverse(let traversal):
                traversal.append(to: &builder)
                afterTraversal = true
                continue
            case .classStep(let className):
                if afterTraversal { builder.filter(.kindOf(className)) }
                else { builder.descendants(.kindOf(className), order: .reverse, unique: false) }
            case .match(let match):
                builder.filter(match.predicate)
            case .index(let n):
                // UISpec compares the int index with an unsigned count: a negative one is out of range.
                if n >= 0 { builder.pick(n) } else { builder.filter(.none) }
            case .last:
                builder.pick(-1)
            case .all, .pause:
                break
            }
            afterTraversal = false
        }
        return builder.build()
    }

    /// The class the query was last narrowed to, as UISpec names it in messages.
    var subjectClassName: String {
        for step in steps.reversed() { if case .classStep(let c) = step { return c } }
        return "UIApplication"
    }

    /// Whether the expectation applies to every view: `all` must be the last step, since every
    /// other UISpec step returns a plain query again.
    var expectsAll: Bool { steps.last == .all }
}

extension Traversal {
    func append(to builder: inout ProgramBuilder) {
        switch self {
        case .descendant:
            builder.descendants(order: .reverse, unique: false)
        case .child:
            builder.axis(.children, order: .reverse, unique: false)
        case .parent:
            // UIParents climbs superviews and stops at the window; a UIApplication root is not one.
            builder.axis(.ancestors, order: .document, filter: .not(.kindOf("UIApplication")), unique: false)
        }
    }
}
