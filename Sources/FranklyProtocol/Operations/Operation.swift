public import SelectorCore

/// A Frankly operation: an Objective-C style method name and its arguments, applied to each
/// selected view (`{"method_name":"setText:","arguments":["hi"]}`).
public struct Operation: Sendable, Equatable {
    public var methodName: String
    public var arguments: [JSONValue]

    public init(_ methodName: String, _ arguments: [JSONValue] = []) {
        self.methodName = methodName; self.arguments = arguments
    }

    /// Arguments the method takes: one per `:` in its name, as in Objective-C.
    public var arity: Int { methodName.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) } }
}

/// An operation that could not be applied.
public struct OperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Frank's reason text: `encountered error while attempting to perform M on selected elements`.
    public var reason: String
    /// Frank's details text, e.g. `setText: takes 1 arguments, but 0 were supplied`.
    public var details: String
    public var description: String { "\(reason): \(details)" }

    public init(reason: String, details: String) { self.reason = reason; self.details = details }

    static func arity(_ op: Operation) -> OperationError {
        OperationError(
            reason: "encountered error while attempting to perform \(op.methodName) on selected elements",
            details: "\(op.methodName) takes \(op.arity) arguments, but \(op.arguments.count) were supplied")
    }
}

/// What applying an operation to the selected views produced.
public struct OperationOutcome: Sendable {
    /// One result per selected view, in order (`null` where a view does not respond).
    public var results: [JSONValue]
    /// The tree after the operation (the same tree unless a mutator ran).
    public var tree: ViewTree
    /// Whether `tree` differs from the input.
    public var mutated: Bool
    /// Interactions to log, in order.
    public var events: [HostEvent]
}
