package import SelectorCore

/// What one section means: Shelley's filter classes, as values.
///
/// `kind` and `descendant` search below each input view (`SYClassFilter`); `parent`, `child` and
/// `sibling` move to related views and make the next class filter test those views in place
/// (Shelley's `nextFilterShouldNotDescend`); `index` picks from the whole list
/// (`SYNthElementFilter`); `predicate` keeps the views passing a test and never descends
/// (`SYPredicateFilter`).
package enum ShelleyFilter: Sendable, Equatable {
    /// Views of this class or a subclass below each input (the input excluded).
    case kind(String)
    /// Each input and everything below it (views only).
    case descendant
    /// Ancestors of each input, nearest first, up to the window.
    case parent
    /// Direct subviews of each input (strict only).
    case child
    /// The other subviews of each input's superview (strict only).
    case sibling
    /// The element at this index of the whole list; negative counts from the end (`last` is -1).
    case index(Int)
    /// The input views passing a test.
    case predicate(Predicate)
    /// A bare word read as a Boolean getter that may answer something else: Shelley raises
    /// "wrong return type" when an input view answers it with anything but a BOOL (the check),
    /// else keeps the views passing the test.
    case checkedPredicate(Predicate, ShelleyReturnTypeCheck)

    /// Whether the class filter right after this one tests the current views in place.
    var nextFiltersInPlace: Bool {
        switch self {
        case .parent, .child, .sibling: return true
        default: return false
        }
    }
}
