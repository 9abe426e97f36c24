import SelectorCore
import SyntheticHierarchy
import Testing
@testable import UIQueryEngine

/// The core's seeded SplitMix64, so failures reproduce.
typealias SeededGenerator = SplitMix64

@Suite struct RandomComparisonTests {
    static let classes = ["UIView", "UILabel", "UIButton", "UIControl", "UISwitch", "UITableView", "UITableViewCell",
                          "UIScrollView", "UIWindow"]
    static let texts = ["a", "ab", "b", " ba", ""]

    /// A random hierarchy, as the reference's application object and as the core's flat tree.
    static func randomTree(_ rng: inout SeededGenerator) -> (RefView, ViewTree) {
        var counter = 0
        func node(_ className: String) -> RefView {
            var props: [String: JSONValue] = [:]
            if Bool.random(using: &rng) { props["tag"] = .int(Int64.random(in: 0...3, using: &rng)) }
            if Bool.random(using: &rng) { props["hidden"] = .bool(Bool.random(using: &rng)) }
            if Bool.random(using: &rng) { props["text"] = .string(texts.randomElement(using: &rng)!) }
            if Int.random(in: 0..<3, using: &rng) == 0 { props["accessibilityLabel"] = .string(texts.randomElement(using: &rng)!) }
            defer { counter += 1 }
            return RefView(className, "n\(counter)", props)
        }
        let realApplication = Int.random(in: 0..<3, using: &rng) == 0
        let root = realApplication ? RefView("UIApplication", "n0", isApplication: true) : node("UIWindow")
        if realApplication { counter = 1 }
        var all = [root]
        if realApplication {
            for _ in 0..<Int.random(in: 1...2, using: &rng) { let w = node("UIWindow"); root.add(w); all.append(w) }
        }
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let parent = all.randomElement(using: &rng)!
            let n = node(classes.randomElement(using: &rng)!)
            parent.add(n)
            all.append(n)
        }
        var b = ViewTreeBuilder()
        func add(_ v: RefView, _ parent: ViewTreeBuilder.Handle?) {
            let h = b.addNode(className: v.className, parent: parent)
            b.setString("uid", v.uid, on: h)
            for (k, value) in v.properties.sorted(by: { $0.key < $1.key }) { b.set(k, value, on: h) }
            for s in v.subviews { add(s, h) }
        }
        add(root, nil)
        let application: RefView
        if realApplication { application = root } else {
            application = RefView("UIApplication", "", isApplication: true)
            application.subviews = [root]
        }
        return (application, b.build())
    }

    /// A random path, as ops for the reference and as text for the engine.
    static func randomPath(_ rng: inout SeededGenerator) -> ([RefOp], String) {
        var ops: [RefOp] = []
        var words: [String] = []
        let shorthands = ["view", "label", "button", "control", "Switch", "tableView", "tableViewCell", "scrollView",
                          "window"]
        for _ in 0..<Int.random(in: 1...5, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0, 1:
                let t = [Traversal.descendant, .child, .parent].randomElement(using: &rng)!
                ops.append(.traverse(t))
                words.append(t == .descendant ? ["descendant", "find"].randomElement(using: &rng)! : t.rawValue)
            case 2, 3, 4:
                let i = Int.random(in: 0..<shorthands.count, using: &rng)
                let className = classes[i]
                ops.append(.classStep(className))
                words.append(Bool.random(using: &rng) ? shorthands[i] : "view:'\(className)'")
            case 5, 6:
                let (m, spelled) = randomMatch(&rng)
                let checked = !spelled.hasPrefix("with ") && !spelled.hasPrefix("marked:")
                ops.append(.match(m, checked: checked))
                words.append(spelled)
            case 7:
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: ops.append(.index(0)); words.append("first")
                case 1: ops.append(.last); words.append("last")
                default:
                    let n = Int.random(in: -1...3, using: &rng)
                    ops.append(.index(n)); words.append("index:\(n)")
                }
            case 8:
                ops.append(.all); words.append("all")
            default:
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: ops.append(.timeout(0)); words.append("timeout:0")
                case 1, 2: ops.append(.timeout(2)); words.append("timeout:2")
                default: ops.append(.pause); words.append("wait:0.5")
                }
            }
        }
        return (ops, words.joined(separator: " "))
    }

    static func randomMatch(_ rng: inout SeededGenerator) -> (PropertyMatch, String) {
        let prefix = Int.random(in: 0..<4, using: &rng) == 0 ? "with " : ""
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            let t = texts.randomElement(using: &rng)!
            return (PropertyMatch(property: "accessibilityLabel", value: .string(t)), "marked:'\(t)'")
        case 1:
            let t = texts.randomElement(using: &rng)!
            return (PropertyMatch(property: "text", value: .string(t)), prefix + "text:'\(t)'")
        case 2:
            let n = Int.random(in: 0...3, using: &rng)
            return (PropertyMatch(property: "tag", value: .integer(n)), prefix + "tag:\(n)")
        case 3:
            let n = Int.random(in: 0...2, using: &rng)
            return (PropertyMatch(property: "hidden", value: .integer(n)), prefix + "hidden:\(n)")
        case 4:
            let b = Bool.random(using: &rng)
            return (PropertyMatch(property: "hidden", value: .boolean(b)), prefix + "hidden:\(b ? "YES" : "NO")")
        default:
            let b = Bool.random(using: &rng)
            return (PropertyMatch(property: "tag", value: .boolean(b)), prefix + "tag:\(b ? "YES" : "NO")")
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theEngineAgreesWithARecursiveUISpecOnRandomTrees(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let serial = Matcher(configuration: .serial)
        let parallel = Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 1,
                                                                   parallelValueThreshold: 1))
        var mismatches = 0, nonEmpty = 0, withDuplicates = 0
        for _ in 0..<300 {
            let (application, tree) = Self.randomTree(&rng)
            for _ in 0..<6 {
                let (ops, path) = Self.randomPath(&rng)
                let (expected, expectedError) = ReferenceUIQuery.run(ops, application: application)
                if expectedError == ReferenceUIQuery.parentOfApplication {
                    #expect(throws: SelectorError.self, "\(path)") { try UIQueryEngine().compile(path) }
                    continue
                }
                let program = try UIQueryEngine().compile(path)
                if let expectedError {
                    // UISpec raises: so does the engine, with UISpec's message.
                    #expect(throws: SelectorError.self) { try serial.select(program, in: tree) }
                    do { _ = try serial.select(program, in: tree) } catch {
                        #expect(error.message == expectedError, "\(path)")
                    }
                    continue
                }
                let got = tree.uids(of: try serial.select(program, in: tree))
                let gotParallel = tree.uids(of: try parallel.select(program, in: tree))
                #expect(got == expected, "\(path) on \(tree.uids(of: Array(0..<Int32(tree.count))))")
                #expect(gotParallel == got, "\(path): parallel differs")
                if !expected.isEmpty { nonEmpty += 1 }
                if Set(expected).count < expected.count { withDuplicates += 1 }
                if got != expected { mismatches += 1; if mismatches > 5 { return } }
            }
        }
        // The comparison is only worth something if paths select views, duplicates included.
        #expect(nonEmpty > 250)
        #expect(withDuplicates > 10)
    }
}
