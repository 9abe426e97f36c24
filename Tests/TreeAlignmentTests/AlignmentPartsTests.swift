import SelectorCore
import Testing
@testable import TreeAlignment
import ViewSelectorsTesting

@Suite("the alignment's parts and options")
struct AlignmentPartsTests {
    @Test func theLongestIncreasingSubsequenceKeepsTheMostSiblingsInPlace() {
        #expect(Subsequence.longestIncreasing([]) == [])
        #expect(Subsequence.longestIncreasing([0, 1, 2]) == [0, 1, 2])
        #expect(Subsequence.longestIncreasing([3, 0, 1, 2]) == [1, 2, 3])  // the first moved last
        #expect(Subsequence.longestIncreasing([1, 2, 3, 0]) == [0, 1, 2])  // the last moved first
        #expect(Subsequence.longestIncreasing([1, 0]) == [1])  // a swap: the first one moved
        #expect(Subsequence.longestIncreasing([2, 0, 3, 1, 4]).count == 3)
    }

    @Test func labelSimilarityIsEditDistanceOrSharedWords() {
        func sim(_ a: [String], _ b: [String]) -> Double { LabelText(a).similarity(to: LabelText(b), atLeast: 0.5) }
        #expect(sim(["Log In"], ["log in"]) == 1)
        #expect(sim(["Log In"], ["Sign In"]) >= 0.5)
        #expect(sim(["Delete account"], ["Account delete"]) == 1)  // the same words
        #expect(sim(["OK"], ["Done"]) < 0.5)
        #expect(sim(["蓝牙"], ["蓝牙与配件"]) < 0.5 && sim(["无线局域网"], ["无线局域网络"]) >= 0.5)
        #expect(sim(["x", "Row 1-2"], ["Row 1-2 (edited)"]) >= 0.5)  // the best of the view's labels
        #expect(sim([], ["anything"]) == 0)
        // Normalised by the longer label: kitten → sitting is 3 edits of 7.
        #expect(abs(sim(["kitten"], ["sitting"]) - (1 - 3.0 / 7)) < 1e-12)
        #expect(LabelText(["kitten"]).similarity(to: LabelText(["sitting"]), atLeast: 0.9) < 0.9)
    }

    @Test func labelHashesCompareAcrossTreesWhosePoolsDiffer() {
        // The same labels interned in another order get other pool ids, and the same hashes.
        let a = N("UIView", "r", [], [N("UILabel", "1", label: "One"), N("UILabel", "2", label: "Two")]).build()
        let b = N("UIView", "r", [], [N("UILabel", "0", label: "Zero"), N("UILabel", "2", label: "Two"),
                                      N("UILabel", "1", label: "One")]).build()
        var index: [String: Int32] = [:]
        let fa = TreeFacts(a, classIndex: &index, labelProperties: AlignmentOptions().labelProperties)
        let fb = TreeFacts(b, classIndex: &index, labelProperties: AlignmentOptions().labelProperties)
        #expect(fa.label[1] == fb.label[3] && fa.label[2] == fb.label[2] && fa.label[1] != fa.label[2])
        #expect(fa.label[0] == 0 && fa.cls[1] == fb.cls[1])
        #expect(fa.hash[1] == fb.hash[3] && fa.shape[1] == fb.shape[1] && fa.hash[0] != fb.hash[0])
        #expect(fa.height == [2, 1, 1] && fa.postorder == [1, 2, 0] && fb.childIndex == [0, 0, 1, 2])
        let moved = align(a, b)
        #expect(moved.matches == [NodePair(old: 0, new: 0), NodePair(old: 1, new: 3), NodePair(old: 2, new: 2)])
        #expect(moved.inserted == [1] && moved.moved == [NodePair(old: 1, new: 3)])
    }

    @Test func ignoredPropertiesAreNeverReportedAsChanged() {
        let old = settingsScreen().build()
        let new = settingsScreen(ok: "Done").build()
        var options = AlignmentOptions()
        options.ignoredProperties.insert("accessibilityLabel")
        let alignment = align(old, new, options: options)
        #expect(alignment.matches == identity(old.count) && alignment.isIdentity)
    }

    @Test func propertiesOnOneSideOnlyAreChanges() {
        let old = N("UIView", "r", [], [N("UIButton", "b", label: "Go")]).build()
        let new = N("UIView", "r", [], [N("UIButton", "b", label: "Go", [("isEnabled", .bool(false)), ("tag", 7)])]).build()
        let gone = N("UIView", "r", [], [N("UIButton", "b")]).build()
        #expect(align(old, new).changed == [PropertyChange(old: 1, new: 1, properties: ["isEnabled", "tag"])])
        #expect(align(old, gone).changed == [PropertyChange(old: 1, new: 1, properties: ["accessibilityLabel"])])
        #expect(align(old, gone).matches == identity(2))
    }

    @Test func valuesOfDifferentStorageCompareAsValues() {
        // `tag` is a number in one tree and a string in the other: different values.
        let old = N("UIView", "r", [("tag", 1)]).build()
        let same = N("UIView", "r", [("tag", 1.0)]).build()
        let text = N("UIView", "r", [("tag", "1")]).build()
        #expect(align(old, same).isIdentity)
        #expect(align(old, text).changed == [PropertyChange(old: 0, new: 0, properties: ["tag"])])
    }

    @Test func rootsOfAForestAreAlignedAsSiblings() {
        func forest(_ order: [String]) -> ViewTree {
            var b = ViewTreeBuilder()
            for name in order {
                let w = b.addNode(className: "UIWindow")
                b.setString("accessibilityIdentifier", name, on: w)
                let l = b.addNode(className: "UILabel", parent: w)
                b.setString("accessibilityLabel", name + " title", on: l)
            }
            return b.build()
        }
        let alignment = align(forest(["main", "alert", "keyboard"]), forest(["alert", "keyboard", "main"]))
        #expect(alignment.matches == zip(0..., [4, 5, 0, 1, 2, 3]).map { NodePair(old: NodeID($0), new: $1) })
        #expect(alignment.moved == [NodePair(old: 0, new: 4)])
    }

    @Test func withoutLabelledLeavesTopDownTheEditsAreStillFound() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        var options = AlignmentOptions()
        options.matchLabelledSubtreesBelowMinHeight = false
        let edits = knownEdits(tree)
        let edited = tree.edited(edits.plan)
        check(align(tree, edited.tree, options: options),
              ExpectedAlignment(tree, edited, moved: edits.moved, changed: edits.changed))
    }
}
