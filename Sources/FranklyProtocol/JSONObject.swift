package import SelectorCore

/// A JSON object from a request, with typed field access whose errors name the field and what
/// was found instead (`"query" must be a string, not a number`).
package struct JSONObject: Sendable {
    package let pairs: [(String, JSONValue)]
    /// Where this object sits in the request (`operation.`), for messages.
    package let path: String

    package func value(_ key: String) -> JSONValue? {
        pairs.first(where: { $0.0 == key })?.1
    }

    /// A string field; nil when absent (JSON `null` counts as absent).
    package func string(_ key: String) throws(FranklyError) -> String? {
        switch value(key) {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw typeError(key, "a string", other)
        }
    }

    package func requiredString(_ key: String, _ purpose: String) throws(FranklyError) -> String {
        guard let s = try string(key) else { throw missing(key, purpose) }
        return s
    }

    /// A boolean field; nil when absent.
    package func bool(_ key: String) throws(FranklyError) -> Bool? {
        switch value(key) {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: throw typeError(key, "true or false", other)
        }
    }

    /// A number field; nil when absent.
    package func number(_ key: String) throws(FranklyError) -> Double? {
        switch value(key) {
        case nil, .null?: return nil
        case .int(let i)?: return Double(i)
        case .double(let d)?: return d
        case let other?: throw typeError(key, "a number", other)
        }
    }

    /// An array field; nil when absent.
    package func array(_ key: String) throws(FranklyError) -> [JSONValue]? {
        switch value(key) {
        case nil, .null?: return nil
        case .array(let a)?: return a
        case let other?: throw typeError(key, "an array", other)
        }
    }

    /// A nested object; nil when absent.
    package func object(_ key: String) throws(FranklyError) -> JSONObject? {
        switch value(key) {
        case nil, .null?: return nil
        case .object(let p)?: return JSONObject(pairs: p, path: path + key + ".")
        case let other?: throw typeError(key, "an object", other)
        }
    }

    package func requiredObject(_ key: String, _ purpose: String) throws(FranklyError) -> JSONObject {
        guard let o = try object(key) else { throw missing(key, purpose) }
        return o
    }

    package func missing(_ key: String, _ purpose: String) -> FranklyError {
        .invalidRequest("missing \"\(path)\(key)\" (\(purpose))")
    }

    private func typeError(_ key: String, _ wanted: String, _ found: JSONValue) -> FranklyError {
        .invalidRequest("\"\(path)\(key)\" must be \(wanted), not \(Self.kind(of: found))")
    }

    /// `a string`, `an array`... for messages.
    package static func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
