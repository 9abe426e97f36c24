import FuzzSupport

/// libFuzzer entry: the input as a Maestro selector (a text, YAML or JSON), compiled and run on
/// the sample app. An input whose first byte is 1 modulo 32 (`a`, `A`, `!`, ...) also runs as the
/// value of `text:` and `id:` repeated past 64 KiB (libFuzzer's inputs stay under `-max_len`; one
/// input in 32, as PCRE2 compiling 70 KB costs tens of milliseconds), so the path where PCRE2
/// refuses a pattern and Maestro's literal fallback is compiled instead is reached with literals
/// too large for PCRE2 as well as with refused patterns of every shape (issue 40, item 1: that
/// fallback once trapped on a literal PCRE2 could not hold).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    Fuzz.selector("maestro", data, size)
    let input = Fuzz.bytes(data, size)
    guard let first = input.first, first & 31 == 1 else { return 0 }
    var value = input
    while value.count < 70_000 { value += input }
    let quoted = yamlDoubleQuoted(value)
    for key in ["text", "id"] {
        Fuzz.selector("maestro", "{\(key): \(quoted)}")
    }
    return 0
}

/// `bytes` (repaired to UTF-8) as a YAML double-quoted scalar: `"` and `\` escaped, controls as
/// `\uXXXX`, so any input stays one value.
func yamlDoubleQuoted(_ bytes: [UInt8]) -> String {
    var out = "\""
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}

Fuzz.run(fuzz)
