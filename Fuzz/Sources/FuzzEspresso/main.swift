import FuzzSupport

/// libFuzzer entry: the input as an Espresso onView(…) matcher expression (Kotlin and Java literals, R.id references, Hamcrest's string matchers, the nesting cap), compiled and run on the sample app.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("espresso", data, size)
    return 0
}

Fuzz.run(fuzz)
