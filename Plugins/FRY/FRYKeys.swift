import SelectorCore

/// FRY's own key paths in a format string (`FRY.lookup("fry_accessibilityLabel = 'Wi-Fi'")`, as
/// FRY's demo tests write them): methods FRY adds to views (`UIView+FRY`, `NSObject+FRYLookup`).
///
/// The shared NSPredicate parser reads an unknown key path as the property of that name, so these
/// arrive as tests on properties no recording has (`fry_isVisible == true`); this rewrites each
/// into what FRY computes, with the core's predicates:
///
/// | key | FRY | here |
/// |---|---|---|
/// | `fry_accessibilityLabel` | the label, newlines as spaces | `accessibilityLabel`; `==` also matches a label recorded with newlines |
/// | `fry_accessibilityValue` | the value | `accessibilityValue` |
/// | `fry_accessibilityTraits` | the trait bitmask | `accessibilityTraits` |
/// | `fry_isVisible` | no hidden or faded view up to the window | `FRYParser.visible` |
/// | `fry_isOnScreen` | the frame meets the window's | `onScreen` |
/// | `fry_indexPathInContainer` | a cell's index path, else nil | only `== nil` / `!= nil`: a cell in a table or collection view |
enum FRYKeys {
    /// `predicate` with FRY's keys replaced; other parts unchanged.
    static func rewrite(_ predicate: Predicate) -> Predicate {
        switch predicate {
        case .and(let parts): return .and(parts.map(rewrite))
        case .or(let parts): return .or(parts.map(rewrite))
        case .not(let p): return .not(rewrite(p))
        case .hasAncestor(let p): return .hasAncestor(rewrite(p))
        case .string(let key, let test):
            if key == "fry_accessibilityLabel" {
                if case .equals = test.operation, test.options.isEmpty { return FRYLabel.matching(test.value) }
                return .string(property: PropertyName.accessibilityLabel, test)
            }
            if let property = renamed[key] { return .string(property: property, test) }
            // A Boolean or an index path is never a string.
            return computed[key] != nil || key == indexPathKey ? .none : predicate
        case .bool(let key, let value):
            if let property = renamed[key] { return .bool(property: property, value) }
            if let p = computed[key] { return value ? p : .not(p) }
            return key == indexPathKey ? .none : predicate
        case .number(let key, let comparison, let x):
            if let property = renamed[key] { return .number(property: property, comparison, x) }
            // A BOOL compares as 0 or 1.
            if let p = computed[key] {
                switch (comparison.holds(1, x), comparison.holds(0, x)) {
                case (true, true): return .any
                case (false, false): return .none
                case (true, false): return p
                case (false, true): return .not(p)
                }
            }
            return key == indexPathKey ? .none : predicate
        case .bitsSet(let key, let mask):
            if let property = renamed[key] { return .bitsSet(property: property, mask: mask) }
            return predicate
        case .hasProperty(let key):
            if let property = renamed[key] { return .hasProperty(property) }
            // Every view answers FRY's Booleans; a view has an index path when it is a cell in one.
            if computed[key] != nil { return .any }
            return key == indexPathKey ? cellInContainer : predicate
        default:
            return predicate
        }
    }

    /// Keys that read a recorded property under another name.
    private static let renamed: [String: String] = [
        "fry_accessibilityLabel": PropertyName.accessibilityLabel,
        "fry_accessibilityValue": "accessibilityValue",
        "fry_accessibilityTraits": "accessibilityTraits",
    ]

    /// FRY's Boolean keys, as the predicates that decide them.
    private static let computed: [String: Predicate] = [
        "fry_isVisible": FRYParser.visible,
        "fry_isOnScreen": .structural(StructuralCondition(FRYOnScreen())),
    ]

    private static let indexPathKey = "fry_indexPathInContainer"

    /// `fry_indexPathInContainer != nil`: `indexPathForCell:` of the nearest table or collection
    /// view above answers for its own cells.
    private static let cellInContainer: Predicate = .and([
        .or([.kindOf("UITableViewCell"), .kindOf("UICollectionViewCell")]),
        .hasAncestor(.or([.kindOf("UITableView"), .kindOf("UICollectionView")])),
    ])
}
