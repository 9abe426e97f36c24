import HierarchyFormats
import SelectorCore
import Testing

/// A page source from `Tests/Fixtures/appium/` (sources and licences in its README.md).
func appiumFixture(_ name: String) throws -> [UInt8] {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try FileIO.read("/" + tests + "/Fixtures/appium/" + name)
}

/// Start tags in an XML text, counted from the bytes (no XML parser): every `<` followed by a name
/// character, so `</…>`, `<?…?>` and `<!…>` are not counted. Attribute values in these files hold
/// no `<` (XML forbids a raw one there).
func startTagCount(_ bytes: [UInt8]) -> Int {
    var count = 0
    for i in bytes.indices.dropLast() where bytes[i] == UInt8(ascii: "<") {
        let next = bytes[i + 1]
        if next != UInt8(ascii: "/") && next != UInt8(ascii: "?") && next != UInt8(ascii: "!") { count += 1 }
    }
    return count
}

/// Issue 29, item 1: what `driver.page_source` returns from Appium's Android drivers loads, is
/// detected, and answers the locators written against it. Before, every such page failed with
/// "unexpected <android.widget.FrameLayout> in a UIAutomator dump".
@Suite struct AppiumPageSourceTests {
    static let uiautomator2Pages = ["uiautomator2_theapp_login_appium.xml", "uiautomator2_permission_dialog_mobium.xml"]

    @Test(arguments: uiautomator2Pages)
    func aUiAutomator2PageLoadsDetectedWithEveryElementAView(_ name: String) throws {
        let bytes = try appiumFixture(name)
        #expect(HierarchyFormat.detect(bytes) == .uiautomator)
        let (tree, format) = try HierarchyFormat.loadDetecting(bytes)
        #expect(format == .uiautomator)
        #expect(tree.count == startTagCount(bytes))
        // `<hierarchy>` is kept, as for `uiautomator dump`: the windows are its children.
        #expect(tree.className(of: 0) == "hierarchy")
        #expect(tree.value("rotation", of: 0) == .int(0))
        #expect(tree.value("width", of: 0) == .int(1080))
        #expect(tree.className(of: 1) == "android.widget.FrameLayout")
        #expect(tree.depths[1] == 1)
    }

    @Test func theAppLoginPageMapsItsAttributes() throws {
        let tree = try HierarchyFormat.loadDetecting(try appiumFixture("uiautomator2_theapp_login_appium.xml")).0
        let fields = try #require(tree.nodes(where: { tree.className(of: $0) == "android.widget.EditText" }))
        #expect(fields.count == 2)
        let username = fields[0]
        #expect(tree.value("text", of: username) == .string("alice"))
        #expect(tree.value("content-desc", of: username) == .string("username"))
        #expect(tree.value("accessibilityLabel", of: username) == .string("username"))
        #expect(tree.value("bounds", of: username) == .string("[150,504][930,616]"))
        #expect(tree.value("accessibilityFrame", of: username).flatMap { Rect(json: $0) } == Rect(x: 150, y: 504, width: 780, height: 112))
        #expect(tree.value("displayed", of: username) == .bool(true))
        #expect(tree.value("isHidden", of: username) == .bool(false))
        #expect(tree.value("long-clickable", of: username) == .bool(true))
        #expect(tree.value("password", of: fields[1]) == .bool(true))
        #expect(tree.value("index", of: username) == .int(0))
        #expect(tree.value("package", of: username) == .string("io.cloudgrey.the_app"))
        let actionBar = try #require(tree.nodes(where: { tree.value("resource-id", of: $0) == .string("io.cloudgrey.the_app:id/action_bar_root") }).first)
        #expect(tree.value("accessibilityIdentifier", of: actionBar) == .string("io.cloudgrey.the_app:id/action_bar_root"))
    }

    @Test func aRecentUiAutomator2PageKeepsItsNewerAttributes() throws {
        let tree = try HierarchyFormat.loadDetecting(try appiumFixture("uiautomator2_permission_dialog_mobium.xml")).0
        let message = try #require(tree.nodes(where: {
            tree.value("resource-id", of: $0) == .string("com.android.permissioncontroller:id/permission_message")
        }).first)
        #expect(tree.value("text", of: message) == .string("Allow MobiumApp to access this device’s location?"))
        #expect(tree.value("heading", of: message) == .bool(true))
        #expect(tree.value("a11y-important", of: message) == .bool(true))
        #expect(tree.value("drawing-order", of: message) == .int(2))
        #expect(tree.value("live-region", of: message) == .int(0))
        #expect(tree.value("window-id", of: message) == .int(93))
        #expect(tree.value("showing-hint", of: message) == .bool(false))
        #expect(tree.value("accessibilityFrame", of: message).flatMap { Rect(json: $0) } == Rect(x: 133, y: 725, width: 814, height: 133))
    }

    /// XPath as Appium's UiAutomator2 server evaluates it against this same document: element names
    /// are the class names, attributes the recorded ones.
    @Test(arguments: [
        // TheApp's login screen (the appium/appium universal-xml-plugin fixture): its accessibility ids.
        ("uiautomator2_theapp_login_appium.xml", "//android.widget.EditText[@content-desc='username']", 1),
        ("uiautomator2_theapp_login_appium.xml", "//android.view.ViewGroup[@content-desc='loginBtn']", 1),
        ("uiautomator2_theapp_login_appium.xml", "//android.widget.TextView[@text='Login']", 2),
        ("uiautomator2_theapp_login_appium.xml", "/hierarchy/android.widget.FrameLayout", 1),
        ("uiautomator2_theapp_login_appium.xml", "//*[@password='true']", 1),
        ("uiautomator2_theapp_login_appium.xml", "//*[@displayed='true']", 21),
        // Android's location permission dialog, as suites dismiss it.
        ("uiautomator2_permission_dialog_mobium.xml",
         "//android.widget.Button[@resource-id='com.android.permissioncontroller:id/permission_allow_foreground_only_button']", 1),
        ("uiautomator2_permission_dialog_mobium.xml", "//android.widget.Button[@text='While using the app']", 1),
        ("uiautomator2_permission_dialog_mobium.xml", "//android.widget.RadioButton[@checked='true']", 1),
        ("uiautomator2_permission_dialog_mobium.xml", "//*[@heading='true']", 1),
        ("uiautomator2_permission_dialog_mobium.xml", "/hierarchy/android.widget.FrameLayout/android.widget.FrameLayout", 1),
    ])
    func xpathSelectsWhatAppiumWould(file: String, xpath: String, expected: Int) throws {
        let tree = try HierarchyFormat.loadDetecting(try appiumFixture(file)).0
        let selected = try uids(xpath, engine: "xpath", in: tree)
        #expect(selected.count == expected, "\(xpath): \(selected)")
    }

    @Test func uiSelectorAndAppiumLocatorsReadTheAndroidAttributes() throws {
        let login = try HierarchyFormat.loadDetecting(try appiumFixture("uiautomator2_theapp_login_appium.xml")).0
        let username = try uids("//android.widget.EditText[@content-desc='username']", engine: "xpath", in: login)
        #expect(try uids(#"new UiSelector().description("username")"#, engine: "uiselector", in: login) == username)
        #expect(try uids(#"new UiSelector().className("android.widget.EditText").instance(0)"#, engine: "uiselector", in: login) == username)
        #expect(try uids("username", engine: "accessibility_id", in: login) == username)
        #expect(try uids("android.widget.EditText", engine: "class_name", in: login).count == 2)

        let dialog = try HierarchyFormat.loadDetecting(try appiumFixture("uiautomator2_permission_dialog_mobium.xml")).0
        let allow = try uids("//android.widget.Button[@text='While using the app']", engine: "xpath", in: dialog)
        #expect(allow.count == 1)
        #expect(try uids(#"new UiSelector().resourceId("com.android.permissioncontroller:id/permission_allow_foreground_only_button")"#,
                         engine: "uiselector", in: dialog) == allow)
        #expect(try uids("com.android.permissioncontroller:id/permission_allow_foreground_only_button", engine: "id", in: dialog) == allow)
        #expect(try uids(#"new UiSelector().text("While using the app")"#, engine: "uiselector", in: dialog) == allow)
        #expect(try uids(#"new UiSelector().className("android.widget.RadioButton").checked(true)"#, engine: "uiselector", in: dialog).count == 1)
    }

    /// The Espresso driver's source (`SourceDocument.kt`): no `<hierarchy>`, the decor view is the
    /// document element, `visible` instead of `displayed`, `hint` a boolean and `viewIndex` per
    /// view. Written for this test from the server's attribute list, not copied from a device.
    static let espressoShaped = """
        <?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
        <com.android.internal.policy.DecorView index="0" package="com.example" class="com.android.internal.policy.DecorView" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" visible="true" bounds="[0,0][1080,1920]" viewIndex="0">
          <android.widget.LinearLayout index="0" package="com.example" class="android.widget.LinearLayout" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" visible="true" bounds="[0,63][1080,1794]" resource-id="android:id/content" viewIndex="1">
            <android.widget.EditText index="0" package="com.example" class="android.widget.EditText" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="true" password="false" selected="false" visible="true" bounds="[42,101][1038,230]" text="Search" hint="true" resource-id="com.example:id/query" viewIndex="2" />
            <com.example.Outer.Inner index="1" package="com.example" class="com.example.Outer$Inner" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" visible="false" bounds="[0,0][0,0]" viewIndex="3" />
          </android.widget.LinearLayout>
        </com.android.internal.policy.DecorView>
        """

    @Test func anEspressoSourceLoadsDetectedWithItsRootKept() throws {
        let bytes = Array(Self.espressoShaped.utf8)
        #expect(HierarchyFormat.detect(bytes) == .uiautomator)
        let tree = try HierarchyFormat.loadDetecting(bytes).0
        #expect(tree.count == 4)
        #expect(tree.className(of: 0) == "com.android.internal.policy.DecorView")
        #expect(tree.value("viewIndex", of: 2) == .int(2))
        #expect(tree.value("hint", of: 2) == .string("true"))
        #expect(tree.value("accessibilityLabel", of: 2) == .string("Search"))
        #expect(tree.value("isHidden", of: 2) == .bool(false))
        // The element name has `$` made a dot (Appium's toXmlNodeName); the class attribute is exact.
        #expect(tree.className(of: 3) == "com.example.Outer$Inner")
        #expect(tree.value("isHidden", of: 3) == .bool(true))
        #expect(try uids("/com.android.internal.policy.DecorView/android.widget.LinearLayout/android.widget.EditText[@hint='true']",
                         engine: "xpath", in: tree) == ["3"])
        #expect(try uids(#"new UiSelector().resourceId("com.example:id/query")"#, engine: "uiselector", in: tree) == ["3"])
    }

    @Test func anotherXMLDocumentIsStillNotTakenForAnEspressoSource() {
        #expect(HierarchyFormat.detect(Array(#"<com.example.Config version="2"><entry/></com.example.Config>"#.utf8)) == nil)
        #expect(HierarchyFormat.detect(Array(#"<html class="x" bounds="[0,0][1,1]"/>"#.utf8)) == nil)
    }
}

extension ViewTree {
    /// The nodes, in preorder, for which `test` holds.
    func nodes(where test: (NodeID) -> Bool) -> [NodeID] { (0..<NodeID(count)).filter(test) }
}
