/// Which class is a subclass of which: the Linux stand-in for the Objective-C runtime's class graph.
///
/// UIKit's own classes are built in (`.uikit`); hosts extend it with `define(_:superclass:)`, and a
/// loaded `/dump` extends it further with each node's `classChain`.
public struct ClassHierarchy: Sendable {
    /// Superclass by class name; a class absent here (and not a root) is taken to be a direct
    /// subclass of `UIView`.
    public private(set) var superclasses: [String: String]
    /// Classes with no superclass.
    public private(set) var rootClasses: Set<String>
    /// Further kinds a class has beside its superclass chain, by class name: the UIKit role a
    /// foreign platform's class plays (`android.widget.Button` is also a `UIButton`). Single
    /// inheritance cannot say "a Button is a TextView *and* a button", so roles carry the second
    /// answer; the superclass chain stays the platform's own (and is what `/dump` writes back).
    public private(set) var roles: [String: [String]] = [:]

    public init(superclasses: [String: String] = [:], rootClasses: Set<String> = ["NSObject"]) {
        self.superclasses = superclasses
        self.rootClasses = rootClasses
    }

    /// Declares that instances of `name` (and its subclasses) are also kinds of `role`.
    public mutating func define(_ name: String, role: String) {
        guard name != role, !(roles[name] ?? []).contains(role) else { return }
        roles[name, default: []].append(role)
    }

    /// Adds every definition of `other` this hierarchy lacks (existing ones win, as in `define`).
    public mutating func merge(_ other: ClassHierarchy) {
        for (sub, sup) in other.superclasses.sorted(by: { $0.key < $1.key }) { define(sub, superclass: sup) }
        for (name, extra) in other.roles.sorted(by: { $0.key < $1.key }) {
            for role in extra { define(name, role: role) }
        }
    }

    /// Declares `name` a subclass of `superclass`. An existing definition is kept, so a recorded
    /// chain cannot rewrite UIKit's own classes.
    public mutating func define(_ name: String, superclass: String) {
        guard name != superclass, !rootClasses.contains(name), superclasses[name] == nil else { return }
        superclasses[name] = superclass
    }

    /// Declares a chain given whole: the class, then its superclasses nearest first.
    public mutating func define(chain: [String]) {
        for (sub, sup) in zip(chain, chain.dropFirst()) { define(sub, superclass: sup) }
    }

    /// Declares class `name` with a `/dump` node's `classChain`: its superclasses nearest first
    /// (`["UIButton","UIControl","UIView"]` for a `MyFancyButton`, the documented form), or the
    /// same list led by `name` itself, as earlier writers recorded it.
    public mutating func define(_ name: String, classChain: [String]) {
        let superclasses = classChain.first == name ? classChain.dropFirst() : classChain[...]
        define(chain: [name] + superclasses)
    }

    /// Whether the class is known (built in or defined).
    public func isDefined(_ name: String) -> Bool { superclasses[name] != nil || rootClasses.contains(name) }

    /// The superclass of `name`; unknown classes are direct subclasses of `UIView`.
    public func superclass(of name: String) -> String? {
        if rootClasses.contains(name) { return nil }
        return superclasses[name] ?? "UIView"
    }

    /// UIKit's classes as they appear in recorded hierarchies, each with its real superclass.
    public static let uikit: ClassHierarchy = {
        var h = ClassHierarchy()
        let pairs: [(String, String)] = [
            ("UIResponder", "NSObject"), ("UIApplication", "UIResponder"), ("UIView", "UIResponder"),
            ("UIViewController", "UIResponder"),
            ("UIWindow", "UIView"), ("UIControl", "UIView"), ("UIButton", "UIControl"),
            ("UINavigationButton", "UIButton"), ("UIThreePartButton", "UIButton"),
            ("UIRoundedRectButton", "UIButton"), ("UIRemoveControlMinusButton", "UIButton"),
            ("UIPushButton", "UIControl"), ("UIToolbarButton", "UIControl"), ("UITabBarButton", "UIControl"),
            ("UILabel", "UIView"), ("UITextField", "UIControl"), ("UISearchTextField", "UITextField"),
            ("UIScrollView", "UIView"), ("UITextView", "UIScrollView"), ("UITableView", "UIScrollView"),
            ("UICollectionView", "UIScrollView"), ("UITableViewWrapperView", "UIScrollView"),
            ("UITableViewCell", "UIView"), ("UITableViewCellContentView", "UIView"),
            ("UITableViewHeaderFooterView", "UIView"), ("_UITableViewSeparatorView", "UIView"),
            ("UICollectionReusableView", "UIView"), ("UICollectionViewCell", "UICollectionReusableView"),
            ("UIImageView", "UIView"), ("UINavigationBar", "UIView"), ("UINavigationItemView", "UIView"),
            ("UINavigationItemButtonView", "UINavigationItemView"), ("UINavigationBarBackground", "UIView"),
            ("UIToolbar", "UIView"), ("UITabBar", "UIView"), ("UIAlertView", "UIView"),
            ("UIActionSheet", "UIView"), ("UIWebView", "UIView"), ("WKWebView", "UIView"),
            ("UIDatePicker", "UIControl"), ("UIPickerView", "UIView"), ("UIPageControl", "UIControl"),
            ("UIProgressView", "UIView"), ("UISegmentedControl", "UIControl"), ("UISearchBar", "UIView"),
            ("UIActivityIndicatorView", "UIView"), ("UISwitch", "UIControl"), ("UISlider", "UIControl"),
            ("UIStepper", "UIControl"), ("UIRefreshControl", "UIControl"), ("UIStackView", "UIView"),
            ("UIVisualEffectView", "UIView"), ("UILayoutContainerView", "UIView"),
            ("UINavigationTransitionView", "UIView"), ("UIViewControllerWrapperView", "UIView"),
            ("UITransitionView", "UIView"), ("UIDropShadowView", "UIView"),
        ]
        for (sub, sup) in pairs { h.define(sub, superclass: sup) }
        return h
    }()
}

/// The classes of one tree, numbered, with "is kind of" answered from precomputed chains.
public struct ClassTable: Sendable {
    /// Class names by id.
    public let names: [String]
    private let ids: [String: Int32]
    /// Superclass id by class id (-1: none).
    public let superclassIDs: [Int32]
    /// Whether a node's `classChain` defined this class (written back to `/dump`).
    let chainDefined: [Bool]
    /// Role class ids by class id (see `ClassHierarchy.roles`); empty when no class has one.
    public let roleIDs: [[Int32]]

    init(names: [String], ids: [String: Int32], superclassIDs: [Int32], chainDefined: [Bool],
         roleIDs: [[Int32]] = []) {
        self.names = names; self.ids = ids; self.superclassIDs = superclassIDs; self.chainDefined = chainDefined
        self.roleIDs = roleIDs
    }

    /// Whether a node's `classChain` defined class `id` (writers record its chain again).
    public func isChainDefined(_ id: Int32) -> Bool { chainDefined[Int(id)] }

    /// Number of classes, including superclasses no node is an instance of.
    public var count: Int { names.count }

    /// The id of a class name in this tree.
    public func id(of name: String) -> Int32? { ids[name] }

    /// The class and its superclasses, nearest first.
    public func chain(of id: Int32) -> [String] {
        var out: [String] = []
        var c = id
        while c >= 0 { out.append(names[Int(c)]); c = superclassIDs[Int(c)] }
        return out
    }

    /// Whether class `id` is `ancestor`, a subclass of it, or has it (or a subclass) as a role.
    public func isKind(_ id: Int32, of ancestor: Int32) -> Bool {
        if roleIDs.isEmpty {
            var c = id
            while c >= 0 {
                if c == ancestor { return true }
                c = superclassIDs[Int(c)]
            }
            return false
        }
        // With roles the kinds form a small DAG: walk it depth first, each class once.
        var seen = Set<Int32>()
        var pending: [Int32] = [id]
        while let start = pending.popLast() {
            var c = start
            while c >= 0, seen.insert(c).inserted {
                if c == ancestor { return true }
                pending.append(contentsOf: roleIDs[Int(c)])
                c = superclassIDs[Int(c)]
            }
        }
        return false
    }

    /// Per class id: is it kind of `name`? All false when the tree has no such class.
    public func kindMask(of name: String) -> [Bool] {
        guard let target = ids[name] else { return Array(repeating: false, count: names.count) }
        return (0..<names.count).map { isKind(Int32($0), of: target) }
    }

    /// Per class id: is it exactly `name`?
    public func memberMask(of name: String) -> [Bool] {
        var mask = Array(repeating: false, count: names.count)
        if let target = ids[name] { mask[Int(target)] = true }
        return mask
    }

    /// Builds the table for the classes nodes use, closing over their superclasses.
    static func build(instanceClasses: [String], hierarchy: ClassHierarchy, chainDefined: Set<String>) -> ClassTable {
        var names: [String] = []
        var ids: [String: Int32] = [:]
        var supers: [Int32] = []
        func intern(_ name: String) -> Int32 {
            if let id = ids[name] { return id }
            let id = Int32(names.count)
            names.append(name); ids[name] = id; supers.append(-1)
            // A cycle in user-supplied chains must not loop forever: stop at a class already on the path.
            var seen: Set<String> = [name]
            var cur = name
            var chain: [String] = []
            while let sup = hierarchy.superclass(of: cur), !seen.contains(sup) {
                chain.append(sup); seen.insert(sup); cur = sup
                if ids[sup] != nil { break }
            }
            var child = id
            for sup in chain {
                if let existing = ids[sup] { supers[Int(child)] = existing; break }
                let sid = Int32(names.count)
                names.append(sup); ids[sup] = sid; supers.append(-1)
                supers[Int(child)] = sid
                child = sid
            }
            return id
        }
        for name in instanceClasses { _ = intern(name) }
        var roleIDs: [[Int32]] = []
        if !hierarchy.roles.isEmpty {
            // Interning a role adds its chain, whose classes may have roles of their own: grow to a fixpoint.
            var k = 0
            while k < names.count {
                let own = (hierarchy.roles[names[k]] ?? []).map { intern($0) }
                roleIDs.append(own)
                k += 1
            }
            if roleIDs.allSatisfy(\.isEmpty) { roleIDs = [] }
        }
        return ClassTable(names: names, ids: ids, superclassIDs: supers,
                          chainDefined: names.map { chainDefined.contains($0) }, roleIDs: roleIDs)
    }
}
