import FuzzSupport

/// libFuzzer entry: the input as a `detox` matcher expression, compiled and run on the sample app
/// (the JavaScript string and regex literals, the nesting cap, `.atIndex`'s frame sort).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("detox", data, size)
    return 0
}

Fuzz.run(fuzz)
