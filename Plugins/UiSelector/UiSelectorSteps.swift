import SelectorCore

/// UiSelector's `index(n)`: the node's position among its parent's children.
///
/// An engine step because the core's predicates test one node and cannot count its earlier
/// siblings. A node that recorded its own `index` (UIAutomator and XCUITest page source do) is
/// judged by that number: `uiautomator dump` writes the child's index in the accessibility tree,
/// which counts children the dump leaves out (invisible ones), and that is the index UiAutomator
/// compares. Other nodes count their position in the recorded tree, from 0.
struct SiblingIndexStep: EngineStep {
    /// The wanted position.
    let index: Int

    init(index: Int) { self.index = index }

    var description: String { "uiselector index(\(index))" }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        let tree = context.tree
        var out: [NodeID] = []
        // Per parent, the last sibling walked to and its position: over input in document order
        // each sibling list is walked once, so the step costs O(nodes), not O(nodes × index).
        var cursors: [Int32: (sibling: Int32, position: Int)] = [:]
        for node in input where node >= 0 {
            if let recorded = tree.value("index", of: node)?.numberValue {
                try context.charge(1)
                if recorded == Double(index) { out.append(node) }
                continue
            }
            let parent = tree.parents[Int(node)]
            let first: Int32 = parent >= 0 ? parent + 1 : 0
            var (sibling, position) = cursors[parent] ?? (first, 0)
            if sibling > node { (sibling, position) = (first, 0) }
            // Walk through `ends`, stopping once past the wanted position: then no later sibling matches.
            var walked = 1
            while sibling < node, position <= index {
                sibling = tree.ends[Int(sibling)]
                position += 1
                walked += 1
            }
            cursors[parent] = (sibling, position)
            try context.charge(walked)
            if sibling == node, position == index { out.append(node) }
        }
        return out
    }
}

/// A linked selector with `instance(n)`: the n-th match *per input node*, as UiAutomator restarts a
/// child selector's instance count for every parent match.
///
/// An engine step because the core's `pick` counts over the whole list, not per input. The search
/// is still the core's: `program` (a descendant search, each input's matches concatenated in input
/// order, then per-node filters) runs once over all the inputs through `StepContext.select`, so its
/// predicates are resolved once and its work is on the query's budget; this step only cuts that
/// list back into one run per input and keeps the n-th of each.
struct EachInputPickStep: EngineStep {
    /// A descendant search plus per-node filters, run from all the inputs at once.
    let program: SelectorProgram
    /// Which of each input's results to keep.
    let position: Int

    init(program: SelectorProgram, position: Int) { self.program = program; self.position = position }

    var description: String {
        "uiselector per input: pick \(position) of { " + program.description.split(separator: "\n").joined(separator: "; ") + " }"
    }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        let found = try context.select(program, from: input)
        let tree = context.tree
        try context.charge(input.count)
        var out: [NodeID] = []
        var k = 0
        // Input i's run is the rising stretch of `found` inside i's subtree. A later input nested in
        // i has a subset of i's matches, so its run starts at or below the end of i's (the run
        // stops rising); any other later input's matches lie outside i's subtree; and when i's run
        // is empty, no later input's first match can lie inside i's subtree, or it would be i's.
        for node in input {
            let upper = node >= 0 ? tree.ends[Int(node)] : Int32(tree.count)
            var count = 0
            var last = node
            while k < found.count, found[k] > last, found[k] < upper {
                if count == position { out.append(found[k]) }
                count += 1
                last = found[k]
                k += 1
            }
        }
        try context.checkResults(out.count)
        return out
    }
}
