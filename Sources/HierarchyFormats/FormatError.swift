import SelectorCore

/// A recording that could not be loaded, with the position of the fault when the text itself is at fault.
///
/// ```swift
/// do { _ = try HierarchyFormat.xcuitest.load(bytes) }
/// catch { print(error) }  // "malformed XCUITest XML: ... at line 3, column 7"
/// ```
public struct FormatError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public var message: String
    /// 1-based line and column of the fault, when known.
    public var line: Int?, column: Int?

    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message; self.line = line; self.column = column
    }

    public var description: String {
        guard let line, let column else { return message }
        return "\(message) at line \(line), column \(column)"
    }
}

/// Bounds every loader enforces so that hostile input fails cleanly.
public struct FormatLimits: Sendable {
    /// Most nodes a recording may hold.
    public var maxNodes: Int = 50_000_000
    /// Deepest nesting of XML elements (the loaders are iterative: this guards memory, not the stack).
    public var maxViewDepth: Int = 100_000
    /// Deepest nesting of JSON values (views nest two levels each: object, then `children` array;
    /// the JSON reader recurses, so this also bounds its stack).
    public var maxJSONDepth: Int = 1_024
    /// Most distinct property names (columns) a recording may make, derived ones included: each is
    /// a column as long as the tree, so a recording that names a new attribute on every element
    /// would cost names × elements of memory. The `/dump` loader's limit (`DumpLimits`).
    public var maxPropertyNames: Int = DumpLimits().maxPropertyNames
    /// Largest recording, in bytes (`DumpLimits.maxInputBytes`).
    public var maxInputBytes: Int = DumpLimits().maxInputBytes
    /// Column bytes per view and the floor every tree may use (`DumpLimits.maxColumnBytesPerView`,
    /// `minColumnBytes`): names × views is what a recording costs, whatever its size on disk.
    public var maxColumnBytesPerView: Int = DumpLimits().maxColumnBytesPerView
    public var minColumnBytes: Int = DumpLimits().minColumnBytes
    public init() {}
}
