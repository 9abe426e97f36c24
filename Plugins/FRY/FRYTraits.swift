import SelectorCore

/// `accessibilityTrait(name)`: which views have a UIAccessibilityTraits trait.
///
/// A view's traits come from what the recording carries, in this order: a trait list in text
/// (XCUITest's `traits="Image, Button"`, or names joined by `|`, with or without the
/// `UIAccessibilityTrait` prefix), a number in `accessibilityTraits` (UIKit's bitmask); and only
/// when the view carries neither, from its kind (a `UIButton` has the Button trait, as UIKit's
/// classes set it by default).
enum FRYTraits {
    /// UIAccessibilityTraits bits (UIAccessibilityConstants.h). Traits whose bit is not listed
    /// here match by list and by kind only.
    static let bits: [String: Int64] = [
        "Button": 1 << 0, "Link": 1 << 1, "Image": 1 << 2, "Selected": 1 << 3, "PlaysSound": 1 << 4,
        "KeyboardKey": 1 << 5, "StaticText": 1 << 6, "SummaryElement": 1 << 7, "NotEnabled": 1 << 8,
        "UpdatesFrequently": 1 << 9, "SearchField": 1 << 10, "StartsMediaSession": 1 << 11,
        "Adjustable": 1 << 12, "AllowsDirectInteraction": 1 << 13, "CausesPageTurn": 1 << 14,
        "Header": 1 << 16,
    ]

    /// The kinds whose views have the trait by default.
    static let kinds: [String: [String]] = [
        "Button": ["UIButton"], "Image": ["UIImageView"], "StaticText": ["UILabel"],
        "SearchField": ["UISearchBar"], "Adjustable": ["UISlider", "UIPageControl", "UIPickerView"],
        "Link": [], "Header": [], "TabBar": ["UITabBar"],
    ]

    /// Every trait name the helper accepts.
    static let names: Set<String> = Set(bits.keys).union(kinds.keys).union(["TabBar", "ToggleButton", "SupportsZoom"])

    /// The properties that may carry a view's traits.
    static let listProperties = ["traits", "accessibilityTraits"]

    /// The predicate for `trait` (a name from `names`, without the prefix).
    static func predicate(_ trait: String) -> Predicate {
        var ways: [Predicate] = listProperties.map { .string(property: $0, .matcher(TraitListMatcher(trait: trait))) }
        if let bit = bits[trait] { ways.append(.bitsSet(property: "accessibilityTraits", mask: bit)) }
        if let kinds = kinds[trait], !kinds.isEmpty {
            let carriesNone = Predicate.all(listProperties.map { .not(.hasProperty($0)) })
            ways.append(.all([carriesNone, kinds.count == 1 ? .kindOf(kinds[0]) : .or(kinds.map { .kindOf($0) })]))
        }
        return .or(ways)
    }
}

/// A trait list in text holds the trait: `Image, Button` holds `Button`; so does
/// `UIAccessibilityTraitButton|UIAccessibilityTraitImage`. Names compare case-insensitively.
struct TraitListMatcher: StringMatcher {
    let trait: String

    func makeEvaluator() -> any StringEvaluator { TraitListEvaluator(trait.lowercased()) }
    var description: String { "traits ∋ \(trait)" }
}

/// One thread's `TraitListMatcher`.
final class TraitListEvaluator: StringEvaluator {
    private let wanted: String
    private(set) var evaluations = 0

    init(_ wanted: String) { self.wanted = wanted }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        evaluations += 1
        let text = String(decoding: subject, as: UTF8.self)
        for item in text.split(whereSeparator: { $0 == "," || $0 == "|" || $0 == " " }) {
            var name = item.lowercased()
            if name.hasPrefix("uiaccessibilitytrait") { name.removeFirst(20) }
            if name == wanted { return true }
        }
        return false
    }
}
