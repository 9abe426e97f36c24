import FuzzSupport
import HierarchyFormats
import SelectorCore

enum Config {
    static let limits: FormatLimits = {
        var l = FormatLimits()
        l.maxNodes = 10_000
        return l
    }()
}

/// libFuzzer entry: the input as a recording of whatever format it looks like (XCUITest or
/// UIAutomator XML, Appium's page sources, Calabash, UIAutomation or `maestro hierarchy` JSON, `/dump`), through
/// detection and the loader; and as generic XML, which is never detected, only named.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    _ = try? HierarchyFormat.loadDetecting(bytes, limits: Config.limits)
    if bytes.first == UInt8(ascii: "<") { _ = try? HierarchyFormat.xml.load(bytes, limits: Config.limits) }
    // Named, the maestro loader skips any number of lines before the JSON (detection, a few).
    else if bytes.contains(UInt8(ascii: "{")) { _ = try? HierarchyFormat.maestro.load(bytes, limits: Config.limits) }
    return 0
}

Fuzz.run(fuzz)
