public import PCRE2Matching
public import SelectorCore

// What each Detox matcher reads on a recording. Detox matches live views (UIKit on iOS, Android
// views through Espresso); a recording holds what its loader kept, so each test reads the places a
// recording may carry the property, in order (Docs/Engines/Detox.md has the table).

enum DetoxVocabulary {
    /// `by.id`, `by.text`, `by.label`, `by.value` as one predicate over the places a recording
    /// keeps that property.
    static func predicate(_ name: String, _ test: StringTest) -> Predicate {
        switch name {
        case "id":
            // iOS: the accessibility identifier (React Native's testID). Android: the view's tag,
            // which only a Detox or Espresso dump records; a UiAutomator page source has none.
            return .or([.string(property: "accessibilityIdentifier", test), .string(property: "tag", test)])
        case "text":
            // The view's text (UILabel, UITextField, a button's title; Android's TextView text);
            // a recording without a `text` column (an XCUITest page source) carries it as the label.
            return .or([.string(property: "text", test),
                        .all([.not(.hasProperty("text")), .string(property: PropertyName.accessibilityLabel, test)])])
        case "value":
            return .or([.string(property: "accessibilityValue", test), .string(property: "value", test)])
        default:
            // `by.label`: iOS's accessibility label, Android's content description.
            return .or([.string(property: "content-desc", test),
                        .all([.not(.hasProperty("content-desc")), .string(property: PropertyName.accessibilityLabel, test)])])
        }
    }

    /// Detox's trait names (`by.traits`, iOS only) and UIAccessibilityTraits' bits.
    static let traitBits: [String: Int64] = [
        "button": 1 << 0, "link": 1 << 1, "image": 1 << 2, "selected": 1 << 3, "plays": 1 << 4, "playsSound": 1 << 4,
        "keyboardKey": 1 << 5, "key": 1 << 5, "staticText": 1 << 6, "text": 1 << 6, "summaryElement": 1 << 7, "summary": 1 << 7,
        "notEnabled": 1 << 8, "disabled": 1 << 8, "updatesFrequently": 1 << 9, "frequentUpdates": 1 << 9,
        "searchField": 1 << 10, "search": 1 << 10, "startsMediaSession": 1 << 11, "startsMedia": 1 << 11,
        "adjustable": 1 << 12, "allowsDirectInteraction": 1 << 13, "allowsDirectInteractions": 1 << 13,
        "causesPageTurn": 1 << 14, "pageTurn": 1 << 14, "header": 1 << 16,
    ]

    /// One Detox name a bit, for printing.
    static let canonicalTraits: [(name: String, bit: Int64)] = [
        ("button", 1 << 0), ("link", 1 << 1), ("image", 1 << 2), ("selected", 1 << 3), ("playsSound", 1 << 4),
        ("keyboardKey", 1 << 5), ("staticText", 1 << 6), ("summaryElement", 1 << 7), ("notEnabled", 1 << 8),
        ("updatesFrequently", 1 << 9), ("searchField", 1 << 10), ("startsMediaSession", 1 << 11), ("adjustable", 1 << 12),
        ("allowsDirectInteraction", 1 << 13), ("causesPageTurn", 1 << 14), ("header", 1 << 16),
    ]

    /// Every trait listed is set on the view (`accessibilityTraits`, UIKit's bitmask); the parser
    /// has refused names missing from `traitBits`.
    static func traits(_ names: [String]) -> Predicate {
        var mask: Int64 = 0
        for name in names { mask |= traitBits[name] ?? 0 }
        return .bitsSet(property: "accessibilityTraits", mask: mask)
    }
}

/// A JavaScript regex literal's test (`by.text(/^Tap .*$/i)`): a search anywhere in the value, as
/// `RegExp.prototype.test`, run by PCRE2 with the shared match limits. The flags `i`, `m`, `s`
/// and `u` map to PCRE2's; `g` and `y` change nothing for one test.
public final class JSRegexMatcher: StringMatcher {
    let regex: PCRE2Regex
    /// The pattern and flags as written.
    public let pattern: String
    public let flags: String

    /// Compiles `pattern`; `PCRE2CompileError.patternOffset` counts bytes into it.
    public init(pattern: String, flags: String, limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        var options: PCRE2Regex.Options = []
        if flags.contains("i") { options.insert(.caseless) }
        if flags.contains("m") { options.insert(.multiline) }
        if flags.contains("s") { options.insert(.dotAll) }
        if flags.contains("u") { options.insert(.unicodeProperties) }
        regex = try PCRE2Regex(pattern, options: options, limits: limits, jit: true)
        self.pattern = pattern
        self.flags = flags
    }

    public func makeEvaluator() -> any StringEvaluator {
        PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)", explainsMatchLimit: true))
    }

    public var description: String { "/\(pattern)/\(flags)" }
}
