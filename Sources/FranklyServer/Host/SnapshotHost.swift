public import SelectorCore

/// The default host: an immutable `ViewTree` snapshot, swapped atomically when an operation
/// changes it.
///
/// Readers take the current snapshot under a lock held only long enough to copy a few
/// references, then work on it lock-free; a tree is a value, so no later change can reach a
/// snapshot someone holds. Writes that may change the tree (setters, typing, a touch that focuses
/// a text field) are serialised by a writer lock: each selects and applies on the newest snapshot
/// and commits, so every write makes progress however busy other writers are (optimistic retries
/// starved a slow writer beside a fast one). Concurrent readers see the old tree or the new one,
/// never a mix, and no write is lost.
///
/// Everything a client can make the host keep is bounded in bytes (`Limits`): field text, a string
/// column's values, the event log, the keyboard buffer.
///
/// ```swift
/// let host = SnapshotHost(tree: try SampleApp.tree())
/// let results = try host.map(Operation("setText:", ["hi"])) { tree throws(SelectorError) in
///     try registry.select("textField", engine: "shelley", in: tree)
/// }
/// ```
public final class SnapshotHost: FranklyHost {
    /// What the host keeps at most; past these an operation is refused with a clear error, or the
    /// oldest entries of a log are dropped.
    public struct Limits: Sendable, Equatable {
        /// Longest text one property may be set to (`setText:`, typing), in UTF-8 bytes.
        public var maxTextBytes: Int = 1 << 20
        /// Most value bytes one string column may hold after an edit, beyond what the initial tree
        /// held in it (every distinct label of a column is kept once).
        public var maxColumnGrowthBytes: Int = 64 << 20
        /// Most events kept; older ones are dropped.
        public var maxEvents: Int = 10_000
        /// Most bytes the event log keeps (arguments counted as JSON); older events are dropped.
        public var maxEventBytes: Int = 4 << 20
        /// Longest text one event argument keeps; a longer one is cut and says how long it was.
        public var maxEventArgumentBytes: Int = 4096
        /// Most bytes of `keyboardText` kept; older typing is dropped.
        public var maxKeyboardBytes: Int = 64 << 10

        public init() {}
    }

    struct State {
        var tree: ViewTree
        /// Bumped on every commit of a new tree.
        var version: UInt64 = 0
        var events: [HostEvent] = []
        /// `events[k]` counts `eventSizes[k]` bytes towards `eventBytes`.
        var eventSizes: [Int] = []
        var eventBytes = 0
        var orientation: DeviceOrientation = .portrait
        var location: Location?
        var keyboardText = ""
    }

    let state: Locked<State>
    /// Held by a write that may change the tree, from its selection to its commit; counts the
    /// writes that took it. Not `Locked(())`: a zero-sized state's access is recorded at the
    /// lock object's own address, which other threads read (its class metadata) before locking,
    /// and the thread sanitizer reported that as a race (SnapshotHostTests, a clean-clone run).
    let writer = Locked(0)
    /// The tree the host started with (`/app_exec resetApp` restores it).
    public let initialTree: ViewTree
    public let limits: Limits
    /// Most events kept (`limits.maxEvents`).
    public var maxEvents: Int { limits.maxEvents }
    public let device: DeviceInfo
    let performer = OperationPerformer()

    public init(tree: ViewTree, device: DeviceInfo = DeviceInfo(), limits: Limits = Limits()) {
        self.state = Locked(State(tree: tree))
        self.initialTree = tree
        self.device = device
        var limits = limits
        limits.maxEvents = max(1, limits.maxEvents)
        self.limits = limits
    }

    /// A host keeping at most `maxEvents` events, other limits at their defaults.
    public convenience init(tree: ViewTree, device: DeviceInfo = DeviceInfo(), maxEvents: Int) {
        var limits = Limits()
        limits.maxEvents = maxEvents
        self.init(tree: tree, device: device, limits: limits)
    }

    public var tree: ViewTree { state.withLock { $0.tree } }

    /// Replaces the hierarchy (a host mirroring a live UI pushes each new one here).
    public func replaceTree(_ tree: ViewTree) {
        state.withLock { s in s.tree = tree; s.version &+= 1 }
    }

    public func map(_ operation: Operation, maxAnswerBytes: Int,
                    selecting select: (ViewTree) throws(MapFailure) -> [NodeID]) throws(MapFailure) -> [JSONValue]
    {
        try checkTextLimit(operation)
        return try update(exclusive: operation.action.mayChangeTree) { (tree: ViewTree) throws(MapFailure) -> Change<[JSONValue]> in
            let nodes = try select(tree)
            let outcome: OperationOutcome
            do throws(OperationError) { outcome = try performer.perform(operation, on: nodes, in: tree, maxAnswerBytes: maxAnswerBytes) } catch { throw .operation(error) }
            var changed: ViewTree? = outcome.mutated ? outcome.tree : nil
            if let field = touchedTextInput(operation, nodes, outcome.results, in: tree) {
                changed = focusing(field, in: changed ?? tree) ?? changed
            }
            if let changed, let property = operation.action.property {
                try checkColumnGrowth(property, in: changed, operation: operation)
            }
            return Change(tree: changed, events: outcome.events, result: outcome.results)
        }
    }

    /// A setter's text argument must fit `limits.maxTextBytes`.
    private func checkTextLimit(_ operation: Operation) throws(MapFailure) {
        guard let text = operation.textArgument else { return }
        let bytes = text.utf8.count
        guard bytes <= limits.maxTextBytes else {
            throw .operation(.failed(operation.methodName,
                "the text is \(bytes) bytes long; a view's text may hold at most \(limits.maxTextBytes) bytes (SnapshotHost.Limits.maxTextBytes)"))
        }
    }

    /// A string column may not grow more than `limits.maxColumnGrowthBytes` past the initial tree's.
    private func checkColumnGrowth(_ property: String, in tree: ViewTree, operation: Operation) throws(MapFailure) {
        guard case .strings(_, let pool)? = tree.columns[property] else { return }
        var initial = 0
        if case .strings(_, let p)? = initialTree.columns[property] { initial = p.bytes.count }
        let allowed = initial + limits.maxColumnGrowthBytes
        guard pool.bytes.count <= allowed else {
            throw .operation(.failed(operation.methodName,
                "the views' \(property) values would take \(pool.bytes.count) bytes; they may take at most \(allowed) bytes (SnapshotHost.Limits.maxColumnGrowthBytes past the initial tree)"))
        }
    }

    // MARK: event log

    public var events: [HostEvent] { state.withLock { $0.events } }

    /// Forgets every recorded event.
    public func clearEvents() {
        state.withLock { s in s.events.removeAll(); s.eventSizes.removeAll(); s.eventBytes = 0 }
    }

    func record(_ new: [HostEvent], in s: inout State) {
        guard !new.isEmpty else { return }
        for event in new {
            let kept = bounded(event)
            let size = Self.size(of: kept)
            s.events.append(kept)
            s.eventSizes.append(size)
            s.eventBytes += size
        }
        // Trim in batches, down to three quarters of each limit, so appending stays amortised O(1).
        guard s.events.count > limits.maxEvents || s.eventBytes > limits.maxEventBytes else { return }
        var drop = 0, bytes = s.eventBytes
        while drop < s.events.count
                && (s.events.count - drop > limits.maxEvents * 3 / 4 || bytes > limits.maxEventBytes * 3 / 4) {
            bytes -= s.eventSizes[drop]
            drop += 1
        }
        s.events.removeFirst(drop)
        s.eventSizes.removeFirst(drop)
        s.eventBytes = bytes
    }

    /// `event` with arguments longer than `limits.maxEventArgumentBytes` cut: the log keeps what
    /// happened, not every byte a client sent.
    private func bounded(_ event: HostEvent) -> HostEvent {
        let limit = limits.maxEventArgumentBytes
        var e = event
        for (k, argument) in e.arguments.enumerated() {
            switch argument {
            case .string(let text) where text.utf8.count > limit:
                let end = Self.characterBoundary(in: text, atUTF8Offset: limit, roundingUp: false)
                e.arguments[k] = .string(String(text[..<end]) + "… (\(text.utf8.count) bytes)")
            case .array, .object:
                let size = argument.jsonString.utf8.count
                if size > limit { e.arguments[k] = .string("(an argument of \(size) bytes, not kept)") }
            default:
                break
            }
        }
        return e
    }

    /// What an event costs the log: its text as JSON, roughly.
    static func size(of event: HostEvent) -> Int {
        var n = 64 + event.name.utf8.count + (event.uid?.utf8.count ?? 0) + (event.className?.utf8.count ?? 0)
        for a in event.arguments {
            if case .string(let s) = a { n += s.utf8.count + 2 } else { n += a.jsonString.utf8.count }
        }
        return n
    }

    /// The character boundary of `text` nearest UTF-8 offset `offset`: the last one at or before it,
    /// or with `roundingUp` the first one at or after it. Cutting a log entry or the keyboard
    /// buffer there never splits a character (a flag, an emoji with modifiers).
    static func characterBoundary(in text: String, atUTF8Offset offset: Int, roundingUp: Bool) -> String.Index {
        var boundary = text.startIndex, used = 0
        while boundary < text.endIndex && used < offset {
            let next = text.index(after: boundary)
            let size = text.utf8.distance(from: boundary, to: next)
            if !roundingUp && used + size > offset { break }
            used += size
            boundary = next
        }
        return boundary
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

// MARK: commits

extension SnapshotHost {
    /// What a write computed from one snapshot.
    struct Change<Result> {
        /// The new tree; nil when nothing changed.
        var tree: ViewTree?
        var events: [HostEvent]
        var result: Result
    }

    /// Runs `body` on the current snapshot and commits what it returns.
    ///
    /// An `exclusive` write holds the writer lock throughout, so no other write can commit a tree
    /// between its read and its commit (only `replaceTree` and `reset`, which take no lock, can;
    /// then it runs again on their tree). A write that should not change the tree runs without the
    /// lock; if it does produce a tree and loses the race, it runs again under the lock. Either way
    /// a write retries only after someone else's rare replacement, never indefinitely.
    func update<Result, Failure: Error>(exclusive: Bool = true, _ body: (ViewTree) throws(Failure) -> Change<Result>)
        throws(Failure) -> Result
    {
        if !exclusive, let result = try attempt(body) { return result }
        return try writer.withLock { (writes: inout Int) throws(Failure) -> Result in
            writes &+= 1
            while true {
                if let result = try attempt(body) { return result }
            }
        }
    }

    /// One run of `body` and its commit; nil when another commit came first.
    private func attempt<Result, Failure: Error>(_ body: (ViewTree) throws(Failure) -> Change<Result>)
        throws(Failure) -> Result?
    {
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
        return committed ? change.result : nil
    }
}
