import HierarchyFormats
import SelectorCore
import Testing

/// Maestro's selectors on `maestro hierarchy` recordings (Tests/Fixtures/maestro, derived from
/// licensed page sources). Every expected uid was read off the fixture by hand: a uid is the 1-based
/// preorder index; the comments give the views' texts and bounds.
@Suite struct MaestroRecordingTests {
    /// TheApp's login screen. 1 the XML document, 2 `<hierarchy>` (enabled false), 6
    /// `…:id/action_bar_root`, 7 `android:id/content`, 15 FrameLayout [0,240][1080,1920], 16 TextView
    /// "Login" [413,360][668,496], 18 EditText "alice"/"username" [150,504][930,616] clickable,
    /// 20 EditText "•••"/"password" [150,624][930,736] clickable, 22 ViewGroup "loginBtn"
    /// [456,736][624,849], 23 TextView "Login" inside it.
    static let android = try! loadFixture("maestro/android_theapp_login_maestro.txt")
    /// iOS Settings. 14 cell "Sign in to your iPhone" over 18 (same text, id APPLE_ACCOUNT) and 19
    /// "Set up iCloud, …"; cells 20 General (text 23, chevron 25), 26 Accessibility (28, 30),
    /// 31 Privacy (34, 35), 36 Passwords [0,415][390,460] (40 id PASSWORDS, 41), 42 Safari (45, 47),
    /// 48 News (50, 52), 53 Maps (55, 57), 58 Shortcuts (60 at y 638, 62), 63 Health (65, 67),
    /// 68 Siri & Search (70, 72), 73 Photos (75, 77), 78 Game Center (80, 81); the off-screen cells
    /// 82 Developer and 88 app.st hold chevrons 83 and 89 recorded at [0,143]. Chevrons are
    /// disabled; the root (1) is IOSDriver's synthetic one, disabled, with a zero frame.
    static let ios = try! loadFixture("maestro/ios_settings_top_maestro.json")

    @Test(arguments: [
        ("Login", ["16", "23"]),
        ("{id: action_bar_root}", ["6"]),                   // the part after the last '/'
        ("{id: content}", ["7"]),
        ("{id: '.*:id/.*'}", ["7"]),                         // 6 matches too, but 7 is deeper
        ("{text: '.+'}", ["18", "20", "16", "23"]),          // 22 gives way to 23; clickable first
        ("{text: Login, below: username}", ["23"]),          // top 736 > 504; 16's 360 is not
        ("{text: Login, above: password}", ["16"]),
        ("{text: Login, childOf: {text: loginBtn}}", ["23"]),
        ("{text: Login, index: 0}", ["16"]),
        ("{text: Login, index: 1}", ["23"]),
        ("{text: Login, index: -1}", ["23"]),
        ("{text: Login, index: 2}", []),
        ("{enabled: false}", ["2"]),                         // `<hierarchy>`: getBoolean of a missing attribute
        ("{containsChild: {text: Login}}", ["15", "22"]),
        ("{id: username}", []),                              // a description is not an id
    ])
    func androidSelectors(selector: String, expected: [String]) throws {
        #expect(try maestro(selector, in: Self.android) == expected)
    }

    @Test(arguments: [
        ("General", ["23"]),                                 // the cell 20 gives way to its text
        ("Sign in to your iPhone", ["18"]),
        ("{text: 'Set up iCloud.*'}", ["19"]),
        ("{id: PASS.*}", ["40"]),
        ("{id: passwords}", ["40"]),                         // ignoring case
        ("{text: Privacy, below: General}", ["34"]),
        ("{text: chevron, below: Shortcuts}", ["62", "67", "72", "77", "81"]),
        ("{text: chevron, below: Shortcuts, index: 0}", ["62"]),
        ("{text: chevron, index: 0}", ["83"]),               // (y, x) sort: 83 and 89 at y 143, stably
        ("{text: chevron, index: 1}", ["89"]),
        ("{text: chevron, index: -1}", ["81"]),
        ("{enabled: false}", ["25", "30", "35", "41", "47", "52", "57", "62", "67", "72", "77", "81", "83", "89"]),
        ("{enabled: false, childOf: {text: Passwords, width: 390}}", ["41"]),
        ("{text: chevron, childOf: {text: Passwords, width: 390}}", ["41"]),
        ("{text: Passwords, width: 390}", ["36"]),
        ("{text: Developer}", ["86"]),                       // its cell is off screen, the text is not
    ])
    func iOSSelectors(selector: String, expected: [String]) throws {
        #expect(try maestro(selector, in: Self.ios) == expected)
    }

    /// Maestro already pruned what it printed: the engine must not prune again against the first
    /// window's frame when that window is not the screen (a launcher's edge panel, say). The loader
    /// gives the document root the size the bounds reach, which the engine reads as the screen.
    @Test func aSmallFirstWindowDoesNotHideTheOthers() throws {
        func node(_ bounds: String, text: String = "", _ children: [String] = []) -> String {
            #"{"attributes":{"text":"\#(text)","bounds":"\#(bounds)","class":"android.widget.FrameLayout"},"children":["#
                + children.joined(separator: ",") + #"],"clickable":false,"enabled":true}"#
        }
        let text = #"{"attributes":{},"children":[{"attributes":{"ignoreBoundsFiltering":"false"},"children":["#
            + node("[1013,436][1080,778]") + "," + node("[0,0][1080,2340]", [node("[100,100][300,200]", text: "Hello")])
            + "]}]}"
        let tree = try HierarchyFormat.maestro.load(Array(text.utf8))
        #expect(tree.value("width", of: 0) == .int(1080))
        #expect(tree.value("height", of: 0) == .int(2340))
        #expect(try maestro("Hello", in: tree) == ["5"])
        #expect(try maestro("{below: {text: Hello}}", in: tree) == ["3"])  // the edge panel's top, 436, is below 100
    }

    @Test func thePreambleChangesNothing() throws {
        let bytes = try FileIO.read(fixturePath("maestro/ios_settings_top_maestro.json"))
        let withPreamble = Array("Running on iPhone 14 - iOS 16.4 - 5C4FE1C6\nNone: \n".utf8) + bytes + [0x0A]
        let (tree, format) = try HierarchyFormat.loadDetecting(withPreamble)
        #expect(format == .maestro)
        #expect(try maestro("{text: chevron, below: Shortcuts}", in: tree) == ["62", "67", "72", "77", "81"])
    }
}
