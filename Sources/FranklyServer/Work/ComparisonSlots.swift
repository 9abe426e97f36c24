import Hummingbird
import SelectorCore

/// How many comparisons with a posted recording (`/inspector/diff`, `/inspector/survival/<id>`)
/// run at once: `FranklyServerConfiguration.maxConcurrentComparisons`.
///
/// Why a count of its own rather than the query lane's queue: a comparison holds its body (up to
/// `maxRecordingBytes`) and the tree loaded from it while it waits, and the lane bounds only the
/// work, not what waiters hold. A slot is taken before the body is read, so a flood of uploads is
/// refused at once, holding nothing, and comparisons never take more than this many of the lane's
/// workers from `/inspector/select` and `/map`.
final class ComparisonSlots: Sendable {
    let limit: Int
    private let inUse = Locked(0)

    init(limit: Int) { self.limit = max(0, limit) }

    /// A slot, or nil when `limit` comparisons are running; the slot is given back when the
    /// returned value is released.
    func take() -> Slot? {
        let taken = inUse.withLock { n -> Bool in
            guard n < limit else { return false }
            n += 1
            return true
        }
        return taken ? Slot(self) : nil
    }

    /// Comparisons running now (for tests).
    var running: Int { inUse.withLock { $0 } }

    /// The 503 answer to a comparison refused for want of a slot; the connection ends with it,
    /// since the body was not read.
    func busy() -> Response {
        var response = FranklyResponse.error(FranklyError(
            reason: "server busy",
            details: "\(limit) comparisons with another recording are running (FranklyServerConfiguration.maxConcurrentComparisons); try again"),
            status: .serviceUnavailable)
        response.headers[.connection] = "close"
        return response
    }

    /// One comparison's hold on a slot.
    final class Slot: Sendable {
        private let slots: ComparisonSlots
        fileprivate init(_ slots: ComparisonSlots) { self.slots = slots }
        deinit { slots.inUse.withLock { $0 -= 1 } }
    }
}
