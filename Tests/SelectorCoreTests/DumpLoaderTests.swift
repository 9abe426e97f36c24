import SelectorCore
import Testing

/// The real Frank `/dump` recorded from UICatalog, in `Tests/Fixtures/` (see its README).
func uicatalogBytes() throws -> [UInt8] {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json")
}

/// The first subview of the root as `dumpJSON()` writes it.
func firstSubview(of tree: ViewTree) throws -> JSONValue? {
    guard case .array(let subviews)? = try JSONReader.parse(tree.dumpJSON())["subviews"] else { return nil }
    return subviews.first
}

@Suite struct DumpLoaderTests {
    @Test func theUICatalogRecordingLoadsWithItsClassesLabelsAndUids() throws {
        let tree = try ViewTree.loadDump(try uicatalogBytes())
        #expect(tree.count == 40)
        #expect(tree.className(of: 0) == "UIWindow")
        #expect(tree.uidString(of: 0) == "110556272")
        let labels = (0..<tree.count).compactMap { tree.label(of: NodeID($0)) }
        #expect(labels == ["Empty list", "UIProgressView", "Data Entry", "Editable Table", "Carousel", "UISwitch", "Root"])
        let table = try #require(tree.node(withUID: "126154240"))
        #expect(tree.className(of: table) == "UITableView")
        #expect(tree.isKind(table, of: "UIScrollView"))
        #expect(tree.value("isHidden", of: 0) == .int(0))
        #expect(tree.value("frame", of: 0)?["size"]?["height"] == .int(480))
        // A key outside the known set survives as a generic property.
        #expect(tree.value("backgroundColor", of: 0)?["green"] == .int(1))
    }

    @Test func theUICatalogRecordingRoundTripsThroughDumpJSON() throws {
        let bytes = try uicatalogBytes()
        let original = try JSONReader.parse(bytes)
        let tree = try ViewTree.loadDump(bytes)
        let written = try JSONReader.parse(tree.dumpJSON())
        #expect(written == original)
        let again = try ViewTree.loadDump(tree.dumpJSON())
        let rewritten = try JSONReader.parse(again.dumpJSON())
        #expect(rewritten == original, "a second load and write changes nothing")
    }

    @Test func uidsStayNumbersOrStringsAsGivenAndBooleansAsGiven() throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIWindow","uid":"0x7f9a","isHidden":false,"subviews":[
              {"class":"UILabel","uid":12,"isHidden":1,"accessibilityLabel":"x"}]}
            """)
        #expect(tree.value("uid", of: 0) == .string("0x7f9a"))
        #expect(tree.value("uid", of: 1) == .int(12))
        #expect(tree.value("isHidden", of: 0) == .bool(false))
        #expect(tree.value("isHidden", of: 1) == .int(1))
    }

    @Test func allWindowsDumpsLoadWithAnApplicationRoot() throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIApplication","uid":1,"subviews":[{"class":"UIWindow","uid":2},{"class":"UIWindow","uid":3}]}
            """)
        #expect(tree.roots == [0])
        #expect(tree.children(of: 0) == [1, 2])
        #expect(Matcher().startNodes(.windows, in: tree) == [1, 2])
        #expect(Matcher().startNodes(.application, in: tree) == [0])
    }

    @Test func classChainExtendsTheHierarchyForUnknownClasses() throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIWindow","subviews":[
              {"class":"MyFancyButton","classChain":["UIButton","UIControl","UIView"]},
              {"class":"MyPlainView"}]}
            """)
        #expect(tree.isKind(1, of: "UIButton"))
        #expect(tree.isKind(1, of: "UIControl"))
        #expect(!tree.isKind(2, of: "UIButton"))
        // An unknown class without a chain is a direct subclass of UIView.
        #expect(tree.classes.chain(of: tree.classIDs[2]) == ["MyPlainView", "UIView", "UIResponder", "NSObject"])
        // The chain is written back, so a round trip keeps it.
        let back = try JSONReader.parse(tree.dumpJSON())
        guard case .array(let subviews)? = back["subviews"] else { Issue.record("no subviews"); return }
        #expect(subviews[0]["classChain"] == .array(["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"]))
    }

    /// Issue 2's form: `classChain` lists the superclasses, nearest first. The node's class must
    /// not be taken from the chain, or a custom button is no `button` anywhere.
    @Test func aClassChainOfSuperclassesMakesTheNodesOwnClassTheirSubclass() throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIWindow","subviews":[
              {"class":"MyFancyButton","accessibilityLabel":"Info","classChain":["UIButton","UIControl","UIView"]}]}
            """)
        #expect(tree.className(of: 1) == "MyFancyButton")
        #expect(tree.classes.chain(of: tree.classIDs[1])
                == ["MyFancyButton", "UIButton", "UIControl", "UIView", "UIResponder", "NSObject"])
        #expect(tree.isKind(1, of: "UIButton"))
        #expect(!tree.isKind(1, of: "UILabel"))
    }

    @Test(arguments: [
        // Superclasses only (the documented form), the chain after the class.
        #"{"class":"MyFancyButton","classChain":["UIButton","UIControl","UIView"]}"#,
        // Led by the node's own class, as earlier writers recorded it.
        #"{"class":"MyFancyButton","classChain":["MyFancyButton","UIButton","UIControl","UIView"]}"#,
        // Either form before the class: the chain is tied to the class once the node is complete.
        #"{"classChain":["UIButton","UIControl","UIView"],"class":"MyFancyButton"}"#,
        #"{"classChain":["MyFancyButton","UIButton","UIControl","UIView"],"class":"MyFancyButton"}"#,
    ])
    func bothChainFormsLoadAlikeAndAreWrittenAsSuperclassesOnly(node: String) throws {
        let tree = try ViewTree.loadDump(#"{"class":"UIWindow","subviews":["# + node + "]}")
        #expect(tree.className(of: 1) == "MyFancyButton")
        #expect(tree.isKind(1, of: "UIButton"))
        #expect(try firstSubview(of: tree)?["classChain"]
                == .array(["UIButton", "UIControl", "UIView", "UIResponder", "NSObject"]))
        // What is written reads back to the same classes and is written again unchanged.
        let again = try ViewTree.loadDump(tree.dumpJSON())
        #expect(again.classes.chain(of: again.classIDs[1]) == tree.classes.chain(of: tree.classIDs[1]))
        #expect(again.dumpJSON() == tree.dumpJSON())
    }

    @Test func anEmptyClassChainDefinesNothingAndIsNotWrittenBack() throws {
        let tree = try ViewTree.loadDump(#"{"class":"UIWindow","subviews":[{"class":"MyView","classChain":[]}]}"#)
        #expect(tree.classes.chain(of: tree.classIDs[1]) == ["MyView", "UIView", "UIResponder", "NSObject"])
        #expect(try firstSubview(of: tree) != nil)
        #expect(try firstSubview(of: tree)?["classChain"] == nil)
    }

    @Test func aChainCannotRewriteUIKitsOwnClasses() throws {
        let tree = try ViewTree.loadDump("""
            {"class":"UIWindow","subviews":[{"class":"UIButton","classChain":["UIButton","UILabel"]}]}
            """)
        #expect(!tree.isKind(1, of: "UILabel"))
        #expect(tree.isKind(1, of: "UIControl"))
    }

    @Test func aHundredThousandDeepChainLoadsWithoutOverflowingTheStack() throws {
        let depth = 100_000
        var text = ""
        text.reserveCapacity(depth * 40)
        for i in 0..<depth { text += "{\"class\":\"UIView\",\"uid\":\(i),\"subviews\":[" }
        text += "{\"class\":\"UILabel\",\"accessibilityLabel\":\"bottom\"}"
        for _ in 0..<depth { text += "]}" }
        let tree = try ViewTree.loadDump(text)
        #expect(tree.count == depth + 1)
        #expect(tree.depths[depth] == Int32(depth))
        var b = ProgramBuilder(start: .roots)
        b.descendants(.string(property: "accessibilityLabel", .equals("bottom")), unique: true)
        b.axis(.ancestors, unique: true)
        b.pick(-1)
        #expect(try Matcher().select(b.build(), in: tree) == [0])
        // Writing it back is iterative too.
        #expect(tree.dumpJSON().count > depth * 20)
    }

    /// Keys were matched by scanning every key seen so far, so one node with n distinct keys cost
    /// n²/2 comparisons: 10^5 keys took 17 s (release). Nothing public counts comparisons, so this
    /// bounds the time instead, 20 times above the linear load (0.4 s in a debug build) and far
    /// below the quadratic one (1.25 × 10^9 comparisons at 5 × 10^4 keys).
    @Test(.timeLimit(.minutes(1)))
    func oneNodeWithFiftyThousandKeysLoadsInLinearTime() throws {
        let keys = 50_000
        var text = #"{"class":"UIView","uid":1"#
        text.reserveCapacity(keys * 16)
        for k in 0..<keys { text += #","k\#(k)":\#(k)"# }
        text += "}"
        let clock = ContinuousClock()
        var tree: ViewTree?
        var limits = DumpLimits()
        limits.maxPropertyNames = keys + 1  // and "uid"
        let elapsed = try clock.measure { tree = try ViewTree.loadDump(Array(text.utf8), limits: limits) }
        let loaded = try #require(tree)
        #expect(loaded.propertyNames.count == keys + 1)
        #expect(loaded.value("k49999", of: 0) == .int(49_999))
        #expect(elapsed < .seconds(8), "\(elapsed)")
    }

    @Test func moreDistinctPropertyNamesThanTheLimitAreRefusedAtTheFirstOneOver() throws {
        // Views 0..<1025 each with a key of its own: 1,025 columns as long as the tree.
        var text = #"{"class":"UIView","subviews":["#
        for k in 0..<1025 { text += (k > 0 ? "," : "") + #"{"class":"UILabel","key\#(k)":1}"# }
        text += "]}"
        let error = #expect(throws: DumpError.self) { try ViewTree.loadDump(text) }
        #expect(error?.description.contains("more than 1024 distinct property names (DumpLimits.maxPropertyNames)") == true)
        var limits = DumpLimits()
        limits.maxPropertyNames = 1025
        #expect(try ViewTree.loadDump(Array(text.utf8), limits: limits).propertyNames.count == 1025)
    }

    @Test(arguments: [
        ("", "a /dump document must be a JSON object"),
        ("[1]", "a /dump document must be a JSON object"),
        ("{\"class\":\"UIView\"", "expected ',' or '}'"),
        ("{\"class\":\"UIView\",\"subviews\":[1]}", "each subview must be a JSON object"),
        ("{\"class\":3}", "\"class\" must be a string"),
        ("{\"class\":\"UIView\"} x", "unexpected 'x' after the document"),
        ("{\"a\":\"\\q\"}", "invalid escape"),
        ("{\"classChain\":[1]}", "\"classChain\" must be an array of class names"),
    ])
    func malformedDumpsFailWithAMessageAndAPosition(input: String, expected: String) {
        #expect {
            _ = try ViewTree.loadDump(input)
        } throws: { error in
            "\(error)".contains(expected)
        }
    }

    @Test func errorsNameLineAndColumn() {
        do {
            _ = try ViewTree.loadDump("{\n  \"class\": \"UIView\",\n  \"uid\": tru\n}")
            Issue.record("expected an error")
        } catch {
            #expect(error.message.contains("line 3, column 10"))
        }
    }

    @Test func invalidUTF8InAStringIsAnErrorNotACrash() {
        let bytes: [UInt8] = Array("{\"class\":\"".utf8) + [0xFF, 0xFE] + Array("\"}".utf8)
        #expect(throws: DumpError.self) { _ = try ViewTree.loadDump(bytes) }
    }

    @Test func deeplyNestedPropertyValuesAreRefused() {
        let nested = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect {
            _ = try ViewTree.loadDump("{\"class\":\"UIView\",\"junk\":\(nested)}")
        } throws: { "\($0)".contains("nested deeper than") }
    }
}
