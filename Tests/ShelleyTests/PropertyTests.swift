import SelectorCore
import SyntheticHierarchy
import Testing

/// The core's seeded SplitMix64, so failures reproduce.
typealias SeededGenerator = SplitMix64

/// A random view tree, as both the core's `ViewTree` and Shelley's object graph.
struct RandomTree {
    let tree: ViewTree
    /// Where Shelley starts: the windows of an application, or the single root view.
    let roots: [RefView]

    static let classes = ["UIView", "UIView", "UIButton", "UILabel", "UITableView", "UITableViewCell", "UITextField",
                          "UIImageView", "UINavigationButton", "UIScrollView", "UISwitch", "MyCustomView"]
    static let labels = ["OK", "Cancel", "Row 1", "Row 12", "rank", "Frankly", " rank", "a\u{A0}b", "a b", "",
                         "Délétè", "say \"hi\"", "I'm"]

    init(using rng: inout SeededGenerator) {
        let count = Int.random(in: 10...200, using: &rng)
        let asApplication = Int.random(in: 0..<3, using: &rng) == 0
        var views: [RefView] = []
        var parentOf: [Int?] = []
        func add(_ className: String, parent: Int?) {
            let label = Bool.random(using: &rng) ? Self.labels.randomElement(using: &rng) : nil
            let hidden: Bool? = [true, false, nil].randomElement(using: &rng)!
            views.append(RefView(className: className, uid: "n\(views.count)", label: label, hidden: hidden))
            parentOf.append(parent)
        }
        var firstView = 0
        if asApplication {
            add("UIApplication", parent: nil)
            for _ in 0..<Int.random(in: 1...3, using: &rng) { add("UIWindow", parent: 0) }
            firstView = 1
        } else {
            add(Bool.random(using: &rng) ? "UIWindow" : "UIView", parent: nil)
        }
        while views.count < count {
            // Any existing view may get the next child, so insertion is not in preorder.
            let parent = Int.random(in: firstView..<views.count, using: &rng)
            add(Self.classes.randomElement(using: &rng)!, parent: parent)
        }
        var b = ViewTreeBuilder()
        for (i, v) in views.enumerated() {
            let h = b.addNode(className: v.className, parent: parentOf[i].map { ViewTreeBuilder.Handle($0) })
            b.setString("uid", v.uid, on: h)
            if let label = v.label { b.setString("accessibilityLabel", label, on: h) }
            if let hidden = v.hidden { b.set("isHidden", .bool(hidden), on: h) }
            if let p = parentOf[i] {
                views[p].subviews.append(v)
                // A window's superview is nil: Shelley never climbs to the application.
                if !(asApplication && p == 0) { v.superview = views[p] }
            }
        }
        tree = b.build()
        roots = asApplication ? views[0].subviews : [views[0]]
    }
}

/// A random selector valid in both engines, with the filters it stands for.
struct RandomSelector {
    var text: String
    var filters: [RefFilter]

    static let shorthands = ["view": "UIView", "button": "UIButton", "label": "UILabel", "tableView": "UITableView",
                             "tableViewCell": "UITableViewCell", "textField": "UITextField",
                             "navigationButton": "UINavigationButton"]
    static let classNames = ["UIScrollView", "UIControl", "MyCustomView", "UIImageView", "NoSuchClass", "UIWindow"]
    static let needles = ["rank", "a b", "Row 1", "OK", "Dé", " ", "hi\"", "I'm", "Cancel", "k"]

    init(using rng: inout SeededGenerator) {
        var parts: [String] = []
        var filters: [RefFilter] = []
        for _ in 0..<Int.random(in: 1...5, using: &rng) {
            switch Int.random(in: 0..<9, using: &rng) {
            case 0, 1:
                let (word, cls) = Self.shorthands.randomElement(using: &rng)!
                parts.append(word); filters.append(.classFilter(cls, includeSelf: false))
            case 2:
                let cls = Self.classNames.randomElement(using: &rng)!
                parts.append("view:'\(cls)'"); filters.append(.classFilter(cls, includeSelf: false))
            case 3:
                parts.append("descendant"); filters.append(.classFilter("UIView", includeSelf: true))
            case 4:
                parts.append("parent"); filters.append(.parents)
            case 5:
                if Bool.random(using: &rng) { parts.append("first"); filters.append(.nth(0)) } else {
                    let n = Int.random(in: 0...3, using: &rng)
                    parts.append("index:\(n)"); filters.append(.nth(n))
                }
            case 6, 7:
                let needle = Self.needles.randomElement(using: &rng)!
                let quoted = needle.contains("'") ? "\"\(needle)\"" : "'\(needle)'"
                if Bool.random(using: &rng) {
                    parts.append("marked:\(quoted)"); filters.append(.marked(needle))
                } else {
                    parts.append("markedExactly:\(quoted)"); filters.append(.markedExactly(needle))
                }
            default:
                parts.append("isHidden"); filters.append(.isHidden)
            }
        }
        text = parts.joined(separator: " ")
        self.filters = filters
    }
}

/// Generated trees × generated selectors: both engines, the serial and the parallel matcher, and
/// a plain recursive rendering of Shelley's algorithm must all agree.
@Suite struct PropertyTests {
    static let parallel = Matcher(configuration: MatcherConfiguration(maxThreads: 4, parallelThreshold: 1,
                                                                      parallelValueThreshold: 1))
    static let serial = Matcher(configuration: .serial)

    @Test("shelley, shelley_compat, the parallel matcher and the reference agree", arguments: 0..<8)
    func agree(batch: Int) throws {
        var rng = SeededGenerator(seed: 0x5E11E7 &+ UInt64(batch))
        for _ in 0..<20 {
            let random = RandomTree(using: &rng)
            let tree = random.tree
            for _ in 0..<20 {
                let selector = RandomSelector(using: &rng)
                let strictProgram = try strict.compile(selector.text)
                let compatProgram = try compat.compile(selector.text)
                #expect(strictProgram == compatProgram, "\(selector.text)")
                let serial = tree.uids(of: try Self.serial.select(strictProgram, in: tree))
                let compatResult = tree.uids(of: try Self.serial.select(compatProgram, in: tree))
                let parallel = tree.uids(of: try Self.parallel.select(strictProgram, in: tree))
                let reference = ReferenceShelley.select(selector.filters, from: random.roots).map(\.uid)
                #expect(serial == reference, "\(selector.text) on \(tree.count) nodes")
                #expect(compatResult == serial, "\(selector.text)")
                #expect(parallel == serial, "\(selector.text)")
            }
        }
    }

    @Test("every generated selector selects something somewhere", arguments: [7])
    func generatorIsNotVacuous(seed: Int) throws {
        var rng = SeededGenerator(seed: UInt64(seed))
        var nonEmpty = 0
        for _ in 0..<50 {
            let random = RandomTree(using: &rng)
            let selector = RandomSelector(using: &rng)
            if !ReferenceShelley.select(selector.filters, from: random.roots).isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty >= 10)
    }
}
