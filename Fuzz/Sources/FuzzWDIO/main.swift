import FuzzSupport

/// libFuzzer entry: the input as a `wdio` selector string: WebdriverIO's strategy table, then the
/// engine each strategy names, with its error columns shifted into the whole string.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("wdio", data, size)
    return 0
}

Fuzz.run(fuzz)
