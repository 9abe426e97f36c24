import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

// The matcher against `ReferenceInterpreter` (issue 30, item 4): random programs over the whole
// compiled form on random trees (generated apps of 10^3 to 10^5 views, a 10^4-deep chain, a root
// with 10^4 children, random parents), each run under every matcher configuration that picks a
// route, with thresholds at both extremes. Results must be the same arrays: order and repeats.
// Seeds are fixed; a failure prints the tree, the seed, the configuration and the program.

// MARK: configurations

/// Matcher configurations forcing each configurable route at both extremes.
let forcedConfigurations: [(String, Matcher)] = [
    ("default", Matcher()),
    ("serial", Matcher(configuration: .serial)),
    // Every scan, filter and distinct-value evaluation split over threads, down to one node.
    ("parallel thresholds 0", Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 0,
                                                                          parallelValueThreshold: 0))),
    ("parallel thresholds 1", Matcher(configuration: MatcherConfiguration(maxThreads: 3, parallelThreshold: 1,
                                                                          parallelValueThreshold: 1))),
    ("many threads", Matcher(configuration: MatcherConfiguration(maxThreads: 64, parallelThreshold: 2,
                                                                 parallelValueThreshold: 2))),
    // Many threads allowed, none ever used.
    ("thresholds Int.max", Matcher(configuration: MatcherConfiguration(maxThreads: 8, parallelThreshold: .max,
                                                                       parallelValueThreshold: .max))),
]

// MARK: test predicates and string matchers

/// A string matcher the core cannot see into: even UTF-8 length.
struct EvenLengthMatcher: StringMatcher {
    var description: String { "evenLength" }
    func makeEvaluator() -> any StringEvaluator { Evaluator() }
    final class Evaluator: StringEvaluator {
        var evaluations = 0
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            evaluations += 1
            return subject.count % 2 == 0
        }
    }
}

/// A string matcher holding a byte: the subject contains it.
struct ByteMatcher: StringMatcher {
    let byte: UInt8
    var description: String { "hasByte(\(byte))" }
    func makeEvaluator() -> any StringEvaluator { Evaluator(byte: byte) }
    final class Evaluator: StringEvaluator {
        let byte: UInt8
        var evaluations = 0
        init(byte: UInt8) { self.byte = byte }
        func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
            evaluations += 1
            return subject.contains(byte)
        }
    }
}

/// The custom predicates random programs call.
func testPredicates() -> PredicateRegistry {
    let registry = PredicateRegistry()
    try! registry.register(all: [
        CustomPredicate(name: "labelLongerThan", arity: 1) { tree, node, args in
            (tree.label(of: node)?.utf8.count ?? -1) > Int(args[0].numberValue ?? 0)
        },
        CustomPredicate(name: "evenNode", arity: 0) { _, node, _ in node % 2 == 0 },
    ])
    return registry
}

// MARK: trees

/// The shapes of built trees.
enum TreeShape: String { case random, deep, wide }

/// Whether a built tree has frames on every view, on none, or on cells and windows only.
enum FramePolicy { case all, none, some }

let labelPool = [
    "OK", "ok", "Delete", "DELETE", "delete me", "Row 1", "Row 10", "Row\u{00A0}1", "Row\u{00A0}10", "",
    "Straße", "STRASSE", "Ünïcødé", "ünïcødé", "a\u{00A0}b\u{00A0}c", "line\nbreak", "Row 7-3", "Share", "x",
]

/// A tree of `nodes` views of many classes and every column kind (strings, numbers, booleans,
/// frames, a mixed generic column, recorded index paths in every form).
func builtTree(nodes: Int, seed: UInt64, shape: TreeShape, frames: FramePolicy) -> ViewTree {
    var rng = SplitMix64(seed: seed)
    var b = ViewTreeBuilder(reservingCapacity: nodes)
    let classes = ["UIView", "UIView", "UILabel", "UILabel", "UIButton", "UITableView", "UITableViewCell",
                   "UITableViewCell", "UICollectionView", "UICollectionViewCell", "UITableViewHeaderFooterView",
                   "UICollectionReusableView", "UIImageView", "UIWindow", "MyFancyButton", "UISwitch",
                   "android.widget.Button", "UITextField", "UIStackView"]
    var isCellOrWindow: [Bool] = []
    for i in 0..<nodes {
        var parent: Int32? = nil
        switch shape {
        case .deep: parent = i == 0 ? nil : Int32(i - 1)
        case .wide: parent = i == 0 ? nil : 0
        case .random:
            if i > 0 {
                // Mostly near the last views (deeper trees), sometimes anywhere; rarely a new root.
                if rng.chance(1) && i > nodes / 2 { parent = nil }
                else if rng.chance(50) { parent = Int32(i - 1 - rng.below(min(i, 6))) }
                else { parent = Int32(rng.below(i)) }
            }
        }
        let cls: String
        if i == 0 { cls = ["UIApplication", "UIWindow", "UIView"][rng.below(3)] }
        else if parent == 0 && shape == .random && rng.chance(30) { cls = "UIWindow" }
        else { cls = classes[rng.below(classes.count)] }
        let v = b.addNode(className: cls, parent: parent)
        if cls == "MyFancyButton" { b.setClassChain(["UIButton", "UIControl", "UIView"], of: v) }
        b.setString("uid", "n\(i)", on: v)
        if rng.chance(70) { b.setString("accessibilityLabel", labelPool[rng.below(labelPool.count)], on: v) }
        if rng.chance(20) { b.setString("text", labelPool[rng.below(labelPool.count)], on: v) }
        if rng.chance(50) { b.set("tag", rng.chance(80) ? .int(Int64(rng.below(10))) : .double(2.5), on: v) }
        if rng.chance(80) { b.set("isHidden", .bool(rng.chance(20)), on: v) }
        if rng.chance(40) { b.set("traits", .int(Int64(rng.below(64)) - (rng.chance(5) ? 70 : 0)), on: v) }
        if rng.chance(30) {
            let misc: [JSONValue] = [.string(labelPool[rng.below(labelPool.count)]), .int(Int64(rng.below(5))),
                                     .bool(rng.chance(50)), .double(1.5)]
            b.set("misc", misc[rng.below(misc.count)], on: v)
        }
        let cellLike = cls.contains("Cell") || cls.contains("Header") || cls.contains("Reusable")
        isCellOrWindow.append(cellLike || cls == "UIWindow" || i == 0)
        if cls.hasSuffix("Cell") && rng.chance(50) {
            let s = Int64(rng.below(3)), r = Int64(rng.below(6))
            let forms: [JSONValue] = [.array([.int(s), .int(r)]), .object([("section", .int(s)), ("row", .int(r))]),
                                      .object([("section", .int(s)), ("item", .int(r))]), .string("\(s)-\(r)"),
                                      .string("{length = 2, path = \(s) - \(r)}"), .string("garbage")]
            b.set("indexPath", forms[rng.below(forms.count)], on: v)
        }
        let framed: Bool
        switch frames {
        case .all: framed = true
        case .none: framed = false
        case .some: framed = isCellOrWindow[i]
        }
        if framed {
            let sizes: [Double] = [0, -5, 10, 44, 120, 400]
            let rect = cls == "UIWindow" || i == 0
                ? Rect(x: 0, y: 0, width: 390, height: 844)
                : Rect(x: Double(rng.below(600)) - 100, y: Double(rng.below(1000)) - 100,
                       width: sizes[rng.below(sizes.count)], height: sizes[rng.below(sizes.count)])
            b.setFrame("accessibilityFrame", rect, on: v)
        }
    }
    return b.build()
}

// MARK: programs

/// Values a tree holds, so that random tests pass sometimes.
struct TreeValues {
    var classes: [String]
    var properties: [String]
    var strings: [String: [String]] = [:]
    var numbers: [String: [Double]] = [:]

    init(_ tree: ViewTree, rng: inout SplitMix64) {
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

/// Random programs over the whole compiled form (no engine steps), bounded in size.
struct ProgramGenerator {
    var rng: SplitMix64
    let values: TreeValues

    mutating func pick<T>(_ xs: [T]) -> T { xs[rng.below(xs.count)] }

    mutating func program(depth: Int = 0) -> SelectorProgram {
        var b = ProgramBuilder(start: pick([.document, .roots, .windows, .application]))
        for _ in 0..<(1 + rng.below(depth == 0 ? 4 : 3)) { b.append(step(depth: depth)) }
        return b.build()
    }

    mutating func step(depth: Int) -> Step {
        switch rng.below(20) {
        case 0..<3: return .filter(predicate(depth: 0))
        case 3..<5: return .pick(rng.below(7) - 3)
        case 5: return .deduplicate
        case 6: return .sortInDocumentOrder
        case 7 where depth == 0:
            return .union((0..<(2 + rng.below(2))).map { _ in program(depth: depth + 1) })
        default:
            let axis: Axis = pick([.descendants, .descendants, .descendants, .descendantsOrSelf, .children, .children,
                                   .ancestors, .parent, .siblings])
            return .axis(axis, order: rng.chance(50) ? .document : .reverse,
                         filter: rng.chance(75) ? predicate(depth: 0) : .any, unique: rng.chance(60))
        }
    }

    mutating func property(_ kind: Int) -> String {
        let pool = kind == 0 ? Array(values.strings.keys) : Array(values.numbers.keys)
        return pool.isEmpty || rng.chance(10) ? pick(values.properties) : pick(pool.sorted())
    }

    mutating func stringTest(_ property: String) -> StringTest {
        let seen = values.strings[property] ?? []
        var v = seen.isEmpty || rng.chance(10) ? pick(labelPool) : pick(seen)
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

    mutating func predicate(depth: Int) -> Predicate {
        let leafOnly = depth >= 2
        switch rng.below(leafOnly ? 16 : 22) {
        case 0: return rng.chance(50) ? .any : .none
        case 1, 2, 3: return .kindOf(pick(values.classes))
        case 4: return .memberOf(pick(values.classes))
        case 5, 6, 7:
            let p = rng.chance(70) ? pick(["accessibilityLabel", "text", "class", "uid", "misc", "placeholder"]) : property(0)
            return .string(property: p, stringTest(p))
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
        case 13: return .onScreen
        case 14: return .indexPath(section: rng.below(3), row: rng.below(6))
        // Not on `misc`, whose JSON booleans the matcher reads as numbers here alone (see
        // `bitsOfABooleanInAMixedColumn`).
        case 15: return .bitsSet(property: pick(["traits", "tag", "isHidden", "misc", "accessibilityFrame.width"]), mask: Int64(pick([0, 1, 2, 5, 16, 48])))
        case 16, 17: return .and((0..<(1 + rng.below(3))).map { _ in predicate(depth: depth + 1) })
        case 18: return .or((0..<(1 + rng.below(3))).map { _ in predicate(depth: depth + 1) })
        case 19: return .not(predicate(depth: depth + 1))
        default: return .hasAncestor(predicate(depth: depth + 1))
        }
    }
}

/// Programs aimed at the matcher's planned routes: right-to-left and left-to-right document
/// chains, UISpec-order chains, sparse hulls, value masks, number and boolean column scans, flat
/// remainders, unordered unique inputs.
func directedPrograms(_ values: TreeValues) -> [SelectorProgram] {
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
    add(.document, [d(.onScreen, false)])
    add(.document, [d(.indexPath(section: 0, row: 1), false)])
    add(.document, [d(.bitsSet(property: "traits", mask: 5), false)])
    // Unordered inputs with de-duplication (ancestors come nearest first), and nested inputs.
    add(.document, [d(.kindOf("UILabel"), false), .axis(.ancestors, order: .document, filter: .any, unique: false),
                    d(.kindOf("UIImageView"))])
    add(.document, [d(.kindOf("UILabel"), false), .axis(.parent, order: .document, filter: .any, unique: false),
                    .pick(-1), .axis(.siblings, order: .reverse, filter: .any, unique: false), d(.any, false)])
    add(.document, [d(cell, false), .axis(.ancestors, order: .document, filter: .any, unique: true), d(cell)])
    add(.roots, [d(.kindOf("UIView"), false), .sortInDocumentOrder, .pick(3), d(.any, false)])
    return out
}

// MARK: comparison

/// What a differential run compared.
struct DifferentialCount {
    var programs = 0
    var skipped = 0
    var nonEmpty = 0
    var parallelScans = 0
}

let timing = false

/// Runs `programs` through the reference and every configuration; records a failure per mismatch.
func compare(_ programs: [SelectorProgram], on tree: ViewTree, treeName: String, seed: UInt64,
             maxWork: Int, configurations: [(String, Matcher)] = forcedConfigurations,
             count: inout DifferentialCount) {
    let predicates = testPredicates()
    let reference = ReferenceInterpreter(tree: tree, predicates: predicates, maxWork: maxWork)
    let clock = ContinuousClock()
    var referenceTime = Duration.zero, matcherTime = Duration.zero
    defer {
        if timing { print("TIMING \(treeName): reference \(referenceTime), matchers \(matcherTime), \(count)") }
    }
    for (k, program) in programs.enumerated() {
        let t0 = clock.now
        defer { referenceTime += clock.now - t0 }
        let expected: Result<[NodeID], any Error>
        do { expected = .success(try reference.select(program)) }
        catch ReferenceInterpreter.Failure.workLimit { count.skipped += 1; continue }
        catch { expected = .failure(error) }
        count.programs += 1
        if case .success(let e) = expected, !e.isEmpty { count.nonEmpty += 1 }
        let t1 = clock.now
        defer { matcherTime += clock.now - t1; referenceTime -= clock.now - t1 }
        for (name, matcher) in configurations {
            var stats = MatchStatistics()
            let actual: Result<[NodeID], any Error>
            do { actual = .success(try matcher.select(program, in: tree, predicates: predicates, budget: .unlimited,
                                                      statistics: &stats)) }
            catch { actual = .failure(error) }
            count.parallelScans += stats.parallelScans
            switch (expected, actual) {
            case let (.success(e), .success(a)) where e == a: continue
            case (.failure, .failure): continue
            default:
                let first = zip(expected.list, actual.list).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
                Issue.record("""
                    \(treeName) seed \(seed) program #\(k), matcher '\(name)': reference \(expected.summary), matcher \
                    \(actual.summary); first difference at \(first.map(String.init) ?? "the end")
                    \(program)
                    """)
            }
        }
    }
}

extension Result where Success == [NodeID] {
    var list: [NodeID] { (try? get()) ?? [] }
    var summary: String {
        switch self {
        case .success(let l): return "\(l.count) nodes \(l.prefix(12))\(l.count > 12 ? "…" : "")"
        case .failure(let e): return "error \(e)"
        }
    }
}

/// Random programs for `tree` from `seed`, then the directed ones.
func randomPrograms(_ tree: ViewTree, seed: UInt64, count: Int, directed: Bool = true) -> [SelectorProgram] {
    var rng = SplitMix64(seed: seed)
    let values = TreeValues(tree, rng: &rng)
    var generator = ProgramGenerator(rng: rng, values: values)
    return (0..<count).map { _ in generator.program() } + (directed ? directedPrograms(values) : [])
}

// MARK: tests

@Suite("Reference differential")
struct ReferenceDifferentialTests {
    @Test("generated apps of 10^3 views", arguments: [UInt64(1), 2])
    func smallApps(seed: UInt64) {
        let tree = SyntheticApp.generate(nodes: 1_000, seed: seed)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: seed &* 7919, count: 150), on: tree, treeName: "app 10^3", seed: seed,
                maxWork: 100_000, count: &count)
        #expect(count.programs > 150)
        #expect(count.nonEmpty > count.programs / 5)
        #expect(count.parallelScans > 0)
    }

    @Test("a generated app of 10^4 views")
    func mediumApp() {
        let tree = SyntheticApp.generate(nodes: 10_000, seed: 3)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 33, count: 20), on: tree, treeName: "app 10^4", seed: 3,
                maxWork: 200_000, count: &count)
        #expect(count.programs > 45)
        #expect(count.parallelScans > 0)
    }

    @Test("a generated app of 10^5 views: above the sample and parallel thresholds")
    func largeApp() {
        let tree = SyntheticApp.generate(nodes: 100_000, seed: 4)
        // Above `MatcherConfiguration`'s default parallel threshold only with a merged scan of
        // most of the tree; the right-to-left sample needs over 8,192 views reached.
        #expect(tree.count == 100_000)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 44, count: 2), on: tree, treeName: "app 10^5", seed: 4,
                maxWork: 400_000, configurations: [forcedConfigurations[0], forcedConfigurations[2], forcedConfigurations[5]],
                count: &count)
        #expect(count.programs > 35)
    }

    @Test("random trees with every column kind", arguments: [(UInt64(5), FramePolicy.all), (6, .none), (7, .some)])
    func randomTrees(seed: UInt64, frames: FramePolicy) {
        let tree = builtTree(nodes: 3_000, seed: seed, shape: .random, frames: frames)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: seed &* 31, count: 40), on: tree, treeName: "random 3000", seed: seed,
                maxWork: 100_000, count: &count)
        #expect(count.programs > 45)
        #expect(count.nonEmpty > count.programs / 5)
    }

    @Test("a 10^4-deep chain")
    func deepChain() {
        let tree = builtTree(nodes: 10_000, seed: 8, shape: .deep, frames: .all)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 88, count: 24), on: tree, treeName: "deep 10^4", seed: 8,
                maxWork: 60_000, count: &count)
        #expect(count.programs > 30)
    }

    @Test("a root with 10^4 children")
    func wideRoot() {
        let tree = builtTree(nodes: 10_001, seed: 9, shape: .wide, frames: .some)
        var count = DifferentialCount()
        compare(randomPrograms(tree, seed: 99, count: 30), on: tree, treeName: "wide 10^4", seed: 9,
                maxWork: 150_000, count: &count)
        #expect(count.programs > 30)
    }
}

// MARK: minimized mismatches

/// The matcher's and the reference's answers for one predicate over every node of `tree`.
private func bothAnswers(_ p: Predicate, _ tree: ViewTree) throws -> (matcher: [NodeID], reference: [NodeID]) {
    var b = ProgramBuilder(start: .document)
    b.descendants(p, unique: false)
    let program = b.build()
    return (try Matcher().select(program, in: tree), try ReferenceInterpreter(tree: tree).select(program))
}

@Suite("Reference differential: minimized cases")
struct ReferenceDifferentialRegressionTests {
    /// A generic column (mixed value types) holding a JSON boolean: `bitsSet` read it as 1 there,
    /// while the same boolean in a typed boolean column fails, as the doc's "a numeric property"
    /// says (found by `randomTrees`, seed 5; fixed in the resolver).
    @Test
    func bitsOfABooleanInAMixedColumn() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        let mixed = b.addNode(className: "UIView", parent: root)
        b.set("misc", .string("x"), on: root)
        b.set("misc", .bool(true), on: mixed)
        let (matcher, reference) = try bothAnswers(.bitsSet(property: "misc", mask: 1), b.build())
        #expect(matcher == reference)
    }

    /// The same JSON boolean in a typed column: both fail it.
    @Test func bitsOfABooleanInABooleanColumn() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        b.set("flag", .bool(true), on: root)
        let (matcher, reference) = try bothAnswers(.bitsSet(property: "flag", mask: 1), b.build())
        #expect(matcher == reference)
        #expect(matcher.isEmpty)
    }

    /// Part of a frame (`accessibilityFrame.x`) is a number (`ViewTree.value`, `number`,
    /// `hasProperty` read it); `bool` and `bitsSet` failed every node on it (fixed in the resolver).
    @Test
    func framePartsAsBooleansAndBits() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        b.setFrame("accessibilityFrame", Rect(x: 3, y: 0, width: 10, height: 10), on: root)
        let tree = b.build()
        for p in [Predicate.bool(property: "accessibilityFrame.x", true), .bitsSet(property: "accessibilityFrame.x", mask: 1),
                  .number(property: "accessibilityFrame.x", .equal, 3), .hasProperty("accessibilityFrame.maxX")] {
            let (matcher, reference) = try bothAnswers(p, tree)
            #expect(matcher == reference, "\(p)")
        }
    }

    /// Canonically equivalent spellings (precomposed `é`, `e` + U+0301; the Kelvin sign and `K`).
    /// The matcher compares them as equal in `equals` without options (the pool's `String` lookup)
    /// and in every case-insensitive test of a value that is not ASCII (`String` comparisons), but
    /// byte for byte everywhere else: `equals("Cafe\u{301}")` matches `Café` while
    /// `contains("Cafe\u{301}")` and `equals("Cafe\u{301}", noBreakSpaceAsSpace)` do not. The
    /// reference compares UTF-8 bytes throughout.
    @Test(.disabled("matcher bug: canonical equivalence in some string tests and not others"))
    func canonicalEquivalence() throws {
        var b = ViewTreeBuilder()
        let root = b.addNode(className: "UIWindow")
        for label in ["Café", "Cafe\u{301}", "\u{212A}elvin", "kelvin"] {
            b.setString("accessibilityLabel", label, on: b.addNode(className: "UILabel", parent: root))
        }
        let tree = b.build()
        for value in ["Café", "Cafe\u{301}", "Cafe", "kelvin", "Kelvin"] {
            for operation in [StringTest.Operation.equals, .contains, .hasPrefix, .hasSuffix] {
                for options in [StringTest.Options(), .caseInsensitive, .noBreakSpaceAsSpace] {
                    let p = Predicate.string(property: "accessibilityLabel", StringTest(operation, value, options: options))
                    let (matcher, reference) = try bothAnswers(p, tree)
                    #expect(matcher == reference, "\(p)")
                }
            }
        }
    }
}
