/// The hierarchy and selector tools served to coding agents over the Model Context Protocol
/// (Docs/Agents.md): `MCPToolbox` runs the tools and knows no protocol, so the same calls can be
/// served over stdio (`MCPStdioServer`, `frankly mcp`) or another transport.
public enum FranklyMCP {
    /// The server name clients show.
    public static let serverName = "frankly"
    /// The version the server reports in `initialize`.
    public static let version = "0.1.0"
    /// What the server tells the client's model about itself (sent in `initialize`).
    public static let instructions = """
        Frankly reads recorded UI hierarchies (Appium/WebDriverAgent page sources, uiautomator dumps, \
        Maestro hierarchies, Calabash and UIAutomation trees) and runs selectors in 17 languages on them. \
        Start with `screen` for a compact list of the screen's actionable and text views, each with a \
        selector already proven unique; check any selector you write with `validate` before putting it in a test.
        """
}
