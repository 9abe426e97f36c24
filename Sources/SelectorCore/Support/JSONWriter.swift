/// Writes JSON into a byte buffer. Hand-rolled because `/dump` of a 10^6-node tree must not build an
/// intermediate object graph first.
public struct JSONWriter {
    /// The bytes written so far (UTF-8).
    public var bytes: [UInt8] = []

    public init(reservingCapacity capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The output as a `String`.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    @inline(__always) mutating func raw(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always) mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// Writes a JSON string literal with the escapes JSON requires.
    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x00..<0x20:
                raw("\\u00")
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                bytes.append(hex[Int(b >> 4)])
                bytes.append(hex[Int(b & 0xF)])
            default: bytes.append(b)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Writes a number; integral values print without a fraction.
    public mutating func number(_ d: Double) {
        if d.isNaN || d.isInfinite { raw("null"); return }
        if d.rounded(.towardZero) == d, abs(d) < 9.0e15 {
            integer(Int64(d))
        } else {
            bytes.append(contentsOf: d.description.utf8)
        }
    }

    /// Writes an integer.
    public mutating func integer(_ i: Int64) {
        if i == 0 { bytes.append(UInt8(ascii: "0")); return }
        var v = i.magnitude
        if i < 0 { bytes.append(UInt8(ascii: "-")) }
        var tmp: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                  UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &tmp) { buf in
            while v > 0 { buf[n] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10; n += 1 }
            for k in stride(from: n - 1, through: 0, by: -1) { bytes.append(buf[k]) }
        }
    }

    /// Writes any JSON value.
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: raw("null")
        case .bool(let b): if b { raw("true") } else { raw("false") }
        case .int(let i): integer(i)
        case .double(let d): number(d)
        case .string(let s): string(s)
        case .array(let a):
            byte(UInt8(ascii: "["))
            for (k, e) in a.enumerated() {
                if k > 0 { byte(UInt8(ascii: ",")) }
                value(e)
            }
            byte(UInt8(ascii: "]"))
        case .object(let o):
            byte(UInt8(ascii: "{"))
            for (k, (key, e)) in o.enumerated() {
                if k > 0 { byte(UInt8(ascii: ",")) }
                string(key)
                byte(UInt8(ascii: ":"))
                value(e)
            }
            byte(UInt8(ascii: "}"))
        }
    }
}

extension JSONValue {
    /// This value as compact JSON text.
    public var jsonString: String {
        var w = JSONWriter()
        w.value(self)
        return w.string
    }
}
