public import SelectorCore

/// One interaction recorded for a host to log or replay: a gesture an operation performed on a
/// view, typing, a location change...
public struct HostEvent: Sendable, Equatable {
    /// The method or endpoint that produced it (`touch`, `swipeInDirection:`, `type_into_keyboard`).
    public var name: String
    public var arguments: [JSONValue]
    /// The view's uid as text, for events on a view.
    public var uid: String?
    /// The view's class, for events on a view.
    public var className: String?

    public init(name: String, arguments: [JSONValue] = [], uid: String? = nil, className: String? = nil) {
        self.name = name; self.arguments = arguments; self.uid = uid; self.className = className
    }
}
