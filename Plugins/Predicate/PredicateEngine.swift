public import PredicateFormat
public import SelectorCore

/// The `predicate` engine: an NSPredicate format string tested on every view.
///
/// `accessibilityLabel BEGINSWITH[c] 'blue' AND isOn == YES` selects every view, the root(s)
/// included, that passes, in document order. The parser is `PredicateFormat`'s (shared with other
/// engines); see Docs/Engines/Predicate.md.
///
/// ```swift
/// try registry.register(PredicateEngine())
/// let on = try registry.select("type == 'UISwitch' AND isOn == YES", engine: "predicate", in: tree)
/// ```
public struct PredicateEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "predicate"

    /// The format-string compiler (key path aliases, MATCHES limits, nesting bound).
    public let format: PredicateFormat

    public init(format: PredicateFormat = PredicateFormat()) {
        self.format = format
    }

    public var name: String { Self.engineName }
    public var summary: String { "NSPredicate format strings: accessibilityLabel BEGINSWITH[c] 'blue' AND isOn == YES" }
    /// NSPredicate: over UIKit views, and Appium's -ios predicate string on XCUITest.
    public var recordingSources: Set<RecordingSource> { [.frank, .xcuitest] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        Self.program(for: try format.compile(selector))
    }

    /// Every view from the roots down, the roots included, filtered, each once, in document order
    /// whatever order the roots came in (a `uiquery` part before it in a chain gives UISpec's).
    public static func program(for predicate: Predicate) -> SelectorProgram {
        var builder = ProgramBuilder(start: .roots)
        builder.axis(.descendantsOrSelf, filter: predicate, unique: true)
        builder.sortInDocumentOrder()
        return builder.build()
    }
}
