import SelectorCore

/// One FRY query object in a chain: its predicate and whether it returns only its first match.
struct FRYLookup: Equatable {
    var predicate: Predicate?
    var firstOnly = false
}

/// Lookups to the core's program.
enum FRYCompiler {
    /// Each lookup searches every current result, itself included (FRY's
    /// `fry_enumerateAllChildrenMatching:` tests `self` first), de-duplicated; the application is
    /// never a result (FRY raises for it).
    static func program(for lookups: [FRYLookup]) -> SelectorProgram {
        var builder = ProgramBuilder(start: .roots)
        for (level, lookup) in lookups.enumerated() {
            let test = Predicate.all([.not(.kindOf("UIApplication")), lookup.predicate ?? .any])
            builder.axis(.descendantsOrSelf, filter: test, unique: true)
            guard lookup.firstOnly else { continue }
            // FRY's first match is pre-order with subviews front-most first (`fry_reverseSubviews`).
            // That order visits a match's ancestors before it and otherwise runs back to front, so
            // its first match is the outermost matching ancestor-or-self of the last match in
            // document order. From the roots nothing lies above, so that climb is exact; from a
            // previous lookup's results it could climb out of them, so there the last match in
            // document order is kept (the same view unless a match contains another match).
            builder.pick(-1)
            if level == 0 {
                var climb = ProgramBuilder(start: .roots)
                climb.axis(.ancestors, filter: test, unique: true)
                climb.pick(-1)
                builder.union([climb.build(), ProgramBuilder(start: .roots).build()])
                builder.pick(0)
            }
        }
        return builder.build()
    }
}
