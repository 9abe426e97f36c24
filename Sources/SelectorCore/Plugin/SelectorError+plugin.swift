extension SelectorError {
    /// The error as the JSON a plug-in returns from `compile`.
    var pluginJSON: JSONValue {
        var fields: [(String, JSONValue)] = [("kind", .string(kind.pluginName)), ("message", .string(message))]
        if let offset { fields.append(("offset", .int(Int64(offset)))) }
        return .object(fields)
    }

    /// Reads an error a plug-in returned.
    public init(pluginJSON json: JSONValue) {
        let kind = json["kind"]?.stringValue.flatMap(Kind.init(pluginName:)) ?? .evaluation
        let offset = json["offset"]?.numberValue.flatMap { Int(exactly: $0) }
        self.init(kind, json["message"]?.stringValue ?? "the plug-in engine failed", offset: offset)
    }
}

extension SelectorError.Kind {
    fileprivate var pluginName: String {
        switch self {
        case .syntax: "syntax"
        case .unknownEngine: "unknownEngine"
        case .limit: "limit"
        case .deadline: "deadline"
        case .cancelled: "cancelled"
        case .usage: "usage"
        case .evaluation: "evaluation"
        }
    }

    fileprivate init?(pluginName: String) {
        switch pluginName {
        case "syntax": self = .syntax
        case "unknownEngine": self = .unknownEngine
        case "limit": self = .limit
        case "deadline": self = .deadline
        case "cancelled": self = .cancelled
        case "usage": self = .usage
        case "evaluation": self = .evaluation
        default: return nil
        }
    }
}
