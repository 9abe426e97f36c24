public import PCRE2Matching
public import SelectorCore

/// The `uiselector` engine: Android UiAutomator's `UiSelector` chains as Appium's
/// `-android uiautomator` strategy receives them.
///
/// `new UiSelector().className("android.widget.TextView").textContains("Wi").instance(2)` selects the
/// third TextView whose text contains "wi" (any case), in document order; `;` separates statements
/// whose results are joined; a `new UiScrollable(...)` statement answers as Appium's
/// UiScrollableParser does (the last call's UiObject, such as `getChildByText`, else the selector a
/// call stored, such as `scrollIntoView`'s). Android recordings are read by their own attributes, XCUITest and UIKit trees
/// by the UIKit-side names (the table is in Docs/Engines/UiSelector.md).
///
/// ```swift
/// let rows = try registry.select(#"new UiSelector().resourceId("android:id/title")"#, engine: "uiselector", in: tree)
/// ```
public struct UiSelectorEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "uiselector"

    /// Bounds on each `…Matches` pattern's match.
    public let regexLimits: PCRE2Limits

    public init(regexLimits: PCRE2Limits = PCRE2Limits()) { self.regexLimits = regexLimits }

    public var name: String { Self.engineName }
    public var summary: String { #"Android UiSelector chains (Appium -android uiautomator): new UiSelector().className("android.widget.Button").text("OK")"# }
    /// UiAutomator's, on Android only.
    public var recordingSources: Set<RecordingSource> { [.uiautomator] }
    // Java has only double-quoted strings; `'` is a char literal and may sit inside text unpaired.
    public var chainLiterals: ChainLiterals { .doubleQuotes }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var parser = UiSelectorParser(selector: selector, limits: regexLimits)
        do throws(UiSelectorParseError) {
            return UiSelectorCompiler.program(for: try parser.parse())
        } catch {
            throw error.selectorError(in: selector)
        }
    }

    /// `selector` with `.instance(position)` appended when it is one plain statement.
    public func narrowed(_ selector: String, toResult position: Int) -> String? {
        var parser = UiSelectorParser(selector: selector, limits: regexLimits)
        guard let statements = try? parser.parse(), statements.count == 1,
              statements[0].links.isEmpty, statements[0].instance == nil else { return nil }
        var text = selector
        while let last = text.last, last == ";" || last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        // A UiScrollable statement ends with its scroll call, so appending fails to parse there.
        let narrowed = text + ".instance(\(position))"
        var check = UiSelectorParser(selector: narrowed, limits: regexLimits)
        guard let again = try? check.parse(), again.count == 1, again[0].instance == position else { return nil }
        return narrowed
    }
}
