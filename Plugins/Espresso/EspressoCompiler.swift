public import SelectorCore

// An Espresso matcher as the core's program. Espresso tests every view against one boolean
// matcher, and every matcher it has is a core predicate: the view's own tests, `isDescendantOfA`
// the core's `hasAncestor`, `withParent`/`withChild`/`hasDescendant` its `hasRelative` (parent,
// child, descendant), `hasSibling` "its parent has a child passing m" (Espresso's loop goes over
// every child of the parent, the view itself included). So a whole matcher, `allOf`, `anyOf` and
// `not` included, is one predicate and one scan. No code here walks a tree.

enum EspressoCompiler {
    static let isView = EspressoVocabulary.isView

    /// The program selecting every view `m` matches, in document order.
    static func program(_ m: EspressoMatcher) -> SelectorProgram {
        var b = ProgramBuilder(start: .document)
        b.descendants(.all([isView, predicate(m)]), unique: true)
        return b.build()
    }

    /// `m` as one predicate over a view (the views around it read through the core's relations).
    static func predicate(_ m: EspressoMatcher) -> Predicate {
        switch m {
        case .test(let p): return p
        case .all(let parts): return .all(parts.map(predicate))
        case .any(let parts):
            let out = parts.map(predicate)
            return out.isEmpty ? .none : out.count == 1 ? out[0] : .or(out)
        case .not(let inner): return .not(predicate(inner))
        case .ancestor(let inner): return .hasAncestor(view(inner))
        case .parent(let inner): return .hasRelative(.parent, view(inner))
        case .child(let inner): return .hasRelative(.child, view(inner))
        case .descendant(let inner): return .hasRelative(.descendant, view(inner))
        case .sibling(let inner): return .hasRelative(.parent, .hasRelative(.child, view(inner)))
        }
    }

    /// `m` on a related view, which must be a view of the app (not the dump's root element).
    private static func view(_ m: EspressoMatcher) -> Predicate { .all([isView, predicate(m)]) }
}
