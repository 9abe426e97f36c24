import ClassChainEngine
import Glibc
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

// Issue 41, items 3 and 4: positional XPath, the kind Appium Inspector writes when a view has no
// attribute of its own (`/hierarchy/android.widget.FrameLayout/…/android.widget.TextView[2]`),
// translates into a native language of its platform, and every XPath a translation prints for a
// real page source selects in libxml2 what it selects in our engine.

/// The Python interpreter with lxml (VIEWSELECTORS_XPATH_ORACLE, as for Tests/XPathTests).
private let translationOracle: String? = getenv("VIEWSELECTORS_XPATH_ORACLE").map { String(cString: $0) }
private let translationTests = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")

@Suite("Translate: positional XPath on real page sources, proved in libxml2")
struct RealPageSourceTranslationTests {
    static func registry() throws -> EngineRegistry {
        let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))
        try registry.register(ClassChainEngine())
        return registry
    }

    /// The absolute path to `node` the way Appium Inspector falls back to one: a step a level from
    /// the document element, named by class, with `[k]` where the parent has several children of
    /// that class. When `anchored`, the path starts at the nearest ancestor below the root whose
    /// `idAttribute` is unique in the tree, `//Class[@resource-id='…']/…`, as the inspector's own ids do.
    static func inspectorPath(to node: NodeID, in tree: ViewTree, anchored: Bool, idAttribute: String) -> String? {
        var steps: [String] = []
        var current: NodeID? = node
        while let v = current {
            let name = tree.className(of: v)
            if anchored, v != node, tree.parent(of: v) != nil, let id = tree.string(idAttribute, of: v), !id.isEmpty, !id.contains("'"),
               (0..<tree.count).filter({ tree.string(idAttribute, of: NodeID($0)) == id }).count == 1 {
                return "//\(name)[@\(idAttribute)='\(id)']/" + steps.reversed().joined(separator: "/")
            }
            let siblings = tree.parent(of: v).map { tree.children(of: $0) } ?? tree.roots
            let same = siblings.filter { tree.className(of: $0) == name }
            steps.append(same.count > 1 ? "\(name)[\(same.firstIndex(of: v)! + 1)]" : name)
            current = tree.parent(of: v)
        }
        return anchored ? nil : "/" + steps.reversed().joined(separator: "/")
    }

    /// Up to `count` views of `tree`, spread over it, that have children or a class shared with a
    /// sibling (the views a user reaches by position).
    static func sample(_ tree: ViewTree, count: Int) -> [NodeID] {
        let all = (1..<tree.count).map(NodeID.init)
        let step = max(1, all.count / count)
        return stride(from: 0, to: all.count, by: step).prefix(count).map { all[$0] }
    }

    @Test("Appium Inspector's positional XPath gets a native translation on 9 in 10 views, each proved")
    func inspectorPathsTranslateNatively() throws {
        let registry = try Self.registry()
        var paths = 0, native = 0, rendered = 0
        var missing: [String] = []
        for source in RealPageSource.all {
            let tree = try HierarchyFormat.loadDetecting(try FileIO.read(translationTests + "/Fixtures/" + source.path)).0
            let natives = source.iOS ? ["class_chain", "predicate", "id", "accessibility_id"] : ["uiselector", "id", "accessibility_id"]
            for node in Self.sample(tree, count: 12) {
                for anchored in [false, true] {
                    guard let path = Self.inspectorPath(to: node, in: tree, anchored: anchored,
                                                        idAttribute: source.iOS ? "name" : "resource-id") else { continue }
                    let expected = try registry.select(path, engine: "xpath", in: tree)
                    #expect(expected == [node], "\(path) on \(source)")
                    paths += 1
                    let translations = try registry.translate(path, from: "xpath", to: natives, on: [tree])
                    for t in translations {
                        guard let chosen = t.chosen else { continue }
                        let got = try registry.select(chosen.selector, engine: t.engine, in: tree)
                        #expect(got == expected, "\(path) → \(t.engine) `\(chosen.selector)` on \(source)")
                    }
                    if translations.contains(where: { $0.chosen != nil }) { native += 1 } else { missing.append("\(source): \(path)") }
                    if translations.contains(where: { $0.chosen?.origin == .rendered }) { rendered += 1 }
                }
            }
        }
        print("inspector paths: \(native) of \(paths) translated into a native strategy, \(rendered) by printing the path's "
              + "own rule; none for \(missing)")
        #expect(paths > 150)
        #expect(native * 10 >= paths * 9, "\(native) of \(paths): none for \(missing)")
    }

    @Test("positions are printed: `[k]`, `[last()]`, `(…)[k]/…` in XPath, `[k]` in class chains; regexes in UiSelector")
    func printedPositions() throws {
        let registry = try Self.registry()
        let android = try HierarchyFormat.loadDetecting(try FileIO.read(translationTests + "/Fixtures/appium/uiautomator2_theapp_login_appium.xml")).0
        // A rendering, not a view's own suggestion: the printer said the source's rule.
        func rendered(_ selector: String, from: String, to: String, on tree: ViewTree) throws -> String? {
            let t = try registry.translate(selector, from: from, to: [to], on: [tree])[0]
            return t.candidates.first { $0.origin == .rendered }?.selector
        }
        #expect(try rendered(#"//*[contains(@class,"TextView")]"#, from: "xpath", to: "uiselector", on: android)
                == #"new UiSelector().classNameMatches("(?s).*TextView.*")"#)
        #expect(try rendered("//*[@text!='']", from: "xpath", to: "uiselector", on: android)
                == #"new UiSelector().textMatches("(?s).+")"#)
        let ios = try HierarchyFormat.loadDetecting(try FileIO.read(translationTests + "/Fixtures/real/xcuitest_ios_settings_zh_uiautodev.xml")).0
        let cells = try registry.select("//XCUIElementTypeCell", engine: "xpath", in: ios)
        #expect(cells.count > 3)
        // The second cell of the table, and its first static text: a class chain's index per step.
        let second = "(//XCUIElementTypeCell)[2]/XCUIElementTypeStaticText[1]"
        #expect(try rendered(second, from: "xpath", to: "class_chain", on: ios)
                == "**/XCUIElementTypeCell[2]/XCUIElementTypeStaticText[1]")
        #expect(try rendered("**/XCUIElementTypeCell[2]/XCUIElementTypeStaticText[1]", from: "class_chain", to: "xpath", on: ios)
                == "((//XCUIElementTypeCell)[2]/XCUIElementTypeStaticText)[1]")
    }

    /// Every XPath that a translation prints on a real page source (from the native selectors
    /// suggested for its views) selects in libxml2, over the page source as Appium serves it, the
    /// views it selects in our engine.
    @Test(.enabled(if: translationOracle != nil, "VIEWSELECTORS_XPATH_ORACLE names no Python with lxml"),
          arguments: RealPageSource.all)
    func translatedXPathWorksInLibxml2(_ source: RealPageSource) throws {
        let registry = try Self.registry()
        let file = translationTests + "/Fixtures/" + source.path
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(file)).0
        let origin = source.iOS ? "class_chain" : "uiselector"
        var printed: [(selector: String, ours: [NodeID], from: String)] = []
        for node in Self.sample(tree, count: 12) {
            guard let s = registry.suggestion(engine: origin, for: node, in: tree) else { continue }
            for t in try registry.translate(s.selector, from: origin, to: ["xpath"], on: [tree]) {
                guard let chosen = t.chosen else { continue }
                printed.append((chosen.selector, try registry.select(chosen.selector, engine: "xpath", in: tree), s.selector))
            }
            // The inspector's positional path too.
            if let path = Self.inspectorPath(to: node, in: tree, anchored: false, idAttribute: "") {
                printed.append((path, [node], path))
            }
        }
        #expect(printed.count >= 12)
        let (count, answers) = try runXPathOracle(python: try #require(translationOracle),
                                                  script: translationTests + "/XPathTests/Oracle/xpath_oracle.py",
                                                  file: file, expressions: printed.map(\.selector),
                                                  renameByClass: true, unwrapAppiumAUT: true)
        #expect(count == tree.count, "element i of \(source) is view i of the tree")
        for (p, answer) in zip(printed, answers) {
            #expect(answer == .nodes(p.ours.map(Int.init)), "\(p.from) → `\(p.selector)` on \(source): libxml2 \(answer), engine \(p.ours)")
        }
    }
}
