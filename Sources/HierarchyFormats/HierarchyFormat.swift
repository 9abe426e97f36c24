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

    /// The tool recordings in this format come from (`ViewTree.recordingSource`).
    public var recordingSource: RecordingSource {
        switch self {
        case .dump: .frank
        case .xcuitest: .xcuitest
        case .uiautomator: .uiautomator
        case .maestro: .maestro
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
        tree.recordingSource = recordingSource
        return tree
    }

    private func loadTree(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> ViewTree {
        switch self {
        case .dump:
            var dumpLimits = DumpLimits()
            dumpLimits.maxNodes = limits.maxNodes
            dumpLimits.maxPropertyNames = limits.maxPropertyNames
            dumpLimits.maxInputBytes = limits.maxInputBytes
            dumpLimits.maxColumnBytesPerView = limits.maxColumnBytesPerView
            dumpLimits.minColumnBytes = limits.minColumnBytes
            do { return try ViewTree.loadDump(bytes, hierarchy: hierarchy, limits: dumpLimits) }
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
        }
    }

    /// Loads a recording whose format is read from its content.
    public static func loadDetecting(_ bytes: [UInt8], hierarchy: ClassHierarchy = .standard,
                                     limits: FormatLimits = FormatLimits()) throws(FormatError) -> (ViewTree, HierarchyFormat) {
        guard let format = detect(bytes) else {
            throw FormatError("cannot tell the format of this recording; name one with --tree-format (\(names))")
        }
        return (try format.load(bytes, hierarchy: hierarchy, limits: limits), format)
    }
}
