/// A rectangle in points, as UIKit's `CGRect`.
public struct Rect: Sendable, Hashable {
    public var x: Double, y: Double, width: Double, height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
    /// Frank's JSON form: `{"origin":{"x":..,"y":..},"size":{"width":..,"height":..}}`.
    public var json: JSONValue {
        .object([
            ("origin", .object([("x", .number(x)), ("y", .number(y))])),
            ("size", .object([("width", .number(width)), ("height", .number(height))])),
        ])
    }
    /// Parses Frank's JSON form; nil when it has another shape.
    public init?(json: JSONValue) {
        guard case .object(let o) = json, o.count == 2,
              let origin = json["origin"], let size = json["size"],
              case .object(let oo) = origin, oo.count == 2, case .object(let so) = size, so.count == 2,
              let x = origin["x"]?.numberValue, let y = origin["y"]?.numberValue,
              let w = size["width"]?.numberValue, let h = size["height"]?.numberValue
        else { return nil }
        self.init(x: x, y: y, width: w, height: h)
    }
    @inlinable public func intersects(_ o: Rect) -> Bool {
        x < o.x + o.width && o.x < x + width && y < o.y + o.height && o.y < y + height
    }
    @inlinable public func contains(_ o: Rect) -> Bool {
        o.x >= x && o.y >= y && o.x + o.width <= x + width && o.y + o.height <= y + height
    }
    static let absent = Rect(x: .nan, y: 0, width: 0, height: 0)
    var isAbsent: Bool { x.isNaN }
}

/// One property across all nodes, stored in the most compact form its values allow.
///
/// A loader picks the form from the first value it sees and falls back to `.generic` when a later
/// value does not fit, so no value is ever lost to the typed layout.
public enum PropertyColumn: Sendable {
    /// Dictionary-encoded strings: per node a value id (-1: absent).
    case strings(ids: ContiguousArray<Int32>, pool: StringPool)
    /// Numbers; NaN marks absence (JSON cannot carry NaN).
    case numbers(ContiguousArray<Double>)
    /// Booleans: -1 absent, 0/1 false/true written as numbers, 2/3 false/true written as JSON booleans.
    case bools(ContiguousArray<Int8>)
    /// Frames; a NaN `x` marks absence.
    case frames(ContiguousArray<Rect>)
    /// Anything else, sparse.
    case generic([Int32: JSONValue])

    /// The value at `node`, or nil when the node lacks the property.
    public func value(at node: Int) -> JSONValue? {
        switch self {
        case .strings(let ids, let pool):
            let id = ids[node]
            return id < 0 ? nil : .string(pool[id])
        case .numbers(let v):
            return v[node].isNaN ? nil : .number(v[node])
        case .bools(let v):
            switch v[node] {
            case 0: return .int(0)
            case 1: return .int(1)
            case 2: return .bool(false)
            case 3: return .bool(true)
            default: return nil
            }
        case .frames(let v):
            // `Optional(...)`: a bare `nil` here would type-check as `JSONValue.null` (nil literal).
            return v[node].isAbsent ? nil : Optional(v[node].json)
        case .generic(let d):
            return d[Int32(node)]
        }
    }

    /// Whether every one of the first `count` nodes has a value here.
    public func coversAll(_ count: Int) -> Bool {
        switch self {
        case .strings(let ids, _): return !ids.prefix(count).contains { $0 < 0 }
        case .numbers(let v): return !v.prefix(count).contains { $0.isNaN }
        case .bools(let v): return !v.prefix(count).contains { $0 < 0 }
        case .frames(let v): return !v.prefix(count).contains { $0.isAbsent }
        case .generic(let d): return d.count >= count
        }
    }

    /// Heap bytes held by the column.
    public var approximateBytes: Int {
        switch self {
        case .strings(let ids, let pool): return ids.count * 4 + pool.approximateBytes
        case .numbers(let v): return v.count * 8
        case .bools(let v): return v.count
        case .frames(let v): return v.count * 32
        case .generic(let d): return d.count * 64
        }
    }
}
