import Foundation
import HierarchyFormats
import SelectorCore
import ViewSelectors
import Testing

/// Where a reviewer keeps real `maestro hierarchy` captures (`VIEWSELECTORS_MAESTRO_CAPTURES`).
let maestroCaptureFolder = ProcessInfo.processInfo.environment["VIEWSELECTORS_MAESTRO_CAPTURES"]

/// Real `maestro hierarchy` captures, read where a reviewer has them (opt-in).
///
/// The four public captures we know of sit in repositories without a licence, so they are not in
/// Tests/Fixtures (Tests/Fixtures/maestro/README.md). Set `VIEWSELECTORS_MAESTRO_CAPTURES` to a
/// folder holding any of them under the names below and this suite loads each one: detected as
/// maestro, every view read (counted by hand from the JSON), and the frames from `bounds`.
@Suite(.enabled(if: maestroCaptureFolder != nil, "set VIEWSELECTORS_MAESTRO_CAPTURES to a folder of real captures"))
struct MaestroCaptureTests {
    /// (file, source, views, views with a frame): HodaHassanein/Clync-with-Maestro `hierarchy.txt` at
    /// 2f8be6d (Android, a "Running on" line first), Ati-35/codeks `maestro/hierarchy.json` at be5d37a
    /// (iOS 26.1, "Running on" and "None: " first), gczene/testing-maestro-rn-81 `hierarchy.json` at
    /// ae9bed5 (iOS, JSON only), Higgs-Boson-Consultancy/SolidiMobileApp4-test `hierarchy.txt` at
    /// 3111368 (iOS 17.2, two preamble lines). On Android the document and `<hierarchy>` have no bounds.
    static let captures: [(String, Int, Int)] = [
        ("android_clync_hierarchy.txt", 68, 66),
        ("ios_codeks_hierarchy.txt", 44, 44),
        ("ios_rn81_hierarchy.json", 57, 57),
        ("ios_solidi_hierarchy.txt", 105, 105),
    ]

    @Test(arguments: captures)
    func aRealCaptureLoadsWhole(file: String, views: Int, framed: Int) throws {
        let path = (maestroCaptureFolder ?? "") + "/" + file
        guard FileManager.default.fileExists(atPath: path) else { return }
        let bytes = try FileIO.read(path)
        #expect(HierarchyFormat.detect(bytes) == .maestro)
        let tree = try HierarchyFormat.maestro.load(bytes)
        #expect(tree.count == views)
        let withFrames = (0..<tree.count).filter { tree.value(PropertyName.accessibilityFrame, of: NodeID($0)) != nil }
        #expect(withFrames.count == framed)
    }
}

extension MaestroCaptureTests {
    /// The Android capture's document and `<hierarchy>` have no bounds: the maestro engine must still
    /// take the whole display as its screen (not the first window with a frame, a launcher's edge
    /// panel at [1013,436][1080,778]), and keep the 23 views with text.
    @Test func theAndroidCaptureKeepsEveryViewOnItsDisplay() throws {
        let path = (maestroCaptureFolder ?? "") + "/android_clync_hierarchy.txt"
        guard FileManager.default.fileExists(atPath: path) else { return }
        let tree = try HierarchyFormat.maestro.load(try FileIO.read(path))
        #expect(try EngineRegistry.standard().select("{text: '.*'}", engine: "maestro", in: tree).count == 23)
    }
}
