import SelectorCore

/// A view object, the way Shelley sees one: a class, a label, a hidden flag, subviews and a
/// superview.
final class RefView {
    let className: String
    let uid: String
    let label: String?
    let hidden: Bool?
    var subviews: [RefView] = []
    weak var superview: RefView?

    init(className: String, uid: String, label: String?, hidden: Bool?) {
        self.className = className; self.uid = uid; self.label = label; self.hidden = hidden
    }

    /// `isKindOfClass:`, through the same class graph the core uses.
    func isKind(of target: String) -> Bool {
        var c: String? = className
        while let name = c {
            if name == target { return true }
            c = ClassHierarchy.uikit.superclass(of: name)
        }
        return false
    }

    /// Preorder over `subviews`, self excluded (Shelley's `allDescendantsOf`).
    func allDescendants() -> [RefView] {
        var out: [RefView] = []
        for s in subviews { out.append(s); out.append(contentsOf: s.allDescendants()) }
        return out
    }
}

/// One of Shelley's filter objects.
enum RefFilter: Equatable {
    case classFilter(String, includeSelf: Bool)
    case parents
    case nth(Int)
    case marked(String)
    case markedExactly(String)
    case isHidden
}

/// Shelley's `selectFromViews:` loop, written out plainly: each filter maps the whole list,
/// a class filter after `parents` only tests the views it is given, and every output but the
/// first is de-duplicated by identity, keeping first occurrences (O(n²), as Shelley did).
enum ReferenceShelley {
    static func select(_ filters: [RefFilter], from roots: [RefView]) -> [RefView] {
        guard !filters.isEmpty else { return [] }
        var views = roots
        var doNotDescend = false
        for (k, f) in filters.enumerated() {
            var out: [RefView] = []
            switch f {
            case .classFilter(let cls, let includeSelf):
                for v in views {
                    let candidates = doNotDescend ? [v] : (includeSelf ? [v] : []) + v.allDescendants()
                    out += candidates.filter { $0.isKind(of: cls) }
                }
            case .parents:
                for v in views {
                    var p = v.superview
                    while let s = p { out.append(s); p = s.superview }
                }
            case .nth(let n):
                out = n < views.count ? [views[n]] : []
            case .marked(let text):
                out = views.filter { v in
                    guard let label = v.label, !text.isEmpty else { return false }
                    let spaced = String(String.UnicodeScalarView(label.unicodeScalars.map { $0 == "\u{A0}" ? " " : $0 }))
                    return spaced.contains(text)
                }
            case .markedExactly(let text):
                out = views.filter { $0.label == text }
            case .isHidden:
                out = views.filter { $0.hidden == true }
            }
            views = k == 0 ? out : removeDuplicates(out)
            doNotDescend = f == .parents
        }
        return views
    }

    static func removeDuplicates(_ views: [RefView]) -> [RefView] {
        var out: [RefView] = []
        for v in views where !out.contains(where: { $0 === v }) { out.append(v) }
        return out
    }
}
