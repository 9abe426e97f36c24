import EspressoEngine
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// The `espresso` engine: Espresso ViewMatchers (android/android-test `ViewMatchers.java`) on real
/// UiAutomator recordings, each matcher checked against the same meaning in another engine.
@Suite("espresso: Espresso view matchers")
struct EspressoTests {
    static let registry = EngineRegistry.standard()
    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"
    static let wecom = try! HierarchyFormat.loadDetecting(try FileIO.read(fixtures + "real/uiautomator_android_wecom_window_dump.xml")).0
    static let wechat = try! HierarchyFormat.loadDetecting(try FileIO.read(fixtures + "real/android_wechat_miniprogram_appcrawler.xml")).0

    static func select(_ selector: String, _ engine: String = "espresso", in tree: ViewTree) throws -> [NodeID] {
        try registry.select(selector, engine: engine, in: tree)
    }

    /// (espresso, other engine, the same meaning there, recording: "wecom" or "wechat").
    @Test("each matcher selects what the same meaning selects in another engine", arguments: [
        ("onView(withId(R.id.czi))", "xpath", "//*[@resource-id='com.tencent.wework:id/czi']", "wecom"),
        ("withResourceName(\"czi\")", "xpath", "//*[@resource-id='com.tencent.wework:id/czi']", "wecom"),
        ("withResourceName(startsWith(\"cz\"))", "xpath", "//*[not(self::hierarchy)][starts-with(@resource-id, 'com.tencent.wework:id/cz')]", "wecom"),
        ("withResourceName(containsString(\"z\"))", "xpath", "//*[not(self::hierarchy)][contains(substring-after(@resource-id, ':id/'), 'z')]", "wecom"),
        ("onView(withText(\"消息\"))", "uiselector", "new UiSelector().text(\"消息\")", "wecom"),
        ("onView(withText(containsString(\"分钟前\")))", "xpath", "//*[not(self::hierarchy)][contains(@text, '分钟前')]", "wecom"),
        ("onView(withText(startsWith(\"[\")))", "xpath", "//*[not(self::hierarchy)][starts-with(@text, '[')]", "wecom"),
        ("onView(withText(endsWith(\"前\")))", "uiselector", "new UiSelector().textMatches(\"(?s).*前\")", "wecom"),
        ("onView(withSubstring(\"群\"))", "xpath", "//*[not(self::hierarchy)][contains(@text, '群')]", "wecom"),
        ("onView(withText(equalToIgnoringCase(\"testerhome广东综合交流①群(498)\")))", "xpath",
         "//*[not(self::hierarchy)][@text='TesterHome广东综合交流①群(498)']", "wechat"),
        ("onView(withContentDescription(\"清除\"))", "uiselector", "new UiSelector().description(\"清除\")", "wechat"),
        ("onView(withContentDescription(containsString(\"按钮\")))", "xpath", "//*[not(self::hierarchy)][contains(@content-desc, '按钮')]", "wechat"),
        ("onView(hasContentDescription())", "xpath", "//*[not(self::hierarchy)][@content-desc != '']", "wechat"),
        ("onView(isAssignableFrom(TextView::class.java))", "xpath",
         "//*[not(self::hierarchy)][@class='android.widget.TextView' or @class='android.widget.EditText']", "wechat"),
        ("onView(isAssignableFrom(android.widget.ImageView.class))", "xpath",
         "//*[not(self::hierarchy)][@class='android.widget.ImageView' or @class='android.widget.ImageButton']", "wechat"),
        ("onView(withClassName(endsWith(\"Layout\")))", "uiselector", "new UiSelector().classNameMatches(\".*Layout\")", "wecom"),
        ("onView(withClassName(`is`(\"android.widget.ImageView\")))", "uiselector", "new UiSelector().className(\"android.widget.ImageView\")", "wecom"),
        ("onView(withClassName(equalTo(ImageView::class.java.name)))", "uiselector", "new UiSelector().className(\"android.widget.ImageView\")", "wecom"),
        ("onView(isClickable())", "uiselector", "new UiSelector().clickable(true)", "wecom"),
        ("onView(isSelected())", "uiselector", "new UiSelector().selected(true)", "wecom"),
        ("onView(isNotClickable())", "xpath", "//*[not(self::hierarchy)][@clickable='false']", "wecom"),
        ("onView(not(isClickable()))", "xpath", "//*[not(self::hierarchy)][not(@clickable='true')]", "wecom"),
        ("onView(isEnabled())", "uiselector", "new UiSelector().enabled(true)", "wecom"),
        ("onView(withParent(withId(R.id.czi)))", "xpath", "//*[@resource-id='com.tencent.wework:id/czi']/*", "wecom"),
        ("onView(withChild(withText(\"消息\")))", "xpath", "//*[not(self::hierarchy)][*[@text='消息']]", "wecom"),
        ("onView(hasDescendant(withText(\"消息\")))", "xpath", "//*[not(self::hierarchy)][.//*[@text='消息']]", "wecom"),
        ("onView(hasSibling(withText(\"4分钟前\")))", "xpath", "//*[not(self::hierarchy)][../*[@text='4分钟前']]", "wecom"),
        ("onView(allOf(withId(R.id.hwl), isDescendantOfA(withId(R.id.czy))))", "xpath",
         "//*[@resource-id='com.tencent.wework:id/czy']//*[@resource-id='com.tencent.wework:id/hwl']", "wecom"),
        ("onView(anyOf(withText(\"消息\"), withText(\"全部\")))", "xpath", "//*[not(self::hierarchy)][@text='消息' or @text='全部']", "wecom"),
        ("onView(anyOf(withText(\"消息\"), withParent(withId(R.id.czi))))", "xpath",
         "//*[@text='消息'] | //*[@resource-id='com.tencent.wework:id/czi']/*", "wecom"),
        ("onView(allOf(withParent(withId(R.id.czi)), hasSibling(withId(R.id.mkj))))", "xpath",
         "//*[@resource-id='com.tencent.wework:id/czi']/*[../*[@resource-id='com.tencent.wework:id/mkj']]", "wecom"),
        ("onView(allOf(isClickable(), hasDescendant(withText(\"消息\")), withChild(withChild(isAssignableFrom(ImageView::class.java)))))", "xpath",
         "//*[@clickable='true'][.//*[@text='消息']][*[*[@class='android.widget.ImageView']]]", "wecom"),
        ("onView(allOf(isAssignableFrom(TextView::class.java), not(hasSibling(isAssignableFrom(ImageView::class.java)))))", "xpath",
         "//*[not(self::hierarchy)][@class='android.widget.TextView'][not(../*[@class='android.widget.ImageView'])]", "wecom"),
        ("onView(not(hasDescendant(isClickable())))", "xpath", "//*[not(self::hierarchy)][not(.//*[@clickable='true'])]", "wecom"),
        ("onView(hasDescendant(withParent(withId(R.id.czi))))", "xpath", "//*[not(self::hierarchy)][.//*[parent::*[@resource-id='com.tencent.wework:id/czi']]]", "wecom"),
        ("onView(isDescendantOfA(hasSibling(withId(R.id.czo))))", "xpath", "//*[ancestor::*[../*[@resource-id='com.tencent.wework:id/czo']]]", "wecom"),
        ("onView(withParentIndex(0))", "xpath", "//*[not(self::hierarchy)][@index='0']", "wecom"),
        ("onView(isRoot())", "xpath", "/hierarchy/*", "wecom"),
        ("onView(isRoot())", "xpath", "/*", "wechat"),
        ("onView(isDisplayed())", "xpath", "//*[not(self::hierarchy)][not(ancestor-or-self::*[@visible='false'])][not(starts-with(@bounds, '[0,0][0,0]'))]", "wechat"),
        ("onView(withEffectiveVisibility(Visibility.VISIBLE))", "xpath", "//*[not(self::hierarchy)][not(ancestor-or-self::*[@visible='false'])]", "wechat"),
        ("onView(withEffectiveVisibility(ViewMatchers.Visibility.GONE))", "xpath", "//*[not(self::hierarchy)][ancestor-or-self::*[@visible='false']]", "wechat"),
        ("onView(allOf(withText(matchesPattern(\"\\\\d+\")), isDisplayed()))", "xpath", "//*[not(self::hierarchy)][@text='10086']", "wechat"),
    ])
    func meanings(_ row: (String, String, String, String)) throws {
        let tree = row.3 == "wecom" ? Self.wecom : Self.wechat
        let ours = try Self.select(row.0, in: tree)
        let theirs = try Self.select(row.2, row.1, in: tree)
        #expect(!ours.isEmpty, "\(row.0)")
        #expect(ours == theirs.sorted(), "\(row.0): \(ours.count) vs \(theirs.count)")
    }

    @Test("withId reads the entry after :id/; android.R.id names Android's own ids")
    func ids() throws {
        let content = try Self.select("onView(withId(android.R.id.content))", in: Self.wecom)
        #expect(content == (try Self.select("//*[@resource-id='android:id/content']", "xpath", in: Self.wecom)))
        #expect(!content.isEmpty)
        // An app's R.id.content is not Android's.
        #expect(try Self.select("onView(withId(R.id.content))", in: Self.wecom).isEmpty)
        #expect(try Self.select("onView(withId(`is`(R.id.czi)))", in: Self.wecom) == (try Self.select("withId(R.id.czi)", in: Self.wecom)))
    }

    /// Lines as public Android suites write them (Espresso test recorder output, Android's
    /// testing samples, codelabs): each parses, and the ones naming views of the recording find them.
    @Test("real onView lines parse, actions and assertions read past", arguments: [
        "onView(withId(R.id.action_bar)).check(matches(isDisplayed()))",
        "onView(allOf(withId(R.id.action_bar), withParent(allOf(withId(R.id.action_bar_container), withParent(withId(R.id.decor_content_parent)))), isDisplayed()))",
        "onView(allOf(withText(\"Hello World!\"), withParent(withParent(withId(android.R.id.content))), isDisplayed()))",
        "onView(withId(R.id.editTextUserInput)).perform(typeText(\"Espresso\"), closeSoftKeyboard());",
        "onView(withText(containsString(\"Hello\"))).check(matches(isDisplayed()))",
        "onView(allOf(withContentDescription(\"Navigate up\"), isDisplayed())).perform(click())",
        "onView(allOf(withId(R.id.title), withText(\"Settings\"), isDescendantOfA(withId(R.id.toolbar))))",
        "onView(withClassName(endsWith(\"EditText\"))).perform(replaceText(\"a)b\"))",
        "onView(allOf(instanceOf(TextView.class), withParent(withResourceName(\"action_bar\")))).check(matches(withText(\"Title\")))",
        "onView(allOf(isAssignableFrom(TextView::class.java), withParent(isAssignableFrom(Toolbar::class.java))))",
        "Espresso.onView(ViewMatchers.withId(R.id.button)).perform(ViewActions.click())",
        "onView(allOf(withId(R.id.checkbox), hasSibling(withText(\"Item 1\")))).perform(click())",
        "onView(withId(R.id.recycler_view)).perform(RecyclerViewActions.actionOnItemAtPosition<RecyclerView.ViewHolder>(0, click()))",
        "onView(allOf(withText(\"Log in\"), not(isEnabled())))",
        "onView(withHint(\"Email\")).perform(typeText(\"a@b.c\"))",
        "onView(withId(R.id.text)).check(matches(withText(`is`(\"x\"))))",
        "onView(allOf(withId(R.id.fab), isDisplayed())).perform(click())",
        "onView(Matchers.allOf(ViewMatchers.withText(\"OK\"), ViewMatchers.isClickable(),))",
        "onView(withText(\"消息\")).check(matches(isDisplayed())) // the tab",
        "androidx.test.espresso.Espresso.onView(withText(\"OK\")).perform(click())",
    ])
    func realLines(_ line: String) throws {
        _ = try Self.select(line, in: Self.wecom)
    }

    @Test("a recorded line selects its view on the recording")
    func recordedLine() throws {
        let found = try Self.select("onView(allOf(withText(\"消息\"), withParent(withParent(withId(R.id.is6))), isDisplayed())).perform(click())", in: Self.wecom)
        let expected = try Self.select("//*[@resource-id='com.tencent.wework:id/is6']/*/*[@text='消息']", "xpath", in: Self.wecom)
        #expect(found == expected && found.count == 1)
    }

    @Test("bad matchers are refused with their column", arguments: [
        ("onView(withIdd(R.id.x))", "unknown view matcher withIdd", 8),
        ("onView(withId(R.id.x)", "expected `)` closing onView(", 22),
        ("onView(withText(R.string.login))", "resource id cannot be read", 17),
        ("onView(withId(2131230801))", "a numeric id cannot be read", 15),
        ("onView(withText('x'))", "character literal", 17),
        ("onView(withText(\"$name\"))", "Kotlin template", 18),
        ("onView(withText(\"x)).perform(click())", "unterminated string", 17),
        ("onView(withId(R.id.x)).tap()", "only .perform(…) and .check(…)", 24),
        ("onView(withId(R.id.x)).inRoot(isDialog())", "inRoot picks another window", 24),
        ("onData(anything()).atPosition(0)", "onData selects adapter data", 1),
        ("onView(withText(isClickable()))", "not the view matcher isClickable", 17),
        ("onView(containsString(\"x\"))", "matches a string, not a view", 8),
        ("onView(isCompletelyDisplayed())", "isCompletelyDisplayed is not read", 8),
        ("onView(withTagValue(`is`(\"x\")))", "no view tags", 8),
        ("onView(withText(matchesPattern(\"(\")))", "invalid regular expression", 32),
        ("onView(isAssignableFrom(\"Button\"))", "expected a class literal", 25),
        ("onView(withEffectiveVisibility(VISIBLE_NOW))", "Visibility.VISIBLE", 32),
        ("onView(withParentIndex(-1))", "an index from 0", 24),
        ("onView(isDisplayed(true))", "takes no argument", 8),
        ("", "expected onView", 1),
        ("onView(withId(R.id.x)) extra", "unexpected text", 24),
    ])
    func errors(_ row: (String, String, Int)) {
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(row.0, engine: "espresso", in: Self.wecom) }
        #expect(error?.message.contains(row.1) == true, "\(row.0): \(String(describing: error))")
        #expect(error?.column == row.2, "\(row.0): \(String(describing: error))")
        #expect(error?.kind == .syntax)
    }

    @Test("matchers nested 64 deep are read; 65 deep are refused")
    func depth() throws {
        func nested(_ n: Int) -> String {
            "onView(" + String(repeating: "withParent(", count: n - 1) + "isClickable()" + String(repeating: ")", count: n)
        }
        _ = try Self.select(nested(63), in: Self.wecom)
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(nested(66), engine: "espresso", in: Self.wecom) }
        #expect(error?.message.contains("nested deeper than 64") == true, "\(String(describing: error))")
    }

    @Test("its suggestions select their view alone")
    func suggestions() throws {
        for (tree, xpath) in [(Self.wecom, "(//*[@text='消息'])[1]"), (Self.wechat, "//*[not(self::hierarchy)][@content-desc='清除']"),
                              (Self.wecom, "//*[not(self::hierarchy)][@resource-id='com.tencent.wework:id/fw']")] {
            let node = try #require(try Self.select(xpath, "xpath", in: tree).first)
            let suggestion = try #require(Self.registry.suggestion(engine: "espresso", for: node, in: tree))
            #expect(suggestion.selector.hasPrefix("onView("))
            #expect(try Self.select(suggestion.selector, in: tree) == [node], "\(suggestion.selector)")
        }
        #expect(EspressoEngine().recordingSources == [.uiautomator])
    }

    @Test("the printer: the last step's tests, a child step as withParent, a descendant as isDescendantOfA, proved")
    func printer() throws {
        let source = "//*[@resource-id='com.tencent.wework:id/czy']/*//*[@text='4分钟前']"
        let t = try Self.registry.translate(source, from: "xpath", to: ["espresso"], on: [Self.wecom])[0]
        let rendered = t.candidates.first { $0.origin == .rendered }?.selector
        #expect(rendered == "onView(allOf(withText(\"4分钟前\"), isDescendantOfA(withParent(withId(R.id.czy)))))", "\(String(describing: rendered))")
        let chosen = try #require(t.chosen)
        #expect(try Self.select(chosen.selector, in: Self.wecom) == (try Self.select(source, "xpath", in: Self.wecom)))
        let prefix = try Self.registry.translate("new UiSelector().textStartsWith(\"智界\")", from: "uiselector", to: ["espresso"], on: [Self.wecom])[0]
        let printed = try #require(prefix.candidates.first { $0.origin == .rendered }?.selector)
        #expect(printed.contains("startsWithIgnoringCase(\"智界\")"), "\(printed)")
        #expect(try Self.select(printed, in: Self.wecom) == (try Self.select("new UiSelector().textStartsWith(\"智界\")", "uiselector", in: Self.wecom)))
        let pick = try Self.registry.translate("(//*[@text='消息'])[1]", from: "xpath", to: ["espresso"], on: [Self.wecom])[0]
        #expect(pick.candidates.allSatisfy { $0.origin != .rendered })
    }

    @Test("espresso selectors print back as themselves, and go to XPath and back selecting the same views", arguments: [
        "onView(allOf(withText(\"消息\"), isDescendantOfA(withId(R.id.is6))))",
        "onView(allOf(withId(R.id.hwl), withParent(withId(R.id.czi))))",
        "onView(withText(startsWith(\"[\")))",
        "onView(allOf(isAssignableFrom(android.widget.RelativeLayout::class.java), withParent(withParent(withId(R.id.czy)))))",
    ])
    func translations(_ selector: String) throws {
        let expected = try Self.select(selector, in: Self.wecom)
        #expect(!expected.isEmpty)
        // Its own printer gives the selector back from its program.
        guard case .success(let path) = try EspressoEngine().compile(selector).searchPath(on: [Self.wecom]) else {
            Issue.record("\(selector) is not a search path")
            return
        }
        #expect(EspressoEngine().render(path) == .selector(selector))
        // To XPath and back.
        let t = try Self.registry.translate(selector, from: "espresso", to: ["xpath"], on: [Self.wecom])[0]
        let xpath = try #require(t.chosen, "\(selector): \(t.reason ?? "")")
        #expect(try Self.select(xpath.selector, "xpath", in: Self.wecom) == expected, "\(xpath.selector)")
        let back = try Self.registry.translate(xpath.selector, from: "xpath", to: ["espresso"], on: [Self.wecom])[0]
        let again = try #require(back.chosen, "\(xpath.selector): \(back.reason ?? "")")
        #expect(try Self.select(again.selector, in: Self.wecom) == expected, "\(again.selector)")
    }

    @Test("printed matchers read back as the program they came from")
    func roundTrip() throws {
        let engine = EspressoEngine()
        let paths: [SearchPath] = [
            SearchPath(steps: [.init(link: .descendant, filter: .all([.kindOf("android.widget.Button"), .string(property: "text", .equals("OK \"now\""))]))]),
            SearchPath(steps: [.init(link: .descendant, filter: .string(property: "resource-id", .equals("com.x:id/list"))),
                               .init(link: .child, filter: .bool(property: "clickable", true))]),
            SearchPath(steps: [.init(link: .descendant, filter: .or([.string(property: "content-desc", .contains("a")),
                                                                        .not(.bool(property: "enabled", true))]))]),
        ]
        let expected = [
            "onView(allOf(isAssignableFrom(android.widget.Button::class.java), withText(\"OK \\\"now\\\"\")))",
            "onView(allOf(isClickable(), withParent(withId(R.id.list))))",
            "onView(anyOf(withContentDescription(containsString(\"a\")), not(isEnabled())))",
        ]
        for (path, text) in zip(paths, expected) {
            #expect(engine.render(path) == .selector(text))
            _ = try engine.compile(text)
        }
        #expect(engine.render(SearchPath(steps: [.init(link: .descendant, filter: .string(property: "accessibilityValue", .equals("x")))]))
                == .cannotSay("the property `accessibilityValue`: no Espresso matcher reads it"))
    }

    /// ViewMatchersTest's views (android/android-test, espresso/core/javatests/.../ViewMatchersTest.java)
    /// as a UiAutomator recording: a ScrollView holding a RelativeLayout holding a TextView, and the
    /// checkable widgets of `checkBoxMatchers`; an invisible RelativeLayout for `isVisibleTest`.
    static let ported: ViewTree = {
        func node(_ cls: String, _ id: String, _ extra: String = "", children: String = "") -> String {
            // Each attribute once: the ones `extra` gives replace the defaults.
            let defaults = ["index=\"0\"", "text=\"\"", "resource-id=\"t:id/\(id)\"", "class=\"android.\(cls)\"",
                            "package=\"t\"", "content-desc=\"\"", "checkable=\"false\"", "checked=\"false\"",
                            "clickable=\"false\"", "enabled=\"true\"", "focusable=\"false\"", "focused=\"false\"",
                            "selected=\"false\"", "bounds=\"[0,0][100,100]\""]
            let given = extra.split(separator: " ").map(String.init)
            let names = Set(given.compactMap { $0.split(separator: "=").first.map(String.init) })
            let attributes = defaults.filter { d in !names.contains(String(d.split(separator: "=")[0])) } + given
            return "<node " + attributes.joined(separator: " ") + ">" + children + "</node>"
        }
        let xml = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"
            + node("widget.ScrollView", "grany", children: node("widget.RelativeLayout", "parent", children:
                node("widget.TextView", "v", "text=\"test&#32;text!\"")
                + node("view.View", "plain", "content-desc=\"test&#32;text!\"")
                + node("widget.CheckBox", "checkBoxOn", "checkable=\"true\" checked=\"true\"")
                + node("widget.RadioButton", "radioOff", "checkable=\"true\" checked=\"false\"")
                + node("widget.CheckedTextView", "checkedTextOn", "checkable=\"true\" checked=\"true\"")
                + node("widget.Spinner", "spinner")
                + node("widget.TextView", "emptyText")))
            + node("widget.RelativeLayout", "invisibleParent", "visible-to-user=\"false\"",
                   children: node("view.View", "inInvisible", "visible-to-user=\"true\""))
            + "</hierarchy>"
        return try! HierarchyFormat.loadDetecting(Array(xml.utf8)).0
    }()

    /// The entry names (`t:id/NAME`) of the views `selector` selects on `ported`.
    static func names(_ selector: String) throws -> [String] {
        try select(selector, in: ported).map { n in String(ported.string("resource-id", of: n)?.split(separator: "/").last ?? "") }
    }

    @Test("ViewMatchersTest's rows that apply to a recording", arguments: [
        // isAssignableFrom_notAnInstance, _plainView, _superclass
        ("isAssignableFrom(Spinner.class)", ["spinner"]),
        ("allOf(withId(R.id.plain), isAssignableFrom(View.class))", ["plain"]),
        ("allOf(withId(R.id.radioOff), isAssignableFrom(Button.class))", ["radioOff"]),
        // withContentDescriptionString: is(text) matches, "blah" and "" do not
        ("withContentDescription(`is`(\"test text!\"))", ["plain"]),
        ("allOf(withId(R.id.plain), withContentDescription(`is`(\"blah\")))", []),
        ("allOf(withId(R.id.plain), withContentDescription(\"test text!\"))", ["plain"]),
        // hasContentDescriptionTest
        ("allOf(withId(R.id.plain), hasContentDescription())", ["plain"]),
        ("allOf(withId(R.id.v), hasContentDescription())", []),
        // withIdTest
        ("withId(`is`(R.id.v))", ["v"]),
        ("withId(R.id.testId2)", []),
        // checkBoxMatchers: a Spinner is neither; CheckBox, RadioButton, CheckedTextView by state
        ("allOf(withId(R.id.spinner), anyOf(isChecked(), isNotChecked()))", []),
        ("isChecked()", ["checkBoxOn", "checkedTextOn"]),
        ("isNotChecked()", ["radioOff"]),
        // withTextString: a TextView with no text is is(""); a text is itself, not "blah" or ""
        // (a CheckBox, RadioButton and CheckedTextView are TextViews with no text too)
        ("withText(`is`(\"\"))", ["checkBoxOn", "radioOff", "checkedTextOn", "emptyText"]),
        ("withText(`is`(\"test text!\"))", ["v"]),
        ("allOf(withId(R.id.v), withText(anyOf(`is`(\"blah\"), `is`(\"\"))))", []),
        // hasDescendantTest
        ("allOf(withId(R.id.grany), hasDescendant(isAssignableFrom(TextView.class)))", ["grany"]),
        ("allOf(withId(R.id.parent), hasDescendant(isAssignableFrom(TextView.class)))", ["parent"]),
        ("allOf(withId(R.id.parent), hasDescendant(isAssignableFrom(ScrollView.class)))", []),
        ("allOf(withId(R.id.v), hasDescendant(isAssignableFrom(TextView.class)))", []),
        // isDescendantOfATest
        ("allOf(withId(R.id.v), isDescendantOfA(isAssignableFrom(RelativeLayout.class)))", ["v"]),
        ("allOf(withId(R.id.v), isDescendantOfA(isAssignableFrom(ScrollView.class)))", ["v"]),
        ("allOf(withId(R.id.v), isDescendantOfA(isAssignableFrom(LinearLayout.class)))", []),
        // isVisibleTest / isInvisibleTest: an invisible parent makes its child invisible
        ("allOf(withId(R.id.inInvisible), withEffectiveVisibility(Visibility.VISIBLE))", []),
        ("allOf(withId(R.id.inInvisible), withEffectiveVisibility(Visibility.INVISIBLE))", ["inInvisible"]),
        ("allOf(withId(R.id.v), withEffectiveVisibility(Visibility.VISIBLE))", ["v"]),
        // hasSibling counts the view itself among its parent's children (HasSiblingMatcher's loop)
        ("allOf(withId(R.id.v), hasSibling(withId(R.id.v)))", ["v"]),
        ("hasSibling(withId(R.id.spinner))", ["v", "plain", "checkBoxOn", "radioOff", "checkedTextOn", "spinner", "emptyText"]),
        // withParent / withChild; the window's root view has no View parent
        ("withParent(withId(R.id.grany))", ["parent"]),
        ("withChild(withId(R.id.parent))", ["grany"]),
        ("withParent(isAssignableFrom(View.class))", ["parent", "v", "plain", "checkBoxOn", "radioOff", "checkedTextOn", "spinner", "emptyText", "inInvisible"]),
        ("isRoot()", ["grany", "invisibleParent"]),
    ] as [(String, [String])])
    func viewMatchersTest(_ row: (String, [String])) throws {
        #expect(try Self.names("onView(\(row.0))") == row.1, "\(row.0)")
    }
}
