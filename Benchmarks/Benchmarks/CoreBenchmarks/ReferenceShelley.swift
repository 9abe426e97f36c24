import SelectorCore

/// The baseline: a class-per-node tree walked recursively, the way Shelley walks UIViews — one
/// heap object per view, children arrays, class tests by walking the class chain, results
/// concatenated per input and de-duplicated (with a Set; Shelley's own O(n²) scan would be slower).
final class RefNode {
    let classChain: [String]
    let label: String?
    let isHidden: Bool
    var children: [RefNode] = []
    weak var parent: RefNode?

    init(classChain: [String], label: String?, isHidden: Bool) {
        self.classChain = classChain; self.label = label; self.isHidden = isHidden
    }

    func isKind(of name: String) -> Bool { classChain.contains(name) }

    static func build(from tree: ViewTree) -> RefNode {
        var nodes: [RefNode] = []
        nodes.reserveCapacity(tree.count)
        for i in 0..<tree.count {
            let id = NodeID(i)
            let n = RefNode(classChain: tree.classes.chain(of: tree.classIDs[i]), label: tree.label(of: id),
                            isHidden: tree.value("isHidden", of: id)?.boolValue ?? false)
            if let p = tree.parent(of: id) {
                n.parent = nodes[Int(p)]
                nodes[Int(p)].children.append(n)
            }
            nodes.append(n)
        }
        return nodes[0]
    }
}

/// Shelley's algorithm over `RefNode`s for the benchmark queries.
struct ReferenceShelley {
    enum Step { case classFilter(String), marked(String), markedExactly(String), parent, isHidden }
    let steps: [Step]

    static let queries: [(String, ReferenceShelley)] = [
        ("view:'UILabel' markedExactly:'Row 7-3'", .init(steps: [.classFilter("UILabel"), .markedExactly("Row 7-3")])),
        ("button marked:'Delete'", .init(steps: [.classFilter("UIButton"), .marked("Delete")])),
        ("tableViewCell label marked:'Row 7-3' parent tableViewCell view:'UIImageView'",
         .init(steps: [.classFilter("UITableViewCell"), .classFilter("UILabel"), .marked("Row 7-3"), .parent,
                       .classFilter("UITableViewCell"), .classFilter("UIImageView")])),
        ("view isHidden", .init(steps: [.classFilter("UIView"), .isHidden])),
    ]

    func run(from roots: [RefNode]) -> [RefNode] {
        var current = roots
        var afterParent = false
        for (k, step) in steps.enumerated() {
            var next: [RefNode] = []
            switch step {
            case .classFilter(let name):
                if afterParent {
                    next = current.filter { $0.isKind(of: name) }
                } else {
                    for v in current { collect(v.children, name, &next) }
                }
                afterParent = false
            case .marked(let s): next = current.filter { $0.label?.contains(s) ?? false }
            case .markedExactly(let s): next = current.filter { $0.label == s }
            case .isHidden: next = current.filter { $0.isHidden }
            case .parent:
                for v in current {
                    var p = v.parent
                    while let q = p { next.append(q); p = q.parent }
                }
                afterParent = true
            }
            if k > 0 { next = Self.unique(next) }
            current = next
        }
        return current
    }

    private func collect(_ nodes: [RefNode], _ name: String, _ out: inout [RefNode]) {
        for n in nodes {
            if n.isKind(of: name) { out.append(n) }
            collect(n.children, name, &out)
        }
    }

    static func unique(_ nodes: [RefNode]) -> [RefNode] {
        var seen = Set<ObjectIdentifier>()
        return nodes.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }
}
