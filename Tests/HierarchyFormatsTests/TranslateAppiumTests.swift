import ClassChainEngine
import HierarchyFormats
import SelectorCore
import Testing
import ViewSelectors

/// Real Appium locators from public suites over the page sources of the screens they were written
/// for (`Tests/Fixtures/appium/locators/`, sources and licences in `Tests/Fixtures/appium/README.md`),
/// translated into the native strategies of their platform (issue 31).
@Suite("Translate: real Appium locators over real page sources")
struct TranslateAppiumTests {
    /// A registry with every built-in engine and the class chain engine, in-process.
    static func registry() throws -> EngineRegistry {
        let registry = EngineRegistry.standard()
        try registry.register(ClassChainEngine())
        return registry
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var file: String, strategy: String, locator: String, citation: String, count: Int
        var testDescription: String { "\(strategy) \(locator)" }
        /// Our engine's name for an Appium strategy.
        var engine: String { strategy == "uiautomator" ? "uiselector" : strategy }
        var android: Bool { file.contains("android") }
        /// The native strategies of the row's platform.
        var native: [String] {
            android ? ["uiselector", "id", "accessibility_id"] : ["predicate", "class_chain", "id", "accessibility_id"]
        }
    }

    static let directory: String = {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        return "/" + tests + "/Fixtures/appium/locators/"
    }()

    static let rows: [Row] = {
        guard let bytes = try? FileIO.read(directory + "locators.tsv") else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").dropFirst().map { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(file: f[0], strategy: f[1], locator: f[2], citation: f[3], count: Int(f[4]) ?? -1)
        }
    }()

    static func tree(_ file: String) throws -> ViewTree {
        try HierarchyFormat.loadDetecting(try FileIO.read(directory + file)).0
    }

    @Test("the table: 58 locators, 36 of them XPath, over 7 page sources of both platforms")
    func table() {
        #expect(Self.rows.count == 58)
        #expect(Self.rows.filter { $0.strategy == "xpath" }.count == 36)
        #expect(Set(Self.rows.map(\.file)).count == 7)
        #expect(Set(Self.rows.map(\.android)) == [true, false])
    }

    @Test("each locator selects on its page source what libxml2 selects there", arguments: rows)
    func sourceCounts(row: Row) throws {
        let found = try Self.registry().select(row.locator, engine: row.engine, in: try Self.tree(row.file))
        #expect(found.count == row.count, "\(row.citation)")
    }

    @Test("every printed translation selects the locator's views; most XPath locators get a native one")
    func translations() throws {
        let registry = try Self.registry()
        var xpath = 0, native = 0, rendered = 0, printed = 0
        var missing: [String] = []
        for row in Self.rows {
            let tree = try Self.tree(row.file)
            let expected = try registry.select(row.locator, engine: row.engine, in: tree)
            let targets = registry.names.filter { $0 != row.engine }
            let translations = try registry.translate(row.locator, from: row.engine, to: targets, on: [tree])
            for t in translations {
                guard let chosen = t.chosen else {
                    #expect(t.reason?.isEmpty == false)
                    continue
                }
                printed += 1
                if chosen.origin == .rendered { rendered += 1 }
                let got = try registry.select(chosen.selector, engine: t.engine, in: tree)
                #expect(TranslateTests.agrees(got, expected, documentOrder: chosen.documentOrder),
                        "\(row.citation): \(row.engine) `\(row.locator)` → \(t.engine) `\(chosen.selector)`")
            }
            if row.strategy == "xpath" {
                xpath += 1
                if translations.contains(where: { row.native.contains($0.engine) && $0.chosen != nil }) {
                    native += 1
                } else {
                    missing.append(row.locator)
                }
            }
        }
        print("Appium table: \(printed) translations printed, \(rendered) rendered from the compiled form; "
              + "XPath into a native strategy: \(native) of \(xpath); none for \(missing)")
        #expect(native * 10 >= xpath * 8, "\(native) of \(xpath): none for \(missing)")
        // 256 of 456 when the printers were added (maestro among the targets): the rest come from the views' shared
        // suggestions or unions, where a language cannot say the source's rule.
        #expect(rendered * 5 >= printed * 2, "\(rendered) of \(printed) rendered")
    }

    /// WebDriverAgent's wiki, "Predicate Queries Construction Rules"
    /// (https://github.com/facebookarchive/WebDriverAgent/wiki/Predicate-Queries-Construction-Rules),
    /// lists predicate strings for what users otherwise write as XPath. Each row: the XPath a user
    /// writes for the wiki's example, the predicate and class chain this tool prints for it, and
    /// the wiki's own predicate, which must select the same views. The wiki's first example
    /// compares with `BEGINSWITH[c]`, which XPath 1.0 cannot say without `translate()`; its row
    /// is the case-sensitive `starts-with`.
    static let wiki: [(xpath: String, predicate: String, classChain: String, wiki: String)] = [
        ("//XCUIElementTypeButton[starts-with(@value,'bla') and @visible='true']",
         "type == 'XCUIElementTypeButton' AND value BEGINSWITH 'bla' AND visible == 1",
         "**/XCUIElementTypeButton[`value BEGINSWITH 'bla' AND visible == 1`]",
         "type == 'XCUIElementTypeButton' AND value BEGINSWITH 'bla' AND visible == 1"),
        ("//*[(self::XCUIElementTypeIcon or self::XCUIElementTypeImage) and @visible='true']",
         "(type == 'XCUIElementTypeIcon' OR type == 'XCUIElementTypeImage') AND visible == 1",
         "**/*[`(type == 'XCUIElementTypeIcon' OR type == 'XCUIElementTypeImage') AND visible == 1`]",
         "type IN {'XCUIElementTypeIcon','XCUIElementTypeImage'} AND visible == 1"),
        ("//XCUIElementTypeCell[@width > 100]",
         "type == 'XCUIElementTypeCell' AND width > 100",
         "**/XCUIElementTypeCell[`width > 100`]",
         "type == 'XCUIElementTypeCell' AND rect.width > 100"),
        ("//XCUIElementTypeCheckBox[@visible='true' or @enabled='true']",
         "type == 'XCUIElementTypeCheckBox' AND (visible == 1 OR enabled == 1)",
         "**/XCUIElementTypeCheckBox[`visible == 1 OR enabled == 1`]",
         "type == 'XCUIElementTypeCheckBox' AND (visible == 1 OR enabled == 1)"),
    ]

    /// A page source written for the wiki's examples (WebDriverAgent's attribute layout), with
    /// views on each side of every test.
    static let wikiSource = """
        <?xml version="1.0" encoding="UTF-8"?>
        <XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" enabled="true" visible="true" x="0" y="0" width="390" height="844">
          <XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="390" height="844">
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="b1" value="blank" enabled="true" visible="true" x="0" y="0" width="90" height="44"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="b2" value="bland" enabled="true" visible="false" x="0" y="0" width="90" height="44"/>
            <XCUIElementTypeButton type="XCUIElementTypeButton" name="b3" value="Blame" enabled="true" visible="true" x="0" y="0" width="90" height="44"/>
            <XCUIElementTypeImage type="XCUIElementTypeImage" name="i1" enabled="true" visible="true" x="0" y="50" width="40" height="40"/>
            <XCUIElementTypeIcon type="XCUIElementTypeIcon" name="i2" enabled="true" visible="true" x="50" y="50" width="40" height="40"/>
            <XCUIElementTypeImage type="XCUIElementTypeImage" name="i3" enabled="true" visible="false" x="100" y="50" width="40" height="40"/>
            <XCUIElementTypeTable type="XCUIElementTypeTable" enabled="true" visible="true" x="0" y="100" width="390" height="300">
              <XCUIElementTypeCell type="XCUIElementTypeCell" name="wide" enabled="true" visible="true" x="0" y="100" width="390" height="44"/>
              <XCUIElementTypeCell type="XCUIElementTypeCell" name="narrow" enabled="true" visible="true" x="0" y="150" width="100" height="44"/>
            </XCUIElementTypeTable>
            <XCUIElementTypeCheckBox type="XCUIElementTypeCheckBox" name="c1" enabled="false" visible="true" x="0" y="400" width="20" height="20"/>
            <XCUIElementTypeCheckBox type="XCUIElementTypeCheckBox" name="c2" enabled="true" visible="false" x="0" y="430" width="20" height="20"/>
            <XCUIElementTypeCheckBox type="XCUIElementTypeCheckBox" name="c3" enabled="false" visible="false" x="0" y="460" width="20" height="20"/>
          </XCUIElementTypeWindow>
        </XCUIElementTypeApplication>
        """

    @Test("XPath into predicate and class chain, rendered: WebDriverAgent's wiki examples", arguments: 0..<4)
    func wikiExamples(_ k: Int) throws {
        let row = Self.wiki[k]
        let registry = try Self.registry()
        let tree = try HierarchyFormat.loadDetecting(Array(Self.wikiSource.utf8)).0
        let expected = try registry.select(row.xpath, engine: "xpath", in: tree)
        #expect(!expected.isEmpty)
        #expect(try registry.select(row.wiki, engine: "predicate", in: tree) == expected)
        let result = try registry.translate(row.xpath, from: "xpath", to: ["predicate", "class_chain"], on: [tree])
        #expect(result[0].chosen?.selector == row.predicate)
        #expect(result[0].chosen?.origin == .rendered)
        #expect(result[1].chosen?.selector == row.classChain)
        #expect(result[1].chosen?.origin == .rendered)
        #expect(try registry.select(row.classChain, engine: "class_chain", in: tree) == expected)
    }
}
