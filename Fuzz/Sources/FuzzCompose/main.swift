import FuzzSupport

/// libFuzzer entry: the input as a Compose finder expression (Kotlin literals and named arguments, infix and/or, the nesting cap), compiled and run on the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("compose", data, size)
    return 0
}

Fuzz.run(fuzz)
