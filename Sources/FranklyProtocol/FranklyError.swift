public import SelectorCore

/// A request Frank's protocol answers with an ERROR envelope (HTTP 200):
/// `{"outcome":"ERROR","reason":...,"details":...}`.
///
/// `reason` is the short, stable text drivers match on (`invalid selector`, `keyboard not present`);
/// `details` says what exactly was wrong, for people.
public struct FranklyError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var details: String

    public init(reason: String, details: String) {
        self.reason = reason; self.details = details
    }

    public var description: String { "\(reason): \(details)" }

    /// A request whose body or fields are unusable (malformed JSON, wrong types, ...).
    public static func invalidRequest(_ details: String) -> FranklyError {
        FranklyError(reason: "invalid request", details: details)
    }

    /// Frank's answer when selection fails or the engine is unknown.
    public static func invalidSelector(_ error: SelectorError) -> FranklyError {
        FranklyError(reason: "invalid selector", details: error.description)
    }

    /// Frank's answer when an operation cannot be applied (wrong arity, wrong argument type).
    public init(_ error: OperationError) {
        self.init(reason: error.reason, details: error.details)
    }
}
