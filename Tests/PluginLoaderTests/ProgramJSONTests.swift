import SelectorCore
import Testing

/// The program JSON a plug-in returns: any key order reads the same, and every malformed program
/// is an error naming the JSON path of the problem.
@Suite("Plug-in program JSON")
struct ProgramJSONTests {
    /// Programs that between them use every start point, step, axis, order, predicate and string test.
    static let programs: [SelectorProgram] = {
        var inner1 = ProgramBuilder(start: .roots)
        inner1.axis(.ancestors, order: .reverse, filter: .not(.hasProperty("tag")), unique: true)
        var inner2 = ProgramBuilder(start: .document)
        inner2.axis(.parent, filter: .custom(name: "hasBadge:", arguments: [.int(3), .string("new")]), unique: true)
        inner2.axis(.siblings, filter: .none, unique: false)

        var a = ProgramBuilder(start: .windows)
        a.axis(.descendants, filter: .kindOf("UITableViewCell"), unique: false)
        a.axis(.children, order: .reverse, filter: .and([
            .memberOf("UILabel"),
            .string(property: "accessibilityLabel", StringTest(.contains, "Row", options: [.caseInsensitive, .noBreakSpaceAsSpace])),
        ]), unique: true)
        a.pick(-1)
        // After a pick, so the builder cannot fuse it: a stand-alone filter step.
        a.filter(.or([.bool(property: "isHidden", false), .number(property: "alpha", .greaterOrEqual, 0.5)]))
        a.deduplicate()
        a.sortInDocumentOrder()
        a.union([inner1.build(), inner2.build()])

        var b = ProgramBuilder(start: .application)
        b.axis(.descendantsOrSelf, filter: .or([
            .string(property: "text", .equals("OK")), .string(property: "text", .hasPrefix("Row")),
            .string(property: "text", StringTest(.hasSuffix, "!", options: .noBreakSpaceAsSpace)),
            .number(property: "tag", .notEqual, 7), .custom(name: "offscreen", arguments: []),
        ]), unique: false)
        b.pick(2)

        var c = ProgramBuilder(start: .document)
        c.filter(.any)

        // The core's own steps: has-descendant, sibling position, n-th descendant, axis position.
        var d = ProgramBuilder(start: .roots)
        d.axis(.descendants, filter: .kindOf("UITableView"), unique: true)
        d.hasDescendant(.memberOf("UISwitch"), includingSelf: true)
        d.nthDescendant(.kindOf("UITableViewCell"),
                        position: SiblingPosition(1, among: .kindOf("UITableViewCell"), exempt: .hasProperty("index")),
                        n: 2)
        d.nthDescendant(.any, n: 0)
        d.siblingPosition(SiblingPosition(-1))
        d.siblingPosition(SiblingPosition(0, among: .memberOf("UILabel")))
        // Per-input positions and the axes after the first six.
        d.axisPosition(.precedingSiblings, filter: .memberOf("UIButton"), index: -1)
        d.axis(.following, filter: .any, unique: true)
        d.axisPosition(.ancestorsOrSelf, filter: .kindOf("UIView"), index: 2)
        return [a.build(), b.build(), c.build(), d.build()]
    }()

    enum KeyOrder: String, CaseIterable, Sendable { case asWritten, sorted, reversed }

    /// `json` with every object's keys rearranged, at every depth.
    static func rearranged(_ json: JSONValue, _ order: KeyOrder) -> JSONValue {
        switch json {
        case .array(let items): return .array(items.map { rearranged($0, order) })
        case .object(let pairs):
            let inner = pairs.map { ($0.0, rearranged($0.1, order)) }
            switch order {
            case .asWritten: return .object(inner)
            case .sorted: return .object(inner.sorted { $0.0 < $1.0 })
            case .reversed: return .object(inner.reversed())
            }
        default: return json
        }
    }

    /// Every object's key list, in order, at every depth.
    static func keyLists(_ json: JSONValue) -> [[String]] {
        switch json {
        case .array(let items): return items.flatMap(keyLists)
        case .object(let pairs): return [pairs.map(\.0)] + pairs.flatMap { keyLists($0.1) }
        default: return []
        }
    }

    @Test("the same program with keys as written, sorted and reversed, sent as text", arguments: KeyOrder.allCases)
    func keyOrder(_ order: KeyOrder) throws {
        let written = try Self.programs.map { try $0.pluginJSON() }
        if order != .asWritten {
            // Guards the test itself: the rearranged text must really differ in order.
            #expect(Self.keyLists(Self.rearranged(.array(written), order)) != Self.keyLists(.array(written)))
        }
        for (program, json) in zip(Self.programs, written.map { Self.rearranged($0, order) }) {
            let text = json.jsonString
            #expect(try SelectorProgram(pluginJSON: JSONReader.parse(text)) == program, "\(text)")
        }
    }

    @Test("malformed programs name the JSON path of the problem", arguments: [
        (#"[]"#, "$: expected a program object, got an array"),
        (#"{"steps":[]}"#, "$: missing key 'start'"),
        (#"{"start":"screen","steps":[]}"#,
         "$.start: unknown start point 'screen'; expected one of document, roots, windows, application"),
        (#"{"start":"roots","steps":[],"version":2}"#, "$: unknown key 'version' in a program (its keys: start, steps)"),
        (#"{"start":"roots","start":"windows","steps":[]}"#, "$: duplicate key 'start'"),
        (#"{"start":"roots","steps":{}}"#, "$.steps: expected an array, got an object"),
        (#"{"start":7,"steps":[]}"#, "$.start: expected a string, got a number"),
        (#"{"start":"roots","steps":[{}]}"#,
         "$.steps[0]: a step needs one of the keys axis, filter, pick, deduplicate, sort, union, hasDescendant, siblingPosition, nthDescendant, axisPosition, relation, deepest, sortBy; found none"),
        (#"{"start":"roots","steps":[{"pick":1,"sort":true}]}"#,
         "$.steps[0]: a step has exactly one of the keys axis, filter, pick, deduplicate, sort, union, hasDescendant, siblingPosition, nthDescendant, axisPosition, relation, deepest, sortBy; found 'pick' and 'sort'"),
        (#"{"start":"roots","steps":[{"siblingPosition":{"among":"any"}}]}"#, "$.steps[0].siblingPosition: missing key 'index'"),
        (#"{"start":"roots","steps":[{"siblingPosition":2}]}"#,
         "$.steps[0].siblingPosition: expected a position object, got a number"),
        (#"{"start":"roots","steps":[{"nthDescendant":1}]}"#, "$.steps[0]: missing key 'of'"),
        (#"{"start":"roots","steps":[{"nthDescendant":1,"of":"any","position":{"index":0,"skip":1}}]}"#,
         "$.steps[0].position: unknown key 'skip' in a position (its keys: among, exempt, index)"),
        (#"{"start":"roots","steps":[{"axis":"descendants","filter":"any","unique":true,"colour":"red"}]}"#,
         "$.steps[0]: unknown key 'colour' in an axis step (its keys: axis, filter, order, unique)"),
        (#"{"start":"roots","steps":[{"pick":0},{"axis":"descendants","filter":"any"}]}"#, "$.steps[1]: missing key 'unique'"),
        (#"{"start":"roots","steps":[{"axis":"descendants","filter":"any","unique":"yes"}]}"#,
         "$.steps[0].unique: expected true or false, got a string"),
        (#"{"start":"roots","steps":[{"axis":"up","filter":"any","unique":true}]}"#,
         "$.steps[0].axis: unknown axis 'up'; expected one of descendants, descendantsOrSelf, children, ancestors, parent, siblings, followingSiblings, precedingSiblings, following, preceding, ancestorsOrSelf"),
        (#"{"start":"roots","steps":[{"axis":"children","order":"random","filter":"any","unique":true}]}"#,
         "$.steps[0].order: unknown order 'random'; expected document or reverse"),
        (#"{"start":"roots","steps":[{"sort":false}]}"#, "$.steps[0].sort: must be true (leave the step out instead)"),
        (#"{"start":"roots","steps":[{"union":[{"start":"roots","steps":[{"pick":1.5}]}]}]}"#,
         "$.steps[0].union[0].steps[0].pick: expected an integer, got a number"),
        (#"{"start":"roots","steps":[{"filter":5}]}"#,
         #"$.steps[0].filter: expected a predicate ("any", "none" or an object), got a number"#),
        (#"{"start":"roots","steps":[{"filter":"all"}]}"#, "$.steps[0].filter: unknown predicate 'all'; the words are any and none"),
        (#"{"start":"roots","steps":[{"filter":{"op":"equals","value":"x"}}]}"#,
         "$.steps[0].filter: a predicate needs one of the keys kindOf, memberOf, string, bool, number, has, custom, and, or, not, ancestor, relative, bits; found 'op', 'value'"),
        (#"{"start":"roots","steps":[{"filter":{"kindOf":"A","memberOf":"B"}}]}"#,
         "$.steps[0].filter: a predicate has exactly one of the keys kindOf, memberOf, string, bool, number, has, custom, and, or, not, ancestor, relative, bits; found 'kindOf' and 'memberOf'"),
        (#"{"start":"roots","steps":[{"filter":{"value":"x","string":"text"}}]}"#, "$.steps[0].filter: missing key 'op'"),
        (#"{"start":"roots","steps":[{"filter":{"string":"text","op":"matches","value":"x"}}]}"#,
         "$.steps[0].filter.op: unknown string test 'matches'; expected one of equals, contains, hasPrefix, hasSuffix"),
        (#"{"start":"roots","steps":[{"filter":{"string":"text","op":"equals","value":"x","options":8}}]}"#,
         "$.steps[0].filter.options: 8 is not a sum of 1 (case-insensitive), 2 (no-break space as space) and 4 (a JSON boolean as the text true or false)"),
        (#"{"start":"roots","steps":[{"filter":{"string":"text","op":"equals","value":"x","options":1e300}}]}"#,
         "$.steps[0].filter.options: expected an integer, got a number"),
        (#"{"start":"roots","steps":[{"filter":{"bool":"isHidden","value":1}}]}"#,
         "$.steps[0].filter.value: expected true or false, got a number"),
        (#"{"start":"roots","steps":[{"filter":{"and":[{"kindOf":"UIButton"},{"number":"alpha","cmp":">","value":"1"}]}}]}"#,
         "$.steps[0].filter.and[1].value: expected a number, got a string"),
        (#"{"start":"roots","steps":[{"filter":{"number":"alpha","cmp":"=>","value":1}}]}"#,
         "$.steps[0].filter.cmp: unknown comparison '=>'; expected one of == != < <= > >="),
        (#"{"start":"roots","steps":[{"filter":{"not":{"has":"tag","why":1}}}]}"#,
         "$.steps[0].filter.not: unknown key 'why' in a has predicate (its keys: has)"),
        (#"{"start":"roots","steps":[{"filter":{"custom":"hasBadge:","arguments":3}}]}"#,
         "$.steps[0].filter.arguments: expected an array, got a number"),
    ])
    func malformed(_ text: String, _ expected: String) throws {
        let json = try JSONReader.parse(text)
        #expect { try SelectorProgram(pluginJSON: json) } throws: { error in
            let e = error as! SelectorError
            return e.kind == .evaluation && e.message == "the plug-in returned an invalid program: \(expected)"
        }
    }

    @Test("a custom predicate's arguments and an axis step's order may be left out")
    func defaults() throws {
        let json = try JSONReader.parse(#"{"steps":[{"unique":true,"filter":{"custom":"offscreen"},"axis":"children"}],"start":"roots"}"#)
        var b = ProgramBuilder(start: .roots)
        b.axis(.children, order: .document, filter: .custom(name: "offscreen", arguments: []), unique: true)
        #expect(try SelectorProgram(pluginJSON: json) == b.build())
    }
}
