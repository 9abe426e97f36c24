/// Bounds every selector must stay within, whatever its engine.
///
/// The registry enforces them once, around every engine's `compile`: the length before the engine
/// sees the text (so no parser ever works on a megabyte of input, and no such text enters the
/// cache), the step count on the compiled program (so the matcher's work per input node is
/// bounded). Both answer a `.limit` `SelectorError` naming the limit.
///
/// ```swift
/// var limits = SelectorLimits()
/// limits.maxSteps = 32
/// let registry = EngineRegistry(limits: limits)
/// ```
public struct SelectorLimits: Sendable, Equatable {
    /// Longest selector text accepted, in UTF-8 bytes (64 KiB: a hundred times the longest
    /// selector in any test suite we know of).
    public var maxSelectorBytes: Int = 64 * 1024
    /// Most steps a compiled program may have (after filters are fused into their axis steps).
    public var maxSteps: Int = 256

    public init(maxSelectorBytes: Int = 64 * 1024, maxSteps: Int = 256) {
        self.maxSelectorBytes = maxSelectorBytes; self.maxSteps = maxSteps
    }

    /// Throws when `selector` is longer than `maxSelectorBytes`.
    public func checkLength(of selector: String) throws(SelectorError) {
        let bytes = selector.utf8.count
        guard bytes <= maxSelectorBytes else {
            throw SelectorError(.limit, "selector is \(bytes) bytes long; the limit is \(maxSelectorBytes) bytes (SelectorLimits.maxSelectorBytes)")
        }
    }

    /// Throws when `program` has more than `maxSteps` steps.
    public func checkSteps(of program: SelectorProgram) throws(SelectorError) {
        guard program.steps.count <= maxSteps else {
            throw SelectorError(.limit, "selector compiles to \(program.steps.count) steps; the limit is \(maxSteps) steps (SelectorLimits.maxSteps)")
        }
    }
}
