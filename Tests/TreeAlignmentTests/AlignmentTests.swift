import SelectorCore
import Testing
import TreeAlignment
import ViewSelectorsTesting

/// A small settings screen; node ids (preorder) in the comments.
func settingsScreen(ok: String = "OK", okID: String = "ok", rows: [N]? = nil, extra: [N] = []) -> N {
    N("UIWindow", "w", [], [
        N("UINavigationBar", "nav", [("accessibilityIdentifier", "nav")], [  // 1
            N("UILabel", "title", label: "Settings"),  // 2
        ]),
        N("UITableView", "table", [], rows ?? [  // 3
            N("UITableViewCell", "c1", label: "Wi-Fi", [], [  // 4
                N("UILabel", "c1l", label: "Wi-Fi"),  // 5
                N("UISwitch", "c1s", label: "Wi-Fi"),  // 6
            ]),
            N("UITableViewCell", "c2", label: "Bluetooth", [], [  // 7
                N("UILabel", "c2l", label: "Bluetooth"),  // 8
                N("UISwitch", "c2s", label: "Bluetooth"),  // 9
            ]),
            N("UITableViewCell", "c3", label: "Cellular", [], [  // 10
                N("UILabel", "c3l", label: "Cellular"),  // 11
                N("UIImageView", "c3i"),  // 12
            ]),
        ]),
        N("UIButton", "ok", label: ok, [("accessibilityIdentifier", .string(okID))]),  // 13
    ] + extra)
}

/// The identity pairs `0 ..< n`.
func identity(_ n: Int) -> [NodePair] { (0..<NodeID(n)).map { NodePair(old: $0, new: $0) } }

@Suite("aligning small trees with one known edit")
struct SmallEditTests {
    let old = settingsScreen().build()

    @Test func aTreeAlignedWithItselfMatchesEverythingWithNoEdits() {
        let alignment = align(old, old)
        #expect(alignment.matches == identity(old.count))
        #expect(alignment.isIdentity)
    }

    @Test func uidsAreNotEvidence() {
        // The same screen with every uid different: still the identity, and uid is no change.
        var plan = EditPlan()
        for v in 0..<NodeID(old.count) { plan.set("uid", .string("x\(v)"), on: v) }
        let new = old.edited(plan).tree
        #expect(align(old, new).matches == identity(old.count))
        #expect(align(old, new).isIdentity)
    }

    @Test func aRenamedButtonIsTheSameButtonWithItsLabelChanged() {
        let new = settingsScreen(ok: "Done").build()
        let alignment = align(old, new)
        #expect(alignment.matches == identity(old.count))
        #expect(alignment.changed == [PropertyChange(old: 13, new: 13, properties: ["accessibilityLabel"])])
        #expect(alignment.inserted.isEmpty && alignment.deleted.isEmpty && alignment.moved.isEmpty)
    }

    @Test func aChangedIdentifierIsAChangeNotAReplacement() {
        let new = settingsScreen(okID: "confirm-button").build()
        let alignment = align(old, new)
        #expect(alignment.matches == identity(old.count))
        #expect(alignment.changed == [PropertyChange(old: 13, new: 13, properties: ["accessibilityIdentifier"])])
    }

    @Test func aButtonRenamedAndReidentifiedStillMatchesByClassAndPlace() {
        let new = settingsScreen(ok: "Weiter", okID: "next").build()
        let alignment = align(old, new)
        #expect(alignment.matches == identity(old.count))
        #expect(alignment.changed == [PropertyChange(old: 13, new: 13, properties: ["accessibilityIdentifier", "accessibilityLabel"])])
    }

    @Test func aWrapperIsInsertedAndTheViewsItWrapsMove() {
        var plan = EditPlan()
        plan.wrappers = [([4, 7], "UIStackView")]
        let edited = old.edited(plan)
        let alignment = align(old, edited.tree)
        // New preorder: 3 table, 4 the stack, 5...10 the two cells, 11 Cellular, 14 OK.
        #expect(alignment.inserted == [4])
        #expect(alignment.deleted.isEmpty)
        #expect(alignment.moved == [NodePair(old: 4, new: 5), NodePair(old: 7, new: 8)])
        #expect(alignment.changed.isEmpty)
        check(alignment, ExpectedAlignment(old, edited, moved: [4, 7]))
    }

    @Test func aWrapperRemovedMovesItsChildrenOut() {
        var plan = EditPlan()
        plan.wrappers = [([4, 7], "UIStackView")]
        let wrapped = old.edited(plan).tree
        let alignment = align(wrapped, old)
        #expect(alignment.deleted == [4])
        #expect(alignment.inserted.isEmpty)
        #expect(alignment.moved == [NodePair(old: 5, new: 4), NodePair(old: 8, new: 7)])
    }

    @Test func unlabelledViewsInsideANewWrapperAreFoundThroughIt() {
        // Three image views with no label at all, wrapped: only the recovery phase's look through
        // the wrapper can pair them (by class and shape).
        let images = N("UIView", "root", [], [
            N("UILabel", "t", label: "Gallery"),
            N("UIView", "box", [], [N("UIImageView", "i1"), N("UIImageView", "i2"), N("UIImageView", "i3")]),
        ]).build()
        var plan = EditPlan()
        plan.wrappers = [([3, 4], "UIStackView")]
        let edited = images.edited(plan)
        let alignment = align(images, edited.tree)
        check(alignment, ExpectedAlignment(images, edited, moved: [3, 4]))
    }

    @Test func aSiblingMovedToTheEndIsTheOnlyMove() {
        var plan = EditPlan()
        plan.movedToEnd = [4]
        let edited = old.edited(plan)
        let alignment = align(old, edited.tree)
        // Wi-Fi (4...6) now follows Cellular: new 10...12.
        #expect(alignment.moved == [NodePair(old: 4, new: 10)])
        #expect(alignment.inserted.isEmpty && alignment.deleted.isEmpty && alignment.changed.isEmpty)
        check(alignment, ExpectedAlignment(old, edited, moved: [4]))
    }

    @Test func theOneSiblingOutOfOrderIsTheOneMoved() {
        var plan = EditPlan()
        plan.movedToEnd = [1]  // the navigation bar after the table and the button: 12 and its title 13
        let edited = old.edited(plan)
        let alignment = align(old, edited.tree)
        #expect(alignment.moved == [NodePair(old: 1, new: 12)])
        check(alignment, ExpectedAlignment(old, edited, moved: [1]))
    }

    @Test func aDeletedCellIsDeletedWithItsSubviews() {
        var plan = EditPlan()
        plan.deleted = [7]
        let edited = old.edited(plan)
        let alignment = align(old, edited.tree)
        #expect(alignment.deleted == [7, 8, 9])
        #expect(alignment.inserted.isEmpty && alignment.moved.isEmpty && alignment.changed.isEmpty)
        check(alignment, ExpectedAlignment(old, edited))
    }

    @Test func anInsertedCellIsInsertedAndMovesNothing() {
        let rows = [
            N("UITableViewCell", "c1", label: "Wi-Fi", [], [N("UILabel", "a", label: "Wi-Fi"), N("UISwitch", "b", label: "Wi-Fi")]),
            N("UITableViewCell", "new", label: "VPN", [], [N("UILabel", "v", label: "VPN"), N("UISwitch", "w", label: "VPN")]),
            N("UITableViewCell", "c2", label: "Bluetooth", [], [N("UILabel", "c", label: "Bluetooth"), N("UISwitch", "d", label: "Bluetooth")]),
            N("UITableViewCell", "c3", label: "Cellular", [], [N("UILabel", "e", label: "Cellular"), N("UIImageView", "f")]),
        ]
        let new = settingsScreen(rows: rows).build()
        let alignment = align(old, new)
        #expect(alignment.inserted == [7, 8, 9])
        #expect(alignment.deleted.isEmpty && alignment.moved.isEmpty && alignment.changed.isEmpty)
        #expect(alignment.newCounterpart(of: 7) == 10 && alignment.newCounterpart(of: 13) == 16)
    }

    @Test func aSubtreeMovedToAnotherParentIsMatchedAndMoved() {
        let before = N("UIView", "root", [], [
            N("UIView", "left", [("accessibilityIdentifier", "left")], [
                N("UIButton", "a", label: "Add", [], [N("UIImageView", "ai")]),
                N("UIButton", "r", label: "Remove", [], [N("UIImageView", "ri")]),
            ]),
            N("UIView", "right", [("accessibilityIdentifier", "right")], [
                N("UIButton", "s", label: "Share", [], [N("UIImageView", "si")]),
            ]),
        ]).build()
        let after = N("UIView", "root", [], [
            N("UIView", "left", [("accessibilityIdentifier", "left")], [
                N("UIButton", "a", label: "Add", [], [N("UIImageView", "ai")]),
            ]),
            N("UIView", "right", [("accessibilityIdentifier", "right")], [
                N("UIButton", "s", label: "Share", [], [N("UIImageView", "si")]),
                N("UIButton", "r", label: "Remove", [], [N("UIImageView", "ri")]),
            ]),
        ]).build()
        let alignment = align(before, after)
        // "Remove" (4, 5) now follows "Share" (7, 8 → 5, 6) under the right view (6 → 4).
        #expect(alignment.matches == zip(0..., [0, 1, 2, 3, 7, 8, 4, 5, 6]).map { NodePair(old: NodeID($0), new: $1) })
        #expect(alignment.moved == [NodePair(old: 4, new: 7)])
        #expect(alignment.isIdentity == false && alignment.changed.isEmpty)
    }

    @Test func identicalTwinsPairInOrderAndTheLastOneGoes() {
        func rows(_ n: Int) -> N {
            N("UITableView", "t", [], (0..<n).map { _ in
                N("UITableViewCell", "c", [], [N("UIButton", "b", label: "Delete", [], [N("UILabel", "l")])])
            })
        }
        let alignment = align(rows(3).build(), rows(2).build())
        #expect(alignment.matches == identity(7))
        #expect(alignment.deleted == [7, 8, 9])
    }

    @Test func aSwappedLocaleKeepsEveryViewWithItsLabelChanged() {
        var plan = EditPlan()
        plan.relabel = { "«" + String($0.reversed()) + "»" }
        let edited = old.edited(plan)
        let alignment = align(old, edited.tree)
        let labelled = (0..<NodeID(old.count)).filter { old.label(of: $0) != nil }
        check(alignment, ExpectedAlignment(old, edited, changed: Dictionary(uniqueKeysWithValues: labelled.map { ($0, ["accessibilityLabel"]) })))
    }

    @Test func emptyTreesAlignToNothing() {
        let empty = ViewTreeBuilder().build()
        let alignment = align(empty, old)
        #expect(alignment.matches.isEmpty && alignment.deleted.isEmpty)
        #expect(alignment.inserted == Array(0..<NodeID(old.count)))
        #expect(align(old, empty).deleted.count == old.count)
        #expect(alignment.newCounterpart(of: 0) == nil && alignment.oldCounterpart(of: -1) == nil)
    }

    @Test func differentRootClassesMatchNothingThatIsNotEvidence() {
        let a = N("UIWindow", "w", [], [N("UIView", "v")]).build()
        let b = N("UIApplication", "a", [], [N("UIScrollView", "s")]).build()
        let alignment = align(a, b)
        #expect(alignment.matches.isEmpty)
        #expect(alignment.deleted == [0, 1] && alignment.inserted == [0, 1])
    }
}
