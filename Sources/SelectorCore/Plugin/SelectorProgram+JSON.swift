// The compiled form as JSON: how a dynamically loaded engine hands a program to the host.
//
// A plug-in carries its own copy of SelectorCore, so its `SelectorProgram` is a different type
// from the host's (see Docs/WritingAnEngine.md). Programs cross the boundary as this JSON, which
// both copies read and write. Closures cannot cross it, so an engine-supplied `StringMatcher`
// (a `LIKE` pattern, a regex) stays in the plug-in: the JSON names it by an id the plug-in gave it,
// and the host calls back into the plug-in to run it (`PluginMatchers`, the header's `matcher_*`
// functions). The core's own steps beyond axes and filters (`Step.hasDescendant`,
// `.siblingPosition`, `.nthDescendant`, `.axisPosition`) have forms of their own. The
// schema, for writers in C or any other language, is Docs/PluginProgramJSON.md; keys may come in
// any order.
//
//     {"start":"windows","steps":[
//        {"axis":"descendants","order":"document","unique":false,"filter":{"kindOf":"UIButton"}},
//        {"pick":-1}]}

extension SelectorProgram {
    /// The program as JSON. Without `matchers`, throws a `.usage` error when it holds an
    /// engine-supplied matcher; with it, each matcher is handed over and written as the id it returns.
    public func pluginJSON(matchers: (any PluginMatcherSink)? = nil) throws(SelectorError) -> JSONValue {
        var steps: [JSONValue] = []
        for step in self.steps {
            switch step {
            case let .axis(axis, order, filter, unique):
                steps.append(.object([("axis", .string(axis.rawValue)), ("order", .string(order.rawValue)),
                                      ("unique", .bool(unique)), ("filter", try filter.pluginJSON(matchers))]))
            case .filter(let p): steps.append(.object([("filter", try p.pluginJSON(matchers))]))
            case .pick(let i): steps.append(.object([("pick", .int(Int64(i)))]))
            case .deduplicate: steps.append(.object([("deduplicate", true)]))
            case .sortInDocumentOrder: steps.append(.object([("sort", true)]))
            case .union(let programs):
                var parts: [JSONValue] = []
                for p in programs { parts.append(try p.pluginJSON(matchers: matchers)) }
                steps.append(.object([("union", .array(parts))]))
            case .hasDescendant(let step):
                var fields: [(String, JSONValue)] = [("hasDescendant", try step.predicate.pluginJSON(matchers))]
                if step.includingSelf { fields.append(("orSelf", true)) }
                steps.append(.object(fields))
            case .siblingPosition(let step):
                steps.append(.object([("siblingPosition", try step.position.pluginJSON(matchers))]))
            case .nthDescendant(let step):
                var fields: [(String, JSONValue)] = [("nthDescendant", .int(Int64(step.n))),
                                                     ("of", try step.filter.pluginJSON(matchers))]
                if let position = step.position { fields.append(("position", try position.pluginJSON(matchers))) }
                steps.append(.object(fields))
            case .axisPosition(let step):
                steps.append(.object([("axisPosition", .int(Int64(step.index))), ("axis", .string(step.axis.rawValue)),
                                      ("of", try step.filter.pluginJSON(matchers))]))
            case let .relation(relation, program):
                steps.append(.object([("relation", .string(relation.rawValue)),
                                      ("to", try program.pluginJSON(matchers: matchers))]))
            case .deepest: steps.append(.object([("deepest", true)]))
            case .sort(.frameTopLeft): steps.append(.object([("sortBy", "frame")]))
            case .sort(.trueFirst(let property)):
                steps.append(.object([("sortBy", "trueFirst"), ("property", .string(property))]))
            case .engine(let step):
                throw SelectorError(.usage, "an engine-supplied step (\(step.description)) cannot cross the plug-in boundary; plug-ins use the steps of Docs/PluginProgramJSON.md")
            }
        }
        return .object([("start", .string(start.pluginName)), ("steps", .array(steps))])
    }

    /// Reads a program written by `pluginJSON()` or by hand (Docs/PluginProgramJSON.md).
    ///
    /// Keys may come in any order; an unknown, missing, duplicated or mistyped key is an
    /// `.evaluation` error naming its JSON path (`$.steps[1].filter.value`).
    /// `matchers` turns a string test's `"matcher"` id into the matcher it names (the host's
    /// `PluginLoader` calls back into the plug-in that wrote it); without it such a test is an error.
    public init(pluginJSON json: JSONValue, matchers: (any PluginMatcherSource)? = nil) throws(SelectorError) {
        try self.init(pluginJSON: json, path: "$", matchers: matchers)
    }

    /// As `init(pluginJSON:)`, with error paths starting at `path` (the host reads a program
    /// inside the reply `{"program":…}`, so its paths start at `$.program`).
    package init(pluginJSON json: JSONValue, path: String, matchers: (any PluginMatcherSource)? = nil) throws(SelectorError) {
        let object = try PluginObject(json, at: path, expected: "a program object")
        try object.allowOnly(["start", "steps"], for: "a program")
        let startName = try object.string("start")
        guard let start = StartPoint(pluginName: startName) else {
            throw Self.invalid("\(path).start: unknown start point '\(startName)'; expected one of "
                               + StartPoint.pluginNames.joined(separator: ", "))
        }
        var builder = ProgramBuilder(start: start)
        for (i, step) in try object.array("steps").enumerated() {
            try Self.readStep(step, at: "\(path).steps[\(i)]", into: &builder, matchers: matchers)
        }
        self = builder.build()
    }

    private static let stepKinds = ["axis", "filter", "pick", "deduplicate", "sort", "union", "hasDescendant",
                                    "siblingPosition", "nthDescendant", "axisPosition", "relation", "deepest", "sortBy"]

    /// The `axis` key of a step object.
    private static func readAxis(_ object: PluginObject, at path: String) throws(SelectorError) -> Axis {
        let axisName = try object.string("axis")
        guard let axis = Axis(rawValue: axisName) else {
            throw invalid("\(path).axis: unknown axis '\(axisName)'; expected one of "
                          + Axis.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return axis
    }

    private static func readStep(_ json: JSONValue, at path: String, into builder: inout ProgramBuilder,
                                 matchers: (any PluginMatcherSource)?) throws(SelectorError) {
        let object = try PluginObject(json, at: path, expected: "a step object")
        // An axis step carries a `filter` too, so `axis` decides before the one-kind check,
        // unless the step is an axis-position step, which names an axis as well.
        let positioned = try object.has("axisPosition")
        let kind = try object.has("axis") && !positioned
            ? "axis" : object.kind(among: positioned ? stepKinds.filter { $0 != "axis" } : stepKinds, what: "a step")
        switch kind {
        case "axis":
            try object.allowOnly(["axis", "order", "filter", "unique"], for: "an axis step")
            let axis = try readAxis(object, at: path)
            // `order` is the one optional key: most steps walk in document order.
            let orderName = try object.has("order") ? object.string("order") : "document"
            guard let order = TraversalOrder(rawValue: orderName) else {
                throw invalid("\(path).order: unknown order '\(orderName)'; expected document or reverse")
            }
            let unique = try object.bool("unique")
            let filter = try Predicate(pluginJSON: object.value("filter"), at: "\(path).filter", matchers: matchers)
            builder.axis(axis, order: order, filter: filter, unique: unique)
        case "filter":
            try object.allowOnly(["filter"], for: "a filter step")
            builder.filter(try Predicate(pluginJSON: object.value("filter"), at: "\(path).filter", matchers: matchers))
        case "hasDescendant":
            try object.allowOnly(["hasDescendant", "orSelf"], for: "a hasDescendant step")
            let orSelf = try object.has("orSelf") ? object.bool("orSelf") : false
            builder.hasDescendant(try Predicate(pluginJSON: object.value("hasDescendant"), at: "\(path).hasDescendant", matchers: matchers),
                                  includingSelf: orSelf)
        case "siblingPosition":
            try object.allowOnly(["siblingPosition"], for: "a siblingPosition step")
            builder.siblingPosition(try SiblingPosition(pluginJSON: object.value("siblingPosition"),
                                                        at: "\(path).siblingPosition", matchers: matchers))
        case "nthDescendant":
            try object.allowOnly(["nthDescendant", "of", "position"], for: "an nthDescendant step")
            let position = try object.has("position")
                ? SiblingPosition(pluginJSON: object.value("position"), at: "\(path).position", matchers: matchers) : nil
            builder.nthDescendant(try Predicate(pluginJSON: object.value("of"), at: "\(path).of", matchers: matchers),
                                  position: position, n: try object.integer("nthDescendant"))
        case "axisPosition":
            try object.allowOnly(["axisPosition", "axis", "of"], for: "an axisPosition step")
            builder.axisPosition(try readAxis(object, at: path),
                                 filter: try Predicate(pluginJSON: object.value("of"), at: "\(path).of", matchers: matchers),
                                 index: try object.integer("axisPosition"))
        case "pick":
            try object.allowOnly(["pick"], for: "a pick step")
            builder.pick(try object.integer("pick"))
        case "relation":
            try object.allowOnly(["relation", "to"], for: "a relation step")
            let name = try object.string("relation")
            guard let relation = Relation(rawValue: name) else {
                throw invalid("\(path).relation: unknown relation '\(name)'; expected one of "
                              + Relation.allCases.map(\.rawValue).joined(separator: ", "))
            }
            builder.relation(relation, to: try SelectorProgram(pluginJSON: object.value("to"), path: "\(path).to",
                                                               matchers: matchers))
        case "sortBy":
            let key = try object.string("sortBy")
            switch key {
            case "frame":
                try object.allowOnly(["sortBy"], for: "a sortBy frame step")
                builder.sort(by: .frameTopLeft)
            case "trueFirst":
                try object.allowOnly(["sortBy", "property"], for: "a sortBy trueFirst step")
                builder.sort(by: .trueFirst(try object.string("property")))
            default:
                throw invalid("\(path).sortBy: unknown order '\(key)'; expected frame or trueFirst")
            }
        case "deduplicate", "sort", "deepest":
            try object.allowOnly([kind], for: "a \(kind) step")
            guard try object.bool(kind) else { throw invalid("\(path).\(kind): must be true (leave the step out instead)") }
            if kind == "sort" { builder.sortInDocumentOrder() } else if kind == "deepest" { builder.deepest() } else { builder.deduplicate() }
        default:
            try object.allowOnly(["union"], for: "a union step")
            var programs: [SelectorProgram] = []
            for (i, part) in try object.array("union").enumerated() {
                programs.append(try SelectorProgram(pluginJSON: part, path: "\(path).union[\(i)]", matchers: matchers))
            }
            builder.union(programs)
        }
    }

    static func invalid(_ why: String) -> SelectorError {
        SelectorError(.evaluation, "the plug-in returned an invalid program: \(why)")
    }
}

/// One JSON object of a program, read by key so that key order never matters, and checked so
/// that a misspelt key is an error rather than silently ignored.
private struct PluginObject {
    let path: String
    let fields: [String: JSONValue]

    init(_ json: JSONValue, at path: String, expected: String) throws(SelectorError) {
        guard case .object(let pairs) = json else {
            throw SelectorProgram.invalid("\(path): expected \(expected), got \(json.pluginTypeName)")
        }
        var fields: [String: JSONValue] = [:]
        for (key, value) in pairs {
            // A duplicate would make the result depend on which copy a reader keeps.
            guard fields.updateValue(value, forKey: key) == nil else {
                throw SelectorProgram.invalid("\(path): duplicate key '\(key)'")
            }
        }
        self.path = path; self.fields = fields
    }

    func has(_ key: String) -> Bool { fields[key] != nil }

    /// The one key of `kinds` the object holds.
    func kind(among kinds: [String], what: String) throws(SelectorError) -> String {
        let found = kinds.filter { fields[$0] != nil }
        if found.count == 1 { return found[0] }
        let expected = kinds.joined(separator: ", ")
        if found.isEmpty {
            let keys = fields.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw SelectorProgram.invalid("\(path): \(what) needs one of the keys \(expected); found "
                                          + (keys.isEmpty ? "none" : keys))
        }
        throw SelectorProgram.invalid("\(path): \(what) has exactly one of the keys \(expected); found "
                                      + found.map { "'\($0)'" }.joined(separator: " and "))
    }

    func allowOnly(_ keys: Set<String>, for what: String) throws(SelectorError) {
        if let extra = fields.keys.sorted().first(where: { !keys.contains($0) }) {
            throw SelectorProgram.invalid("\(path): unknown key '\(extra)' in \(what) (its keys: "
                                          + keys.sorted().joined(separator: ", ") + ")")
        }
    }

    func value(_ key: String) throws(SelectorError) -> JSONValue {
        guard let v = fields[key] else { throw SelectorProgram.invalid("\(path): missing key '\(key)'") }
        return v
    }

    private func mistyped(_ key: String, _ expected: String, _ v: JSONValue) -> SelectorError {
        SelectorProgram.invalid("\(path).\(key): expected \(expected), got \(v.pluginTypeName)")
    }

    func string(_ key: String) throws(SelectorError) -> String {
        let v = try value(key)
        guard case .string(let s) = v else { throw mistyped(key, "a string", v) }
        return s
    }

    func bool(_ key: String) throws(SelectorError) -> Bool {
        let v = try value(key)
        guard case .bool(let b) = v else { throw mistyped(key, "true or false", v) }
        return b
    }

    func number(_ key: String) throws(SelectorError) -> Double {
        let v = try value(key)
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: throw mistyped(key, "a number", v)
        }
    }

    func integer(_ key: String) throws(SelectorError) -> Int {
        let v = try value(key)
        switch v {
        case .int(let i): if let n = Int(exactly: i) { return n }
        case .double(let d): if let n = Int(exactly: d) { return n }
        default: break
        }
        throw mistyped(key, "an integer", v)
    }

    func array(_ key: String) throws(SelectorError) -> [JSONValue] {
        let v = try value(key)
        guard case .array(let a) = v else { throw mistyped(key, "an array", v) }
        return a
    }
}

extension JSONValue {
    /// The value's JSON type in words, for error messages.
    fileprivate var pluginTypeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
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

    fileprivate static let pluginNames = ["document", "roots", "windows", "application"]

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
    fileprivate func pluginJSON(_ matchers: (any PluginMatcherSink)?) throws(SelectorError) -> JSONValue {
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
                guard let matchers else {
                    throw SelectorError(.usage, "the string matcher '\(m)' can cross to the host only from a plug-in's "
                                        + "compile (SelectorPlugin hands it over and the host calls back to run it)")
                }
                // Options are the matcher's own business (the core ignores them for matchers).
                return .object([("string", .string(property)), ("matcher", .int(Int64(bitPattern: matchers.add(m)))),
                                ("description", .string(m.description))])
            }
            return .object([("string", .string(property)), ("op", .string(op)), ("value", .string(test.value)),
                            ("options", .int(Int64(test.options.rawValue)))])
        case let .bool(property, value): return .object([("bool", .string(property)), ("value", .bool(value))])
        case let .number(property, comparison, value):
            return .object([("number", .string(property)), ("cmp", .string(comparison.rawValue)), ("value", .double(value))])
        case .hasProperty(let p): return .object([("has", .string(p))])
        case let .custom(name, arguments): return .object([("custom", .string(name)), ("arguments", .array(arguments))])
        case .and(let ps): return .object([("and", .array(try ps.map { (p) throws(SelectorError) in try p.pluginJSON(matchers) }))])
        case .or(let ps): return .object([("or", .array(try ps.map { (p) throws(SelectorError) in try p.pluginJSON(matchers) }))])
        case .not(let p): return .object([("not", try p.pluginJSON(matchers))])
        case .hasAncestor(let p): return .object([("ancestor", try p.pluginJSON(matchers))])
        case let .hasRelative(relative, p):
            return .object([("relative", .string(relative.rawValue)), ("test", try p.pluginJSON(matchers))])
        case .structural(let condition):
            // Its code is the engine's: a plug-in's program has no way to hand it to the host.
            throw SelectorError(.usage, "the structural test '\(condition.test.description)' is an engine's own code, "
                                + "which a plug-in's program cannot carry to the host")
        case let .bitsSet(property, mask): return .object([("bits", .string(property)), ("mask", .int(mask))])
        }
    }

    private static let kinds = ["kindOf", "memberOf", "string", "bool", "number", "has", "custom", "and", "or", "not",
                                "ancestor", "relative", "bits"]
    private static let stringOperations: [String: StringTest.Operation] = [
        "equals": .equals, "contains": .contains, "hasPrefix": .hasPrefix, "hasSuffix": .hasSuffix]
    private static let comparisons = ["==", "!=", "<", "<=", ">", ">="]

    fileprivate init(pluginJSON json: JSONValue, at path: String, matchers: (any PluginMatcherSource)?) throws(SelectorError) {
        if case .string(let word) = json {
            switch word {
            case "any": self = .any; return
            case "none": self = .none; return
            default: throw SelectorProgram.invalid("\(path): unknown predicate '\(word)'; the words are any and none")
            }
        }
        let object = try PluginObject(json, at: path, expected: "a predicate (\"any\", \"none\" or an object)")
        // The kind is whichever kind key is present, wherever it stands among the keys.
        let key = try object.kind(among: Self.kinds, what: "a predicate")
        switch key {
        case "kindOf", "memberOf":
            try object.allowOnly([key], for: "a \(key) predicate")
            let c = try object.string(key)
            self = key == "kindOf" ? .kindOf(c) : .memberOf(c)
        case "string" where object.has("matcher"):
            try object.allowOnly(["string", "matcher", "description"], for: "a matcher string test")
            let property = try object.string("string")
            let id = try object.integer("matcher")
            let description = try object.has("description") ? object.string("description") : "matcher \(id)"
            guard let matchers else {
                throw SelectorProgram.invalid("\(path).matcher: a matcher test needs the plug-in engine that wrote it "
                                              + "(its matcher functions), and there is none here")
            }
            self = .string(property: property, .matcher(try matchers.matcher(UInt64(bitPattern: Int64(id)), description: description,
                                                                              at: "\(path).matcher")))
        case "string":
            try object.allowOnly(["string", "op", "value", "options"], for: "a string test")
            let property = try object.string("string")
            let opName = try object.string("op")
            guard let op = Self.stringOperations[opName] else {
                throw SelectorProgram.invalid("\(path).op: unknown string test '\(opName)'; expected one of "
                                              + "equals, contains, hasPrefix, hasSuffix")
            }
            let value = try object.string("value")
            let options = try object.has("options") ? object.integer("options") : 0
            guard (0...7).contains(options) else {
                throw SelectorProgram.invalid("\(path).options: \(options) is not a sum of 1 (case-insensitive), "
                                              + "2 (no-break space as space) and 4 (a JSON boolean as the text true or false)")
            }
            self = .string(property: property, StringTest(op, value, options: StringTest.Options(rawValue: options)))
        case "bool":
            try object.allowOnly(["bool", "value"], for: "a bool test")
            self = .bool(property: try object.string("bool"), try object.bool("value"))
        case "number":
            try object.allowOnly(["number", "cmp", "value"], for: "a number test")
            let property = try object.string("number")
            let cmpName = try object.string("cmp")
            guard let cmp = Comparison(rawValue: cmpName) else {
                throw SelectorProgram.invalid("\(path).cmp: unknown comparison '\(cmpName)'; expected one of "
                                              + Self.comparisons.joined(separator: " "))
            }
            self = .number(property: property, cmp, try object.number("value"))
        case "has":
            try object.allowOnly(["has"], for: "a has predicate")
            self = .hasProperty(try object.string("has"))
        case "custom":
            try object.allowOnly(["custom", "arguments"], for: "a custom predicate")
            let name = try object.string("custom")
            // Optional: most custom predicates take no arguments.
            self = .custom(name: name, arguments: try object.has("arguments") ? object.array("arguments") : [])
        case "and", "or":
            try object.allowOnly([key], for: "an \(key) predicate")
            var ps: [Predicate] = []
            for (i, item) in try object.array(key).enumerated() {
                ps.append(try Predicate(pluginJSON: item, at: "\(path).\(key)[\(i)]", matchers: matchers))
            }
            self = key == "and" ? .and(ps) : .or(ps)
        case "ancestor":
            try object.allowOnly(["ancestor"], for: "an ancestor predicate")
            self = .hasAncestor(try Predicate(pluginJSON: object.value("ancestor"), at: "\(path).ancestor", matchers: matchers))
        case "relative":
            try object.allowOnly(["relative", "test"], for: "a relative predicate")
            let name = try object.string("relative")
            guard let relative = Relative(rawValue: name) else {
                throw SelectorError(.usage, "\(path).relative: '\(name)' is not parent, child, descendant or sibling")
            }
            self = .hasRelative(relative, try Predicate(pluginJSON: object.value("test"), at: "\(path).test", matchers: matchers))
        case "bits":
            try object.allowOnly(["bits", "mask"], for: "a bits test")
            self = .bitsSet(property: try object.string("bits"), mask: Int64(try object.integer("mask")))
        default:
            try object.allowOnly(["not"], for: "a not predicate")
            self = .not(try Predicate(pluginJSON: object.value("not"), at: "\(path).not", matchers: matchers))
        }
    }
}

extension SiblingPosition {
    /// `{"index": I, "among": P, "exempt": P}`; `among` ("any") and `exempt` ("none") may be left out.
    func pluginJSON(_ matchers: (any PluginMatcherSink)?) throws(SelectorError) -> JSONValue {
        var fields: [(String, JSONValue)] = [("index", .int(Int64(index)))]
        if among != .any { fields.append(("among", try among.pluginJSON(matchers))) }
        if exempt != .none { fields.append(("exempt", try exempt.pluginJSON(matchers))) }
        return .object(fields)
    }

    init(pluginJSON json: JSONValue, at path: String, matchers: (any PluginMatcherSource)?) throws(SelectorError) {
        let object = try PluginObject(json, at: path, expected: "a position object")
        try object.allowOnly(["index", "among", "exempt"], for: "a position")
        let among = try object.has("among")
            ? Predicate(pluginJSON: object.value("among"), at: "\(path).among", matchers: matchers) : .any
        let exempt = try object.has("exempt")
            ? Predicate(pluginJSON: object.value("exempt"), at: "\(path).exempt", matchers: matchers) : .none
        self.init(try object.integer("index"), among: among, exempt: exempt)
    }
}
