public import SelectorCore

/// The size of a `/map` answer as JSON, counted while its results are made, so an answer past its
/// byte limit is refused after one result too many rather than built whole (issue 28, item 8: a
/// megabyte label on every view made `view view` answer 575 MB).
public enum AnswerBytes {
    /// Bytes of `{"outcome":"SUCCESS","results":[` and `]}` around the results.
    public static let envelope = 34

    /// Bytes `value` takes as compact JSON (numbers with a fraction counted at their longest).
    public static func count(_ value: JSONValue) -> Int {
        switch value {
        case .null: return 4
        case .bool(let b): return b ? 4 : 5
        case .int(let i):
            var n = i < 0 ? 2 : 1
            var v = i.magnitude
            while v >= 10 { v /= 10; n += 1 }
            return n
        case .double: return 24
        case .string(let s): return count(s)
        case .array(let a): return a.reduce(1 + max(1, a.count)) { $0 + count($1) }
        case .object(let pairs): return pairs.reduce(1 + max(1, pairs.count)) { $0 + count($1.0) + 1 + count($1.1) }
        }
    }

    /// Bytes of `s` as a JSON string literal, escapes and quotes included (as `JSONWriter` writes it).
    public static func count(_ s: String) -> Int {
        var n = 2
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: n += 2
            case 0x00..<0x20: n += 6
            default: n += 1
            }
        }
        return n
    }

    /// The refusal of an answer over `limit` bytes, with `views` of `total` views' results counted.
    public static func tooLarge(limit: Int, after views: Int, of total: Int) -> OperationError {
        OperationError(
            reason: "answer too large",
            details: "the results of \(views) of the \(total) selected views already take more than \(limit) bytes; "
                + "/map answers at most \(limit) bytes (FranklyServerConfiguration.maxAnswerBytes): select fewer views, or ask for a smaller property")
    }
}

/// Counts an answer's bytes as its results are appended, and refuses past the limit.
struct AnswerMeter {
    let limit: Int
    let total: Int
    private(set) var bytes = AnswerBytes.envelope
    private var views = 0

    init(limit: Int, total: Int) { self.limit = limit; self.total = total }

    /// Charges one more result; throws once the answer passes `limit`.
    mutating func add(_ value: JSONValue) throws(OperationError) {
        guard limit < Int.max else { return }
        bytes += AnswerBytes.count(value) + (views > 0 ? 1 : 0)
        views += 1
        if bytes > limit { throw AnswerBytes.tooLarge(limit: limit, after: views, of: total) }
    }
}
