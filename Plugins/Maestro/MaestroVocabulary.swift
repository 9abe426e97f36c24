public import SelectorCore

/// Where each of Maestro's attributes lies in the recordings this package reads.
///
/// Maestro's drivers fill `text`, `hintText`, `accessibilityText` and `resource-id` from the
/// platform's own attributes (`AndroidDriver.mapHierarchy`, `IOSDriver.mapViewHierarchy`); a
/// recording keeps the platform's names, so each Maestro attribute reads every name it comes from:
///
/// | Maestro | `maestro hierarchy` | Android (UIAutomator) | iOS (XCUITest page source) | UIKit (`/dump`) |
/// |---|---|---|---|---|
/// | `text` | `text` | `text` | `value` (Maestro: title, else value) | `text` |
/// | `hintText` | `hintText` | `hint` | `placeholderValue` | `placeholder` |
/// | `accessibilityText` | `accessibilityText` | `content-desc` | `label` | `accessibilityLabel` |
/// | `resource-id` | `resource-id` | `resource-id` | `name` (as `accessibilityIdentifier`) | `accessibilityIdentifier` |
/// | `enabled` | `enabled` | `enabled` | `enabled` | `isEnabled` |
/// | `selected` | `selected` | `selected` | `selected` | `isSelected` |
/// | `focused` | `focused` | `focused` | `focused` | `isFocused` |
/// | `checked` | `checked` | `checked` | a switch, toggle or check box whose `value` is `1` | `isOn` |
/// | `clickable` | `clickable` | `clickable` | (none: Maestro's iOS driver sets none) | (none) |
public enum MaestroVocabulary {
    /// What Maestro's `text` attribute is read from.
    public static let text = ["text", "value"]
    /// What its `hintText` is read from.
    public static let hintText = ["hintText", "hint", "placeholderValue", "placeholder"]
    /// What its `accessibilityText` is read from.
    public static let accessibilityText = ["accessibilityText", "content-desc", "label", "accessibilityLabel"]
    /// Everything a `text:` regex reads, in Maestro's order (text, hint text, accessibility text).
    public static let textSources = text + hintText + accessibilityText
    /// What its `resource-id` is read from (an XCUITest source's `name` is copied to
    /// `accessibilityIdentifier`, and so is a UIAutomator dump's `resource-id`).
    public static let id = ["resource-id", "accessibilityIdentifier"]
    /// The state flags, each from its names.
    public static let enabled = ["enabled", "isEnabled"]
    public static let selected = ["selected", "isSelected"]
    public static let focused = ["focused", "isFocused"]
    public static let checked = ["checked", "isOn"]
    /// XCUITest's element types whose `value` of `1` Maestro reads as checked (`IOSDriver`:
    /// element types 12, 40, 41).
    public static let checkableTypes = ["XCUIElementTypeCheckBox", "XCUIElementTypeSwitch", "XCUIElementTypeToggle"]
    /// Maestro's `clickable`, which orders the matches.
    public static let clickable = "clickable"
    /// Where a frame is recorded (absolute), whose width and height the size keys test.
    public static let frame = PropertyName.accessibilityFrame
}
