import Glibc
import HierarchyFormats
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting
@testable import XPathEngine

// Path-existence predicates (`[ancestor::A]`, `[.//A]`, `[A]`, `[parent::A]`) compile to the
// core's structural predicates and steps (issue 30). Each form is checked three ways: the program
// holds no engine step of the interpreter's; the matcher's answer equals the reference
// interpreter's on the same program; and it equals the XPath interpreter's own answer for the
// expression with every compile-time analysis removed (the evaluation the engine ran before),
// and libxml2's where the oracle is installed.

/// The expression with what the compiler learnt about its predicates forgotten, so that the
/// evaluator runs every predicate itself, node by node, as XPath defines it.
private func interpreted(_ e: XExpr) -> XExpr {
    func step(_ s: XStep) -> XStep { XStep(axis: s.axis, test: s.test, predicates: s.predicates.map(predicate)) }
    func predicate(_ p: XPredicate) -> XPredicate {
        var q = p
        q.expr = interpreted(p.expr)
        q.core = nil
        q.existence = nil
        q.attributeEquality = nil
        return q
    }
    switch e {
    case .literal, .number, .pattern: return e
    case let .path(absolute, steps): return .path(absolute: absolute, steps: steps.map(step))
    case let .filter(primary, preds, steps): return .filter(interpreted(primary), preds.map(predicate), steps: steps.map(step))
    case .union(let es): return .union(es.map(interpreted))
    case .or(let es): return .or(es.map(interpreted))
    case .and(let es): return .and(es.map(interpreted))
    case let .compare(first, rest): return .compare(interpreted(first), rest.map { ($0.0, interpreted($0.1)) })
    case let .arith(first, rest): return .arith(interpreted(first), rest.map { ($0.0, interpreted($0.1)) })
    case .negate(let x): return .negate(interpreted(x))
    case let .matches(x, regex): return .matches(interpreted(x), regex)
    case let .call(f, args): return .call(f, args.map(interpreted))
    case let .invariant(key, inner): return .invariant(key, interpreted(inner))
    }
}

/// The expression run by the XPath interpreter alone, from the document element.
private func interpreterProgram(_ text: String) throws -> SelectorProgram {
    var parser = XPathParser(text)
    try parser.advance()
    let e = try parser.parseOr()
    var b = ProgramBuilder(start: .document)
    b.engine(XPathDocumentElementStep())
    b.engine(XPathExpressionStep(expr: interpreted(e), keys: parser.coreKeys, programs: [:]))
    return b.build()
}

/// The engine steps of a program, its members' included, other than the two that only set the
/// context (the root node, the document element).
private func interpreterSteps(_ program: SelectorProgram) -> [String] {
    program.steps.flatMap { step -> [String] in
        switch step {
        case .engine(let e) where e is XPathRootStep || e is XPathDocumentElementStep: return []
        case .engine(let e): return [e.description]
        case .union(let members): return members.flatMap(interpreterSteps)
        default: return []
        }
    }
}

/// Expressions over three class names (`E` inside `F` inside `G`, as far as the tree has them)
/// and an attribute of `F` with one of its values.
private func structuralExpressions(e E: String, f F: String, g G: String, a A: String, v: String) -> [String] {
    let V = xq(v)
    return [
        // ancestor:: and ancestor-or-self:: (core predicates)
        "//\(E)[ancestor::\(F)]", "//\(E)[ancestor::*]", "//*[ancestor::\(F)]", "//\(E)[ancestor-or-self::\(F)]",
        "//\(F)[ancestor-or-self::\(F)]", "//*[ancestor-or-self::\(G)]", "//\(E)[ancestor::\(F)][ancestor::\(G)]",
        "//\(E)[ancestor::\(F)[ancestor::\(G)]]", "//\(E)[ancestor::\(F)[@\(A)]]", "//\(E)[ancestor::\(F)[@\(A)=\(V)]]",
        "//\(E)[ancestor::\(F)[not(@\(A)=\(V))]]", "//\(E)[ancestor::\(F)[1]]", "//\(E)[ancestor::\(F)[last()]]",
        "//\(E)[ancestor::\(F)[@\(A)][1]]", "//\(E)[ancestor::\(F)[2]]", "//\(E)[ancestor::\(F)[1][@\(A)]]",
        "//\(E)[not(ancestor::\(F))]", "//\(E)[ancestor::\(F) or @\(A)]", "//\(E)[./ancestor::\(F)]",
        "//*[ancestor::node()]", "//*[ancestor-or-self::node()]", "//*[ancestor::*[ancestor::*[ancestor::\(G)]]]",
        // with positions, before and after
        "//\(E)[ancestor::\(F)][2]", "//\(E)[2][ancestor::\(F)]", "//\(E)[ancestor::\(F)][last()]",
        "//\(E)[last()][ancestor::\(F)]", "(//\(E)[ancestor::\(F)])[3]", "(//\(E)[ancestor::\(F)])[last()]",
        "//\(F)/\(E)[ancestor::\(G)][1]", "//\(E)[position() > 1][ancestor::\(F)]",
        // the document element and the root node
        "/*[ancestor::*]", "/*[ancestor-or-self::*]", "/*[ancestor::node()]", "self::node()[ancestor::*]", "self::*[ancestor-or-self::*]",
        "*[ancestor::*]", "*[ancestor::\(G)]", "//*[not(ancestor::*)]", "/*/*[ancestor::*][1]",
        // other steps with them
        "//\(F)//\(E)[ancestor::\(F)]", "//\(E)[ancestor::\(F)]/..", "//\(E)/ancestor::*[ancestor::\(G)]",
        "//\(E)/parent::*[ancestor-or-self::\(F)]", "//\(E) | //\(F)[ancestor::\(G)]",
        // from the root node: scans of the ancestors' subtrees, then the other filters
        "/descendant::\(E)[ancestor::\(F)]", "//\(E)[ancestor::\(F)][parent::\(F)]", "//\(E)[ancestor::*][parent::\(G)]",
        "//*[ancestor::\(F)][\(E)]", "//\(E)[ancestor::\(G)][.//\(E)]", "//\(E)[ancestor::\(F)[ancestor::\(G)]][@\(A)]",
        "//\(E)[@\(A) = //\(F)[ancestor::\(G)]/@\(A)]", "//\(E)[ancestor::\(F)]//\(E)[ancestor::\(G)]",
        // descendants, children, parents (core steps)
        "//\(F)[.//\(E)]", "//\(F)[descendant::\(E)]", "//\(F)[descendant-or-self::\(E)]", "//\(E)[descendant-or-self::\(E)]",
        "//\(F)[\(E)]", "//\(F)[./\(E)]", "//\(F)[child::\(E)]", "//*[\(E)]", "//*[.//\(E)[@\(A)]]",
        "//\(E)[parent::\(F)]", "//\(E)[parent::*]", "//*[parent::\(F)]", "/*[parent::*]", "/*[\(E)]", "/*[.//\(E)]",
        "//\(E)[parent::\(F)][.//\(G)]", "//\(E)[.//\(G)][parent::\(F)]", "//\(E)[parent::\(F)][parent::*]",
        "//\(F)[\(E)][@\(A)]", "//\(F)[@\(A)=\(V)][.//\(E)]", "//\(F)[\(E)][.//\(G)][ancestor::\(G)]",
        "//\(F)[.//\(E)][2]", "//\(F)[2][.//\(E)]", "//\(F)[\(E)][last()]", "//\(E)[parent::\(F)][1]",
        "//\(F)[count(.//\(E)) > 1][\(E)]", "*[.//\(E)]", ".//\(E)[parent::\(F)]", "*/\(F)[parent::*]",
        "//\(F)/\(E)[parent::\(F)]", "//\(F)/*[parent::\(G)]", "//\(E)/ancestor::*[parent::\(F)]",
        "//\(E)/parent::*[\(E)]", "//\(E)/parent::*[parent::\(F)]", "//\(E)/descendant-or-self::*[parent::\(F)]",
        "//\(E)/self::*[parent::\(F)]", "//\(F)/descendant::*[parent::\(F)][.//\(E)]",
    ]
}

/// The three classes most views have, most common first.
private func commonClasses(_ tree: ViewTree) -> [String] {
    var counts: [Int32: Int] = [:]
    for c in tree.classIDs { counts[c, default: 0] += 1 }
    let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    let names = ranked.map { tree.classes.names[Int($0.key)] }
    return (0..<3).map { names[min($0, names.count - 1)] }
}

@Suite struct XPathStructuralPredicateTests {
    static let registry: EngineRegistry = {
        let r = EngineRegistry(matcher: Matcher(configuration: .serial))
        try! r.register(XPathEngine())
        return r
    }()

    /// The first program is the block in Docs/Engines/XPath.md, "From the root node".
    @Test("from the root node, an ancestor predicate is a scan of the ancestors' subtrees, as Shelley's plan")
    func issueExpressionIsShelleysPlan() throws {
        let program = try XPathEngine().compile("//UIButton[@accessibilityLabel='Delete'][ancestor::UITableViewCell]")
        #expect(program.description == """
            start .document
            1  engine xpath /
            2  axis descendants  document  filter memberOf(UITableViewCell)  unique
            3  axis descendants  document  filter memberOf(UIButton) ∧ accessibilityLabel == "Delete"  unique
            """)
        #expect(try XPathEngine().compile("//A[ancestor::B[ancestor::C]][ancestor::D]").description == """
            start .document
            1  engine xpath /
            2  axis descendants  document  filter memberOf(C)  unique
            3  axis descendants  document  filter memberOf(B)  unique
            4  axis descendants  document  filter memberOf(A) ∧ ancestor(memberOf(D))  unique
            """)
        #expect(try XPathEngine().compile("/descendant::A[ancestor::*]").description == """
            start .document
            1  engine xpath /
            2  axis children     document  filter any  unique
            3  axis descendants  document  filter memberOf(A)  unique
            """)
        let combined = try XPathEngine().compile("//A[@name='x y'][.//B][parent::C][D]")
        #expect(combined.description == """
            start .document
            1  engine xpath /
            2  axis descendants  document  filter memberOf(C)  unique
            3  axis children     document  filter memberOf(A) ∧ name == "x y"  unique
            4  sort
            5  has descendant(memberOf(B))
            6  axis children     document  filter memberOf(D)  unique
            7  axis parent       document  filter any  unique
            """, "\(combined)")
        #expect(try XPathEngine().compile("//A[ancestor::B][parent::C]").description == """
            start .document
            1  engine xpath /
            2  axis descendants  document  filter memberOf(B)  unique
            3  axis descendants  document  filter memberOf(A)  unique
            4  axis parent       document  filter memberOf(C)  unique
            5  axis children     document  filter memberOf(A)  unique
            6  sort
            """)
    }

    @Test("the forms compile to core predicates and steps", arguments: [
        (".//A[ancestor::B]", "filter memberOf(A) ∧ ancestor(memberOf(B))"),
        (".//A[ancestor::*]", "filter memberOf(A) ∧ ancestor(any)"),
        (".//A[ancestor-or-self::B]", "filter memberOf(A) ∧ (memberOf(B) ∨ ancestor(memberOf(B)))"),
        ("//A[ancestor-or-self::B]", "filter memberOf(A) ∧ (memberOf(B) ∨ ancestor(memberOf(B)))"),
        (".//A[ancestor::B[@name='x y']]", "filter memberOf(A) ∧ ancestor(memberOf(B) ∧ name == \"x y\")"),
        (".//A[ancestor::B[ancestor::C]]", "filter memberOf(A) ∧ ancestor(memberOf(B) ∧ ancestor(memberOf(C)))"),
        ("//A[not(ancestor::B)]", "filter memberOf(A) ∧ ¬ancestor(memberOf(B))"),
        ("//Z/A[ancestor::B[1]]", "filter memberOf(A) ∧ ancestor(memberOf(B))"),
        (".//A[.//B]", "has descendant(memberOf(B))"),
        (".//A[descendant-or-self::B]", "has descendant or self(memberOf(B))"),
        (".//A[B]", "axis parent       document  filter any  unique"),
        (".//A[parent::B]", "axis parent       document  filter memberOf(B)  unique"),
        // From the root node too: the planner runs the pair from B's matches (`from-targets`).
        ("//A[.//B]", "has descendant(memberOf(B))"),
        ("//A[descendant-or-self::B]", "has descendant or self(memberOf(B))"),
        ("//A[B]", "axis parent       document  filter memberOf(A)  unique"),
        ("//A[parent::B]", "axis children     document  filter memberOf(A)  unique"),
    ])
    func compiledForms(_ expression: String, _ line: String) throws {
        let program = try XPathEngine().compile(expression)
        #expect(interpreterSteps(program).isEmpty, "\(program)")
        #expect(program.description.contains(line), "\(program)")
    }

    @Test("a pick of the k-th view scans with the ancestor predicate")
    func pickWithAncestor() throws {
        let program = try XPathEngine().compile("(//A[ancestor::B])[2]")
        #expect(Array(program.steps.dropFirst()) == [
            .axis(.descendants, order: .document, filter: .all([.memberOf("A"), .hasAncestor(.memberOf("B"))]), unique: true),
            .pick(1),
        ], "\(program)")
    }

    @Test("positional forms around them keep the interpreter where positions need it")
    func positionalForms() throws {
        // The position counts among the children of one parent that passed the first predicate:
        // the core's sibling position, counting the views that pass both tests.
        let counted = try XPathEngine().compile("//A[ancestor::B][2]").description
        #expect(counted.contains("keep position 1 among siblings passing"), "\(counted)")
        let second = try XPathEngine().compile("//A[2][.//B]")
        #expect(second.description.contains("engine xpath //child::A[2]["), "\(second)")
        // Not on a sibling-closed axis: the parent filter stays with the interpreter.
        #expect(try XPathEngine().compile("//A/ancestor::*[parent::B]").description.contains("xpath filter [parent::B]"))
    }

    /// Every expression: matcher against the reference on the compiled program, and against the
    /// interpreter alone (and libxml2 on `file`, when given and installed).
    func compare(_ expressions: [String], on tree: ViewTree, name: String, oracleFile: String? = nil,
                 renameByClass: Bool = false, interpreting: (String) -> Bool = { _ in true }) throws {
        let matcher = Matcher(configuration: .serial)
        let reference = ReferenceInterpreter(tree: tree)
        var oracle: [OracleAnswer]? = nil
        if let oracleFile, oraclePython != nil {
            let (count, answers) = try runOracle(file: oracleFile, expressions: expressions, renameByClass: renameByClass)
            #expect(count == tree.count)
            oracle = answers
        }
        var nonEmpty = 0
        for (k, expression) in expressions.enumerated() {
            let program: SelectorProgram
            do { program = try XPathEngine().compile(expression) } catch {
                Issue.record("\(expression): \(error)"); continue
            }
            let ours = try matcher.select(program, in: tree, budget: .unlimited)
            if !ours.isEmpty { nonEmpty += 1 }
            #expect(try reference.select(program) == ours, "reference: \(expression) on \(name)\n\(program)")
            if let oracle {
                #expect(oracle[k] == .nodes(ours.map(Int.init)), "libxml2: \(expression) on \(name)")
            }
            if interpreting(expression) {
                let old = try matcher.select(try interpreterProgram(expression), in: tree, budget: .unlimited)
                #expect(old == ours, "interpreter: \(expression) on \(name): \(old.count) against \(ours.count)\n\(program)")
            }
        }
        // The trees are picked so that most forms select something.
        #expect(nonEmpty > expressions.count / 3, "\(name): \(nonEmpty) of \(expressions.count) non-empty")
    }

    @Test("generated apps", arguments: [(1_000, UInt64(3)), (10_000, 4), (30_000, 5)])
    func generatedApps(_ nodes: Int, _ seed: UInt64) throws {
        let tree = SyntheticApp.generate(nodes: nodes, seed: seed)
        var file: String? = nil
        if oraclePython != nil {
            let path = "/tmp/xpath-structural-\(nodes)-\(seed)-\(getpid()).xml"
            try FileIO.write(Array(XPathEngine.pageSource(of: tree).utf8), to: path)
            file = path
        }
        defer { if let file { unlink(file) } }
        let label = commonValue(tree, "accessibilityLabel", ofClass: "UITableViewCell")
        var expressions = structuralExpressions(e: "UIButton", f: "UITableViewCell", g: "UITableView", a: "accessibilityLabel", v: label)
        if nodes <= 10_000 {
            expressions += structuralExpressions(e: "UILabel", f: "UIView", g: "UIWindow", a: "accessibilityLabel",
                                                 v: commonValue(tree, "accessibilityLabel", ofClass: "UIView"))
        } else {
            // Every checker but the matcher tests a nested path per candidate, up to quadratically
            // (libxml2 too): on the largest tree, the forms whose candidates are one class.
            expressions = expressions.filter { !$0.hasPrefix("//*") && !$0.contains("ancestor::*[") && !$0.contains("/descendant") }
        }
        expressions.append("//UIButton[@accessibilityLabel='Delete'][ancestor::UITableViewCell]")
        try compare(expressions, on: tree, name: "app \(nodes)", oracleFile: file, interpreting: { expression in
            nodes <= 1_000 || !expression.contains("ancestor::*[")
        })
    }

    @Test("real recordings", arguments: [
        ("xcuitest_ios26_icecubes_timeline_mobium.xml", "name", false), ("xcuitest_ios26_kiwix_main_page_mobium.xml", "name", false),
        ("xcuitest_ios26_pocketcasts_discover_mobium.xml", "label", false), ("xcuitest_ios_settings_zh_uiautodev.xml", "name", false),
        ("uiautomator_android_wecom_window_dump.xml", "resource-id", true), ("android_wechat_miniprogram_appcrawler.xml", "text", true),
    ])
    func realRecordings(_ name: String, _ attribute: String, _ renameByClass: Bool) throws {
        let file = testsDirectory + "/Fixtures/real/" + name
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(file)).0
        let classes = commonClasses(tree)
        var expressions = structuralExpressions(e: classes[0], f: classes[1], g: classes[2], a: attribute,
                                                v: commonValue(tree, attribute, ofClass: classes[1]))
        expressions += structuralExpressions(e: classes[1], f: classes[0], g: classes[0], a: attribute,
                                             v: commonValue(tree, attribute, ofClass: classes[0]))
        try compare(expressions, on: tree, name: name, oracleFile: file, renameByClass: renameByClass)
    }

    @Test("JSON recordings (no oracle: libxml2 reads XML)", arguments: [
        "calabash_ios_console_dump.json", "uiautomation_ios_safari_iphone_iosdriver.json",
    ])
    func jsonRecordings(_ name: String) throws {
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(testsDirectory + "/Fixtures/real/" + name)).0
        let classes = commonClasses(tree)
        var expressions = structuralExpressions(e: classes[0], f: classes[1], g: classes[2], a: "accessibilityLabel",
                                                v: commonValue(tree, "accessibilityLabel", ofClass: classes[1]))
        expressions += structuralExpressions(e: classes[1], f: classes[0], g: classes[2], a: "accessibilityLabel",
                                             v: commonValue(tree, "accessibilityLabel", ofClass: classes[0]))
        try compare(expressions, on: tree, name: name)
    }
}

/// The most common non-empty text of `attribute` on views of class `name` (else anywhere).
private func commonValue(_ tree: ViewTree, _ attribute: String, ofClass name: String) -> String {
    var seen: [String: Int] = [:]
    var anywhere: [String: Int] = [:]
    for i in 0..<tree.count {
        guard let v = tree.value(attribute, of: NodeID(i)) else { continue }
        let s = XPathText.attribute(v)
        if s.isEmpty { continue }
        anywhere[s, default: 0] += 1
        if tree.classes.names[Int(tree.classIDs[i])] == name { seen[s, default: 0] += 1 }
    }
    let pool = seen.isEmpty ? anywhere : seen
    return pool.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? "none"
}
