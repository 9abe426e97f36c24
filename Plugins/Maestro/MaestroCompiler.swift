import PCRE2Matching
import SelectorCore

// A Maestro selector as a core program, following how Maestro 2.x finds an element
// (mobile-dev-inc/Maestro at 487407f6, `maestro-orchestra/.../Orchestra.kt`):
//
// 1. `buildFilter` (L1560-1717): the basic filters (text, id, size, traits, enabled, selected,
//    checked, focused) hold together on each view, and only the deepest views passing them are
//    candidates (`Filters.deepestMatchingElement` over `Filters.intersect`, L1690-1692); with no
//    basic filter every view is a candidate. Each relation is computed over the same views and
//    intersected, keeping the candidates' (document) order. Then `index` sorts by the frame's top
//    edge, then its left edge, and picks; without it, clickable views come first (stable).
// 2. `findElement` with `childOf` (L1433-1480, `resolveParentHierarchy` L1549-1558): the parent
//    selector's first match is found (in its own parent's subtree, recursively) and the search
//    re-rooted there: the target, and its relations' anchors, are looked for in that view's
//    subtree, the view included.
// 3. Every hierarchy is first pruned to the screen (`ViewHierarchy.from`): `MaestroOnScreen`
//    joins every scan.
//
// In the program: the scope (the query's roots, or `pick 0` of a parent's steps), then
// `axis descendantsOrSelf` of the scope with the basic filters, `deepest`, one `relation` step per
// anchor (its reference program runs the anchor's own steps from the same scope), one
// `Step.hasDescendant` per `containsDescendants` entry, and `sort by frame` + `pick` or
// `sort by clickable`. A nested selector (an anchor, `containsChild`) is built as Maestro builds
// it, with `buildFilter`, which ignores its `childOf`.

/// Compiles `MaestroSelector`s to programs.
struct MaestroCompiler {
    let limits: PCRE2Limits
    /// The selector's text, for errors.
    let text: String

    /// Most steps a program may run, counting each reference program's steps (and theirs) where
    /// it runs. A relation repeats its scope's steps (a `childOf` parent's), so nested `childOf`
    /// selectors whose parents hold relations multiply: five levels of four anchors each would
    /// run thousands of times the steps they write. Real selectors run a few dozen.
    static let maxRunSteps = 4_096

    /// Steps and how many steps they run, nested programs included.
    struct Built {
        var steps: [Step] = []
        var runSteps = 0

        mutating func append(_ step: Step, running n: Int = 1) {
            steps.append(step)
            runSteps += n
        }
    }

    /// The program for a selector written at the top of a command.
    func program(_ selector: MaestroSelector) throws(SelectorError) -> SelectorProgram {
        program(try steps(selector, scope: Built(), nested: false).steps)
    }

    func program(_ steps: [Step]) -> SelectorProgram {
        var b = ProgramBuilder(start: .roots)
        for step in steps { b.append(step) }
        return b.build()
    }

    /// The steps that select `selector`'s matches, in Maestro's order, from the query's roots;
    /// `scope` are the steps from those roots to the views whose subtrees are searched (none:
    /// the roots themselves).
    func steps(_ selector: MaestroSelector, scope: Built, nested: Bool) throws(SelectorError) -> Built {
        var scope = scope
        if !nested, let parent = selector.childOf.first {
            scope = try steps(parent, scope: scope, nested: false)
            scope.append(.pick(0))
        }
        let onScreen = Predicate.structural(StructuralCondition(MaestroOnScreen()))
        var out = scope
        out.append(.axis(.descendantsOrSelf, order: .document, filter: .all([onScreen, try basicFilter(selector)]), unique: true))
        if selector.hasBasicFilters { out.append(.deepest) }
        var references: [(Relation, MaestroSelector)] = selector.anchors.map { ($0.relation, $0.selector) }
        if let child = selector.containsChild.first { references.append((.parentOf, child)) }
        for (relation, reference) in references {
            let built = try steps(reference, scope: scope, nested: true)
            out.append(.relation(relation, program(built.steps)), running: 1 + built.runSteps)
            guard out.runSteps <= Self.maxRunSteps else {
                throw MaestroParseError(.tooManySteps(limit: Self.maxRunSteps), at: reference.offset).selectorError(in: text)
            }
        }
        for entry in selector.containsDescendants ?? [] {
            // "Some view strictly below passes the entry's basic filters" is what Maestro's test
            // (an entry's whole filter run on each child's subtree) comes to for an entry without
            // relations or index, the only entries `MaestroSelector.parse` accepts.
            out.append(.hasDescendant(HasDescendantStep(.all([onScreen, try basicFilter(entry)]))))
        }
        if let index = selector.index {
            out.append(.sort(by: .frameTopLeft))
            out.append(.pick(index))
        } else {
            out.append(.sort(by: .trueFirst(MaestroVocabulary.clickable)))
        }
        return out
    }

    /// The conjunction of `selector`'s basic filters (`any` when it has none).
    func basicFilter(_ selector: MaestroSelector) throws(SelectorError) -> Predicate {
        var parts: [Predicate] = []
        if let text = selector.text {
            let m = try MaestroRegexMatcher(.text, pattern: text.source, limits: limits, selector: self.text, offset: text.offset)
            parts.append(.or(MaestroVocabulary.textSources.map { .string(property: $0, .matcher(m)) }))
        }
        if let id = selector.id {
            let m = try MaestroRegexMatcher(.id, pattern: id.source, limits: limits, selector: self.text, offset: id.offset)
            parts.append(.or(MaestroVocabulary.id.map { .string(property: $0, .matcher(m)) }))
        }
        // `sizeMatches` (Filters.kt L121-150): |side - wanted| <= tolerance (0 by default).
        let tolerance = Double(selector.tolerance ?? 0)
        for (side, wanted) in [("width", selector.width), ("height", selector.height)] {
            guard let wanted else { continue }
            let property = MaestroVocabulary.frame + "." + side
            parts.append(.number(property: property, .greaterOrEqual, Double(wanted) - tolerance))
            parts.append(.number(property: property, .lessOrEqual, Double(wanted) + tolerance))
        }
        for trait in selector.traits {
            switch trait {
            // `hasText`: the text attribute is there, whatever it holds.
            case .text: parts.append(.or(MaestroVocabulary.text.map { .hasProperty($0) }))
            case .longText: parts.append(.or(MaestroVocabulary.text.map { .string(property: $0, .matcher(MaestroLongText())) }))
            case .square: parts.append(.structural(StructuralCondition(MaestroSquare())))
            }
        }
        if let want = selector.enabled {
            // Recorded as disabled; a view recording no state counts as enabled (UIKit records
            // `isEnabled` on controls only; Maestro's drivers record it on every view).
            let disabled = Predicate.or(MaestroVocabulary.enabled.map { .bool(property: $0, false) })
            parts.append(want ? .not(disabled) : disabled)
        }
        for (want, names) in [(selector.selected, MaestroVocabulary.selected), (selector.focused, MaestroVocabulary.focused)] {
            guard let want else { continue }
            let on = Predicate.or(names.map { .bool(property: $0, true) })
            parts.append(want ? on : .not(on))
        }
        if let want = selector.checked {
            let switchOn = Predicate.all([.or(MaestroVocabulary.checkableTypes.map { .memberOf($0) }),
                                          .string(property: "value", .equals("1"))])
            let on = Predicate.or(MaestroVocabulary.checked.map { .bool(property: $0, true) } + [switchOn])
            parts.append(want ? on : .not(on))
        }
        return .all(parts)
    }
}
