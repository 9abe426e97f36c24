import FRYEngine
import HierarchyFormats
@testable import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors
import ViewSelectorsTesting

// Issue 30, "one meaning, one plan": a FRY lookup costs what the same meaning costs in any other
// engine. Its `¬kindOf(UIApplication)` folds into the class mask (ClassFoldingTests has the
// core's side), and its label test, newlines read as spaces, is plain value-id equalities rather
// than a compare of every distinct label. Costs are read from the resolved test and the
// matcher's counters, never from a clock; results are checked against the reference interpreter
// and against FRY's meaning computed directly from the recorded labels.

/// A generated app under a `UIApplication`, as a device dump starts, with half the `Row 7-…` and
/// `Item 2-…` labels recorded with a newline for the space, and a second window of labels with
/// several spaces, some spelled with newlines.
private func appTree(nodes: Int, seed: UInt64) throws -> ViewTree {
    let app = SyntheticApp.generate(nodes: nodes, seed: seed)
    var json = app.dumpJSON()
    for prefix in ["Row 7-", "Item 2-", "Toggle 1"] { respellEveryOther(&json, "\"\(prefix)") }
    let labels = ["Log In Now", "Log\nIn Now", "Log In\nNow", "Log\nIn\nNow", "Log  In Now", "Log\n\nIn Now",
                  "a b c d e f g h", "a\nb c d e f g\nh", "a b c d e f g", "a\r\nb", "a\rb", " lead", "\nlead", "trail\n"]
    let second = labels.enumerated().map { k, label in
        "{\"class\":\"UILabel\",\"uid\":\"m\(k)\",\"accessibilityLabel\":\(JSONValue.string(label).jsonString)}"
    }.joined(separator: ",")
    let bytes = Array("{\"class\":\"UIApplication\",\"uid\":\"app\",\"subviews\":[".utf8) + json
        + Array(",{\"class\":\"UIWindow\",\"uid\":\"w2\",\"subviews\":[\(second)]}]}".utf8)
    return try ViewTree.loadDump(bytes)
}

/// Every other occurrence of `"prefix` with its first space written as an escaped newline.
private func respellEveryOther(_ json: inout [UInt8], _ prefix: String) {
    let p = Array(prefix.utf8), space = p.firstIndex(of: 0x20)!
    var out: [UInt8] = [], i = 0, seen = 0
    out.reserveCapacity(json.count + 4096)
    while i < json.count {
        if json[i] == p[0], i + p.count <= json.count, Array(json[i..<(i + p.count)]) == p {
            seen += 1
            if seen % 2 == 0 {
                out += p[..<space] + Array("\\n".utf8) + p[(space + 1)...]
                i += p.count; continue
            }
        }
        out.append(json[i]); i += 1
    }
    json = out
}

/// A registry with the fry engine only, serial.
private let registry: EngineRegistry = {
    let r = EngineRegistry(matcher: Matcher(configuration: .serial))
    try! r.register(FRYEngine())
    return r
}()

/// FRY's meaning of `accessibilityLabel(wanted)` on one view: its label with each newline read as
/// a space is `wanted`, byte for byte (`fry_accessibilityLabel`'s `isEqualToString:`). A wanted
/// label holding a newline is the plain equality the engine has always kept for it.
private func fryLabelHolds(_ wanted: String, _ v: NodeID, in tree: ViewTree) -> Bool {
    guard case .string(let label)? = tree.value(PropertyName.accessibilityLabel, of: v) else { return false }
    if wanted.utf8.contains(0x0A) { return Array(label.utf8) == Array(wanted.utf8) }
    return label.utf8.map { $0 == 0x0A ? 0x20 : $0 } == Array(wanted.utf8)
}

/// The program's result against the reference interpreter's, with the matcher's counters.
private func checkAgainstReference(_ selector: String, in tree: ViewTree, _ name: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) throws -> (ids: [NodeID], stats: MatchStatistics) {
    let program = try registry.compile(selector, engine: "fry").program
    var stats = MatchStatistics()
    let actual = try Matcher(configuration: .serial).select(program, in: tree, predicates: registry.predicates,
                                                            budget: .unlimited, statistics: &stats)
    let reference = ReferenceInterpreter(tree: tree, predicates: registry.predicates)
    #expect(actual == (try reference.select(program)), "\(name): \(selector)", sourceLocation: sourceLocation)
    return (actual, stats)
}

@Suite("FRY costs what the same meaning costs elsewhere, with FRY's results")
struct FRYCostTests {
    static let labelsWanted = ["Row 7-3", "Row 7-1", "Item 2-1", "Toggle 1", "Log In Now", "Log  In Now",
                               "a b c d e f g h", "a b c d e f g", "a\r b", "a\r\nb", " lead", "trail ", "Log\nIn Now"]

    // 4 x 10^4 views is above every planner threshold but the parallel scan's (ParallelEqualityTests
    // has that one); 10^5 took a tenth of `make test`'s serial time for no route 4 x 10^4 misses.
    @Test("results equal the reference's, and labels FRY's meaning, on apps of 10^4 and 4 x 10^4 views",
          arguments: [(10_000, UInt64(5)), (40_000, 6)])
    func generatedApps(_ nodes: Int, _ seed: UInt64) throws {
        let tree = try appTree(nodes: TestScale.views(nodes), seed: seed)
        let name = "app \(tree.count)"
        for selector in [
            "FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))",
            "FRY.lookup(ofKind(UITableViewCell)).lookup(accessibilityLabel(\"Row 7-1\"))",
            "FRY.lookup([ofKind(UIButton), isVisible])", "FRY.lookup(ofKind(UILabel)).shallow()",
            "FRY.lookup(parentViewOfClass(UITableViewCell))", "FRY.lookup([]).shallow()",
            "FRY.lookup(\"fry_accessibilityLabel == 'Row 7-3' || fry_accessibilityLabel == 'Item 2-1'\")",
        ] { _ = try checkAgainstReference(selector, in: tree, name) }
        let everyView = (0..<Int32(tree.count)).map { $0 }
        for wanted in Self.labelsWanted {
            let expected = everyView.filter { fryLabelHolds(wanted, $0, in: tree) }
            let literal = FRYEngine.literal(wanted)
            let (ids, stats) = try checkAgainstReference("FRY.lookup(accessibilityLabel(\(literal)))", in: tree, name)
            #expect(ids == expected, "\(name): \(wanted)")
            let labels = expected.filter { tree.isKind($0, of: "UILabel") }
            #expect(try checkAgainstReference("FRY.lookup([ofKind(UILabel), accessibilityLabel(\(literal))])", in: tree, name).ids
                    == labels, "\(name): \(wanted)")
            #expect(try checkAgainstReference("FRY.lookup(\(FRYEngine.literal("fry_accessibilityLabel == \(FRYEngine.literal(wanted))")))",
                                              in: tree, name).ids == expected, "\(name): \(wanted)")
            // FRY's first match: the outermost match in the front-most window holding one.
            let first = try checkAgainstReference("FRY.lookup(accessibilityLabel(\(literal))).shallow()", in: tree, name).ids
            #expect(first.count == min(1, expected.count) && first.allSatisfy(expected.contains), "\(name): \(wanted)")
            // Up to six spaces the label is value-id equalities: no distinct value is compared.
            let spaces = wanted.utf8.filter { $0 == 0x20 }.count
            if spaces <= 6 { #expect(stats.stringEvaluations == 0, "\(name): \(wanted)") }
        }
    }

    @Test("a lookup's class test and the application's exclusion resolve to the plain class mask")
    func lookupResolvesToOneClassMask() throws {
        let tree = try appTree(nodes: 10_000, seed: 7)
        #expect(tree.isKind(0, of: "UIApplication"))
        var resolver = Resolver(tree: tree, predicates: registry.predicates, matcher: Matcher(configuration: .serial),
                                deadline: MatchDeadline(nil))
        func filters(_ selector: String) throws -> [NodeTest] {
            try registry.compile(selector, engine: "fry").program.steps.compactMap {
                guard case .axis(_, _, let filter, _) = $0 else { return nil }
                return try resolver.nodeTest(filter)
            }
        }
        let cells = try filters("FRY.lookup(ofKind(UITableViewCell)).lookup(ofKind(UIImageView))")
        #expect(cells.count == 2)
        for (test, cls) in zip(cells, ["UITableViewCell", "UIImageView"]) {
            #expect(test.rest == nil && test.stringIDs == nil && !test.never)
            #expect(test.classMask == (try resolver.nodeTest(.kindOf(cls))).classMask)
        }
        // A switch's label recorded in both spellings (a row's label is one view's).
        var recorded = Set<String>()
        for v in 0..<Int32(tree.count) {
            if case .string(let l)? = tree.value(PropertyName.accessibilityLabel, of: v) { recorded.insert(l) }
        }
        let toggle = try #require((0..<50).map { "Toggle \($0)" }.first { recorded.contains($0) && recorded.contains("Toggle\n" + $0.dropFirst(7)) })
        let label = try #require(try filters("FRY.lookup([ofKind(UISwitch), accessibilityLabel(\"\(toggle)\")])").first)
        let plain = try resolver.nodeTest(.and([.kindOf("UISwitch"), .string(property: PropertyName.accessibilityLabel, .equals(toggle))]))
        #expect(label.rest == nil && label.classMask == plain.classMask)
        // Both spellings were recorded: one mask holding their two value ids.
        #expect(label.stringMask.map { $0.filter { $0 }.count } == 2)
    }

    @Test("past six spaces the label is compared value by value, with the same meaning")
    func manySpaces() throws {
        let tree = try appTree(nodes: 1_000, seed: 8)
        let (ids, stats) = try checkAgainstReference("FRY.lookup(accessibilityLabel(\"a b c d e f g h\"))", in: tree, "app 1000")
        #expect(ids.map { tree.uidString(of: $0) } == ["m6", "m7"])
        #expect(stats.stringEvaluations > 0)
    }

    @Test("on real recordings, FRY lookups of their own classes and labels equal the reference and FRY's meaning",
          arguments: ["android_wechat_miniprogram_appcrawler.xml", "calabash_ios_console_dump.json",
                      "uiautomation_ios_safari_iphone_iosdriver.json", "uiautomator_android_wecom_window_dump.xml",
                      "xcuitest_ios26_icecubes_timeline_mobium.xml", "xcuitest_ios26_kiwix_main_page_mobium.xml",
                      "xcuitest_ios26_pocketcasts_discover_mobium.xml", "xcuitest_ios_settings_zh_uiautodev.xml"])
    func realRecordings(_ file: String) throws {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read("/" + tests + "/Fixtures/real/" + file)).0
        // The most frequent classes a FRY class name can spell, and labels with and without spaces.
        var counts: [String: Int] = [:]
        for c in tree.classIDs { counts[tree.classes.names[Int(c)], default: 0] += 1 }
        let classes = counts.filter { c in c.key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
            .sorted { ($0.value, $0.key) > ($1.value, $1.key) }.prefix(4).map(\.key)
        var labels: [String] = [], spaced = 0, plain = 0
        for v in 0..<Int32(tree.count) {
            guard case .string(let l)? = tree.value(PropertyName.accessibilityLabel, of: v), !labels.contains(l) else { continue }
            if l.contains(" ") && spaced < 6 { labels.append(l); spaced += 1 }
            else if !l.contains(" ") && plain < 3 { labels.append(l); plain += 1 }
        }
        var selectors: [String] = []
        for c in classes {
            selectors.append("FRY.lookup(ofKind(\(c)))")
            selectors.append("FRY.lookup([ofKind(\(c)), isVisible]).shallow()")
            for d in classes where d != c { selectors.append("FRY.lookup(ofKind(\(c))).lookup(ofKind(\(d)))") }
        }
        for s in selectors { _ = try checkAgainstReference(s, in: tree, file) }
        let everyView = (0..<Int32(tree.count)).map { $0 }
        for wanted in labels + labels.map({ String($0.map { $0 == "\n" ? " " : $0 }) }) {
            let expected = everyView.filter { fryLabelHolds(wanted, $0, in: tree) && !tree.isKind($0, of: "UIApplication") }
            let literal = FRYEngine.literal(wanted)
            #expect(try checkAgainstReference("FRY.lookup(accessibilityLabel(\(literal)))", in: tree, file).ids == expected,
                    "\(file): \(wanted)")
            if let c = classes.first {
                #expect(try checkAgainstReference("FRY.lookup([ofKind(\(c)), accessibilityLabel(\(literal))])", in: tree, file).ids
                        == expected.filter { tree.isKind($0, of: c) }, "\(file): \(wanted)")
            }
        }
    }
}
