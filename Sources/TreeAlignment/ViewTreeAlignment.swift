import SelectorCore

/// Which views of one recording are which views of another (to be written).
public struct ViewTreeAlignment: Sendable {}
