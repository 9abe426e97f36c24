import FuzzSupport

/// libFuzzer entry: the input as a `fry` query, compiled and run on the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("fry", data, size)
    return 0
}

Fuzz.run(fuzz)
