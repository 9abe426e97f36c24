public import SelectorCore

/// The `compose` engine (being written: every selector is refused until its parser lands).
public struct ComposeEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "compose"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Compose finders: onNodeWithTag(\"login\"), onNode(hasText(\"Log in\") and hasClickAction())" }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var e = SelectorError.syntax("the compose engine is not written yet", at: 0, in: selector)
        e.engine = name
        throw e
    }
}
