import FuzzSupport

/// libFuzzer entry: the input as an XCUITest element query (the Swift string literals, subscripts, NSPredicate arguments, element(boundBy:)), compiled and run on the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("xcuitest", data, size)
    return 0
}

Fuzz.run(fuzz)
