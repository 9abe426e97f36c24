public import SelectorCore

/// The `xpath` engine: XPath 1.0 over the view tree as Appium's page source shows it.
///
/// Elements are views named by their class (`XCUIElementTypeButton`, `android.widget.TextView`,
/// `UIButton`); attributes are the views' properties under their recorded names (`@name`, `@label`,
/// `@resource-id`, `@content-desc`, `@accessibilityLabel`, …). Results are views in document order,
/// as libxml2 gives them for the same document. See Docs/Engines/XPath.md.
///
/// ```swift
/// try registry.register(XPathEngine())
/// let ok = try registry.select("//XCUIElementTypeButton[@name='OK']", engine: "xpath", in: tree)
/// ```
public struct XPathEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "xpath"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "XPath 1.0 over the page source, with the XPath 2 functions WebDriverAgent adds: //XCUIElementTypeButton[@name='OK'], (//android.widget.TextView)[2]" }
    /// Appium's iOS and Android drivers.
    public var recordingSources: Set<RecordingSource> { [.xcuitest, .uiautomator] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        do throws(XPathParseError) {
            var parser = XPathParser(selector)
            try parser.advance()
            if parser.token == .end { throw parser.error(.emptyExpression, at: 0) }
            let e = try parser.parseOr()
            if parser.token != .end { throw parser.error(.unexpected(parser.describe(parser.token)), at: parser.tokenStart) }
            return try XPathCompiler.program(e, source: selector, keys: parser.coreKeys)
        } catch {
            throw error.selectorError(in: selector)
        }
    }
}
