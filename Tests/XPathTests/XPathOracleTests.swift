import Glibc
import HierarchyFormats
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting
import XPathEngine

/// The Python interpreter with lxml that runs Tests/XPathTests/Oracle/xpath_oracle.py: the
/// environment variable VIEWSELECTORS_XPATH_ORACLE (`make test` sets it to .venv-oracle/bin/python,
/// which `make xpath-oracle` creates). Unset: the oracle tests are disabled; set to an interpreter
/// that is missing or lacks lxml: they fail.
let oraclePython: String? = getenv("VIEWSELECTORS_XPATH_ORACLE").map { String(cString: $0) }

let testsDirectory = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")

/// Runs the oracle on `file` for `expressions`; the element count and one answer per expression.
func runOracle(file: String, expressions: [String], renameByClass: Bool) throws -> (Int, [OracleAnswer]) {
    try runXPathOracle(python: try #require(oraclePython), script: testsDirectory + "/XPathTests/Oracle/xpath_oracle.py",
                       file: file, expressions: expressions, renameByClass: renameByClass)
}

/// Names and values the expression templates are filled with, picked from the tree itself.
struct OracleVocabulary {
    var e: String, f: String
    var a: String, b: String, n: String, n2: String, t: String
    var v: String, w: String

    static func pick(_ tree: ViewTree, a: String, b: String, n: String, n2: String, t: String) -> OracleVocabulary {
        var counts: [Int32: Int] = [:]
        for c in tree.classIDs { counts[c, default: 0] += 1 }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { tree.classes.names[Int($0.key)] }
        func commonValue(_ name: String) -> String {
            var seen: [String: Int] = [:]
            var order: [String] = []
            for i in 0..<tree.count {
                guard let v = tree.value(name, of: NodeID(i)) else { continue }
                let s = XPathText.attribute(v)
                if s.isEmpty { continue }
                if seen[s] == nil { order.append(s) }
                seen[s, default: 0] += 1
            }
            return order.max { seen[$0]! < seen[$1]! } ?? "none"
        }
        return OracleVocabulary(e: ranked[0], f: ranked.count > 1 ? ranked[1] : ranked[0], a: a, b: b, n: n, n2: n2, t: t,
                                v: commonValue(a), w: commonValue(b))
    }
}

/// XPath literal for a test value (no escapes in XPath: both quote kinds need concat()).
func xq(_ s: String) -> String {
    if !s.contains("'") { return "'" + s + "'" }
    if !s.contains("\"") { return "\"" + s + "\"" }
    return "concat('" + s.replacing("'", with: "', \"'\", '") + "')"
}

/// The expression table: every axis, every function, positional forms, unions, comparisons between
/// the types, nested predicates, and relative paths, which both evaluate from the document element
/// (the oracle sets it as the context node, as WebDriverAgent does). `real: false` rows read what a
/// recording's document has and the tree does not (whitespace text nodes, derived attributes).
func oracleExpressions(_ x: OracleVocabulary, real: Bool) -> [String] {
    let E = x.e, F = x.f, A = x.a, B = x.b, N = x.n, N2 = x.n2, T = x.t
    let V = xq(x.v), W = xq(x.w)
    let vPrefix = xq(String(x.v.prefix(3))), wPrefix = xq(String(x.w.prefix(2)))
    let vPart = xq(String(x.v.dropFirst(1).prefix(3)))
    let upper = "'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'"
    var out = [
        "//\(E)", "//\(F)", "//*", "/*", "/*/*", "/*/*/*[1]",
        "//\(E)[1]", "//\(E)[2]", "//\(E)[last()]", "//\(E)[last()-1]",
        "(//\(E))[1]", "(//\(E))[2]", "(//\(E))[last()]", "(//\(E))[position() > 3 and position() < 8]",
        "//\(E)[position() mod 2 = 0]", "//\(E)[@\(A)]", "//\(E)[not(@\(A))]",
        "//*[@\(A)=\(V)]", "//*[@\(A)!=\(V)]", "//*[@\(B)=\(W)]", "//\(E)[@\(A)=\(V)][1]", "(//*[@\(A)=\(V)])[last()]",
        "//*[contains(@\(A), \(vPart))]", "//*[starts-with(@\(A), \(vPrefix))]", "//*[starts-with(@\(B), \(wPrefix))]",
        "//*[string-length(@\(A)) > 5]", "//*[string-length(@\(B)) = 0]", "//*[normalize-space(@\(B)) != @\(B)]",
        "//*[translate(@\(A), \(upper)) = translate(\(V), \(upper))]",
        "//*[substring(@\(A), 1, 3) = substring(\(V), 1, 3)]", "//*[substring(@\(A), 2) = substring(\(V), 2)]",
        "//*[substring-before(@\(A), ' ') != '']", "//*[substring-after(@\(A), ' ') != '']",
        "//*[concat(@\(A), '|', @\(B)) = concat(\(V), '|', @\(B))]",
        "//*[@\(N) > 100]", "//*[@\(N) = 0]", "//*[@\(N) >= 10 and @\(N) < 50]", "//*[@\(N) * 2 > @\(N2)]",
        "//*[@\(N) div 2 = floor(@\(N) div 2)]", "//*[@\(N) mod 3 = 1]", "//*[round(@\(N) div 7) = 3]",
        "//*[ceiling(@\(N) div 10) = 5]", "//*[-@\(N) < -200]", "//*[number(@\(N)) = @\(N)]",
        "//*[@\(T)='true']", "//*[@\(T)='false']", "//*[@\(T)='1']", "//*[@\(T)=true()]", "//*[boolean(@\(T))]",
        "//*[count(*) = 0]", "//*[count(*) > 2]", "//*[count(*) = 1]/*", "//*[count(.//\(E)) > 3]",
        "//*[sum(*/@\(N)) > 100]",
        "//\(E)/..", "//\(E)/parent::*", "//\(E)/parent::\(F)", "//\(E)/ancestor::*", "//\(E)/ancestor::*[1]",
        "//\(E)/ancestor::*[last()]", "//\(E)/ancestor::\(F)[2]", "//\(E)/ancestor-or-self::*[2]",
        "//\(E)/following-sibling::*", "//\(E)/following-sibling::*[1]", "//\(E)/following-sibling::\(E)[last()]",
        "//\(E)/preceding-sibling::*", "//\(E)/preceding-sibling::*[1]", "//\(E)/preceding-sibling::\(F)[2]",
        "(//\(E))[3]/following::*[1]", "(//\(E))[last()]/preceding::*[3]", "(//\(F))[2]/following::\(E)",
        "(//\(E))[5]/preceding::\(F)", "//\(E)/self::\(E)", "//\(F)/self::\(E)", "//\(F)//\(E)", "//\(F)/\(E)",
        "//\(F)//\(E)[1]", "//\(F)/descendant::\(E)[1]", "//\(F)/descendant-or-self::*[1]", "/descendant::*[7]",
        "/descendant-or-self::\(E)[3]", "//\(E) | //\(F)", "//\(F) | //\(E)[1]", "(//\(E) | //\(F))[position() <= 5]",
        "//*[self::\(E) or self::\(F)]", "//*[self::\(E) and @\(A)]", "//*[name() = '\(F)']", "//*[local-name() = '\(E)']",
        "//*[name(..) = '\(F)']", "//*[substring(name(), 1, 12) = substring('\(E)', 1, 12)]",
        "//*[\(E)]", "//*[\(E)][\(F)]", "//*[\(E) and not(\(F))]", "//*[\(E)[@\(A)]]", "//*[*[1][self::\(E)]]",
        "//*[*[last()][self::\(F)]]", "//*[@\(A) = ../@\(A)]", "//*[@\(A) = following-sibling::*/@\(A)]",
        "//*[@\(N) = preceding-sibling::*/@\(N)]", "//*[@\(N) < ../@\(N)]", "//*[*/@\(N) > @\(N)]",
        "//*[@\(A) = //\(F)/@\(A)]", "//\(E)[count(preceding-sibling::*) = 2]", "//\(E)[count(following-sibling::*) = 0]",
        "//\(E)[position() = last()]", "//\(E)[position() = 1 and position() = last()]", "//*[last() = 1]",
        "//*[position() = 2]", "//*[2][self::\(E)]", "//*[self::\(E)][2]", "//\(E)[1][@\(A)]", "//\(E)[@\(A)][1]",
        "//*[string(@\(A)) = \(V)]", "//*[@\(A) = string(\(V))]", "//*[boolean(@\(A)) = false()]", "//*[@\(A) > 5]",
        "//*[@\(A) != ''][1]", "//*[not(@\(A) = \(V))]", "//*[@\(B) = @\(A)]", "//*[@\(B) != @\(A)]",
        "(//*)[true()]", "(//*)[1 = 1][3]", "//*[1 = 1 = true()]", "//*[(1 + 2) * 3 = 9][1]", "//*[10 div 4 = 2.5][2]",
        "//*[5 mod -3 = 2][1]", "//*['a' < 'b']", "//*['2' < '10'][1]", "//*[number('  12  ') = 12][1]",
        "//*[number('1e3') != number('1e3')][1]", "//*[string(1 div 0) = 'Infinity'][1]", "//*[string(0.5) = '0.5'][1]",
        "//*[substring('12345', 1.5, 2.6) = '234'][1]", "//*[substring('12345', 0, 3) = '12'][1]",
        "//*[contains(@\(A), '')][1]", "//*[@*][1]", "//*[not(@*)]", "//*[@\(A) and @\(B)][last()]",
        "//*[@\(A) or @\(B)][2]", "//\(E)[@\(N) = //\(E)[1]/@\(N)]", "//*[count(ancestor::*) = 3]",
        "//*[count(ancestor::\(F)) >= 2][1]", "(//\(E))[count(//\(E))]", "(//\(E))[round(count(//\(E)) div 2)]",
        "//*[@\(A) < @\(B)]", "//*[@\(N) = true()]", "//*[@\(N) != false()][last()]", "//*[not(not(@\(A)))][1]",
        "//\(E)[../\(F)]", "//\(E)[../../\(F)]", "//*[\(F)/\(E)]", "//\(F)[.//\(E)[2]]", "/*//\(E)[3]",
        "//\(E)[ancestor::\(F)]", "//\(E)[not(ancestor::\(F))]", "//*[following-sibling::\(E)][1]",
        "//*[preceding-sibling::\(F) and following-sibling::\(F)]", "//*[following::\(E)[1]/@\(A) = @\(A)]",
        "//\(E)/following::*[2] | //\(F)/preceding::*[2]", "//*[@\(A) = 'no such value']",
        "//*[translate(@\(N), '0123456789', '') = '']", "//*[string-length(normalize-space(@\(B))) > 3][1]",
        "//*[starts-with(concat(@\(A), 'x'), 'x')]", "//*[substring-before(concat(@\(N), '.'), '.') = '0']",
        "//\(E)[last()][1]", "//\(E)[1][last()]", "(//\(E))[1]/following-sibling::*[last()]",
        "//*[-(-@\(N)) = @\(N)][2]", "//*[@\(N) - 1 = @\(N) - 1.0][3]",
        // Relative paths: from the document element.
        ".", "*", "*/*", "*[1]", "*[last()]/*", "./*", "..", ".//\(E)", "*//\(E)[1]", "(*/*)[1]", "\(F)",
        "\(E) | //\(F)", "self::*", "self::*[@\(A)]", "*[\(E)]", "descendant::\(E)[2]", "(.//\(F))[last()]",
        "ancestor-or-self::*", "following-sibling::*", "*/following-sibling::*[1]",
        // round() keeps the sign of zero.
        "(//*)[1 div round(-0) < 0][1]", "(//*)[1 div round(-0.2) < 0][1]", "(//*)[1 div round(0) > 0][1]",
        // Refused by both: not node-sets, or not elements.
        "count(//\(E))", "//*[@\(A)]/@\(A)", "string(//\(E))", "//*[@\(A)]/@*", "count(*)", "@*",
    ]
    if real {
        out += []
    } else {
        out += ["//node()[1]", "//*[not(node())]", "//*[count(node()) = count(*)]", "//*[@*[1] = @uid]"]
    }
    return out
}

@Suite(.enabled(if: oraclePython != nil, "VIEWSELECTORS_XPATH_ORACLE names no Python with lxml"))
struct XPathOracleTests {
    static let registry: EngineRegistry = {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial))
        try! r.register(XPathEngine())
        return r
    }()

    /// Compares the engine with libxml2 on `file`, expression by expression; returns the table size.
    @discardableResult
    func compare(file: String, tree: ViewTree, vocabulary: OracleVocabulary, real: Bool,
                 renameByClass: Bool = false) throws -> Int {
        let expressions = oracleExpressions(vocabulary, real: real)
        let (count, answers) = try runOracle(file: file, expressions: expressions, renameByClass: renameByClass)
        #expect(count == tree.count, "element i of the document is view i of the tree")
        var agreed = 0
        for (expression, answer) in zip(expressions, answers) {
            let ours: OracleAnswer
            do { ours = .nodes(try Self.registry.select(expression, engine: "xpath", in: tree).map(Int.init)) }
            catch { ours = .refused(error.description) }
            switch (answer, ours) {
            case let (.nodes(a), .nodes(b)):
                #expect(a == b, "\(expression) on \(file)")
                if a == b { agreed += 1 }
            case (.refused, .refused): agreed += 1
            default: Issue.record("\(expression) on \(file): libxml2 \(answer), engine \(ours)")
            }
        }
        #expect(agreed == expressions.count)
        return expressions.count
    }

    static let xcuitest = ["xcuitest_ios26_icecubes_timeline_mobium.xml", "xcuitest_ios26_kiwix_main_page_mobium.xml",
                           "xcuitest_ios26_pocketcasts_discover_mobium.xml", "xcuitest_ios_settings_zh_uiautodev.xml"]
    static let uiautomator = ["uiautomator_android_wecom_window_dump.xml", "android_wechat_miniprogram_appcrawler.xml"]

    @Test(arguments: xcuitest)
    func xcuitestRecording(_ name: String) throws {
        let file = testsDirectory + "/Fixtures/real/" + name
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(file)).0
        try compare(file: file, tree: tree,
                    vocabulary: .pick(tree, a: "name", b: "label", n: "y", n2: "width", t: "accessible"), real: true)
    }

    @Test(arguments: uiautomator)
    func uiautomatorRecording(_ name: String) throws {
        let file = testsDirectory + "/Fixtures/real/" + name
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(file)).0
        try compare(file: file, tree: tree,
                    vocabulary: .pick(tree, a: "resource-id", b: "text", n: "index", n2: "index", t: "clickable"),
                    real: true, renameByClass: true)
    }

    /// A generated app of a few thousand views, written as the engine's page source.
    @Test func generatedTree() throws {
        let tree = SyntheticApp.generate(nodes: 3_000, seed: 7)
        let file = try writePageSource(tree, "generated")
        try compare(file: file, tree: tree,
                    vocabulary: .pick(tree, a: "accessibilityLabel", b: "accessibilityLabel", n: "uid", n2: "uid", t: "isHidden"),
                    real: false)
    }

    /// Frank's /dump of UICatalog: every dump key an attribute.
    @Test func frankDump() throws {
        let tree = try ViewTree.loadDump(try FileIO.read(testsDirectory + "/Fixtures/frank-dump-uicatalog.json"))
        let file = try writePageSource(tree, "frank")
        try compare(file: file, tree: tree,
                    vocabulary: .pick(tree, a: "accessibilityLabel", b: "text", n: "tag", n2: "alpha", t: "isHidden"),
                    real: false)
    }

    /// The oracle itself: a missing interpreter is a failure, not a skip.
    @Test func oracleRuns() throws {
        let tree = SyntheticApp.generate(nodes: 50, seed: 1)
        let file = try writePageSource(tree, "small")
        let (count, answers) = try runOracle(file: file, expressions: ["/*", "count(/*)"], renameByClass: false)
        #expect(count == 50)
        #expect(answers.first == .nodes([0]))
    }

    func writePageSource(_ tree: ViewTree, _ name: String) throws -> String {
        let path = "/tmp/xpath-oracle-\(name)-\(getpid()).xml"
        try FileIO.write(Array(XPathEngine.pageSource(of: tree).utf8), to: path)
        return path
    }
}
