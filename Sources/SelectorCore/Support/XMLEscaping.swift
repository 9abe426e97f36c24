/// Text made safe for an XML attribute value or element content, for every writer of XML here (the
/// XCUITest writer, XPath's page source, the locator gate's JUnit and HTML reports).
///
/// `&`, `<`, `>` and `"` become entities; tab, line feed and carriage return become character
/// references, because attribute-value normalisation would otherwise read them back as spaces;
/// other C0 controls become U+FFFD, because XML 1.0 cannot carry them at all, not even as
/// references, and a document holding one is not well formed.
package enum XMLEscaping {
    /// `s` escaped, appended to `out` as UTF-8.
    package static func append(_ s: String, to out: inout [UInt8]) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case 0x09: out.append(contentsOf: "&#9;".utf8)
            case 0x0A: out.append(contentsOf: "&#10;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x00..<0x20: out.append(contentsOf: "\u{FFFD}".utf8)
            default: out.append(b)
            }
        }
    }

    /// `s` escaped.
    package static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
