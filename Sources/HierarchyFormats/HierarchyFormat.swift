public import SelectorCore

/// The recording formats the loaders read, by the names `--tree-format` takes.
///
/// Every loader builds a `ViewTree` with the same property vocabulary (`accessibilityLabel`,
/// `accessibilityIdentifier`, `accessibilityFrame`, `frame`, `uid`, ...) and keeps each original
/// attribute under its own name; Docs/Formats.md has the mapping table.
///
/// ```swift
/// let bytes = try FileIO.read("page-source.xml")
/// let format = HierarchyFormat.detect(bytes) ?? .dump
/// let tree = try format.load(bytes)
/// ```
public enum HierarchyFormat: String, CaseIterable, Sendable {
    /// Frank's `/dump` JSON.
    case dump
    /// XCUITest page source XML (WebDriverAgent / Appium `/source`).
    case xcuitest
    /// Android `uiautomator dump` XML (`<hierarchy>` or a bare `<node>` root), and Appium's Android
    /// page source (UiAutomator2 and Espresso drivers), whose elements are named by their class.
    case uiautomator
    /// Calabash iOS tree JSON (`type`, `id`, `label`, `frame`, `rect`, `children`).
    case calabash
    /// UIAutomation element-tree JSON (`type` UIA*, `name`, `label`, `rect`, `children`).
    case uiautomation
    /// What `maestro hierarchy` prints: Maestro's tree as JSON (`attributes`, `children`, the state
    /// booleans), after any lines the CLI printed before it.
    case maestro
    /// Any XML document: each element a view named by its element name, its attributes string
    /// properties, the document element kept. Never detected; named with `--tree-format xml`.
    case xml
    /// Espresso's "View Hierarchy:" text (`+--->ClassName{id=…, res-name=…, x=…, y=…}`), as a
    /// `NoMatchingViewException` prints it.
    case espresso
    /// Detox's `<ViewHierarchy>` XML (`generateViewHierarchyXml`, Detox's failure errors), read
    /// leniently as the iOS writer does not escape attribute values.
    case detox
    /// XCTest's snapshot text (`XCUIElement.debugDescription`, `po app`, `.xcresult` UI hierarchy
    /// attachments, WebDriverAgent's `format=description`), also as one Swift string literal.
    case xcuisnapshot
    /// Compose's semantics tree as `printToString`/`printToLog` write it (`Node #1 at (l=…)px`).
    case compose
    /// WebDriverAgent's JSON source (`mobile: source` `format: json`), wrapped or not.
    case wda
    /// idb's `ui describe-all --json` and AXe's `describe-ui` (flat, or `--nested`).
    case idb

    /// The tool recordings in this format come from (`ViewTree.recordingSource`).
    public var recordingSource: RecordingSource {
        switch self {
        case .dump: .frank
        case .xcuitest: .xcuitest
        case .uiautomator, .espresso, .compose: .uiautomator
        case .xcuisnapshot, .wda, .idb: .xcuitest
        case .maestro: .maestro
        // Detox's is the platform's: the loader says (UIKit's `frank` on iOS, `uiautomator` on Android).
        case .detox: .frank
        case .calabash, .uiautomation, .xml: .other
        }
    }

    /// The names `--tree-format` accepts, comma separated (for help and error texts).
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Loads a recording in this format.
    public func load(_ bytes: [UInt8], hierarchy: ClassHierarchy = .standard,
                     limits: FormatLimits = FormatLimits()) throws(FormatError) -> ViewTree {
        guard bytes.count <= limits.maxInputBytes else {
            throw FormatError("recording is \(bytes.count) bytes long; the limit is \(limits.maxInputBytes) bytes (FormatLimits.maxInputBytes)")
        }
        var tree = try loadTree(bytes, hierarchy: hierarchy, limits: limits)
        if self != .detox { tree.recordingSource = recordingSource }
        return tree
    }

    private func loadTree(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        switch self {
        case .dump:
            do { return try ViewTree.loadDump(bytes, hierarchy: hierarchy, limits: limits) }
            catch { throw FormatError(error.message) }
        case .xcuitest:
            return try XCUITestLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .uiautomator:
            return try UIAutomatorLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .calabash:
            return try ElementTreeJSON.calabash.load(bytes, hierarchy: hierarchy, limits: limits)
        case .uiautomation:
            return try ElementTreeJSON.uiautomation.load(bytes, hierarchy: hierarchy, limits: limits)
        case .maestro:
            return try MaestroHierarchyLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .xml:
            return try GenericXMLLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .espresso:
            return try EspressoDumpLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .detox:
            return try DetoxXMLLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .xcuisnapshot:
            return try XCUISnapshotLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .compose:
            return try ComposeSemanticsLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .wda:
            return try WDAJSONLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        case .idb:
            return try IDBJSONLoader.load(bytes, hierarchy: hierarchy, limits: limits)
        }
    }

    /// Loads a recording whose format is read from its content. A file that is not a recording
    /// but holds one (a failure log with Espresso's, Detox's or XCTest's dump in it) is read
    /// from the dump `LogExtraction` finds; `loadFindingDump` also says where that was.
    public static func loadDetecting(_ bytes: [UInt8], hierarchy: ClassHierarchy = .standard,
                                     limits: FormatLimits = FormatLimits()) throws(FormatError) -> (ViewTree, HierarchyFormat) {
        let loaded = try loadFindingDump(bytes, hierarchy: hierarchy, limits: limits)
        return (loaded.tree, loaded.format)
    }

    /// `loadDetecting`, with the part of `bytes` read when it was a dump inside a longer text.
    public static func loadFindingDump(_ bytes: [UInt8], hierarchy: ClassHierarchy = .standard,
                                       limits: FormatLimits = FormatLimits()) throws(FormatError) -> LoadedRecording {
        if let format = detect(bytes) {
            return LoadedRecording(tree: try format.load(bytes, hierarchy: hierarchy, limits: limits), format: format, extraction: nil)
        }
        guard bytes.count <= limits.maxInputBytes else {
            throw FormatError("recording is \(bytes.count) bytes long; the limit is \(limits.maxInputBytes) bytes (FormatLimits.maxInputBytes)")
        }
        if let found = try LogExtraction.load(bytes, hierarchy: hierarchy, limits: limits) { return found }
        throw FormatError("cannot tell the format of this recording; name one with --tree-format (\(names))")
    }
}

/// A recording as loaded: the tree, its format, and where in the file the dump was when the
/// file held more than the dump (a failure log).
public struct LoadedRecording: Sendable {
    /// The tree, its `recordingSource` set.
    public var tree: ViewTree
    /// The format read.
    public var format: HierarchyFormat
    /// Where the dump was found in a longer text; nil when the whole file was the recording.
    public var extraction: LogExtraction?
}
