/// Where a key path reads its value in a view tree.
///
/// A key path may name several places, tried in order: the first one the view has decides (so
/// `label` reads `accessibilityLabel`, and a recording that kept only XCUITest's `label` attribute
/// still answers). A view with none of them has nil there.
public enum KeySource: Sendable, Equatable {
    /// A property of the view.
    case property(String)
    /// A boolean property read negated (`visible` from `isHidden`).
    case negatedBool(String)
    /// The view's class name, as a string (exact name, not `isKindOfClass:`).
    case className
}

/// The names Appium, XCUITest and Calabash users write, mapped to the tree's properties.
///
/// Any other key path is a property name as written, dots included (`layer.cornerRadius`).
public struct KeyPathAliases: Sendable {
    /// Alias (as written, case-sensitive like any key path) → sources.
    public var table: [String: [KeySource]]

    public init(table: [String: [KeySource]]) { self.table = table }

    /// The sources of `keyPath` (a leading `SELF.` already removed).
    public func sources(of keyPath: String) -> [KeySource] {
        table[keyPath] ?? [.property(keyPath)]
    }

    /// The table Docs/Engines/Predicate.md prints.
    public static let standard: KeyPathAliases = {
        let label: [KeySource] = [.property("accessibilityLabel"), .property("label")]
        let identifier: [KeySource] = [.property("accessibilityIdentifier"), .property("name")]
        let value: [KeySource] = [.property("accessibilityValue"), .property("value")]
        let enabled: [KeySource] = [.property("isEnabled"), .property("enabled")]
        let visible: [KeySource] = [.property("visible"), .negatedBool("isHidden")]
        var t: [String: [KeySource]] = [
            "label": label, "wdLabel": label,
            "name": identifier, "identifier": identifier, "wdName": identifier,
            "value": value, "wdValue": value,
            "type": [.className], "elementType": [.className], "className": [.className], "class": [.className],
            "wdType": [.className],
            "enabled": enabled, "wdEnabled": enabled, "isEnabled": enabled,
            "visible": visible, "wdVisible": visible,
        ]
        // The absolute frame: UIKit dumps and every loaded recording keep it as one
        // `accessibilityFrame` value, whose parts the core reads by key path; an XCUITest page
        // source also keeps x y width height as numbers of their own.
        for c in ["x", "y", "width", "height"] {
            t["rect." + c] = [.property("accessibilityFrame." + c), .property(c)]
            t["wdRect." + c] = t["rect." + c]
        }
        return KeyPathAliases(table: t)
    }()
}
