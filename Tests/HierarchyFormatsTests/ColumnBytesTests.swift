import HierarchyFormats
import SelectorCore
import Testing

/// Issue 28, item 11: a recording that names many attributes on one element and then holds many
/// bare elements is small on disk but names × views in memory once every column is padded to
/// the tree. Every loader refuses it before the columns are made.
@Suite struct ColumnBytesTests {
    /// `names` distinct attributes on the first element, then `views` bare elements under it.
    static func wide(_ format: HierarchyFormat, names: Int, views: Int) -> [UInt8] {
        let keys = (0..<names).map { "a\($0)" }
        var text: String
        switch format {
        case .xml:
            text = "<root " + keys.map { "\($0)=\"x\"" }.joined(separator: " ") + ">"
            text += String(repeating: "<item/>", count: views) + "</root>"
        case .xcuitest:
            text = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" "
                + keys.map { "\($0)=\"1\"" }.joined(separator: " ") + ">"
            text += String(repeating: "<XCUIElementTypeOther type=\"XCUIElementTypeOther\"/>", count: views)
            text += "</XCUIElementTypeApplication>"
        case .uiautomator:
            text = "<hierarchy><node " + keys.map { "\($0)=\"x\"" }.joined(separator: " ") + ">"
            text += String(repeating: "<node/>", count: views) + "</node></hierarchy>"
        case .xml:
            text = "<root " + keys.map { "\($0)=\"x\"" }.joined(separator: " ") + ">"
            text += String(repeating: "<v/>", count: views) + "</root>"
        case .calabash, .uiautomation:
            let type = format == .calabash ? "UIView" : "UIAWindow"
            let child = "{\"type\":\"\(type)\",\"children\":[]}"
            text = "{\"type\":\"\(type)\"," + keys.map { "\"\($0)\":1" }.joined(separator: ",")
                + ",\"children\":[" + Array(repeating: child, count: views).joined(separator: ",") + "]}"
        case .dump:
            text = "{\"class\":\"UIWindow\"," + keys.map { "\"\($0)\":1" }.joined(separator: ",")
                + ",\"subviews\":[" + Array(repeating: "{\"class\":\"UIView\"}", count: views).joined(separator: ",") + "]}"        case .maestro:
            let child = "{\"attributes\":{},\"children\":[]}"
            text = "{\"attributes\":{" + keys.map { "\"\($0)\":\"1\"" }.joined(separator: ",") + "},\"children\":["
                + Array(repeating: child, count: views).joined(separator: ",") + "]}"
        case .espresso:
            text = "+>View{" + keys.map { "\($0)=1" }.joined(separator: ", ") + "} \n|\n"
            text += String(repeating: "+->V{id=1} \n|\n", count: views)
        case .detox:
            text = "<ViewHierarchy><V " + keys.map { "\($0)=\"x\"" }.joined(separator: " ") + ">"
            text += String(repeating: "<V/>", count: views) + "</V></ViewHierarchy>"
        case .xcuisnapshot:
            text = "Element subtree:\n →Other, 0x1, " + keys.map { "\($0): 1" }.joined(separator: ", ") + "\n"
            text += String(repeating: "    Other, 0x2\n", count: views)
        case .compose:
            text = "Node #1 at (l=0.0, t=0.0, r=1.0, b=1.0)px\n" + keys.map { "\($0) = '1'" }.joined(separator: "\n") + "\n"
            text += String(repeating: " |-Node #2 at (l=0.0, t=0.0, r=1.0, b=1.0)px\n", count: views)
        case .wda, .idb:
            let child = "{\"type\":\"Other\"}"
            text = "{\"type\":\"Other\"," + keys.map { "\"\($0)\":1" }.joined(separator: ",")
                + ",\"children\":[" + Array(repeating: child, count: views).joined(separator: ",") + "]}"
            if format == .idb { text = "[" + text + "]" }
        }
        return Array(text.utf8)
    }

    @Test(arguments: HierarchyFormat.allCases)
    func manyNamesOverManyViewsAreRefusedBeforeThePadding(_ format: HierarchyFormat) throws {
        // 1,000 names × 40,000 views: 160-320 MB of columns from a file of one or two megabytes.
        let bytes = Self.wide(format, names: 1_000, views: 40_000)
        #expect(bytes.count < 2_100_000)
        let error = try #require(throws: FormatError.self) { try format.load(bytes) }
        #expect(error.message.contains("bytes of property columns"), "\(error)")
        #expect(error.message.contains("DumpLimits.maxColumnBytesPerView"), "\(error)")
        // The same names on a few views load: the floor lets a small tree use many names.
        #expect(try format.load(Self.wide(format, names: 1_000, views: 100)).count > 100)
        // And many views with few names load.
        #expect(try format.load(Self.wide(format, names: 5, views: 40_000)).count > 40_000)
    }

    @Test func theLimitIsTheCallersToSet() throws {
        var limits = FormatLimits()
        limits.minColumnBytes = 1 << 20
        limits.maxColumnBytesPerView = 16
        let bytes = Self.wide(.xcuitest, names: 20, views: 20_000)
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.xcuitest.load(bytes, limits: limits) }
        #expect(error.message.contains("the limit is 1048576 bytes"), "\(error)")
        #expect(try HierarchyFormat.xcuitest.load(bytes).count > 20_000)
    }

    @Test func theDumpLoaderChecksToo() throws {
        var limits = DumpLimits()
        limits.minColumnBytes = 1 << 20
        limits.maxColumnBytesPerView = 16
        let bytes = Self.wide(.dump, names: 20, views: 20_000)
        let error = try #require(throws: DumpError.self) {
            try bytes.withUnsafeBufferPointer { try ViewTree.loadDump($0, limits: limits) }
        }
        #expect(error.message.contains("bytes of property columns"), "\(error)")
    }
}
