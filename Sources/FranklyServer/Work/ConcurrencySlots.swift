import Hummingbird
import SelectorCore
import Synchronization

/// How many of one kind of costly request run at once (streamed responses, comparisons with a
/// posted recording): a slot is taken before the work starts and given back when it is dropped,
/// and one more request is answered 503 `server busy` with the connection closed.
///
/// Why slots and not the query lane's queue: what these requests hold while they wait or stall (a
/// snapshot of the tree being streamed, an uploaded recording and the tree loaded from it) is not
/// work the lane bounds. A stream takes its slot before it starts, so a flood is refused at once;
/// a comparison takes its slot once its body has arrived (`RecordingUploadReader` bounds the
/// upload), so a client that is not sending never holds one.
final class ConcurrencySlots: Sendable {
    /// Slots in all; nil: no limit.
    let limit: Int?
    /// What the slots are held by, for the 503's details ("streamed responses are being sent").
    private let holders: String
    /// The setting that sets `limit`, named in the 503 so an operator knows what to raise.
    private let setting: String
    private let held = Atomic<Int>(0)
    private let refusedCount = Atomic<Int>(0)

    init(limit: Int?, holders: String, setting: String) {
        self.limit = limit.map { max(0, $0) }
        self.holders = holders
        self.setting = setting
    }

    /// Slots held now.
    var inUse: Int { held.load(ordering: .relaxed) }
    /// Requests refused because every slot was held.
    var refused: Int { refusedCount.load(ordering: .relaxed) }

    /// A slot, given back when the returned value is dropped (whether or not the work ever ran: a
    /// connection that closes first never runs it); nil when every slot is held.
    func take() -> Slot? {
        let now = held.add(1, ordering: .relaxed).newValue
        if let limit, now > limit {
            held.subtract(1, ordering: .relaxed)
            refusedCount.add(1, ordering: .relaxed)
            return nil
        }
        return Slot(self)
    }

    /// The answer to a request refused for want of a slot; the connection ends with it, so a client
    /// opening many cannot keep the refused ones either (and an unread body is not read).
    func busy() -> Response {
        FranklyResponse.busy("\(limit ?? 0) \(holders) (\(setting)); try again")
    }

    /// One request's hold on a slot.
    final class Slot: Sendable {
        private let slots: ConcurrencySlots
        fileprivate init(_ slots: ConcurrencySlots) { self.slots = slots }
        deinit { slots.held.subtract(1, ordering: .relaxed) }
    }
}
