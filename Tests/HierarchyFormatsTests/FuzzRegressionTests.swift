import HierarchyFormats
import SelectorCore
import Testing

/// Inputs the fuzz targets (Fuzz/) crashed on, kept in Fuzz/Regressions/: each must now fail
/// cleanly.
@Suite struct FuzzRegressionTests {
    private func regression(_ name: String) throws -> [UInt8] {
        let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
        return try FileIO.read("/" + root + "/Fuzz/Regressions/" + name)
    }

    /// Foundation's XMLParser trapped on invalid UTF-8 inside a malformed attribute list.
    @Test func invalidUTF8InAnXCUITestAttributeIsAnErrorNotACrash() throws {
        let bytes = try regression("formats-crash-9f0e2f6b47575a6877636c07a5e05a154d913feb")
        let error = try #require(throws: FormatError.self) { try HierarchyFormat.loadDetecting(bytes) }
        #expect(error.message == "malformed XCUITest XML: invalid UTF-8 at byte 231")
        #expect(error.line == 2)
    }

    @Test(arguments: [HierarchyFormat.xcuitest, .uiautomator])
    func invalidUTF8AnywhereInXMLIsRefusedWithItsPosition(format: HierarchyFormat) throws {
        let bytes = Array("<node a=\"".utf8) + [0x94, 0x99] + Array("\"/>".utf8)
        let error = try #require(throws: FormatError.self) { try format.load(bytes) }
        #expect(error.message.hasSuffix("XML: invalid UTF-8 at byte 9"))
        #expect(error.line == 1 && error.column == 10)
    }
}
