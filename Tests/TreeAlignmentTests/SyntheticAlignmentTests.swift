import SelectorCore
import SyntheticHierarchy
import Testing
import TreeAlignment

@Suite("aligning a generated 10^5-view app with an edited copy")
struct SyntheticAlignmentTests {
    /// Edits spread over the whole tree: rows renamed, deleted, wrapped in pairs and moved to the
    /// end of their table; buttons given an identifier. Correctness only (timings: Docs/Alignment.md).
    @Test func everyEditIsFoundExactly() {
        let tree = SyntheticApp.generate(nodes: 100_000, seed: 3)
        let cells = (0..<NodeID(tree.count)).filter { tree.className(of: $0) == "UITableViewCell" }
        var plan = EditPlan()
        var moved: Set<NodeID> = []
        var changed: [NodeID: [String]] = [:]
        var used: Set<NodeID> = []
        for (k, cell) in cells.enumerated() where k % 211 == 5 {
            plan.deleted.insert(cell)
            used.insert(cell)
        }
        // Not a table's last child: moving that to the end would move nothing.
        for (k, cell) in cells.enumerated() where k % 401 == 17 && !used.contains(cell)
            && tree.ends[Int(cell)] < tree.ends[Int(tree.parents[Int(cell)])] {
            plan.movedToEnd.insert(cell)
            moved.insert(cell)
            used.insert(cell)
        }
        for (k, cell) in cells.enumerated() where k % 307 == 11 {
            let next = tree.ends[Int(cell)]
            guard Int(next) < tree.count, tree.parents[Int(next)] == tree.parents[Int(cell)],
                  tree.className(of: next) == "UITableViewCell",
                  !used.contains(cell), !used.contains(next) else { continue }
            plan.wrappers.append(([cell, next], "UIView"))
            moved.formUnion([cell, next])
            used.formUnion([cell, next])
        }
        let gone = Set(plan.deleted.flatMap { tree.subtree($0) })
        let rowLabels = (0..<NodeID(tree.count)).filter {
            tree.className(of: $0) == "UILabel" && tree.label(of: $0)?.hasPrefix("Row ") == true && !gone.contains($0)
        }
        for (k, label) in rowLabels.enumerated() where k % 97 == 3 {
            plan.rename(label, in: tree, to: tree.label(of: label)! + " (edited)")
            changed[label] = ["accessibilityLabel", "text"]
        }
        let buttons = (0..<NodeID(tree.count)).filter { tree.className(of: $0) == "UIButton" && !gone.contains($0) }
        for (k, button) in buttons.enumerated() where k % 503 == 7 {
            plan.set("accessibilityIdentifier", .string("button-\(k)"), on: button)
            changed[button] = ["accessibilityIdentifier"]
        }
        #expect(plan.deleted.count > 10 && plan.movedToEnd.count > 10 && plan.wrappers.count > 10)
        #expect(changed.count > 100)

        let edited = tree.edited(plan)
        #expect(edited.tree.count == tree.count - gone.count + plan.wrappers.count)
        check(align(tree, edited.tree), ExpectedAlignment(tree, edited, moved: moved, changed: changed))
    }

    @Test func aGeneratedAppAlignedWithItselfIsTheIdentity() {
        let tree = SyntheticApp.generate(nodes: 100_000, seed: 4)
        let alignment = align(tree, tree)
        #expect(alignment.matches.count == tree.count && alignment.isIdentity)
    }
}
