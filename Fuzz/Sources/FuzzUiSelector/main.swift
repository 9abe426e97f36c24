import FuzzSupport
import HierarchyFormats
import SelectorCore

/// A small `uiautomator dump`, so the Android attribute names, recorded `index` and the sibling
/// walk are reached as well as the sample app's UIKit names.
let android: ViewTree = try! HierarchyFormat.loadDetecting(Array("""
    <hierarchy rotation="0"><node index="0" text="" resource-id="a:id/list" class="android.widget.ListView" package="a" \
    content-desc="" scrollable="true" bounds="[0,0][100,100]"><node index="0" text="Wi-Fi" resource-id="a:id/title" \
    class="android.widget.TextView" package="a" content-desc="" clickable="true" bounds="[0,0][100,50]"/><node index="3" \
    text="OK" resource-id="" class="android.widget.Button" package="a" content-desc="Confirm" clickable="true" \
    bounds="[0,50][100,100]"/></node></hierarchy>
    """.utf8)).0

/// libFuzzer entry: the input as a `uiselector` selector, compiled and run on both trees.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    Fuzz.selector("uiselector", data, size)
    _ = try? Fuzz.registry.select(text, engine: "uiselector", in: android)
    return 0
}

Fuzz.run(fuzz)
