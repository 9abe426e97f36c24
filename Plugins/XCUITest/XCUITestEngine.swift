public import SelectorCore

/// The `xcuitest` engine (being written: every selector is refused until its parser lands).
public struct XCUITestEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "xcuitest"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "XCUITest's element queries: app.buttons[\"Log In\"], app.tables.cells.element(boundBy: 2)" }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var e = SelectorError.syntax("the xcuitest engine is not written yet", at: 0, in: selector)
        e.engine = name
        throw e
    }
}
