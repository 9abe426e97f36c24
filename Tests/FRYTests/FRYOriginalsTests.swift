import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

private func frame(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (String, JSONValue) {
    ("accessibilityFrame", Rect(x: x, y: y, width: w, height: h).json)
}

/// Issue 29, items 11-12: FRY's own keys in format strings and its window order, through the
/// registry as `frankly select --engine fry` runs them.
@Suite struct FRYOriginalsTests {
    private let registry = EngineRegistry.standard(matcher: Matcher(configuration: .serial))

    private func uids(_ selector: String, in tree: ViewTree) throws -> [String] {
        try registry.selectUIDs(selector, engine: "fry", in: tree)
    }

    /// A settings screen in a 320×480 window: switches, an info button, a hidden one, one off screen.
    private let settings = N("UIWindow", "w", [frame(0, 0, 320, 480)], [
        N("UITableView", "table", [], [
            N("UITableViewCell", "cell0", [], [N("UILabel", "wifiLabel", label: "Wi-Fi")]),
            N("UITableViewCell", "cell1", [], [N("UISwitch", "bt", label: "Blue\ntooth", [("accessibilityValue", "1")])]),
        ]),
        N("UIButton", "info", label: "Info", [("accessibilityTraits", .int(1)), frame(0, 0, 40, 40)]),
        N("UIButton", "hidden", label: "Info", [("isHidden", .bool(true)), frame(0, 50, 40, 40)]),
        N("UIButton", "far", label: "Far", [frame(0, 900, 10, 10)]),
    ]).build()

    // Item 11.
    @Test("fry_ keys read what FRY computes, as FRY's demo tests write them")
    func fryKeys() throws {
        #expect(try uids(#"FRY.lookup("fry_accessibilityLabel = 'Wi-Fi' || fry_accessibilityLabel = 'Info'")"#, in: settings)
            == ["wifiLabel", "info", "hidden"])
        // FRY's label reads newlines as spaces.
        #expect(try uids(#"FRY.lookup("fry_accessibilityLabel == 'Blue tooth'")"#, in: settings) == ["bt"])
        #expect(try uids(#"FRY.lookup("fry_accessibilityValue = '1'")"#, in: settings) == ["bt"])
        #expect(try uids(#"FRY.lookup("fry_accessibilityTraits == 1")"#, in: settings) == ["info"])
        #expect(try uids(#"FRY.lookup([ofKind(UIButton), "fry_isVisible == YES"])"#, in: settings) == ["info", "far"])
        #expect(try uids(#"FRY.lookup([ofKind(UIButton), "fry_isVisible = NO"])"#, in: settings) == ["hidden"])
        #expect(try uids(#"FRY.lookup([ofKind(UIButton), "fry_isOnScreen == true"])"#, in: settings) == ["info", "hidden"])
        #expect(try uids(#"FRY.lookup("fry_indexPathInContainer != nil")"#, in: settings) == ["cell0", "cell1"])
        #expect(try uids(#"FRY.lookup([ofKind(UITableViewCell), "fry_indexPathInContainer == nil"])"#, in: settings) == [])
    }

    // Item 12.
    @Test("a first match searches the application's windows in order, first window first")
    func firstWindowFirst() throws {
        let app = N("UIApplication", "app", [], [
            N("UIWindow", "w1", [], [N("UIButton", "b1", label: "OK")]),
            N("UIWindow", "w2", [], [N("UIButton", "b2", label: "OK")]),
        ]).build()
        #expect(try uids(#"FRY.lookupByAccessibilityLabel("OK")"#, in: app) == ["b1"])
        #expect(try uids("FRY.lookup(ofKind(UIButton)).shallow()", in: app) == ["b1"])
        // Within a window, subviews are still searched front-most first.
        let twoButtons = N("UIApplication", "app", [], [
            N("UIWindow", "w1", [], [N("UIButton", "a", label: "OK"), N("UIButton", "b", label: "OK")]),
            N("UIWindow", "w2", [], [N("UIButton", "c", label: "OK")]),
        ]).build()
        #expect(try uids(#"FRY.lookupByAccessibilityLabel("OK")"#, in: twoButtons) == ["b"])
    }
}
