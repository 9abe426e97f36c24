import SelectorCore

/// A text recording cut into lines, for the loaders that read dumps printed for people (Espresso,
/// XCUITest snapshots, Compose): the byte range of each line without its `\n` or `\r\n`, and
/// errors placed at a line and column (in characters, as the JSON and XML loaders count them).
struct TextLines {
    let bytes: [UInt8]
    /// Start offset of each line; a final line without `\n` counts too.
    private(set) var starts: [Int] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var i = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        starts.append(i)
        while i < bytes.count {
            if bytes[i] == 0x0A, i + 1 < bytes.count { starts.append(i + 1) }
            i += 1
        }
    }

    var count: Int { starts.count }

    /// The bytes of line `k` (0-based) without the line break.
    func range(_ k: Int) -> Range<Int> {
        let start = starts[k]
        var end = k + 1 < starts.count ? starts[k + 1] - 1 : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<max(start, end)
    }

    /// Line `k` as a string (invalid UTF-8 repaired).
    func string(_ k: Int) -> String { String(decoding: bytes[range(k)], as: UTF8.self) }

    /// Line `k` as bytes.
    func line(_ k: Int) -> ArraySlice<UInt8> { bytes[range(k)] }

    /// 1-based column, in characters, of byte `offset` on line `k`.
    func column(of offset: Int, line k: Int) -> Int {
        var column = 1
        var i = starts[k]
        while i < min(offset, bytes.count) {
            if bytes[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }

    /// An error at byte `offset` of line `k` (0-based).
    func error(_ message: String, line k: Int, at offset: Int? = nil) -> FormatError {
        FormatError(message, line: k + 1, column: column(of: offset ?? starts[k], line: k))
    }

    /// The line that holds byte `offset`.
    func line(containing offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A }

    /// `slice` without leading and trailing spaces and tabs.
    static func trimmed(_ slice: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = slice.startIndex, e = slice.endIndex
        while s < e, isSpace(slice[s]) { s += 1 }
        while e > s, isSpace(slice[e - 1]) { e -= 1 }
        return slice[s..<e]
    }

    static func hasPrefix(_ slice: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        let p = Array(prefix.utf8)
        guard slice.count >= p.count else { return false }
        return zip(slice.prefix(p.count), p).allSatisfy { $0 == $1 }
    }

    /// The first index of `needle` in `slice` at or after `from`.
    static func find(_ needle: [UInt8], in slice: ArraySlice<UInt8>, from: Int? = nil) -> Int? {
        guard !needle.isEmpty else { return from ?? slice.startIndex }
        var i = from ?? slice.startIndex
        let last = slice.endIndex - needle.count
        while i <= last {
            if slice[i] == needle[0] {
                var k = 1
                while k < needle.count, slice[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    static func string(_ slice: ArraySlice<UInt8>) -> String { String(decoding: slice, as: UTF8.self) }
}

extension FormatError {
    /// The error moved down by `lines` lines (a dump read out of a longer log).
    func shifted(byLines lines: Int) -> FormatError {
        guard let line, lines > 0 else { return self }
        return FormatError(message, line: line + lines, column: column)
    }
}
