public import SelectorCore

// Recordings edited the way app builds change them (a label renamed, an identifier changed, a
// wrapper inserted, siblings reordered, a view deleted, a locale swapped), with the truth about
// which view became which: how the alignment and the locator gate are tested on real recordings.

/// The properties a label edit touches: what a view shows (identifiers are `EditPlan.setProperty`'s).
public let shownLabelProperties: Set<String> = ["accessibilityLabel", "label", "text", "content-desc"]

/// The identifier properties a locale swap touches when they spell the label.
public let identifierProperties: Set<String> = ["accessibilityIdentifier", "name"]

/// The edits a test applies to a recording, all named by the original's node ids.
public struct EditPlan: Sendable, CustomStringConvertible {
    /// Property values to set (nil removes the property).
    public var properties: [NodeID: [(String, JSONValue?)]] = [:]
    /// Views removed with their subtrees.
    public var deleted: Set<NodeID> = []
    /// Runs of consecutive siblings to put inside a new view of the given class.
    public var wrappers: [(children: [NodeID], className: String)] = []
    /// Views moved to the end of their siblings.
    public var movedToEnd: Set<NodeID> = []
    /// Applied to every non-empty value of `shownLabelProperties`, and to identifiers equal to the view's
    /// label (iOS Settings names its cells by their localised titles): a locale swapped.
    public var relabel: (@Sendable (String) -> String)? = nil

    public init() {}

    /// Renames what `node` shows: every shown-label property that holds its current label (or,
    /// without one, its text) gets `label`.
    public mutating func rename(_ node: NodeID, in tree: ViewTree, to label: String) {
        let current = tree.label(of: node) ?? tree.string("text", of: node)
        for name in shownLabelProperties.sorted() where current != nil && tree.string(name, of: node) == current {
            properties[node, default: []].append((name, .string(label)))
        }
    }

    public mutating func set(_ name: String, _ value: JSONValue?, on node: NodeID) {
        properties[node, default: []].append((name, value))
    }

    public var description: String {
        "deleted \(deleted.sorted()), wrapped \(wrappers.map(\.children)), moved to the end \(movedToEnd.sorted()), "
            + "properties set on \(properties.keys.sorted())"
    }
}

/// A recording edited by an `EditPlan`, and the truth about it: the counterpart of every view
/// that survived and the ids of the views the edits added. uids are renumbered to 1-based
/// preorder positions, as every loader numbers them, so they say nothing about identity.
public struct EditedTree: Sendable {
    public var tree: ViewTree
    /// Old node → new node, for every view not deleted.
    public var counterpart: [NodeID: NodeID]
    /// New nodes no old view became (the wrappers).
    public var added: [NodeID]
}

extension ViewTree {
    /// This tree with `plan` applied, rebuilt view by view in preorder.
    public func edited(_ plan: EditPlan) -> EditedTree {
        var b = ViewTreeBuilder()
        var counterpart: [NodeID: NodeID] = [:]
        var added: [NodeID] = []
        let names = propertyNames.filter { $0 != PropertyName.uid }
        var wrapperOf: [NodeID: Int] = [:]
        for (k, w) in plan.wrappers.enumerated() { for c in w.children { wrapperOf[c] = k } }

        func emit(_ node: NodeID, _ parent: ViewTreeBuilder.Handle?) {
            let h = b.addNode(className: className(of: node), parent: parent)
            counterpart[node] = h
            b.set(PropertyName.uid, .int(Int64(h) + 1), on: h)
            let overrides = plan.properties[node] ?? []
            var seen: Set<String> = []
            for name in names {
                var value = value(name, of: node)
                if let o = overrides.last(where: { $0.0 == name }) { value = o.1 }
                if let relabel = plan.relabel, case .string(let s)? = value, !s.isEmpty,
                   shownLabelProperties.contains(name) || (identifierProperties.contains(name) && s == label(of: node)) {
                    value = .string(relabel(s))
                }
                seen.insert(name)
                if let value { b.set(name, value, on: h) }
            }
            for (name, value) in overrides where !seen.contains(name) {
                if let value { b.set(name, value, on: h) }
            }
            var kids = children(of: node).filter { !plan.deleted.contains($0) }
            let last = kids.filter { plan.movedToEnd.contains($0) }
            kids = kids.filter { !plan.movedToEnd.contains($0) } + last
            var wrapped: Set<Int> = []
            for c in kids {
                if let k = wrapperOf[c] {
                    guard !wrapped.contains(k) else { continue }
                    wrapped.insert(k)
                    let w = b.addNode(className: plan.wrappers[k].className, parent: h)
                    b.set(PropertyName.uid, .int(Int64(w) + 1), on: w)
                    added.append(w)
                    for member in plan.wrappers[k].children { emit(member, w) }
                } else {
                    emit(c, h)
                }
            }
        }
        for r in roots where !plan.deleted.contains(r) { emit(r, nil) }
        // The same app recorded by the same tool: the loader's own columns and the source stay,
        // and so does each copy the edits kept a copy (an edit may change a column and not its copy).
        var tree = b.build()
        tree.loaderColumns = loaderColumns.filter { tree.columns[$0] != nil }
        tree.recordingSource = recordingSource
        tree.copiedColumns = copiedColumns.filter { copy, source in
            tree.columns[copy] != nil && tree.columns[source] != nil && (0..<tree.count).allSatisfy { i in
                let n = NodeID(i)
                let original = tree.value(source, of: n)
                if original == nil || original == .string("") { return tree.value(copy, of: n) == nil || tree.value(copy, of: n) == .string("") }
                return tree.value(copy, of: n) == original
            }
        }
        return EditedTree(tree: tree, counterpart: counterpart, added: added)
    }
}
