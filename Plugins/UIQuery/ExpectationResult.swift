/// The outcome of checking a `UIQueryExpectation`.
public struct ExpectationResult: Sendable, Equatable, CustomStringConvertible {
    /// Whether the expectation held.
    public var passed: Bool
    /// On failure, what went wrong, naming the first view that failed (class and uid); on success,
    /// the expectation that held.
    public var message: String

    public init(passed: Bool, message: String) {
        self.passed = passed; self.message = message
    }

    /// `PASS` or `FAIL: <message>`, as `frankly expect` prints it.
    public var description: String { passed ? "PASS" : "FAIL: \(message)" }
}
