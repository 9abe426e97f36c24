/// Custom predicates by name, shared by every engine of a registry.
public final class PredicateRegistry: Sendable {
    private let table = Locked<[String: CustomPredicate]>([:])

    public init() {}

    /// Adds a predicate; a second predicate under the same name replaces the first.
    public func register(_ predicate: CustomPredicate) {
        table.withLock { $0[predicate.name] = predicate }
    }

    /// The predicate registered under `name`.
    public func predicate(named name: String) -> CustomPredicate? {
        table.withLock { $0[name] }
    }

    /// Registered names, sorted.
    public var names: [String] { table.withLock { $0.keys.sorted() } }
}
