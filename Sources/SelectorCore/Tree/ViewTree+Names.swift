/// The one rule for what a selector handed to a user may name (issue 41): only what the recording
/// itself carries. A loader that translates a platform's page source (XCUITest, UiAutomator) adds
/// columns of its own: the preorder `uid`, UIKit names copied from the recorded attributes
/// (`accessibilityIdentifier` ← `name`), a label derived from them, frames and flags
/// (`ViewTree.loaderColumns`). Those serve the engines that read UIKit names, but a selector that
/// names one selects nothing in Appium, where the page source has no such attribute. Every
/// engine's suggestion code asks this rule instead of deciding for itself; Frank's `/dump`, whose
/// names (its `uid` included) are its own, loses none.
extension ViewTree {
    /// Whether a suggested selector may name property `name` on this tree: it is an attribute of
    /// the recording, not one the loader made (`class` is always the recording's).
    public func isRecordedName(_ name: String) -> Bool {
        name == "class" || !loaderColumns.contains(name)
    }

    /// `name` as a suggestion may say it: itself when recorded, else the recorded attribute the
    /// loader copied it from (`accessibilityIdentifier` → XCUITest `name`), else nil.
    public func recordedName(for name: String) -> String? {
        if isRecordedName(name) { return name }
        if let source = copiedColumns[name], isRecordedName(source) { return source }
        return nil
    }

    /// The names of `names` a suggestion may use, in order, each once: loader copies replaced by the
    /// attribute they copy, other loader-made names dropped.
    public func recordedNames(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.compactMap { recordedName(for: $0) }.filter { seen.insert($0).inserted }
    }

    /// Whether the tree is a platform page source whose names are not UIKit's (a loader made some
    /// columns): suggestions there speak the platform's attributes only.
    public var hasLoaderColumns: Bool { !loaderColumns.isEmpty }
}
