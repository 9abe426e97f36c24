import FuzzSupport
import SelectorCore

/// Limits small enough that a fuzz input cannot spend seconds building a huge tree, and tight
/// enough that the fuzzer reaches the limit checks themselves.
enum Config {
    static let limits: DumpLimits = {
        var l = DumpLimits()
        l.maxNodes = 10_000
        l.maxViewDepth = 1_000
        return l
    }()
}

/// libFuzzer entry: the input as a `/dump` document; what loads is written back and reloaded,
/// and the reload must give the same document (a round-trip check, not only a crash check).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    guard let tree = try? ViewTree.loadDump(bytes, limits: Config.limits) else { return 0 }
    let written = tree.dumpJSON()
    guard written != Array("null".utf8) else { return 0 }
    guard let again = try? ViewTree.loadDump(written, limits: Config.limits) else {
        fatalError("a dump the loader accepted did not reload after writing: \(String(decoding: written, as: UTF8.self))")
    }
    precondition(again.dumpJSON() == written, "writing a reloaded dump changed it")
    return 0
}

Fuzz.run(fuzz)
