import SelectorCore

/// A tool call's arguments, read strictly: every fault (an unknown name, a wrong type, a string
/// too long, a number out of range) is an error that names the argument, so an agent can fix the
/// call instead of guessing at a silent default.
struct ToolArguments {
    let tool: String
    private var values: [String: JSONValue] = [:]

    /// Longest string argument but an inline recording (a selector list may hold thousands of lines).
    static let maxStringBytes = 1 << 20

    /// Reads `arguments` (an object, or absent) for `tool`, which takes only `allowed`.
    init(tool: String, _ arguments: JSONValue?, allowed: [String]) throws(ToolFault) {
        self.tool = tool
        switch arguments {
        case nil, .null?: break
        case .object(let pairs)?:
            for (key, value) in pairs {
                guard allowed.contains(key) else {
                    let shown = key.utf8.count > 64 ? String(decoding: Array(key.utf8.prefix(64)), as: UTF8.self) + "…" : key
                    throw .arguments(tool, "unknown argument \"\(shown)\" (takes: \(allowed.joined(separator: ", ")))")
                }
                guard values[key] == nil else { throw .arguments(tool, "argument \"\(key)\" given twice") }
                values[key] = value
            }
        default:
            throw .arguments(tool, "arguments must be a JSON object")
        }
    }

    func has(_ key: String) -> Bool { values[key].map { $0 != .null } ?? false }

    /// A string argument, at most `maxBytes` UTF-8 bytes.
    func string(_ key: String, maxBytes: Int = maxStringBytes) throws(ToolFault) -> String? {
        guard let value = values[key], value != .null else { return nil }
        guard case .string(let s) = value else { throw .arguments(tool, "\"\(key)\" must be a string") }
        let bytes = s.utf8.count
        guard bytes <= maxBytes else {
            throw .arguments(tool, "\"\(key)\" is \(bytes) bytes long; the limit is \(maxBytes) bytes")
        }
        return s
    }

    func requiredString(_ key: String, maxBytes: Int = maxStringBytes) throws(ToolFault) -> String {
        guard let s = try string(key, maxBytes: maxBytes) else { throw .arguments(tool, "missing required argument \"\(key)\"") }
        return s
    }

    /// An integer argument within `range` (a whole-valued double is accepted: some clients send 10.0).
    func int(_ key: String, in range: ClosedRange<Int>) throws(ToolFault) -> Int? {
        guard let value = values[key], value != .null else { return nil }
        let n: Int
        switch value {
        case .int(let i) where i >= Int64(Int.min) && i <= Int64(Int.max): n = Int(i)
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: n = Int(d)
        default: throw .arguments(tool, "\"\(key)\" must be an integer")
        }
        guard range.contains(n) else {
            throw .arguments(tool, "\"\(key)\" must be between \(range.lowerBound) and \(range.upperBound); got \(n)")
        }
        return n
    }

    /// A number argument within `range`.
    func double(_ key: String, in range: ClosedRange<Double>) throws(ToolFault) -> Double? {
        guard let value = values[key], value != .null else { return nil }
        if case .bool = value { throw .arguments(tool, "\"\(key)\" must be a number") }
        guard let d = value.numberValue, d.isFinite else { throw .arguments(tool, "\"\(key)\" must be a number") }
        guard range.contains(d) else {
            throw .arguments(tool, "\"\(key)\" must be between \(range.lowerBound) and \(range.upperBound); got \(d)")
        }
        return d
    }

    func bool(_ key: String) throws(ToolFault) -> Bool? {
        guard let value = values[key], value != .null else { return nil }
        guard case .bool(let b) = value else { throw .arguments(tool, "\"\(key)\" must be true or false") }
        return b
    }

    /// A list of strings (a single string is taken as a list of one), at most `maxCount` items.
    func strings(_ key: String, maxCount: Int = 64, maxBytes: Int = 4096) throws(ToolFault) -> [String]? {
        guard let value = values[key], value != .null else { return nil }
        let items: [JSONValue]
        switch value {
        case .string: items = [value]
        case .array(let a): items = a
        default: throw .arguments(tool, "\"\(key)\" must be a list of strings")
        }
        guard items.count <= maxCount else { throw .arguments(tool, "\"\(key)\" holds \(items.count) items; the limit is \(maxCount)") }
        var out: [String] = []
        for item in items {
            guard case .string(let s) = item else { throw .arguments(tool, "\"\(key)\" must be a list of strings") }
            guard s.utf8.count <= maxBytes else {
                throw .arguments(tool, "an item of \"\(key)\" is \(s.utf8.count) bytes long; the limit is \(maxBytes) bytes")
            }
            out.append(s)
        }
        return out
    }
}
