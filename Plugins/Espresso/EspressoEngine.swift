public import SelectorCore

/// The `espresso` engine (being written: every selector is refused until its parser lands).
public struct EspressoEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "espresso"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Espresso ViewMatchers: onView(allOf(withId(R.id.login), withText(\"Log in\")))" }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var e = SelectorError.syntax("the espresso engine is not written yet", at: 0, in: selector)
        e.engine = name
        throw e
    }
}
