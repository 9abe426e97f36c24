import FranklyProtocol
import FuzzSupport
import SelectorCore

/// libFuzzer entry: the input as a `/map` request body, through the protocol's decoder (the one
/// the server uses, without the HTTP layer); a body that decodes has its selector compiled and
/// run by the engine it names (chains included), as the server would.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let request = try? MapRequest(decoding: Fuzz.bytes(data, size)) else { return 0 }
    if let query = try? Fuzz.registry.compileQuery(request.query, engine: request.engine ?? "uiquery") {
        _ = try? Fuzz.registry.select(query, in: Fuzz.tree)
    }
    return 0
}

Fuzz.run(fuzz)
