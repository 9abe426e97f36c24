import FuzzSupport
import SelectorCore
import ViewSelectorsTesting

/// The custom predicates random programs call, registered once: registration is not what is fuzzed.
let predicates = RandomPrograms.predicates()

/// libFuzzer entry: the input drives a small random tree (at most 300 views; size, shape and
/// frames from the first draws) and a few random programs (`ReferenceFuzzCase`), each run by
/// `ReferenceInterpreter` and by the matcher under every forced strategy. Any difference (lists,
/// or an error on one side only) stops the run, so that libFuzzer writes the input out; replay it
/// with `ReferenceFuzzCase(bytes:)` in a test.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let c = ReferenceFuzzCase(bytes: Fuzz.bytes(data, size))
    if let mismatch = c.firstMismatch(predicates: predicates) {
        fatalError("matcher differs from the reference on \(c.treeDescription):\n\(mismatch)")
    }
    return 0
}

Fuzz.run(fuzz)
