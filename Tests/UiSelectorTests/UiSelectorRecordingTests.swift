import SelectorCore
import Testing
import UiSelectorEngine

/// One selector and its expected result, worked out by `Reference` (plain code over the tree).
struct RecordingCase: Sendable, CustomTestStringConvertible {
    let selector: String
    let expected: @Sendable (Reference) -> [NodeID]
    init(_ selector: String, _ expected: @escaping @Sendable (Reference) -> [NodeID]) {
        self.selector = selector; self.expected = expected
    }
    var testDescription: String { selector }
}

/// Selectors over both real Android recordings, each checked against the brute-force reference.
@Suite struct UiSelectorRecordingTests {
    static let cases: [RecordingCase] = [
        RecordingCase(#"new UiSelector().className("android.widget.TextView")"#) { r in
            r.select { r.tree.className(of: $0) == "android.widget.TextView" }
        },
        RecordingCase(#"new UiSelector().className(android.widget.ImageView)"#) { r in
            r.select { r.tree.className(of: $0) == "android.widget.ImageView" }
        },
        RecordingCase(#"new UiSelector().className("android.view.View")"#) { r in
            // Exact class: a TextView (a View subclass) is not a View here.
            r.select { r.tree.className(of: $0) == "android.view.View" }
        },
        RecordingCase(#"new UiSelector().classNameMatches(".*Layout")"#) { r in
            r.select { r.tree.className(of: $0).hasSuffix("Layout") }
        },
        RecordingCase(#"new UiSelector().classNameMatches("Layout")"#) { _ in [] },
        RecordingCase(#"new UiSelector().text("")"#) { r in r.select { r.text($0) == "" } },
        RecordingCase(#"new UiSelector().textContains("10086")"#) { r in
            r.select { r.text($0)?.lowercased().contains("10086") ?? false }
        },
        RecordingCase(#"new UiSelector().textContains("TESTERHOME")"#) { r in
            r.select { r.text($0)?.lowercased().contains("testerhome") ?? false }
        },
        RecordingCase(#"new UiSelector().textStartsWith("包含")"#) { r in
            r.select { r.text($0)?.hasPrefix("包含") ?? false }
        },
        RecordingCase(#"new UiSelector().textMatches("\d+")"#) { r in
            r.select { n in r.text(n).map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } } ?? false }
        },
        RecordingCase(#"new UiSelector().textMatches("\d+:\d+")"#) { r in
            r.select { n in
                guard let t = r.text(n) else { return false }
                let parts = t.split(separator: ":", omittingEmptySubsequences: false)
                return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
            }
        },
        RecordingCase(#"new UiSelector().text("＠微信")"#) { r in r.select { r.text($0) == "＠微信" } },
        RecordingCase(#"new UiSelector().description("取消按钮")"#) { r in r.select { r.desc($0) == "取消按钮" } },
        RecordingCase(#"new UiSelector().descriptionContains("按钮")"#) { r in
            r.select { r.desc($0)?.contains("按钮") ?? false }
        },
        RecordingCase(#"new UiSelector().descriptionStartsWith("清")"#) { r in
            r.select { r.desc($0)?.hasPrefix("清") ?? false }
        },
        RecordingCase(#"new UiSelector().descriptionMatches(".+")"#) { r in
            r.select { !(r.desc($0) ?? "").isEmpty }
        },
        RecordingCase(#"new UiSelector().resourceId("com.tencent.wework:id/czi")"#) { r in
            r.select { r.resourceID($0) == "com.tencent.wework:id/czi" }
        },
        RecordingCase(#"new UiSelector().resourceId("com.tencent.mm:id/hee")"#) { r in
            r.select { r.resourceID($0) == "com.tencent.mm:id/hee" }
        },
        RecordingCase(#"new UiSelector().resourceIdMatches(".*:id/cz.")"#) { r in
            r.select { n in
                guard let id = r.resourceID(n), let parts = splitResourceID(id) else { return false }
                return parts.name.hasPrefix("cz") && parts.name.count == 3
            }
        },
        RecordingCase(#"new UiSelector().packageName("com.tencent.mm")"#) { r in
            r.select { r.package($0) == "com.tencent.mm" }
        },
        RecordingCase(#"new UiSelector().packageNameMatches("com\.tencent\..*")"#) { r in
            r.select { r.package($0)?.hasPrefix("com.tencent.") ?? false }
        },
        RecordingCase(#"new UiSelector().clickable(true)"#) { r in r.select { r.flag("clickable", $0) == true } },
        RecordingCase(#"new UiSelector().clickable(false)"#) { r in r.select { r.flag("clickable", $0) == false } },
        RecordingCase(#"new UiSelector().longClickable(true)"#) { r in r.select { r.flag("long-clickable", $0) == true } },
        RecordingCase(#"new UiSelector().focusable(true)"#) { r in r.select { r.flag("focusable", $0) == true } },
        RecordingCase(#"new UiSelector().focused(false)"#) { r in r.select { r.flag("focused", $0) == false } },
        RecordingCase(#"new UiSelector().scrollable(true)"#) { r in r.select { r.flag("scrollable", $0) == true } },
        RecordingCase(#"new UiSelector().selected(true)"#) { r in r.select { r.flag("selected", $0) == true } },
        RecordingCase(#"new UiSelector().checkable(false)"#) { r in r.select { r.flag("checkable", $0) == false } },
        RecordingCase(#"new UiSelector().checked(true)"#) { r in r.select { r.flag("checked", $0) == true } },
        RecordingCase(#"new UiSelector().enabled(true)"#) { r in r.select { r.flag("enabled", $0) == true } },
        RecordingCase(#"new UiSelector().className("android.widget.TextView").clickable(true)"#) { r in
            r.select { r.tree.className(of: $0) == "android.widget.TextView" && r.flag("clickable", $0) == true }
        },
        RecordingCase(#"new UiSelector().className("android.widget.TextView").instance(3)"#) { r in
            Array(r.select { r.tree.className(of: $0) == "android.widget.TextView" }.dropFirst(3).prefix(1))
        },
        RecordingCase(#"new UiSelector().className("android.widget.TextView").instance(9999)"#) { _ in [] },
        RecordingCase(#"new UiSelector().index(1)"#) { r in r.select { r.index($0) == 1 } },
        RecordingCase(#"new UiSelector().className("android.widget.LinearLayout").index(0)"#) { r in
            r.select { r.tree.className(of: $0) == "android.widget.LinearLayout" && r.index($0) == 0 }
        },
        RecordingCase(#"new UiSelector().index(2).instance(1)"#) { r in
            Array(r.select { r.index($0) == 2 }.dropFirst(1).prefix(1))
        },
        RecordingCase(#"new UiSelector().clickable(true).childSelector(new UiSelector().className("android.widget.TextView"))"#) { r in
            r.below(r.select { r.flag("clickable", $0) == true }) { r.tree.className(of: $0) == "android.widget.TextView" }
        },
        RecordingCase(#"new UiSelector().clickable(true).childSelector(new UiSelector().className("android.widget.TextView").instance(1))"#) { r in
            // The instance counts per parent: the second TextView under each clickable node.
            let picks = r.select { r.flag("clickable", $0) == true }.compactMap { p in
                r.below([p]) { r.tree.className(of: $0) == "android.widget.TextView" }.dropFirst(1).first
            }
            return Array(Set(picks)).sorted()
        },
        RecordingCase(#"new UiSelector().childSelector(new UiSelector().className("android.widget.TextView").instance(2))"#) { r in
            // Every node is a parent here, nested every way: each picks its own third TextView.
            Array(Set(r.nodes.compactMap { p in
                r.below([p]) { r.tree.className(of: $0) == "android.widget.TextView" }.dropFirst(2).first
            })).sorted()
        },
        RecordingCase(#"new UiSelector().focusable(true).fromParent(new UiSelector().index(0).instance(1))"#) { r in
            let parents = Array(Set(r.select { r.flag("focusable", $0) == true }.compactMap { r.tree.parent(of: $0) }))
            return Array(Set(parents.compactMap { p in r.below([p]) { r.index($0) == 0 }.dropFirst(1).first })).sorted()
        },
        RecordingCase(#"new UiSelector().className("android.widget.ImageView").fromParent(new UiSelector().className("android.widget.TextView"))"#) { r in
            let parents = r.select { r.tree.className(of: $0) == "android.widget.ImageView" }.compactMap { r.tree.parent(of: $0) }
            return r.below(parents) { r.tree.className(of: $0) == "android.widget.TextView" }
        },
        RecordingCase(#"new UiSelector().scrollable(true).childSelector(new UiSelector().clickable(true)).childSelector(new UiSelector().className("android.widget.TextView"))"#) { r in
            let lists = r.select { r.flag("scrollable", $0) == true }
            let rows = r.below(lists) { r.flag("clickable", $0) == true }
            return r.below(rows) { r.tree.className(of: $0) == "android.widget.TextView" }
        },
        RecordingCase(#"new UiScrollable(new UiSelector().scrollable(true)).scrollIntoView(new UiSelector().textContains("群"))"#) { r in
            r.select { r.text($0)?.contains("群") ?? false }
        },
        RecordingCase(#"new UiSelector().clickable(true).instance(0); new UiSelector().className("android.widget.EditText")"#) { r in
            let first = Array(r.select { r.flag("clickable", $0) == true }.prefix(1))
            return first + r.select { r.tree.className(of: $0) == "android.widget.EditText" && !first.contains($0) }
        },
    ]

    @Test("uiautomator dump (WeCom) matches the reference", arguments: cases)
    func wecomRecording(_ c: RecordingCase) throws {
        #expect(try ui(c.selector, in: wecom) == c.expected(Reference(tree: wecom)))
    }

    @Test("accessibility XML (WeChat) matches the reference", arguments: cases)
    func wechatRecording(_ c: RecordingCase) throws {
        #expect(try ui(c.selector, in: wechat) == c.expected(Reference(tree: wechat)))
    }

    /// The reference agrees with the engine on something: the table is not vacuous.
    @Test func theTableSelectsSomethingOnEachRecording() throws {
        for tree in [wecom, wechat] {
            let nonEmpty = try Self.cases.filter { !(try ui($0.selector, in: tree)).isEmpty }.count
            #expect(nonEmpty >= 20)
        }
    }

    /// Hand-checked answers on the WeCom dump, independent of the reference's reading.
    @Test func handCheckedWeCom() throws {
        // "消息" is the title bar's text and the tab's (preorder ids; the <hierarchy> is node 0).
        let tabs = try ui(#"new UiSelector().text("消息")"#, in: wecom)
        #expect(tabs == [25, 149])
        #expect(tabs.allSatisfy { wecom.className(of: $0) == "android.widget.TextView" })
        #expect(try ui(#"new UiSelector().className("android.widget.TextView").instance(0)"#, in: wecom) == [17])
        #expect(try ui(#"new UiSelector().className("android.widget.TextView").instance(1)"#, in: wecom) == [25])
        #expect(try ui(#"new UiSelector().text("消息").instance(1)"#, in: wecom) == [149])
        #expect(try ui(#"new UiSelector().resourceId("com.tencent.wework:id/hwl").text("消息")"#, in: wecom) == [149])
        #expect(try ui(#"text("消息")"#, in: wecom) == tabs)
        #expect(try ui(#"text("消息");text("消息")"#, in: wecom) == tabs)
        #expect(try ui(#".text("消息")"#, in: wecom) == tabs)
        #expect(try ui(#"UiSelector().text("消息")"#, in: wecom) == tabs)
        #expect(try ui(#"new UiSelector().resourceId("com.tencent.wework:id/czi")"#, in: wecom).count == 18)
        #expect(try ui(#"new UiSelector().className("androidx.recyclerview.widget.RecyclerView")"#, in: wecom).count == 2)
        #expect(try ui(#"new UiSelector().scrollable(true)"#, in: wecom).count == 1)
        #expect(try ui(#"new UiSelector().textContains("红包")"#, in: wecom).count == 1)
        // U+00A0 is a character like any other: a plain space does not match it.
        #expect(try ui(#"new UiSelector().textContains("红包] 群助理")"#, in: wecom).isEmpty)
        #expect(try ui("new UiSelector().textContains(\"红包]\u{00A0}群助理\")", in: wecom).count == 1)
        // The document element is no element: an empty selector selects every node but it.
        #expect(try ui("new UiSelector()", in: wecom).count == 207)
        #expect(wecom.className(of: 0) == "hierarchy")
    }

    @Test func handCheckedWeChat() throws {
        // Preorder ids worked out apart from Swift (ElementTree over the XML; the root <node> is 0).
        #expect(try ui(#"new UiSelector().text("取消")"#, in: wechat) == [14])
        #expect(try ui(#"new UiSelector().description("取消按钮")"#, in: wechat) == [14])
        #expect(try ui(#"new UiSelector().className("android.widget.EditText")"#, in: wechat) == [12])
        #expect(try ui(#"new UiSelector().className("android.widget.ImageButton")"#, in: wechat) == [13])
        #expect(try ui(#"new UiSelector().className("android.widget.EditText").fromParent(new UiSelector())"#, in: wechat) == [12])
        #expect(try ui(#"new UiSelector().className("android.widget.ListView").childSelector(new UiSelector().className("android.widget.TextView").instance(2))"#, in: wechat) == [43])
        // An `instance` written after the link belongs to the ListView selector, not the TextView one.
        #expect(try ui(#"new UiSelector().className("android.widget.ListView").childSelector(new UiSelector().className("android.widget.TextView")).instance(0)"#, in: wechat)
                == [34, 42, 43, 50, 57, 58, 65, 72, 73, 74, 81, 82, 83, 90, 91, 92, 96, 105, 112, 120, 128, 130, 138, 140])
        #expect(try ui("new UiSelector()", in: wechat).count == 147)
        // No `enabled` attribute here: enabled(true) and enabled(false) both find nothing.
        #expect(try ui("new UiSelector().enabled(true)", in: wechat).isEmpty)
        #expect(try ui("new UiSelector().enabled(false)", in: wechat).isEmpty)
        // `isFocused` answers focused(...) when `focused` is missing.
        #expect(try ui("new UiSelector().focused(false)", in: wechat).count == 147)
        // Nodes without a resource-id have no resource id at all, not an empty one.
        #expect(try ui(#"new UiSelector().resourceIdMatches(".*")"#, in: wechat).count == 80)
    }
}
