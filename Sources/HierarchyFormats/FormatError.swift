public import SelectorCore

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

/// The formats' name for `RecordingLimits` (SelectorCore): the loaders' bounds, one set of fields
/// and defaults shared with the `/dump` loader.
public typealias FormatLimits = RecordingLimits
