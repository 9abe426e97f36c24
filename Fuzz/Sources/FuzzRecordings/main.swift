import FuzzSupport
import HierarchyFormats
import SelectorCore

enum Config {
    static let limits: FormatLimits = {
        var l = FormatLimits()
        l.maxNodes = 10_000
        return l
    }()
    /// The loaders of issue 45, each tried on every input (named, they read what detection would
    /// not: a dump after lines of text, a Detox document with damage).
    static let formats: [HierarchyFormat] = [.espresso, .detox, .xcuisnapshot, .compose, .wda, .idb]
}

/// libFuzzer entry: the input as a failure log (`loadFindingDump`: detection, then the dump found
/// in the text and the lines it spans), then as each text, XML and JSON recording users hold
/// (Espresso, Detox, XCTest snapshot, Compose, WebDriverAgent, idb), named.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    if let loaded = try? HierarchyFormat.loadFindingDump(bytes, limits: Config.limits), let found = loaded.extraction {
        // The lines a command prints must lie in the input.
        let lines = bytes.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        precondition(found.lines.lowerBound >= 1 && found.lines.upperBound <= lines, "lines \(found.lines) of \(lines)")
    }
    for format in Config.formats { _ = try? format.load(bytes, limits: Config.limits) }
    return 0
}

Fuzz.run(fuzz)
