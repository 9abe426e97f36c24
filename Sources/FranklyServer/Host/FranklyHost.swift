public import SelectorCore

/// What the server drives: the app under test, or a stand-in for it.
///
/// The server never holds a tree itself. It asks the host for the current snapshot (dumps, window
/// size) and hands it operations to apply, so a host that mirrors a live UI can push new
/// hierarchies whenever it likes. `SnapshotHost` is the default implementation.
///
/// Every requirement is called from many request handlers at once and must be thread-safe.
public protocol FranklyHost: Sendable {
    /// The current hierarchy: an immutable snapshot, never one being changed.
    var tree: ViewTree { get }

    /// Selects nodes with `select` in the current snapshot and applies `operation` to each,
    /// returning one result per node, whose JSON may take at most `maxAnswerBytes` (past it the
    /// operation fails with `AnswerBytes.tooLarge`; `SnapshotHost` counts while it makes the
    /// results, so it never holds much more than the limit). A mutating operation
    /// (`OperationAction.mayChangeTree`) must replace the snapshot atomically: selection,
    /// application and the swap see one snapshot, and readers see either the old snapshot or the
    /// new one. A failure `select` throws (a selector error, strict mode's refusal) is passed on
    /// as it is, and nothing is applied.
    func map(_ operation: Operation, maxAnswerBytes: Int,
             selecting select: (ViewTree) throws(MapFailure) -> [NodeID]) throws(MapFailure) -> [JSONValue]

    /// Interactions recorded so far (touches, swipes, typing, ...), oldest first.
    var events: [HostEvent] { get }

    /// The device orientation `/orientation` reports.
    var orientation: DeviceOrientation { get }
    func setOrientation(_ orientation: DeviceOrientation)

    /// The simulated location, once `/location` set one.
    var location: Location? { get }
    func setLocation(_ location: Location)

    /// Types `text` into the first-responder text field. Frank's driver conventions: `"\n"` is the
    /// return key, `"\u{8}"` deletes one character. Returns false when no text field is first
    /// responder (Frank: "keyboard not present"); throws when the host refuses the text (too long).
    func typeIntoKeyboard(_ text: String) throws(FranklyError) -> Bool

    /// Everything typed through `typeIntoKeyboard`, in order.
    var keyboardText: String { get }

    /// Runs an `/app_exec` operation against the host ("the app delegate"). Throws
    /// `FranklyError` (`operation doesn't apply`, ...) when it cannot.
    func appExec(_ operation: Operation) throws(FranklyError)

    /// What `/device` reports.
    var device: DeviceInfo { get }
}

extension FranklyHost {
    public var device: DeviceInfo { DeviceInfo() }

    /// `map(_:maxAnswerBytes:selecting:)` with no byte limit, for a selection that fails only
    /// with a selector error.
    public func map(_ operation: Operation, selecting select: (ViewTree) throws(SelectorError) -> [NodeID])
        throws(MapFailure) -> [JSONValue]
    {
        try map(operation, maxAnswerBytes: .max) { (tree: ViewTree) throws(MapFailure) -> [NodeID] in
            do throws(SelectorError) { return try select(tree) } catch { throw .selection(error) }
        }
    }
}

/// Why `FranklyHost.map` failed.
public enum MapFailure: Error, Sendable {
    /// The selector could not be compiled or run (or names an unknown engine).
    case selection(SelectorError)
    /// The operation could not be applied (wrong arity or argument type).
    case operation(OperationError)
    /// Strict mode (`MapRequest.strict`) refused a selection of `count` views, not one, on
    /// `tree`, the snapshot it saw (kept so the refusal can be explained on it afterwards).
    case refused(tree: ViewTree, count: Int)

    /// Frank's envelope for the failure (a refusal without its explanation:
    /// `Endpoints.strictRefusal`).
    public var franklyError: FranklyError {
        switch self {
        case .selection(let e): return .invalidSelector(e)
        case .operation(let e): return FranklyError(e)
        case .refused(_, let count): return StrictRefusal.error(count: count)
        }
    }
}

/// Strict mode's refusal text: `no view selected` or `ambiguous selector`.
public enum StrictRefusal {
    /// The error for `count` views, not one, without the explanation.
    public static func error(count: Int) -> FranklyError {
        FranklyError(reason: count == 0 ? "no view selected" : "ambiguous selector",
                     details: "strict: the selector selected \(count == 0 ? "no view" : "\(count) views"), not exactly one")
    }
}
