import FuzzSupport

/// libFuzzer entry: the input as an XPath expression, compiled and run on the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("xpath", data, size)
    return 0
}

Fuzz.run(fuzz)
