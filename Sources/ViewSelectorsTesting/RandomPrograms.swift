public import SelectorCore

/// Values a tree holds (classes, property names, strings and numbers seen on sampled views), so
/// that random tests pass sometimes rather than almost never.
public struct TreeValues: Sendable {
    /// The tree's class names, and one it lacks.
    public var classes: [String]
    /// The tree's property names, frame parts, and names it lacks.
    public var properties: [String]
    /// Up to 40 string values per property.
    public var strings: [String: [String]] = [:]
    /// Up to 40 numeric values per property.
    public var numbers: [String: [Double]] = [:]

    /// Samples `tree` at up to 400 random views.
    public init<R: RandomNumberGenerator>(_ tree: ViewTree, rng: inout R) {
        classes = tree.classes.names + ["NoSuchClass"]
        properties = tree.propertyNames + ["class", "accessibilityFrame.x", "accessibilityFrame.maxY",
                                           "frame.size.width", "isOn", "noSuchProperty"]
        for _ in 0..<min(400, tree.count * 2) {
            let node = NodeID(rng.below(tree.count))
            for p in properties {
                switch tree.value(p, of: node) {
                case .string(let s)?: if (strings[p]?.count ?? 0) < 40 { strings[p, default: []].append(s) }
                case let v?: if let x = v.numberValue, (numbers[p]?.count ?? 0) < 40 { numbers[p, default: []].append(x) }
                case nil: break
                }
            }
        }
    }
}

/// Random programs over the whole compiled form (of engine steps, only the core's
/// `HasDescendantStep`), bounded in size: at most four
/// steps, unions one level deep, predicates three levels deep.
///
/// Custom predicates and string matchers are `RandomPrograms.predicates()`'s, `EvenLengthMatcher`
/// and `ByteMatcher`, plus names no registry holds.
public struct ProgramGenerator<R: RandomNumberGenerator> {
    public var rng: R
    public let values: TreeValues

    public init(rng: R, values: TreeValues) {
        self.rng = rng
        self.values = values
    }

    mutating func pick<T>(_ xs: [T]) -> T { xs[rng.below(xs.count)] }

    /// One program; `depth` > 0 makes a union's member or a relation's references (no further
    /// unions; relations two levels deep at most).
    public mutating func program(depth: Int = 0) -> SelectorProgram {
        var b = ProgramBuilder(start: pick([.document, .roots, .windows, .application]))
        for _ in 0..<(1 + rng.below(depth == 0 ? 4 : 3)) { b.append(step(depth: depth)) }
        return b.build()
    }

    /// One step of any kind.
    public mutating func step(depth: Int) -> Step {
        switch rng.below(20) {
        case 0..<3: return .filter(predicate(depth: 0))
        case 3..<5: return .pick(rng.below(7) - 3)
        case 5: return .deduplicate
        case 6: return .sortInDocumentOrder
        case 8: return .hasDescendant(HasDescendantStep(predicate(depth: 0), includingSelf: rng.chance(30)))
        case 9 where rng.chance(50):
            return .axisPosition(AxisPositionStep(pick(Axis.allCases), filter: rng.chance(75) ? predicate(depth: 0) : .any,
                                                  index: rng.below(7) - 3))
        case 9:
            let position = rng.chance(30) ? SiblingPosition(rng.below(3), among: rng.chance(50) ? predicate(depth: 0) : .any) : nil
            return .nthDescendant(NthDescendantStep(predicate(depth: 0), position: position, n: rng.below(4) - 1))
        case 10 where rng.chance(30):
            return .siblingPosition(SiblingPositionStep(SiblingPosition(rng.below(5) - 2, among: rng.chance(70) ? predicate(depth: 0) : .any,
                                                                        exempt: rng.chance(20) ? predicate(depth: 0) : .none)))
        case 7 where depth == 0:
            return .union((0..<(2 + rng.below(2))).map { _ in program(depth: depth + 1) })
        // Maestro's steps (issue 33): relations to a reference program, deepest views, orders.
        case 11 where depth < 2 && rng.chance(50):
            return .relation(pick(Relation.allCases), program(depth: depth + 1))
        case 12 where rng.chance(40):
            return .deepest
        case 13 where rng.chance(40):
            return .sort(by: rng.chance(50) ? .frameTopLeft : .trueFirst(pick(["isHidden", "isOn", "misc", "tag", "accessibilityLabel"])))
        default:
            let axis: Axis = pick([.descendants, .descendants, .descendants, .descendantsOrSelf, .children, .children,
                                   .ancestors, .parent, .siblings] + (rng.chance(20) ? Axis.allCases : []))
            return .axis(axis, order: rng.chance(50) ? .document : .reverse,
                         filter: rng.chance(75) ? predicate(depth: 0) : .any, unique: rng.chance(60))
        }
    }

    /// A property name, mostly one the tree holds strings (`kind` 0) or numbers (1) in.
    mutating func property(_ kind: Int) -> String {
        let pool = kind == 0 ? Array(values.strings.keys) : Array(values.numbers.keys)
        return pool.isEmpty || rng.chance(10) ? pick(values.properties) : pick(pool.sorted())
    }

    /// A test against a value `property` holds, cut, cased or respelled, or a pool label.
    public mutating func stringTest(_ property: String) -> StringTest {
        let seen = values.strings[property] ?? []
        var v = seen.isEmpty || rng.chance(10) ? pick(RandomTrees.labels) : pick(seen)
        switch rng.below(8) {
        case 0: v = String(v.prefix(1 + rng.below(max(1, v.count))))
        case 1: v = String(v.suffix(1 + rng.below(max(1, v.count))))
        case 2: v = String(v.dropFirst(rng.below(max(1, v.count))).prefix(2))
        case 3: v = v.uppercased()
        case 4: v = String(String.UnicodeScalarView(v.unicodeScalars.map { $0 == "\u{00A0}" ? " " : $0 }))
        case 5: v = ""
        default: break
        }
        var options: StringTest.Options = []
        if rng.chance(30) { options.insert(.caseInsensitive) }
        if rng.chance(30) { options.insert(.noBreakSpaceAsSpace) }
        let operation: StringTest.Operation
        switch rng.below(10) {
        case 0..<4: operation = .equals
        case 4, 5: operation = .contains
        case 6: operation = .hasPrefix
        case 7: operation = .hasSuffix
        case 8: operation = .matcher(EvenLengthMatcher())
        default: operation = .matcher(ByteMatcher(byte: pick(Array("Row De1".utf8))))
        }
        return StringTest(operation, v, options: options)
    }

    /// A predicate; at `depth` 2 and below, leaves only.
    public mutating func predicate(depth: Int) -> Predicate {
        let leafOnly = depth >= 2
        switch rng.below(leafOnly ? 16 : 22) {
        case 0: return rng.chance(50) ? .any : .none
        case 1, 2, 3: return .kindOf(pick(values.classes))
        case 4: return .memberOf(pick(values.classes))
        case 5, 6, 7:
            let p = rng.chance(70) ? pick(["accessibilityLabel", "text", "class", "uid", "misc", "placeholder"]) : property(0)
            return .string(property: p, stringTest(p))
        // XPath's reading of a recorded boolean as its text: a boolean column, a mixed one, a string one.
        case 15 where rng.chance(50):
            let p = pick(["isHidden", "misc", "accessibilityLabel", "isOn"])
            var test = rng.chance(60) ? StringTest(.equals, pick(["true", "false"])) : stringTest(p)
            test.options.insert(.booleanAsText)
            return .string(property: p, test)
        case 8: return .bool(property: pick(["isHidden", "isOn", "misc", "tag", "accessibilityLabel", "accessibilityFrame.x"]), rng.chance(50))
        case 9, 10:
            let p = property(1)
            let x = values.numbers[p].flatMap { $0.isEmpty ? nil : pick($0) } ?? Double(rng.below(10))
            return .number(property: p, pick([.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual]), x)
        case 11: return .hasProperty(pick(values.properties))
        case 12:
            switch rng.below(4) {
            case 0: return .custom(name: "labelLongerThan", arguments: [.int(Int64(rng.below(8)))])
            case 1: return .custom(name: "evenNode", arguments: [])
            case 2: return .custom(name: pick(["isHidden", "isOn", "misc"]), arguments: [])
            default: return .custom(name: "respondsToNothing", arguments: [.string("x")])
            }
        case 13, 14: return .structural(StructuralCondition(DepthParity(even: rng.chance(50))))
        // Not on `misc`, whose JSON booleans the matcher reads as numbers here alone (see
        // `bitsOfABooleanInAMixedColumn`).
        case 15: return .bitsSet(property: pick(["traits", "tag", "isHidden", "misc", "accessibilityFrame.width"]), mask: Int64(pick([0, 1, 2, 5, 16, 48])))
        case 16, 17: return .and((0..<(1 + rng.below(3))).map { _ in predicate(depth: depth + 1) })
        case 18: return .or((0..<(1 + rng.below(3))).map { _ in predicate(depth: depth + 1) })
        case 19: return .not(predicate(depth: depth + 1))
        default:
            if rng.chance(50) { return .hasAncestor(predicate(depth: depth + 1)) }
            return .hasRelative(pick(Relative.allCases), predicate(depth: depth + 1))
        }
    }
}

/// Random and directed programs, and the predicates they call.
public enum RandomPrograms {
    /// `count` random programs for `tree` from `seed`, then (when `directed`) the directed ones.
    public static func make(_ tree: ViewTree, seed: UInt64, count: Int, directed: Bool = true) -> [SelectorProgram] {
        var rng = SeededRandom(seed: seed)
        return make(tree, count: count, directed: directed, using: &rng)
    }

    /// `count` random programs for `tree`, then (when `directed`) the directed ones. `rng` first
    /// samples the tree's values, then draws the programs.
    public static func make<R: RandomNumberGenerator>(_ tree: ViewTree, count: Int, directed: Bool = true,
                                                      using rng: inout R) -> [SelectorProgram] {
        let values = TreeValues(tree, rng: &rng)
        var generator = ProgramGenerator(rng: rng, values: values)
        defer { rng = generator.rng }
        return (0..<count).map { _ in generator.program() } + (directed ? self.directed(values) : [])
    }

    /// The custom predicates random programs call: `labelLongerThan(n)` and `evenNode`.
    public static func predicates() -> PredicateRegistry {
        let registry = PredicateRegistry()
        try! registry.register(all: [
            CustomPredicate(name: "labelLongerThan", arity: 1) { tree, node, args in
                (tree.label(of: node)?.utf8.count ?? -1) > Int(args[0].numberValue ?? 0)
            },
            CustomPredicate(name: "evenNode", arity: 0) { _, node, _ in node % 2 == 0 },
        ])
        return registry
    }

    /// Programs aimed at the matcher's planned routes: right-to-left and left-to-right document
    /// chains, UISpec-order chains, sparse hulls, value masks, number and boolean column scans, flat
    /// remainders, unordered unique inputs.
    public static func directed(_ values: TreeValues) -> [SelectorProgram] {
        let label = "accessibilityLabel"
        let labels = values.strings[label] ?? ["Delete"]
        let rare = labels.last ?? "Delete"
        var out: [SelectorProgram] = []
        func add(_ start: StartPoint, _ steps: [Step]) {
            var b = ProgramBuilder(start: start)
            for s in steps { b.append(s) }
            out.append(b.build())
        }
        func d(_ p: Predicate, _ unique: Bool = true, _ order: TraversalOrder = .document, self withSelf: Bool = false) -> Step {
            .axis(withSelf ? .descendantsOrSelf : .descendants, order: order, filter: p, unique: unique)
        }
        let cell = Predicate.kindOf("UITableViewCell")
        for start in [StartPoint.windows, .document, .application] {
            add(start, [d(cell, false), d(.all([.kindOf("UIButton"), .string(property: label, .equals("Delete"))]))])
            add(start, [d(cell, false), d(.string(property: label, .equals(rare)))])
            add(start, [d(.kindOf("UIView")), d(.kindOf("UILabel")), d(.hasProperty(label))])
            add(start, [d(.kindOf("UIView"), self: true), d(cell, self: true), d(.kindOf("UILabel"), self: true)])
            add(start, [d(.any), d(.any), d(.string(property: label, .hasPrefix("Row")))])
            add(start, [d(cell, false, .reverse), d(.kindOf("UILabel"), false, .reverse), .pick(-1)])
            add(start, [d(.kindOf("UITableView"), false, .reverse), d(cell, false, .reverse), d(.kindOf("UILabel"), false, .reverse)])
            add(start, [d(.kindOf("UIView"), true, .reverse, self: true), d(cell, false, .reverse, self: true),
                        d(.hasProperty(label), true, .reverse)])
        }
        // Sparse hull: many small input subtrees.
        add(.windows, [d(cell, false), .axis(.children, order: .document, filter: .any, unique: false), d(.kindOf("UILabel"))])
        add(.windows, [d(cell, false), d(.kindOf("UIImageView"))])
        // Value masks with a class (few values pass), and every value.
        add(.document, [d(.all([.kindOf("UILabel"), .string(property: "text", .contains("Row 1"))]), false)])
        add(.document, [d(.all([.kindOf("UIView"), .string(property: label, StringTest(.contains, "e", options: .caseInsensitive))]), false)])
        add(.document, [d(.or([.string(property: label, .equals("Delete")), .string(property: label, .equals(rare)),
                               .string(property: label, .hasPrefix("Row 1"))]), false)])
        // Number and boolean columns, with and without a class.
        for cmp in [Comparison.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual] {
            add(.document, [d(.number(property: "uid", cmp, 500), false)])
            add(.document, [d(.all([.kindOf("UILabel"), .number(property: "tag", cmp, 3)]), false)])
        }
        add(.document, [d(.bool(property: "isHidden", true), false)])
        add(.document, [d(.all([.kindOf("UIView"), .bool(property: "isHidden", false)]), false)])
        // Flat remainders: columns only (block scan) and with a closure.
        add(.document, [d(.all([.kindOf("UILabel"), .or([.string(property: label, .hasPrefix("Row")),
                                                         .number(property: "tag", .greater, 2)])]), false)])
        add(.document, [d(.all([.kindOf("UIView"), .not(.bool(property: "isHidden", true)),
                                .or([.hasProperty("text"), .number(property: "uid", .less, 100)])]), false)])
        add(.document, [d(.all([.kindOf("UIView"), .or([.custom(name: "evenNode", arguments: []), .hasProperty("text")])]), false)])
        // uiselector's "text, else the label".
        add(.document, [d(.or([.string(property: "text", .hasPrefix("Row")),
                               .and([.not(.hasProperty("text")), .string(property: label, .hasPrefix("Row"))])]), false)])
        // Structural predicates over the whole tree.
        add(.document, [d(.all([.kindOf("UILabel"), .hasAncestor(cell)]), false)])
        add(.document, [d(.structural(StructuralCondition(DepthParity(even: true))), false)])
        add(.document, [d(.all([.kindOf("UILabel"), .structural(StructuralCondition(DepthParity(even: false)))]), false)])
        add(.document, [d(.bitsSet(property: "traits", mask: 5), false)])
        // Unordered inputs with de-duplication (ancestors come nearest first), and nested inputs.
        add(.document, [d(.kindOf("UILabel"), false), .axis(.ancestors, order: .document, filter: .any, unique: false),
                        d(.kindOf("UIImageView"))])
        add(.document, [d(.kindOf("UILabel"), false), .axis(.parent, order: .document, filter: .any, unique: false),
                        .pick(-1), .axis(.siblings, order: .reverse, filter: .any, unique: false), d(.any, false)])
        add(.document, [d(cell, false), .axis(.ancestors, order: .document, filter: .any, unique: true), d(cell)])
        add(.roots, [d(.kindOf("UIView"), false), .sortInDocumentOrder, .pick(3), d(.any, false)])
        // Maestro's shape (issue 33): candidates from the roots or self, their deepest views,
        // relations to a reference program of the same shape, then an order and maybe a pick.
        func maestro(_ p: Predicate, index: Int? = nil) -> [Step] {
            var steps: [Step] = [d(p, self: true)]
            if p != .any { steps.append(.deepest) }
            if let index { steps += [.sort(by: .frameTopLeft), .pick(index)] } else { steps.append(.sort(by: .trueFirst("isOn"))) }
            return steps
        }
        func program(_ steps: [Step]) -> SelectorProgram {
            var b = ProgramBuilder(start: .roots)
            for s in steps { b.append(s) }
            return b.build()
        }
        let labelled = Predicate.string(property: label, .equals(rare))
        for relation in Relation.allCases {
            add(.roots, [d(.hasProperty(label), self: true), .deepest, .relation(relation, program(maestro(labelled))),
                         .sort(by: .trueFirst("isOn"))])
            add(.roots, [d(.any, self: true), .relation(relation, program(maestro(.kindOf("UIButton"), index: 0))),
                         .sort(by: .frameTopLeft), .pick(-2)])
        }
        add(.roots, [d(.kindOf("UILabel"), false), .deepest])
        add(.document, [d(.kindOf("UIView"), false), .axis(.ancestors, order: .document, filter: .any, unique: false), .deepest])
        add(.roots, maestro(.string(property: label, .hasPrefix("Row")), index: 3))
        add(.roots, program(maestro(cell, index: 0)).steps + maestro(.kindOf("UILabel")))
        return out
    }
}

/// A string matcher the core cannot see into: the subject's UTF-8 length is even.
public struct EvenLengthMatcher: StringMatcher {
    public var description: String { "evenLength" }
    public init() {}
    public func makeEvaluator() -> any StringEvaluator { Evaluator() }
    /// Counts its subjects, as the protocol asks.
    public final class Evaluator: StringEvaluator {
        public private(set) var evaluations = 0
        public func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            evaluations += 1
            return subject.count % 2 == 0
        }
    }
}

/// A string matcher holding a byte: the subject contains it.
public struct ByteMatcher: StringMatcher {
    public let byte: UInt8
    public var description: String { "hasByte(\(byte))" }
    public init(byte: UInt8) { self.byte = byte }
    public func makeEvaluator() -> any StringEvaluator { Evaluator(byte: byte) }
    /// Counts its subjects, as the protocol asks.
    public final class Evaluator: StringEvaluator {
        let byte: UInt8
        public private(set) var evaluations = 0
        init(byte: UInt8) { self.byte = byte }
        public func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            evaluations += 1
            return subject.contains(byte)
        }
    }
}

/// A structural test an engine could supply (`StructuralTest`), for the differential tests: the
/// views at an even (or odd) depth, decided in one pass through `TreeStructure`.
public struct DepthParity: StructuralTest {
    public let even: Bool
    public init(even: Bool) { self.even = even }
    public var description: String { even ? "evenDepth" : "oddDepth" }
    public var failure: String { even ? "its depth is odd" : "its depth is even" }

    public func passingViews(in structure: TreeStructure) -> ViewSet {
        var depthIsEven = [Bool](repeating: true, count: structure.count)
        var set = ViewSet(count: structure.count)
        for i in 0..<structure.count {
            let p = structure.parent(of: NodeID(i))
            depthIsEven[i] = p < 0 ? true : !depthIsEven[Int(p)]
            if depthIsEven[i] == even { set.insert(NodeID(i)) }
        }
        return set
    }
}
