import FuzzSupport

/// libFuzzer entry: the input as a Maestro selector (a text, YAML or JSON), compiled and run on
/// the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("maestro", data, size)
    return 0
}

Fuzz.run(fuzz)
