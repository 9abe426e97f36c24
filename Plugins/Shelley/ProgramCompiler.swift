package import SelectorCore

/// Lays filters out as core steps.
///
/// Shelley applies each filter to the whole current list, concatenating per-view results, and
/// removes duplicates after every filter but the first; a class filter right after `parent`
/// tests the ancestors themselves instead of searching below them. So
///
///     button parent view:'UITableViewCell' marked:'x'
///
/// becomes (before the builder fuses filters into the step before them)
///
///     start .windows
///     axis descendants  filter kindOf(UIButton)                                 (first: no dedup)
///     axis ancestors    filter ¬kindOf(UIApplication)                           unique
///     filter kindOf(UITableViewCell)                                            (in place)
///     filter accessibilityLabel ⊇ "x" (U+00A0 read as space)
package enum ProgramCompiler {
    /// A window's superview is nil, so Shelley's ancestor walk never reaches the application
    /// node a `/dump/allwindows` tree puts above the windows.
    static let belowApplication: Predicate = .not(.kindOf("UIApplication"))

    /// The program for `filters`.
    package static func program(_ filters: [ShelleyFilter]) -> SelectorProgram {
        var b = ProgramBuilder(start: .windows)
        // No filters select nothing (Shelley returns an empty array for a blank selector).
        if filters.isEmpty { b.filter(.none) }
        var inPlace = false
        for (position, f) in filters.enumerated() {
            let unique = position > 0
            switch f {
            case .kind(let className):
                if inPlace { b.filter(.kindOf(className)) } else { b.descendants(.kindOf(className), unique: unique) }
            case .descendant:
                if inPlace { b.filter(.kindOf("UIView")) } else {
                    b.axis(.descendantsOrSelf, filter: .kindOf("UIView"), unique: unique)
                }
            case .parent: b.axis(.ancestors, filter: belowApplication, unique: unique)
            case .child: b.axis(.children, unique: unique)
            case .sibling: b.axis(.siblings, unique: unique)
            case .index(let n): b.pick(n)
            case .predicate(let p): b.filter(p)
            case .checkedPredicate(let p, let check): b.engine(check); b.filter(p)
            }
            inPlace = f.nextFiltersInPlace
        }
        return b.build()
    }
}
