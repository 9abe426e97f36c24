public import SelectorCore

/// The `maestro` engine: Maestro's element selectors (to be written, issue 33).
public struct MaestroEngine: Sendable {}
