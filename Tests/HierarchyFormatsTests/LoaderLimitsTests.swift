#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HierarchyFormats
import SelectorCore
import Testing

/// Issue 28, items 11 and 12: every loader caps distinct property names and input bytes as the
/// `/dump` loader does, and libxml2's errors become the loader's error instead of stderr lines.
@Suite struct LoaderLimitsTests {
    /// One element per format with `count` distinct attribute names (`a0`, `a1`, …).
    static func manyNames(_ format: HierarchyFormat, _ count: Int) -> [UInt8] {
        let names = (0..<count).map { "a\($0)" }
        let text: String
        switch format {
        case .xcuitest:
            text = "<XCUIElementTypeApplication type=\"XCUIElementTypeApplication\" "
                + names.map { "\($0)=\"1\"" }.joined(separator: " ") + "/>"
        case .uiautomator:
            text = "<hierarchy><node " + names.map { "\($0)=\"x\"" }.joined(separator: " ") + "/></hierarchy>"
        case .xml:
            text = "<root " + names.map { "\($0)=\"x\"" }.joined(separator: " ") + "/>"
        case .calabash, .uiautomation:
            let type = format == .calabash ? "UIView" : "UIAWindow"
            text = "{\"type\":\"\(type)\"," + names.map { "\"\($0)\":1" }.joined(separator: ",") + ",\"children\":[]}"
        case .dump:
            text = "{\"class\":\"UIWindow\"," + names.map { "\"\($0)\":1" }.joined(separator: ",") + ",\"subviews\":[]}"        case .maestro:
            text = "{\"attributes\":{" + names.map { "\"\($0)\":\"x\"" }.joined(separator: ",") + "},\"children\":[]}"
        case .espresso:
            text = "+>View{" + names.map { "\($0)=x" }.joined(separator: ", ") + "} \n|"
        case .detox:
            text = "<ViewHierarchy><View " + names.map { "\($0)=\"x\"" }.joined(separator: " ") + "/></ViewHierarchy>"
        case .xcuisnapshot:
            text = "Element subtree:\n →Other, 0x1, " + names.map { "\($0): x" }.joined(separator: ", ")
        case .compose:
            text = "Node #1 at (l=0.0, t=0.0, r=1.0, b=1.0)px\n" + names.map { "\($0) = 'x'" }.joined(separator: "\n")
        case .wda, .idb:
            let body = "{\"type\":\"Other\"," + names.map { "\"\($0)\":1" }.joined(separator: ",") + "}"
            text = format == .idb ? "[" + body + "]" : body
        }
        return Array(text.utf8)
    }

    /// Views `manyNames` makes: UIAutomator's `<hierarchy>` is a view too.
    static func nodes(_ format: HierarchyFormat) -> Int { format == .uiautomator ? 2 : 1 }

    @Test(arguments: HierarchyFormat.allCases)
    func tooManyDistinctPropertyNamesAreRefused(_ format: HierarchyFormat) throws {
        // Well within the default: loads.
        #expect(try format.load(Self.manyNames(format, 100)).count == Self.nodes(format))
        let error = try #require(throws: FormatError.self) { try format.load(Self.manyNames(format, 1_100)) }
        #expect(error.message.contains("more than 1024 distinct property names"), "\(error)")
        #expect(error.message.contains(format == .dump ? "(DumpLimits.maxPropertyNames)" : "(FormatLimits.maxPropertyNames)"),
                "\(error)")
        // The limit is the caller's to set.
        var limits = FormatLimits()
        limits.maxPropertyNames = 50
        let smaller = try #require(throws: FormatError.self) { try format.load(Self.manyNames(format, 100), limits: limits) }
        #expect(smaller.message.contains("more than 50 distinct property names"), "\(smaller)")
    }

    @Test func theXMLLimitErrorSaysWhere() throws {
        var text = "<hierarchy>\n<node a=\"1\"/>\n<node "
        text += (0..<1_100).map { "b\($0)=\"x\"" }.joined(separator: " ") + "/>\n</hierarchy>"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.uiautomator.load(Array(text.utf8)) }
        #expect(error.line == 3, "\(error)")
    }

    @Test(arguments: HierarchyFormat.allCases)
    func aRecordingOverTheByteLimitIsRefused(_ format: HierarchyFormat) throws {
        var limits = FormatLimits()
        limits.maxInputBytes = 16
        let bytes = Self.manyNames(format, 3)
        let error = try #require(throws: FormatError.self) { try format.load(bytes, limits: limits) }
        #expect(error.message == "recording is \(bytes.count) bytes long; the limit is 16 bytes (FormatLimits.maxInputBytes)")
        limits.maxInputBytes = bytes.count
        #expect(try format.load(bytes, limits: limits).count == Self.nodes(format))
    }

    @Test func theDumpLoaderHasTheByteLimitToo() throws {
        var limits = DumpLimits()
        limits.maxInputBytes = 10
        let error = try #require(throws: DumpError.self) {
            try ViewTree.loadDump(Array(#"{"class":"UIWindow"}"#.utf8), limits: limits)
        }
        #expect(error.message == "dump is 20 bytes long; the limit is 10 bytes (DumpLimits.maxInputBytes)")
    }

    /// An encoding libxml2 converts through iconv (EBCDIC) fails in the converter, which reports
    /// without the parser context: that error used to go to stderr, and the loader said only
    /// "Blank needed here". It is now the loader's error (HostileFileTests checks stderr).
    @Test(arguments: ["EBCDIC-US", "EBCDIC"])
    func anEBCDICDeclarationIsTheLoadersError(_ encoding: String) throws {
        let text = "<?xml version=\"1.0\" encoding=\"\(encoding)\"?>\n<hierarchy><node class=\"a\"/></hierarchy>\n"
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.uiautomator.load(Array(text.utf8)) }
        #expect(error.message.hasPrefix("malformed UIAutomator XML: "), "\(error)")
        #expect(!error.message.contains("Blank needed"), "\(error)")
        #expect(error.message.contains("conversion failed") || error.message.contains("Unsupported encoding")
                || error.message.contains("encoding"), "\(error)")
    }

    @Test func fileReadsRefuseDevicesAndOversizedFiles() throws {
        let device = try #require(throws: FileIO.Failure.self) { try FileIO.read("/dev/zero") }
        #expect(device.description == "cannot read /dev/zero: it is a character device, not a regular file")
        #expect(!device.exceedsLimit)
        let directory = try #require(throws: FileIO.Failure.self) { try FileIO.read("/") }
        #expect(directory.description.contains("it is a directory"))
        let path = "/tmp/viewselectors-loaderlimits-\(getpid()).json"
        try FileIO.write(Array(repeating: UInt8(ascii: " "), count: 100), to: path)
        defer { unlink(path) }
        let large = try #require(throws: FileIO.Failure.self) { try FileIO.read(path, maxBytes: 99) }
        #expect(large.description == "cannot read \(path): it is 100 bytes long; the limit is 99 bytes")
        #expect(large.exceedsLimit)
        #expect(try FileIO.read(path, maxBytes: 100).count == 100)
        // /proc files are regular files of size 0, read to their end.
        #expect(try !FileIO.read("/proc/self/status").isEmpty)
    }
}
