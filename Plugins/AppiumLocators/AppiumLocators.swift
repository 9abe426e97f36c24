public import SelectorCore

// Appium's simple locator strategies: the whole selector is the value, matched exactly, every
// match in document order. One compiled program serves every platform, so each predicate tells a
// node's platform by the attributes the loaders keep under their own names: Android nodes carry
// `package`, `content-desc` or `resource-id` (the UIAutomator loader writes every attribute, empty
// or not), XCUITest nodes carry `name` when WebDriverAgent wrote one, UIKit nodes (/dump) neither.

/// A node from an Android recording (its derived `accessibilityLabel` and `accessibilityIdentifier`
/// must not answer for it).
let isAndroid = Predicate.or([.hasProperty("package"), .hasProperty("resource-id"), .hasProperty("content-desc")])
// Docs/Engines/UiSelector.md, "Appium's simple strategies", prints the table.

/// The value of a simple strategy: the text as written, refused when empty.
func simpleValue(_ selector: String, engine: String) throws(SelectorError) -> String {
    do throws(AppiumLocatorsParseError) {
        return try checkedValue(selector, engine: engine)
    } catch {
        throw error.selectorError(in: selector)
    }
}

/// `simpleValue` with the typed error, before it becomes the public one.
func checkedValue(_ selector: String, engine: String) throws(AppiumLocatorsParseError) -> String {
    if selector.isEmpty { throw AppiumLocatorsParseError(.emptyValue(engine: engine), at: 0) }
    return selector
}

/// `predicate` over every node, in document order (each once: after `>>` the roots may nest).
func everyNode(_ predicate: Predicate) -> SelectorProgram {
    var b = ProgramBuilder(start: .document)
    b.descendants(predicate, unique: true)
    return b.build()
}

/// `accessibility_id`: Android `content-desc`, XCUITest `name`, UIKit `accessibilityIdentifier`
/// or, on a view without one, `accessibilityLabel` (as WebDriverAgent forms `name`).
public struct AccessibilityIDEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "accessibility_id"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Appium accessibility id: content-desc (Android), name (XCUITest), accessibilityIdentifier or label (UIKit)" }
    /// Appium's iOS and Android drivers.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator] }
    // The value is taken as written: no quoting, so no literals.
    public var chainLiterals: ChainLiterals { [] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        everyNode(Self.predicate(try simpleValue(selector, engine: name)))
    }

    /// The node's accessibility id is `value`.
    public static func predicate(_ value: String) -> Predicate {
        let noAndroid = Predicate.not(isAndroid)
        let identifier = "accessibilityIdentifier"
        let hasIdentifier = Predicate.all([.hasProperty(identifier), .not(.string(property: identifier, .equals("")))])
        return .or([
            .string(property: "content-desc", .equals(value)),
            .all([noAndroid, .string(property: "name", .equals(value))]),
            .all([noAndroid, .not(.hasProperty("name")), .or([
                .string(property: identifier, .equals(value)),
                .all([.not(hasIdentifier), .string(property: PropertyName.accessibilityLabel, .equals(value))]),
            ])]),
        ])
    }

    /// The recorded attribute Appium matches: `content-desc` on Android, `name` on XCUITest; on a
    /// UIKit tree the identifier, else the label. A page source's loader-made UIKit names
    /// (`ViewTree.isRecordedName`) are never offered: a name-less XCUITest view has no
    /// accessibility id, whatever its label.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        func recorded(_ name: String) -> [String] {
            guard tree.isRecordedName(name), let v = tree.string(name, of: node), !v.isEmpty else { return [] }
            return [v]
        }
        if ["package", "resource-id", "content-desc"].contains(where: { tree.value($0, of: node) != nil }) {
            return recorded("content-desc")
        }
        if tree.value("name", of: node) != nil { return recorded("name") }
        let id = recorded("accessibilityIdentifier")
        return id.isEmpty ? recorded(PropertyName.accessibilityLabel) : id
    }
}

/// `id`: Android `resource-id` (a bare id is qualified with the node's own `package`, as Appium
/// qualifies it with the app's), XCUITest `name`, UIKit `accessibilityIdentifier`.
public struct AppiumIDEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "id"

    /// Appium's `appPackage`: when set, a bare id `x` means `appPackage:id/x` on every node.
    public let appPackage: String?

    public init(appPackage: String? = nil) { self.appPackage = appPackage }

    public var name: String { Self.engineName }
    public var summary: String { "Appium id: resource-id (Android; a bare id gets the package's :id/ prefix), name (XCUITest), accessibilityIdentifier (UIKit)" }
    /// Appium's iOS and Android drivers.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator] }
    public var chainLiterals: ChainLiterals { [] }

    /// Appium's test for a fully qualified resource id, `^[a-zA-Z_][a-zA-Z0-9._]*:[^/]+/\S+$`.
    public static func isQualified(_ id: String) -> Bool {
        let b = Array(id.utf8)
        func letter(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x5F }
        guard let first = b.first, letter(first) else { return false }
        var i = 1
        while i < b.count, letter(b[i]) || (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2E { i += 1 }
        guard i < b.count, b[i] == 0x3A else { return false }
        i += 1
        let typeStart = i
        while i < b.count, b[i] != 0x2F { i += 1 }
        guard i > typeStart, i < b.count else { return false }
        i += 1
        // `\S+` to the end: at least one character and no whitespace.
        let name = b[i...]
        return !name.isEmpty && !name.contains { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }
    }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        let value = try simpleValue(selector, engine: name)
        let elsewhere = Predicate.all([.not(isAndroid), .or([
            .string(property: "name", .equals(value)),
            .all([.not(.hasProperty("name")), .string(property: "accessibilityIdentifier", .equals(value))]),
        ])])
        if Self.isQualified(value) {
            return everyNode(.or([.string(property: "resource-id", .equals(value)), elsewhere]))
        }
        if let appPackage {
            return everyNode(.or([.string(property: "resource-id", .equals(appPackage + ":id/" + value)), elsewhere]))
        }
        // The core scans for `…:id/value`; the step checks the prefix against each node's package.
        var b = ProgramBuilder(start: .document)
        b.descendants(.or([.string(property: "resource-id", .hasSuffix(":id/" + value)), elsewhere]), unique: true)
        b.engine(OwnPackageIDStep(id: value))
        return b.build()
    }

    /// The recorded attribute Appium matches: `resource-id` on Android, `name` on XCUITest, the
    /// identifier on a UIKit tree. On a recorded page source (`ViewTree.hasLoaderColumns`) an
    /// Android id is offered fully qualified only: the bare form means the session's `appPackage`,
    /// which the recording does not know (a permission dialog's package is not the app's).
    /// Loader-made names are never offered (`ViewTree.isRecordedName`).
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        if tree.value("resource-id", of: node) != nil {
            guard let id = tree.string("resource-id", of: node), !id.isEmpty else { return [] }
            if !tree.hasLoaderColumns, let package = tree.string("package", of: node), id.hasPrefix(package + ":id/") {
                return [String(id.dropFirst(package.utf8.count + 4)), id]
            }
            return [id]
        }
        let name = tree.value("name", of: node) != nil ? "name" : "accessibilityIdentifier"
        guard tree.isRecordedName(name), let id = tree.string(name, of: node), !id.isEmpty else { return [] }
        return [id]
    }
}

/// `id`'s bare-id rule on Android nodes: `resource-id` is the node's own `package` + `:id/` + the id
/// (any package when the node records none); other nodes pass as the scan found them.
///
/// An engine step because a predicate compares a property with a constant, never with another
/// property of the same node.
struct OwnPackageIDStep: EngineStep {
    /// The bare id as written.
    let id: String

    init(id: String) { self.id = id }

    var description: String { "id \(SelectorLiteral.quoted(id)) under the node's own package" }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        try context.charge(input.count)
        let values = context.values
        return input.filter { node in
            guard node >= 0, let resourceID = values.string("resource-id", of: node) else { return true }
            guard let package = values.string("package", of: node), !package.isEmpty else { return true }
            return resourceID == package + ":id/" + id
        }
    }
}

/// `class_name`: the exact class (Android `class`, XCUITest element type, UIKit class), never a subclass.
public struct ClassNameEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "class_name"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Appium class name: the exact class, e.g. android.widget.Button or XCUIElementTypeButton" }
    /// Appium's iOS and Android drivers.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator] }
    public var chainLiterals: ChainLiterals { [] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        everyNode(.memberOf(try simpleValue(selector, engine: name)))
    }

    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] { [tree.className(of: node)] }
}
