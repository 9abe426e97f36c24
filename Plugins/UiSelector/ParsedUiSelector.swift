import SelectorCore

/// One UiSelector as the parser read it: its criteria, `index`, `instance`, and the chain of
/// `childSelector` / `fromParent` links hanging off it.
///
/// UiAutomator's `UiSelector` keeps its criteria in a map keyed by criterion, so calling the same
/// method twice keeps the last value; `childSelector` and `fromParent` attach to the *deepest*
/// selector of the chain (`getLastSubSelector`), so `a.childSelector(b).childSelector(c)` is the
/// chain a → b → c and a criterion written after `childSelector(...)` still applies to `a`.
struct ParsedUiSelector: Equatable {
    /// Criteria in first-written order; a repeated method replaces its earlier value in place.
    var criteria: [(method: String, predicate: Predicate)] = []
    /// `index(n)`: the position among siblings.
    var index: Int?
    /// `instance(n)`: the n-th match, from 0.
    var instance: Int?
    /// The links after this selector, flattened in the order they apply.
    var links: [Link] = []
    /// UiScrollable's `getChildByText` / `getChildByDescription`: of the nodes the chain selects,
    /// the first that passes this itself or holds a descendant passing it.
    var holding: Predicate?

    /// How a linked selector is searched from the nodes matched so far.
    enum Relation: Equatable { case child, parent }

    /// A `childSelector(...)` or `fromParent(...)` link; its selector has no links of its own.
    struct Link: Equatable {
        var relation: Relation
        var selector: ParsedUiSelector
    }

    mutating func set(_ method: String, _ predicate: Predicate) {
        if let i = criteria.firstIndex(where: { $0.method == method }) { criteria[i].predicate = predicate }
        else { criteria.append((method, predicate)) }
    }

    /// Appends `selector` (and its own links after it) to the deepest selector of the chain.
    mutating func link(_ relation: Relation, _ selector: ParsedUiSelector) {
        var head = selector
        let rest = head.links
        head.links = []
        links.append(Link(relation: relation, selector: head))
        links.append(contentsOf: rest)
    }

    /// The conjunction of the criteria (what one node must satisfy).
    var predicate: Predicate { .all(criteria.map { $0.predicate }) }

    static func == (a: ParsedUiSelector, b: ParsedUiSelector) -> Bool {
        a.criteria.count == b.criteria.count
            && zip(a.criteria, b.criteria).allSatisfy { $0.method == $1.method && $0.predicate == $1.predicate }
            && a.index == b.index && a.instance == b.instance && a.links == b.links && a.holding == b.holding
    }
}
