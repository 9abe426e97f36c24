import LocatorGate
import SelectorCore
import Testing

/// Selectors read from test sources (`frankly check --from-sources`), each with its file and
/// line, in the forms Appium's clients and Frank's and Calabash's Ruby drivers write them.
@Suite("Locators extracted from test sources")
struct ExtractionTests {
    static func found(_ text: String, _ file: String = "T.java") -> [String] {
        LocatorExtraction.locators(in: text, file: file).map { "\($0.engine)|\($0.selector)|\($0.source ?? "")" }
    }

    @Test("Java and Kotlin: By, AppiumBy and MobileBy calls, page-object annotations")
    func java() {
        let source = """
            WebElement a = driver.findElement(By.xpath("//XCUIElementTypeCell[@name=\\"Accessibility\\"]"));
            driver.findElement(AppiumBy.accessibilityId("Login")).click();
            driver.findElement(MobileBy.AccessibilityId("Sign up"));
            driver.findElement(AppiumBy.iOSNsPredicateString("type == 'XCUIElementTypeCell' AND name == 'General'"));
            driver.findElement(AppiumBy.iOSClassChain("**/XCUIElementTypeCell[`label == \\"General\\"`]"));
            driver.findElement(AppiumBy.androidUIAutomator("new UiSelector().text(\\"OK\\")"));
            @AndroidFindBy(id = "com.android.settings:id/search_bar") private WebElement search;
            @iOSXCUITFindBy(accessibility = "Done") WebElement done;
            driver.findElement(By.id(idOf("x")));
            driver.findElement(By.className("android.widget.TextView"));
            """
        #expect(Self.found(source) == [
            "xpath|//XCUIElementTypeCell[@name=\"Accessibility\"]|T.java:1",
            "accessibility_id|Login|T.java:2",
            "accessibility_id|Sign up|T.java:3",
            "predicate|type == 'XCUIElementTypeCell' AND name == 'General'|T.java:4",
            "class_chain|**/XCUIElementTypeCell[`label == \"General\"`]|T.java:5",
            "uiselector|new UiSelector().text(\"OK\")|T.java:6",
            "id|com.android.settings:id/search_bar|T.java:7",
            "accessibility_id|Done|T.java:8",
            "class_name|android.widget.TextView|T.java:10",
        ])
    }

    @Test("Python: strategy constants beside their literal, raw strings as written")
    func python() {
        let source = """
            el = driver.find_element(AppiumBy.XPATH, '//*[@text="Network & internet"]')
            driver.find_element(by=AppiumBy.ACCESSIBILITY_ID, value="Login")
            driver.find_element(AppiumBy.ANDROID_UIAUTOMATOR, r'new UiSelector().textMatches("\\d+")')
            locator = (AppiumBy.IOS_PREDICATE, "label CONTAINS 'Wi'")
            driver.find_element(By.ID, "android:id/title")
            """
        #expect(Self.found(source, "t.py") == [
            "xpath|//*[@text=\"Network & internet\"]|t.py:1",
            "accessibility_id|Login|t.py:2",
            "uiselector|new UiSelector().textMatches(\"\\d+\")|t.py:3",
            "predicate|label CONTAINS 'Wi'|t.py:4",
            "id|android:id/title|t.py:5",
        ])
    }

    @Test("JavaScript and TypeScript: WebdriverIO's prefixes and findElement with a strategy")
    func javascript() {
        let source = """
            await $('~login-button').click();
            const rows = await $$('//XCUIElementTypeCell');
            await $('-ios predicate string:type == "XCUIElementTypeSwitch"');
            await $('android=new UiSelector().resourceId("android:id/title")');
            await driver.findElement('accessibility id', 'Settings');
            await $(`~${name}`);
            await $('button.primary');
            """
        #expect(Self.found(source, "spec.ts") == [
            "wdio|~login-button|spec.ts:1",
            "wdio|//XCUIElementTypeCell|spec.ts:2",
            "wdio|-ios predicate string:type == \"XCUIElementTypeSwitch\"|spec.ts:3",
            "wdio|android=new UiSelector().resourceId(\"android:id/title\")|spec.ts:4",
            "accessibility_id|Settings|spec.ts:5",
        ])
    }

    @Test("Detox: element(by.…) expressions as written, .atIndex included, regex and nested calls whole; a variable skipped")
    func detox() {
        let source = """
            await element(by.id('login_button')).tap();
            await expect(element(by.text(/^Row (7|8)-/).withAncestor(by.type('RCTView'))).atIndex(1)).toBeVisible();
            await waitFor(element(by.label("Sign (in)"))).toExist().withTimeout(2000);
            const e = element(by.id(testID));
            await element(by.type('UIButton').and(by.traits(['button'])));
            """
        #expect(Self.found(source, "login.e2e.js") == [
            "detox|element(by.id('login_button'))|login.e2e.js:1",
            "detox|element(by.text(/^Row (7|8)-/).withAncestor(by.type('RCTView'))).atIndex(1)|login.e2e.js:2",
            "detox|element(by.label(\"Sign (in)\"))|login.e2e.js:3",
            "detox|element(by.type('UIButton').and(by.traits(['button'])))|login.e2e.js:5",
        ])
    }

    @Test("Swift: XCUITest queries from the app to their last query part, the action after them left out; variables skipped")
    func xcuitest() {
        let source = """
            let app = XCUIApplication()
            app.launch()
            app.buttons["Log In"].tap()
            app.tables.cells.element(boundBy: 2).tap()
            XCTAssertTrue(app.staticTexts["Welcome"].waitForExistence(timeout: 5))
            let cell = app.tables.cells.containing(.staticText, identifier: "Wi-Fi").element
            app.buttons[buttonName].tap()
            XCUIApplication().navigationBars["Settings"].buttons["Back"].tap()
            app.descendants(matching: .button).matching(identifier: "x").firstMatch.tap()
            app.cells.matching(NSPredicate(format: "label BEGINSWITH 'Row'")).element(boundBy: 0).swipeLeft()
            app.cells.matching(predicate).firstMatch.tap()
            XCTAssertEqual(app.cells.count, 3)
            """
        #expect(Self.found(source, "LoginUITests.swift") == [
            #"xcuitest|app.buttons["Log In"]|LoginUITests.swift:3"#,
            "xcuitest|app.tables.cells.element(boundBy: 2)|LoginUITests.swift:4",
            #"xcuitest|app.staticTexts["Welcome"]|LoginUITests.swift:5"#,
            #"xcuitest|app.tables.cells.containing(.staticText, identifier: "Wi-Fi").element|LoginUITests.swift:6"#,
            #"xcuitest|XCUIApplication().navigationBars["Settings"].buttons["Back"]|LoginUITests.swift:8"#,
            #"xcuitest|app.descendants(matching: .button).matching(identifier: "x").firstMatch|LoginUITests.swift:9"#,
            #"xcuitest|app.cells.matching(NSPredicate(format: "label BEGINSWITH 'Row'")).element(boundBy: 0)|LoginUITests.swift:10"#,
            "xcuitest|app.cells|LoginUITests.swift:12",
        ])
    }

    @Test("Kotlin and Java: Espresso's onView(…) as written, across lines; string resources and variables skipped")
    func espresso() {
        let kotlin = """
            onView(withId(R.id.login)).perform(click())
            onView(allOf(withId(R.id.title), withText("Hello"), isDisplayed()))
                .check(matches(isDisplayed()))
            onView(
                allOf(
                    withContentDescription("Navigate up"),
                    isDisplayed()
                )
            ).perform(click())
            onView(withText(R.string.ok)).perform(click())
            onView(withText(name)).check(matches(isDisplayed()))
            onView(isAssignableFrom(Toolbar::class.java)).check(matches(isDisplayed()))
            """
        #expect(Self.found(kotlin, "LoginTest.kt") == [
            "espresso|onView(withId(R.id.login))|LoginTest.kt:1",
            #"espresso|onView(allOf(withId(R.id.title), withText("Hello"), isDisplayed()))|LoginTest.kt:2"#,
            #"espresso|onView( allOf( withContentDescription("Navigate up"), isDisplayed() ) )|LoginTest.kt:4"#,
            "espresso|onView(isAssignableFrom(Toolbar::class.java))|LoginTest.kt:12",
        ])
        let java = """
            onView(withClassName(endsWith("Button"))).perform(click());
            onView(allOf(withId(android.R.id.button1), withText("OK"))).perform(click());
            """
        #expect(Self.found(java, "DialogTest.java") == [
            #"espresso|onView(withClassName(endsWith("Button")))|DialogTest.java:1"#,
            #"espresso|onView(allOf(withId(android.R.id.button1), withText("OK")))|DialogTest.java:2"#,
        ])
    }

    @Test("Kotlin: Compose's finders from the finder on, a pick after them kept, the assertion left out")
    func compose() {
        let source = """
            composeTestRule.onNodeWithTag("login").performClick()
            composeTestRule.onNodeWithText("Log in", substring = true, ignoreCase = true).assertIsDisplayed()
            composeTestRule
                .onNode(hasTestTag("x") and hasClickAction())
                .performClick()
            rule.onAllNodesWithTag("row")[2].assertExists()
            composeTestRule.onAllNodesWithText("Item").onFirst().performClick()
            composeTestRule.onNodeWithTag(tag).performClick()
            """
        #expect(Self.found(source, "LoginScreenTest.kt") == [
            #"compose|onNodeWithTag("login")|LoginScreenTest.kt:1"#,
            #"compose|onNodeWithText("Log in", substring = true, ignoreCase = true)|LoginScreenTest.kt:2"#,
            #"compose|onNode(hasTestTag("x") and hasClickAction())|LoginScreenTest.kt:4"#,
            #"compose|onAllNodesWithTag("row")[2]|LoginScreenTest.kt:6"#,
            #"compose|onAllNodesWithText("Item").onFirst()|LoginScreenTest.kt:7"#,
        ])
    }

    @Test("Ruby: Appium's symbols and keyword arguments; Frank's and Calabash's calls in UIQuery")
    func ruby() {
        let source = """
            find_element(:xpath, "//UIAButton[@name='Done']").click
            find_element(accessibility_id: 'Log In')
            touch("view marked:'Wi-Fi'")
            wait_for_element_exists("tableViewCell label marked:'Row 7-3'")
            check_element_exists "button"
            """
        #expect(Self.found(source, "steps.rb") == [
            "xpath|//UIAButton[@name='Done']|steps.rb:1",
            "accessibility_id|Log In|steps.rb:2",
            "uiquery|view marked:'Wi-Fi'|steps.rb:3",
            "uiquery|tableViewCell label marked:'Row 7-3'|steps.rb:4",
            "uiquery|button|steps.rb:5",
        ])
    }

    @Test("a selectors file: ENGINE:SELECTOR lines, comments and blanks skipped, unknown engines reported by line")
    func selectorsFile() {
        let text = "# the login screen\nxpath://UIButton[@name='Log In']\n\nnosuch:x\n  predicate:type == 'UISwitch'  \n"
        let parsed = LocatorList.parse(text, named: "s.txt", engines: ["xpath", "predicate"])
        #expect(parsed.locators == [Locator(engine: "xpath", selector: "//UIButton[@name='Log In']", source: "s.txt:2", line: 2),
                                    Locator(engine: "predicate", selector: "type == 'UISwitch'", source: "s.txt:5", line: 5)])
        #expect(parsed.errors.map(\.line) == [4])
    }
}
