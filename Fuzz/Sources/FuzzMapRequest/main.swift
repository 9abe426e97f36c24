import FranklyServer
import FuzzSupport
import SelectorCore

/// libFuzzer entry: the input as a `/map` request body, through the server's decoder; a body that
/// decodes has its selector compiled and run by the engine it names, as the server would.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let request = try? MapRequest(decoding: Fuzz.bytes(data, size)) else { return 0 }
    _ = try? Fuzz.registry.select(request.query, engine: request.engine ?? "uiquery", in: Fuzz.tree)
    return 0
}

Fuzz.run(fuzz)
