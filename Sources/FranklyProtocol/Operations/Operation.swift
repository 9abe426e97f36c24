public import SelectorCore

/// A Frankly operation: an Objective-C style method name and its arguments, applied to each
/// selected view (`{"method_name":"setText:","arguments":["hi"]}`), with what it does read once
/// from the name (`action`).
public struct Operation: Sendable, Equatable {
    public let methodName: String
    public let arguments: [JSONValue]
    /// What the method does: the server's lanes, the host's tree-change check and its text
    /// limits read this, never the name.
    public let action: OperationAction

    public init(_ methodName: String, _ arguments: [JSONValue] = []) {
        self.methodName = methodName; self.arguments = arguments
        self.action = OperationAction(methodName: methodName)
    }

    /// Arguments the method takes: one per `:` in its name, as in Objective-C.
    public var arity: Int { methodName.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: ":") ? 1 : 0) } }

    /// Throws Frank's error for a wrong number of arguments or, for a setter, an argument of the
    /// wrong type: what `/map` checks as it decodes, before any selection runs, and what the
    /// performer checks again for callers that build an `Operation` themselves.
    public func checked() throws(OperationError) {
        guard arguments.count == arity else { throw .arity(self) }
        if case .set(let property) = action {
            _ = try OperationPerformer.validated(arguments[0], for: property, method: methodName)
        }
    }

    /// The setter's text argument, the one argument whose size a host bounds
    /// (`SnapshotHost.Limits.maxTextBytes`); nil for anything else.
    public var textArgument: String? {
        guard case .set = action, case .string(let text)? = arguments.first else { return nil }
        return text
    }
}

/// What an operation does, read once from its method name (`OperationPerformer`'s tables).
public enum OperationAction: Sendable, Equatable {
    /// Reads a property or runs one of Frank's `FEX_` helpers: answers per view, changes nothing.
    case get
    /// Sets `property` on each view that has it (`setText:` → `text`), answering `null`.
    case set(property: String)
    /// A touch, tap, hold or swipe, recorded as an event where the view can receive it; a
    /// `focusing` one makes a text input it lands on first responder.
    case gesture(focusing: Bool)
    /// Highlights a view: recorded on any view, answered `null`.
    case flash

    public init(methodName name: String) {
        if let property = OperationPerformer.mutators[name] {
            self = .set(property: property)
        } else if OperationPerformer.flashes.contains(name) {
            self = .flash
        } else if OperationPerformer.gestures.contains(name) {
            self = .gesture(focusing: OperationPerformer.focusingGestures.contains(name))
        } else {
            self = .get
        }
    }

    /// Whether it only reads, so it may run beside other reads.
    public var onlyReads: Bool { self == .get }

    /// Whether it may change the tree: a setter, or a gesture that focuses a text input.
    public var mayChangeTree: Bool {
        switch self {
        case .set, .gesture(focusing: true): true
        case .get, .gesture(focusing: false), .flash: false
        }
    }

    /// The property a setter changes; nil for anything else.
    public var property: String? {
        if case .set(let property) = self { return property }
        return nil
    }
}

/// An operation that could not be applied.
public struct OperationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Frank's reason text: `encountered error while attempting to perform M on selected elements`.
    public var reason: String
    /// Frank's details text, e.g. `setText: takes 1 arguments, but 0 were supplied`.
    public var details: String
    public var description: String { "\(reason): \(details)" }

    public init(reason: String, details: String) { self.reason = reason; self.details = details }

    /// Frank's error for `methodName` failing on the selected views: its reason text, written
    /// here once, and `details`.
    public static func failed(_ methodName: String, _ details: String) -> OperationError {
        OperationError(reason: "encountered error while attempting to perform \(methodName) on selected elements",
                       details: details)
    }

    static func arity(_ op: Operation) -> OperationError {
        failed(op.methodName, "\(op.methodName) takes \(op.arity) arguments, but \(op.arguments.count) were supplied")
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
