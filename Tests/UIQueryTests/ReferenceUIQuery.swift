import SelectorCore
@testable import UIQueryEngine

/// A view as UIKit holds it: objects with subviews and a superview, not a flat tree.
final class RefView {
    let className: String
    let uid: String
    var properties: [String: JSONValue]
    var subviews: [RefView] = []
    weak var superview: RefView?
    /// The (possibly implicit) UIApplication: its subviews are its windows.
    let isApplication: Bool

    init(_ className: String, _ uid: String, _ properties: [String: JSONValue] = [:], isApplication: Bool = false) {
        self.className = className; self.uid = uid; self.properties = properties; self.isApplication = isApplication
    }

    func add(_ child: RefView) {
        subviews.append(child)
        // A window's superview is nil, even under a UIApplication.
        if !isApplication { child.superview = self }
    }
}

/// One abstract path step; rendered to text for the engine, interpreted directly by the reference.
enum RefOp {
    case traverse(Traversal)
    case classStep(String)
    /// A filter; `checked` when written bare (`text:'x'`), which UISpec sends to the query and so
    /// checks that a view exists first; `marked:` and `with` skip that check.
    case match(PropertyMatch, checked: Bool)
    case index(Int)
    case last
    case all
    case pause
    /// `timeout:N`: 0 or less leaves the next class step or filter no time, so it finds nothing.
    case timeout(Int)
}

/// UISpec's algorithm, written recursively over `RefView`s, straight from UIQuery.m, UIDescendants.m,
/// UIChildren.m, UIParents.m and UIFilter.m (Frank's vendored copy). Independent of the core's matcher.
enum ReferenceUIQuery {
    /// Superclasses of the classes random trees use (our own table, not the core's).
    static let superclass: [String: String] = [
        "UIView": "UIResponder", "UIApplication": "UIResponder", "UIWindow": "UIView", "UIControl": "UIView",
        "UIButton": "UIControl", "UISwitch": "UIControl", "UILabel": "UIView", "UIScrollView": "UIView",
        "UITableView": "UIScrollView", "UITableViewCell": "UIView",
    ]

    static func isKind(_ className: String, of target: String) -> Bool {
        var c: String? = className
        while let name = c {
            if name == target { return true }
            c = superclass[name]
        }
        return false
    }

    static func descendants(_ v: RefView, into out: inout [RefView]) {
        for s in v.subviews.reversed() { out.append(s) }
        for s in v.subviews.reversed() { descendants(s, into: &out) }
    }

    static func collect(_ traversal: Traversal, _ views: [RefView]) -> [RefView] {
        var out: [RefView] = []
        for v in views {
            switch traversal {
            case .descendant: descendants(v, into: &out)
            case .child: out.append(contentsOf: v.subviews.reversed())
            case .parent:
                var p = v.superview
                while let s = p { out.append(s); p = s.superview }
            }
        }
        return out
    }

    static func matches(_ v: RefView, _ m: PropertyMatch) -> Bool {
        guard let actual = v.properties[m.property] else { return false }
        switch (m.value, actual) {
        case (.string(let want), .string(let have)): return !want.isEmpty && have.contains(want)
        case (.integer(let want), .int(let have)): return Int(have) == want
        case (.integer(let want), .bool(let have)): return (have ? 1 : 0) == want
        case (.boolean(let want), .bool(let have)): return have == want
        case (.boolean(let want), .int(let have)): return (have != 0) == want
        default: return false
        }
    }

    /// What `run` answers for `parent` on the application, where UISpec crashes.
    static let parentOfApplication = "crash: parent of the application"

    /// The uids `ops` select from `application`, or the message UISpec raises.
    static func run(_ ops: [RefOp], application: RefView) -> (uids: [String], error: String?) {
        var views = [application]
        var filter = false
        var className = "UIApplication"
        var timeout = 10
        for op in ops {
            var nextFilter = false
            let noTime = timeout <= 0
            timeout = 10
            switch op {
            case .traverse(let t):
                // UIParents sends -superview to the application, which has none: UISpec crashes.
                if t == .parent, views.count == 1, views[0] === application { return ([], parentOfApplication) }
                views = collect(t, views); nextFilter = true
            case .classStep(let c):
                className = c
                views = noTime ? [] : (filter ? views : collect(.descendant, views)).filter { isKind($0.className, of: c) }
            case .match(let m, let checked):
                if checked && views.isEmpty { return ([], "\(className) should exist before you can call \(m.property):") }
                views = noTime ? [] : views.filter { matches($0, m) }
            case .index(let n): views = n >= 0 && n < views.count ? [views[n]] : []
            case .last: views = views.isEmpty ? [] : [views[views.count - 1]]
            case .all, .pause: break
            case .timeout(let n): timeout = n
            }
            filter = nextFilter
        }
        return (views.filter { !$0.isApplication || $0.uid != "" }.map(\.uid), nil)
    }
}
