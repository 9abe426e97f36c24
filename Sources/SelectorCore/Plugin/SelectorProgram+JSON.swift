// The compiled form as JSON: how a dynamically loaded engine hands a program to the host.
//
// A plug-in carries its own copy of SelectorCore, so its `SelectorProgram` is a different type
// from the host's (see Docs/WritingAnEngine.md). Programs cross the boundary as this JSON, which
// both copies read and write. Closures cannot cross it: engine-supplied `StringMatcher`s are
// refused; plug-ins register custom predicates instead.
//
//     {"start":"windows","steps":[
//        {"axis":"descendants","order":"document","unique":false,"filter":{"kindOf":"UIButton"}},
//        {"pick":-1}]}

extension SelectorProgram {
    /// The program as JSON. Throws a `.usage` error when it holds an engine-supplied matcher.
    public func pluginJSON() throws(SelectorError) -> JSONValue {
        var steps: [JSONValue] = []
        for step in self.steps {
            switch step {
            case let .axis(axis, order, filter, unique):
                steps.append(.object([("axis", .string(axis.rawValue)), ("order", .string(order.rawValue)),
                                      ("unique", .bool(unique)), ("filter", try filter.pluginJSON())]))
            case .filter(let p): steps.append(.object([("filter", try p.pluginJSON())]))
            case .pick(let i): steps.append(.object([("pick", .int(Int64(i)))]))
            case .deduplicate: steps.append(.object([("deduplicate", true)]))
            case .sortInDocumentOrder: steps.append(.object([("sort", true)]))
            case .union(let programs):
                var parts: [JSONValue] = []
                for p in programs { parts.append(try p.pluginJSON()) }
                steps.append(.object([("union", .array(parts))]))
            }
        }
        return .object([("start", .string(start.pluginName)), ("steps", .array(steps))])
    }

    /// Reads a program written by `pluginJSON()`.
    public init(pluginJSON json: JSONValue) throws(SelectorError) {
        guard let startName = json["start"]?.stringValue, let start = StartPoint(pluginName: startName),
              case .array(let steps)? = json["steps"] else { throw Self.invalid("a program needs start and steps") }
        var builder = ProgramBuilder(start: start)
        for step in steps {
            if let axisName = step["axis"]?.stringValue {
                guard let axis = Axis(rawValue: axisName),
                      let order = TraversalOrder(rawValue: step["order"]?.stringValue ?? "document"),
                      let unique = step["unique"]?.boolValue, let filter = step["filter"]
                else { throw Self.invalid("bad axis step") }
                builder.axis(axis, order: order, filter: try Predicate(pluginJSON: filter), unique: unique)
            } else if let filter = step["filter"] {
                builder.filter(try Predicate(pluginJSON: filter))
            } else if let pick = step["pick"]?.numberValue, let index = Int(exactly: pick) {
                builder.pick(index)
            } else if step["deduplicate"] != nil {
                builder.deduplicate()
            } else if step["sort"] != nil {
                builder.sortInDocumentOrder()
            } else if case .array(let parts)? = step["union"] {
                var programs: [SelectorProgram] = []
                for p in parts { programs.append(try SelectorProgram(pluginJSON: p)) }
                builder.union(programs)
            } else {
                throw Self.invalid("unknown step")
            }
        }
        self = builder.build()
    }

    static func invalid(_ why: String) -> SelectorError {
        SelectorError(.evaluation, "the plug-in returned an invalid program: \(why)")
    }
}

extension StartPoint {
    fileprivate var pluginName: String {
        switch self {
        case .document: "document"
        case .roots: "roots"
        case .windows: "windows"
        case .application: "application"
        }
    }

    fileprivate init?(pluginName: String) {
        switch pluginName {
        case "document": self = .document
        case "roots": self = .roots
        case "windows": self = .windows
        case "application": self = .application
        default: return nil
        }
    }
}

extension Predicate {
    fileprivate func pluginJSON() throws(SelectorError) -> JSONValue {
        switch self {
        case .any: return "any"
        case .none: return "none"
        case .kindOf(let c): return .object([("kindOf", .string(c))])
        case .memberOf(let c): return .object([("memberOf", .string(c))])
        case let .string(property, test):
            let op: String
            switch test.operation {
            case .equals: op = "equals"
            case .contains: op = "contains"
            case .hasPrefix: op = "hasPrefix"
            case .hasSuffix: op = "hasSuffix"
            case .matcher(let m):
                throw SelectorError(.usage, "a plug-in engine cannot pass the string matcher '\(m)' to the host; "
                                    + "register a custom predicate instead")
            }
            return .object([("string", .string(property)), ("op", .string(op)), ("value", .string(test.value)),
                            ("options", .int(Int64(test.options.rawValue)))])
        case let .bool(property, value): return .object([("bool", .string(property)), ("value", .bool(value))])
        case let .number(property, comparison, value):
            return .object([("number", .string(property)), ("cmp", .string(comparison.rawValue)), ("value", .double(value))])
        case .hasProperty(let p): return .object([("has", .string(p))])
        case let .custom(name, arguments): return .object([("custom", .string(name)), ("arguments", .array(arguments))])
        case .and(let ps): return .object([("and", .array(try ps.map { (p) throws(SelectorError) in try p.pluginJSON() }))])
        case .or(let ps): return .object([("or", .array(try ps.map { (p) throws(SelectorError) in try p.pluginJSON() }))])
        case .not(let p): return .object([("not", try p.pluginJSON())])
        }
    }

    fileprivate init(pluginJSON json: JSONValue) throws(SelectorError) {
        if let word = json.stringValue {
            switch word {
            case "any": self = .any; return
            case "none": self = .none; return
            default: throw SelectorProgram.invalid("unknown predicate '\(word)'")
            }
        }
        guard case .object(let fields) = json, let (key, value) = fields.first else {
            throw SelectorProgram.invalid("a predicate is a string or an object")
        }
        switch key {
        case "kindOf", "memberOf":
            guard let c = value.stringValue else { throw SelectorProgram.invalid("\(key) needs a class name") }
            self = key == "kindOf" ? .kindOf(c) : .memberOf(c)
        case "string":
            let ops: [String: StringTest.Operation] = ["equals": .equals, "contains": .contains,
                                                       "hasPrefix": .hasPrefix, "hasSuffix": .hasSuffix]
            guard let p = value.stringValue, let op = json["op"]?.stringValue.flatMap({ ops[$0] }),
                  let v = json["value"]?.stringValue else { throw SelectorProgram.invalid("bad string test") }
            let options = Int(json["options"]?.numberValue ?? 0)
            self = .string(property: p, StringTest(op, v, options: StringTest.Options(rawValue: options)))
        case "bool":
            guard let p = value.stringValue, let v = json["value"]?.boolValue else { throw SelectorProgram.invalid("bad bool test") }
            self = .bool(property: p, v)
        case "number":
            guard let p = value.stringValue, let c = json["cmp"]?.stringValue.flatMap(Comparison.init(rawValue:)),
                  let v = json["value"]?.numberValue else { throw SelectorProgram.invalid("bad number test") }
            self = .number(property: p, c, v)
        case "has":
            guard let p = value.stringValue else { throw SelectorProgram.invalid("bad property test") }
            self = .hasProperty(p)
        case "custom":
            guard let n = value.stringValue, case .array(let args)? = json["arguments"] else {
                throw SelectorProgram.invalid("bad custom predicate")
            }
            self = .custom(name: n, arguments: args)
        case "and", "or":
            guard case .array(let items) = value else { throw SelectorProgram.invalid("\(key) needs an array") }
            var ps: [Predicate] = []
            for item in items { ps.append(try Predicate(pluginJSON: item)) }
            self = key == "and" ? .and(ps) : .or(ps)
        case "not":
            self = .not(try Predicate(pluginJSON: value))
        default:
            throw SelectorProgram.invalid("unknown predicate '\(key)'")
        }
    }
}
