import SelectorCore
import Testing
import TreeAlignment

/// The edits `knownEdits(_:)` chose for a recording, and what they imply.
struct PlannedEdits {
    var plan = EditPlan()
    /// Old ids the alignment must report as moved.
    var moved: Set<NodeID> = []
    /// Old ids the alignment must report as changed, with the property names.
    var changed: [NodeID: [String]] = [:]
}

/// A view's label, class and size: how a test tells siblings apart without the code under test.
func signature(_ t: ViewTree, _ v: NodeID) -> String {
    "\(t.className(of: v))|\(t.label(of: v) ?? "")|\(t.string("accessibilityIdentifier", of: v) ?? "")|\(t.ends[Int(v)] - v)"
}

/// Whether some view in the subtree of `v` carries a label or an identifier.
func namedSubtree(_ t: ViewTree, _ v: NodeID) -> Bool {
    t.subtree(v).contains { t.label(of: $0) != nil || t.string("accessibilityIdentifier", of: $0) != nil }
}

/// One of each edit issue 32 names, placed by rule so it applies to every recording: the first
/// two children of the smallest view with three or more children go inside a new wrapper; the
/// next such view's first distinctive child moves to the end; the next one's last one-of-a-kind
/// child is deleted; the first labelled leaf outside those is renamed, and the first identified view
/// outside them gets a new identifier (in both spellings the loader recorded). Edits are kept in
/// separate subtrees so each one's truth is plain.
func knownEdits(_ t: ViewTree) -> PlannedEdits {
    var out = PlannedEdits()
    var taken: [NodeID] = []
    func disjoint(_ v: NodeID) -> Bool {
        !taken.contains { ($0 <= v && v < t.ends[Int($0)]) || (v <= $0 && $0 < t.ends[Int(v)]) }
    }
    // One of a kind among its siblings (and, to be moved, named: identical unnamed twins trade
    // places by position, as they should, which is not the truth this test pins).
    func unique(_ kids: [NodeID], _ c: NodeID) -> Bool {
        kids.filter { signature(t, $0) == signature(t, c) }.count == 1
    }
    func distinctive(_ kids: [NodeID], _ c: NodeID) -> Bool { namedSubtree(t, c) && unique(kids, c) }
    // Smallest first, so the three edits find three separate views even where one table holds
    // nearly everything.
    let busy = (0..<NodeID(t.count)).filter { t.children(of: $0).count >= 3 }.sorted {
        (t.ends[Int($0)] - $0, $0) < (t.ends[Int($1)] - $1, $1)
    }
    // A wrapper around two children.
    if let p = busy.first(where: disjoint) {
        let kids = t.children(of: p)
        out.plan.wrappers = [([kids[0], kids[1]], t.className(of: p))]
        out.moved.formUnion([kids[0], kids[1]])
        taken.append(p)
    }
    // A child moved to the end of its siblings.
    if let p = busy.first(where: { p in disjoint(p) && t.children(of: p).dropLast().contains { distinctive(t.children(of: p), $0) } }) {
        let kids = t.children(of: p)
        let c = kids.dropLast().first { distinctive(kids, $0) }!
        out.plan.movedToEnd = [c]
        out.moved.insert(c)
        taken.append(p)
    }
    // A child deleted with its subtree.
    if let p = busy.first(where: { p in disjoint(p) && t.children(of: p).contains { unique(t.children(of: p), $0) } }) {
        let kids = t.children(of: p)
        out.plan.deleted = [kids.last { unique(kids, $0) }!]
        taken.append(out.plan.deleted.first!)
    }
    let deleted = out.plan.deleted.first.map { t.subtree($0) } ?? []
    // A label renamed.
    if let v = (0..<NodeID(t.count)).first(where: {
        !deleted.contains($0) && t.ends[Int($0)] == $0 + 1 && t.label(of: $0) != nil
    }) {
        let label = t.label(of: v)!
        out.plan.rename(v, in: t, to: label + " (renamed)")
        out.changed[v] = out.plan.properties[v]!.map(\.0)
    }
    // An identifier changed.
    if let v = (0..<NodeID(t.count)).first(where: {
        !deleted.contains($0) && out.changed[$0] == nil && t.string("accessibilityIdentifier", of: $0) != nil
    }) {
        let id = t.string("accessibilityIdentifier", of: v)!
        for name in ["accessibilityIdentifier", "name", "resource-id", "id"] where t.string(name, of: v) == id {
            out.plan.set(name, .string("edited." + id), on: v)
            out.changed[v, default: []].append(name)
        }
    }
    return out
}

@Suite("aligning real recordings")
struct RealRecordingAlignmentTests {
    @Test("every recording aligned with itself is the identity", arguments: realRecordings)
    func identity(file: String) throws {
        let tree = try loadReal(file)
        let alignment = align(tree, tree)
        #expect(alignment.matches.count == tree.count)
        #expect(alignment.matches.allSatisfy { $0.old == $0.new })
        #expect(alignment.isIdentity)
    }

    @Test("a rebuilt copy (uids renumbered, nothing else) is the identity", arguments: realRecordings)
    func rebuiltCopy(file: String) throws {
        let tree = try loadReal(file)
        let copy = tree.edited(EditPlan())
        check(align(tree, copy.tree), ExpectedAlignment(tree, copy))
    }

    @Test("a wrapper, a move, a deletion, a rename and a new identifier, found exactly", arguments: realRecordings)
    func knownEditsAreFound(file: String) throws {
        let tree = try loadReal(file)
        let edits = knownEdits(tree)
        #expect(edits.plan.wrappers.count == 1 && edits.plan.movedToEnd.count == 1 && edits.plan.deleted.count == 1)
        #expect(edits.changed.count == 2, "a rename and an identifier change: \(edits.changed)")
        let edited = tree.edited(edits.plan)
        check(align(tree, edited.tree), ExpectedAlignment(tree, edited, moved: edits.moved, changed: edits.changed))
    }

    @Test("a swapped locale: every view kept, every label changed", arguments: realRecordings)
    func swappedLocale(file: String) throws {
        let tree = try loadReal(file)
        var plan = EditPlan()
        plan.relabel = { "«" + String($0.reversed()) + "»" }
        let edited = tree.edited(plan)
        var changed: [NodeID: [String]] = [:]
        for v in 0..<NodeID(tree.count) {
            let label = tree.label(of: v)
            let names = tree.propertyNames.filter { name in
                guard let s = tree.string(name, of: v), !s.isEmpty else { return false }
                return shownLabelProperties.contains(name) || (identifierProperties.contains(name) && s == label)
            }
            if !names.isEmpty { changed[v] = names }
        }
        #expect(!changed.isEmpty)
        check(align(tree, edited.tree), ExpectedAlignment(tree, edited, changed: changed))
    }

    /// The same edits as `knownEditsAreFound`, named and pinned on iOS Settings (Chinese locale).
    @Test func settingsEditsPinned() throws {
        let tree = try loadReal("xcuitest_ios_settings_zh_uiautodev.xml")
        #expect(tree.label(of: 53) == "蓝牙" && tree.label(of: 57) == "蜂窝网络")
        var plan = EditPlan()
        plan.rename(53, in: tree, to: "蓝牙与配件")  // Bluetooth's title
        plan.set("name", "CELLULAR", on: 57)  // the Cellular cell's identifier
        plan.set("accessibilityIdentifier", "CELLULAR", on: 57)
        plan.wrappers = [([42, 45], "XCUIElementTypeOther")]  // Airplane mode and Wi-Fi, grouped
        plan.movedToEnd = [63]  // Notifications, to the end of the table
        plan.deleted = [68]  // Sounds & Haptics
        let edited = tree.edited(plan)
        let alignment = align(tree, edited.tree)
        #expect(alignment.inserted == [42])
        #expect(alignment.deleted == [68, 69, 70, 71, 72])
        #expect(alignment.moved == [NodePair(old: 42, new: 43), NodePair(old: 45, new: 46), NodePair(old: 63, new: 315)])
        #expect(alignment.changed == [
            PropertyChange(old: 53, new: 54, properties: ["accessibilityLabel", "label"]),
            PropertyChange(old: 57, new: 58, properties: ["accessibilityIdentifier", "name"]),
        ])
        #expect(alignment.newCounterpart(of: 0) == 0 && alignment.newCounterpart(of: 73) == 64)
        #expect(alignment.oldCounterpart(of: 42) == nil)
        check(alignment, ExpectedAlignment(tree, edited, moved: [42, 45, 63], changed: [
            53: ["accessibilityLabel", "label"], 57: ["accessibilityIdentifier", "name"],
        ]))
    }

    /// WeChat (Android) nests `FrameLayout`s seven deep. A leaf deleted under one list item made
    /// that item's identical twin elsewhere look like its counterpart, and dice alone then matched
    /// each container of the chain one level off (22 → 0, 23 → 2, ...). Parents alike first in
    /// the top-down tie-break, and the place of a candidate in the bottom-up one, keep it aligned.
    @Test func aDeepChainOfAnonymousContainersStaysAligned() throws {
        let tree = try loadReal("android_wechat_miniprogram_appcrawler.xml")
        #expect(tree.string("resource-id", of: 22) == "android:id/content" && tree.children(of: 30) == [31])
        var plan = EditPlan()
        plan.deleted = [31]
        let id = try #require(tree.string("resource-id", of: 91))
        plan.set("resource-id", .string("edited." + id), on: 91)
        plan.set("accessibilityIdentifier", .string("edited." + id), on: 91)
        let edited = tree.edited(plan)
        let alignment = align(tree, edited.tree)
        #expect((22...26).map { alignment.newCounterpart(of: $0) } == (22...26).map { $0 })
        check(alignment, ExpectedAlignment(tree, edited, changed: [91: ["accessibilityIdentifier", "resource-id"]]))
    }

    /// Ice Cubes' timeline ends with two identical "Vertical scroll bar, 12 pages" views (label,
    /// frame and subtree alike). With a view before them deleted, each still goes with its own:
    /// the k-th of a run of identical siblings with the k-th, not by index among all siblings.
    @Test func twinsAfterADeletionKeepTheirOrder() throws {
        let tree = try loadReal("xcuitest_ios26_icecubes_timeline_mobium.xml")
        #expect(tree.label(of: 114) == tree.label(of: 116) && tree.parents[114] == tree.parents[116])
        var plan = EditPlan()
        plan.deleted = [79]
        let edited = tree.edited(plan)
        let alignment = align(tree, edited.tree)
        #expect(alignment.newCounterpart(of: 114) == 113 && alignment.newCounterpart(of: 116) == 115)
        check(alignment, ExpectedAlignment(tree, edited))
    }

    /// Kiwix shows two "Vertical scroll bar, 2 pages" twins; one renamed leaves the other with
    /// its own counterpart (by place among siblings, since the twins no longer match as many).
    @Test func aRenamedTwinIsTheRenamedOne() throws {
        let tree = try loadReal("xcuitest_ios26_kiwix_main_page_mobium.xml")
        #expect(tree.label(of: 98) == "Vertical scroll bar, 2 pages" && tree.label(of: 102) == tree.label(of: 98))
        var plan = EditPlan()
        plan.rename(98, in: tree, to: "Vertical scroll bar, 3 pages")
        let edited = tree.edited(plan)
        let alignment = align(tree, edited.tree)
        #expect(alignment.newCounterpart(of: 98) == 98 && alignment.newCounterpart(of: 102) == 102)
        check(alignment, ExpectedAlignment(tree, edited, changed: [98: ["accessibilityLabel", "label"]]))
    }
}
