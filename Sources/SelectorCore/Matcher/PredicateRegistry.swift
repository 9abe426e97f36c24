/// Custom predicates by name, shared by every engine of a registry.
public final class PredicateRegistry: Sendable {
    private let table = Locked<[String: CustomPredicate]>([:])

    public init() {}

    /// Adds a predicate. A taken name is an error, as for engines: silently replacing a predicate
    /// would change what selectors already compiled against it mean.
    public func register(_ predicate: CustomPredicate) throws(RegistryError) {
        try register(all: [predicate])
    }

    /// Adds every predicate or, when any name is taken or repeated, none.
    public func register(all predicates: [CustomPredicate]) throws(RegistryError) {
        try table.withLock { (t: inout [String: CustomPredicate]) throws(RegistryError) in
            var seen: Set<String> = []
            for p in predicates {
                guard t[p.name] == nil else { throw RegistryError("a predicate named '\(p.name)' is already registered") }
                guard seen.insert(p.name).inserted else { throw RegistryError("predicate '\(p.name)' is given twice") }
            }
            for p in predicates { t[p.name] = p }
        }
    }

    /// Takes back predicates this caller registered, so a plug-in whose engines were then refused
    /// leaves nothing behind.
    package func unregister(_ names: [String]) {
        table.withLock { t in for name in names { t[name] = nil } }
    }

    /// The predicate registered under `name`.
    public func predicate(named name: String) -> CustomPredicate? {
        table.withLock { $0[name] }
    }

    /// Registered names, sorted.
    public var names: [String] { table.withLock { $0.keys.sorted() } }
}
