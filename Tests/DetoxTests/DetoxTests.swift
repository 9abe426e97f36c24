import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors
import ViewSelectorsTesting

/// The `detox` engine: Detox matchers (https://wix.github.io/Detox/docs/api/matchers) on the sample
/// app (a Frank `/dump`: UIKit's names, as Detox reads an iOS app) and on real page sources, each
/// checked against the same meaning in another engine.
@Suite("detox: Detox matchers")
struct DetoxTests {
    static let registry = EngineRegistry.standard()
    static let sample = try! SampleApp.tree()
    static let fixtures = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/") + "/Fixtures/"

    static func select(_ selector: String, _ engine: String = "detox", in tree: ViewTree = sample) throws -> [String] {
        tree.uids(of: try registry.select(selector, engine: engine, in: tree))
    }

    @Test("each matcher selects what the same meaning selects in another engine", arguments: [
        ("element(by.label('Log In'))", "predicate", "accessibilityLabel == 'Log In'"),
        ("element(by.accessibilityLabel(\"Log In\"))", "predicate", "accessibilityLabel == 'Log In'"),
        ("element(by.type('UITextField'))", "shelley", "view:'UITextField'"),
        ("element(by.type('UIControl'))", "shelley", "view:'UIControl'"),
        ("element(by.label('Delete').withAncestor(by.type('UITableViewCell')))", "shelley", "tableViewCell view markedExactly:'Delete'"),
        ("element(by.type('UIButton').and(by.label('Log In')))", "shelley", "view:'UIButton' markedExactly:'Log In'"),
        ("element(by.label(/^Row 7-/))", "predicate", "accessibilityLabel BEGINSWITH 'Row 7-'"),
        ("element(by.label(/row 7-3$/i))", "predicate", "accessibilityLabel ENDSWITH[c] 'row 7-3'"),
        ("by.text(`Sign in`)", "predicate", "text == 'Sign in'"),
        ("element(by.type('UITableViewCell').withDescendant(by.label('Wi-Fi')))", "class_chain_like",
         "**/UITableViewCell[$label == 'Wi-Fi'$]"),
    ])
    func meanings(_ row: (String, String, String)) throws {
        let ours = try Self.select(row.0)
        #expect(!ours.isEmpty, "\(row.0)")
        if row.1 == "class_chain_like" {
            // No class chain engine in-process here: the cells holding a Wi-Fi label, by XPath.
            #expect(ours == (try Self.select("//UITableViewCell[.//*[@accessibilityLabel='Wi-Fi']]", "xpath")), "\(row.0)")
        } else {
            #expect(Set(ours) == Set(try Self.select(row.2, row.1)), "\(row.0)")
        }
    }

    @Test("atIndex picks by frame, top then left: the second text field is Password")
    func atIndex() throws {
        let fields = try Self.select("element(by.type('UITextField'))")
        #expect(fields.count == 2)
        #expect(try Self.select("element(by.type('UITextField')).atIndex(1)") == (try Self.select("view:'UITextField' marked:'Password'", "shelley")))
        #expect(try Self.select("element(by.type('UITextField')).atIndex(5)").isEmpty)
    }

    @Test("on an XCUITest page source by.id reads the accessibility identifier, by.label the label")
    func pageSource() throws {
        let tree = try HierarchyFormat.loadDetecting(try FileIO.read(Self.fixtures + "real/xcuitest_ios_settings_zh_uiautodev.xml")).0
        let byID = try Self.select("element(by.id('ACCESSIBILITY'))", in: tree)
        #expect(!byID.isEmpty)
        #expect(byID == (try Self.select("//*[@name='ACCESSIBILITY']", "xpath", in: tree)))
        let byLabel = try Self.select("element(by.label('辅助功能'))", in: tree)
        let labelled = try Self.select("//*[@label='辅助功能']", "xpath", in: tree)
        #expect(!byLabel.isEmpty && byLabel == labelled)
    }

    @Test("bad matchers are refused with their column", arguments: [
        ("element(by.idd('x'))", "unknown matcher by.idd", 12),
        ("element(by.id('x')", "expected `)` closing element(", 19),
        ("element(by.traits(['buton']))", "unknown trait 'buton'", 19),
        ("element(by.text(/(/))", "invalid regular expression", 19),
        ("element(by.id(x))", "expected a string in quotes", 15),
        ("element(by.id(`a${b}`))", "a template literal with ${…}", 17),
        ("element(by.id('x')).tap()", "only .atIndex(n) may follow", 21),
        ("element(by.type(/UI.*/))", "by.type takes a class name", 12),
    ])
    func errors(_ row: (String, String, Int)) {
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(row.0, engine: "detox", in: Self.sample) }
        #expect(error?.message.contains(row.1) == true, "\(row.0): \(String(describing: error))")
        #expect(error?.column == row.2, "\(row.0): \(String(describing: error))")
        #expect(error?.kind == .syntax)
    }

    @Test("traits: every listed trait is set in accessibilityTraits")
    func traits() throws {
        let tree = N("UIWindow", "w", [], [
            N("UIButton", "b", [("accessibilityTraits", .int(1))]),
            N("UIButton", "bs", [("accessibilityTraits", .int(1 | 8))]),
            N("UILabel", "h", [("accessibilityTraits", .int(1 << 16))]),
        ]).build()
        #expect(try Self.select("element(by.traits(['button']))", in: tree) == ["b", "bs"])
        #expect(try Self.select("element(by.traits(['button', 'selected']))", in: tree) == ["bs"])
        #expect(try Self.select("element(by.traits(['header']))", in: tree) == ["h"])
    }

    @Test("its suggestions select their view; a matcher nested 65 deep is refused")
    func suggestionsAndDepth() throws {
        let node = try #require(Self.registry.select("view:'UITextField' marked:'Password'", engine: "shelley", in: Self.sample).first)
        let suggestion = try #require(Self.registry.suggestion(engine: "detox", for: node, in: Self.sample))
        #expect(try Self.registry.select(suggestion.selector, engine: "detox", in: Self.sample) == [node], "\(suggestion.selector)")
        let deep = "element(" + String(repeating: "by.id('a').withAncestor(", count: 65) + "by.id('b')" + String(repeating: ")", count: 66)
        let error = #expect(throws: SelectorError.self) { try Self.registry.select(deep, engine: "detox", in: Self.sample) }
        #expect(error?.message.contains("nested deeper than 64") == true)
    }

    @Test("the printer: the last step's tests joined by .and, earlier steps as .withAncestor, proved")
    func printer() throws {
        let t = try Self.registry.translate("//UITableViewCell//UIButton[@accessibilityLabel='Delete']", from: "xpath",
                                            to: ["detox"], on: [Self.sample])[0]
        let rendered = t.candidates.first { $0.origin == .rendered }?.selector
        #expect(rendered == "element(by.type('UIButton').and(by.label('Delete')).withAncestor(by.type('UITableViewCell')))")
        let chosen = try #require(t.chosen)
        #expect(try Self.select(chosen.selector) == (try Self.select("//UITableViewCell//UIButton[@accessibilityLabel='Delete']", "xpath")))
        // A prefix as an anchored regex literal, its characters escaped.
        let prefix = try Self.registry.translate("accessibilityLabel BEGINSWITH 'Row 7-'", from: "predicate", to: ["detox"], on: [Self.sample])[0]
        #expect(prefix.candidates.first { $0.origin == .rendered }?.selector == "element(by.label(/^Row 7-/))")
    }
}
