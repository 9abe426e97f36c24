import FuzzSupport
import SelectorCore

/// libFuzzer entry: the input as a whole `/map` query through the registry's `>>` chaining (the
/// splitter, engine prefixes, every built-in engine on its part), run on the sample app.
///
/// Beyond "no crash", it checks what the splitter promises: every part starts inside the
/// selector, in order, and an error's offset (which becomes the caret column) never points past
/// the end of the selector it names.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let length = text.utf8.count
    do {
        let query = try Fuzz.registry.compileQuery(text)
        var previous = -1
        for part in query.parts {
            guard part.offset > previous, part.offset < max(length, 1) else {
                fatalError("chain part at offset \(part.offset) out of order or outside \(length) bytes")
            }
            previous = part.offset
        }
        _ = try Fuzz.registry.select(query, in: Fuzz.tree)
    } catch {
        if let offset = error.offset, let selector = error.selector, offset > selector.utf8.count {
            fatalError("error offset \(offset) past the end of its \(selector.utf8.count)-byte selector: \(error)")
        }
    }
    return 0
}

Fuzz.run(fuzz)
