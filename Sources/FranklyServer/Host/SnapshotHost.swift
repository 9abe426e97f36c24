public import SelectorCore

/// The default host: an immutable `ViewTree` snapshot, swapped atomically when an operation
/// changes it.
///
/// Readers take the current snapshot under a lock held only long enough to copy a few
/// references, then work on it lock-free; a tree is a value, so no later change can reach a
/// snapshot someone holds. Writers are optimistic: they select and apply on the snapshot they
/// read, and commit only if no other writer committed in between, else they run again on the
/// newer snapshot. Concurrent readers therefore see the old tree or the new one, never a mix,
/// and no write is lost.
///
/// ```swift
/// let host = SnapshotHost(tree: try SampleApp.tree())
/// let results = try host.map(Operation("setText:", ["hi"])) { tree throws(SelectorError) in
///     try registry.select("textField", engine: "shelley", in: tree)
/// }
/// ```
public final class SnapshotHost: FranklyHost {
    struct State {
        var tree: ViewTree
        /// Bumped on every commit of a new tree.
        var version: UInt64 = 0
        var events: [HostEvent] = []
        var orientation: DeviceOrientation = .portrait
        var location: Location?
        var keyboardText = ""
    }

    let state: Locked<State>
    /// The tree the host started with (`/app_exec resetApp` restores it).
    public let initialTree: ViewTree
    /// Most events kept; older ones are dropped.
    public let maxEvents: Int
    public let device: DeviceInfo
    let performer = OperationPerformer()

    public init(tree: ViewTree, device: DeviceInfo = DeviceInfo(), maxEvents: Int = 10_000) {
        self.state = Locked(State(tree: tree))
        self.initialTree = tree
        self.device = device
        self.maxEvents = max(1, maxEvents)
    }

    public var tree: ViewTree { state.withLock { $0.tree } }

    /// Replaces the hierarchy (a host mirroring a live UI pushes each new one here).
    public func replaceTree(_ tree: ViewTree) {
        state.withLock { s in s.tree = tree; s.version &+= 1 }
    }

    public func map(_ operation: Operation, selecting select: (ViewTree) throws(SelectorError) -> [NodeID])
        throws(MapFailure) -> [JSONValue]
    {
        try update { (tree: ViewTree) throws(MapFailure) -> Change<[JSONValue]> in
            let nodes: [NodeID]
            do throws(SelectorError) { nodes = try select(tree) } catch { throw .selection(error) }
            let outcome: OperationOutcome
            do throws(OperationError) { outcome = try performer.perform(operation, on: nodes, in: tree) } catch { throw .operation(error) }
            var changed: ViewTree? = outcome.mutated ? outcome.tree : nil
            if let field = touchedTextInput(operation, nodes, outcome.results, in: tree) {
                changed = focusing(field, in: changed ?? tree) ?? changed
            }
            return Change(tree: changed, events: outcome.events.map(HostEvent.init), result: outcome.results)
        }
    }

    // MARK: event log

    public var events: [HostEvent] { state.withLock { $0.events } }

    /// Forgets every recorded event.
    public func clearEvents() { state.withLock { $0.events.removeAll() } }

    func record(_ new: [HostEvent], in s: inout State) {
        guard !new.isEmpty else { return }
        s.events.append(contentsOf: new)
        // Trim in batches so appending stays amortised O(1).
        if s.events.count > 2 * maxEvents { s.events.removeFirst(s.events.count - maxEvents) }
    }

    // MARK: device state

    public var orientation: DeviceOrientation { state.withLock { $0.orientation } }

    public func setOrientation(_ orientation: DeviceOrientation) {
        state.withLock { s in
            s.orientation = orientation
            record([HostEvent(name: "orientation", arguments: [.string(orientation.rawValue)])], in: &s)
        }
    }

    public var location: Location? { state.withLock { $0.location } }

    public func setLocation(_ location: Location) {
        state.withLock { s in
            s.location = location
            record([HostEvent(name: "location", arguments: [.number(location.latitude), .number(location.longitude)])],
                   in: &s)
        }
    }

    /// Restores the initial tree and forgets events, typing, location and orientation.
    public func reset() {
        state.withLock { s in
            let version = s.version &+ 1
            s = State(tree: initialTree)
            s.version = version
        }
    }
}

// MARK: optimistic commits

extension SnapshotHost {
    /// What a write computed from one snapshot.
    struct Change<Result> {
        /// The new tree; nil when nothing changed.
        var tree: ViewTree?
        var events: [HostEvent]
        var result: Result
    }

    /// Runs `body` on the current snapshot outside the lock, then commits its tree if no other
    /// writer committed meanwhile; otherwise runs it again on the newer snapshot. Changes that
    /// leave the tree alone commit (their events) at once.
    func update<Result, Failure: Error>(_ body: (ViewTree) throws(Failure) -> Change<Result>) throws(Failure) -> Result {
        while true {
            let (version, tree) = state.withLock { ($0.version, $0.tree) }
            let change = try body(tree)
            let committed = state.withLock { (s: inout State) -> Bool in
                if let newTree = change.tree {
                    guard s.version == version else { return false }
                    s.tree = newTree
                    s.version &+= 1
                }
                record(change.events, in: &s)
                return true
            }
            if committed { return change.result }
        }
    }
}
