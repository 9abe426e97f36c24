/// A JSON value: the generic form of any property a view carries.
///
/// Numbers keep whether they were written as integers so that a `/dump` round-trips without turning
/// `"tag":0` into `"tag":0.0`.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    /// Keys in the order they were read.
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.double(a), .double(b)): return a == b
        case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            // Objects compare as maps: key order is not significant in JSON.
            guard a.count == b.count else { return false }
            let sortedA = a.sorted { $0.0 < $1.0 }, sortedB = b.sorted { $0.0 < $1.0 }
            return zip(sortedA, sortedB).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .int(let i): hasher.combine(Double(i))
        case .double(let d): hasher.combine(d)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let o):
            hasher.combine(o.count)
            for (k, v) in o.sorted(by: { $0.0 < $1.0 }) { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// The value of `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    /// The numeric value of an int, double or bool.
    public var numberValue: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .bool(let b): return b ? 1 : 0
        default: return nil
        }
    }

    /// The string value, when this is a string.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// Truthiness as Objective-C would read a BOOL property: numbers non-zero, booleans as they are.
    public var boolValue: Bool? {
        switch self {
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        default: return nil
        }
    }

    /// A number that is integral and fits an `Int64` becomes `.int`; others `.double`.
    public static func number(_ d: Double) -> JSONValue {
        if d.rounded(.towardZero) == d, abs(d) < 9.0e15 { return .int(Int64(d)) }
        return .double(d)
    }
}

// No ExpressibleByNilLiteral: with it, `cond ? nil : value` silently typed as JSONValue and turned
// "absent" into JSON null.
extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}
