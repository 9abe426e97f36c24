import SelectorCore
import SyntheticHierarchy
import Testing
import TreeAlignment

/// Seeded random edits of the real recordings: one to four of rename, new identifier, wrapper,
/// move to the end and deletion, anywhere. Every view a selector can name (a label or an
/// identifier) that survived must be matched to the view it became, and nearly all the others;
/// what is left are unnamed identical twins and chains of anonymous containers (Docs/Alignment.md).
@Suite("aligning randomly edited real recordings")
struct RandomEditTests {
    static let seeds = 0..<40

    /// A random plan for `t`, its edits in separate places (a wrapper, a move or a deletion per parent).
    static func randomPlan(_ t: ViewTree, seed: UInt64) -> EditPlan {
        var rng = SplitMix64(seed: seed &* 7919 &+ 17)
        var plan = EditPlan()
        var touched: Set<NodeID> = []
        let n = t.count
        for _ in 0...rng.below(4) {
            let v = NodeID(rng.below(n))
            let kids = t.children(of: v)
            switch rng.below(5) {
            case 0:
                if let label = t.label(of: v) { plan.rename(v, in: t, to: rng.chance(50) ? label + " new" : "Other \(seed)") }
            case 1:
                if let id = t.string("accessibilityIdentifier", of: v) {
                    for name in ["accessibilityIdentifier", "name", "resource-id", "id"] where t.string(name, of: v) == id {
                        plan.set(name, .string("edited." + id), on: v)
                    }
                }
            case 2:
                guard kids.count >= 2, touched.insert(v).inserted else { break }
                let k = rng.below(kids.count - 1)
                plan.wrappers.append(([kids[k], kids[k + 1]], t.className(of: v)))
            case 3:
                guard kids.count >= 2, touched.insert(v).inserted else { break }
                plan.movedToEnd.insert(kids[rng.below(kids.count - 1)])
            default:
                guard v > 0, touched.insert(t.parents[Int(v)]).inserted else { break }
                plan.deleted.insert(v)
            }
        }
        // A deleted subtree takes the other edits inside it along.
        let gone = Set(plan.deleted.flatMap { t.subtree($0) })
        plan.wrappers.removeAll { $0.children.contains(where: gone.contains) }
        plan.movedToEnd.subtract(gone)
        return plan
    }

    @Test("named views that survive are always found", arguments: realRecordings)
    func namedSurvivorsAreFound(file: String) throws {
        let tree = try loadReal(file)
        var survivors = 0, wrong = 0
        for seed in Self.seeds {
            let plan = Self.randomPlan(tree, seed: UInt64(seed))
            let edited = tree.edited(plan)
            let alignment = align(tree, edited.tree)
            for (old, new) in edited.counterpart {
                survivors += 1
                guard alignment.newCounterpart(of: old) != new else { continue }
                wrong += 1
                let named = tree.label(of: old) != nil || tree.string("accessibilityIdentifier", of: old) != nil
                #expect(!named, "seed \(seed): \(tree.className(of: old)) \(old) '\(tree.label(of: old) ?? "")' went to \(alignment.newCounterpart(of: old).map(String.init) ?? "nothing"), not \(new); \(plan)")
            }
        }
        #expect(Double(wrong) <= 0.005 * Double(survivors), "\(wrong) of \(survivors) surviving views matched wrongly")
    }
}
