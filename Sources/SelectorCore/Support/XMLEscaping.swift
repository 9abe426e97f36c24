/// Text made safe for an XML attribute value or element content, for every writer of XML here (the
/// XCUITest writer, XPath's page source, the locator gate's JUnit and HTML reports).
///
/// `&`, `<`, `>` and `"` become entities; tab, line feed and carriage return become character
/// references, because attribute-value normalisation would otherwise read them back as spaces.
/// Every other character outside XML 1.0's `Char` production (§2.2: the other C0 controls,
/// U+FFFE and U+FFFF; a Swift string holds no lone surrogates) becomes U+FFFD, because XML 1.0
/// cannot carry it at all, not even as a reference, and a document holding one is not well formed.
package enum XMLEscaping {
    /// `s` escaped, appended to `out` as UTF-8.
    package static func append(_ s: String, to out: inout [UInt8]) {
        var utf8 = s.utf8.makeIterator()
        while let b = utf8.next() {
            switch b {
            case UInt8(ascii: "&"): out.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): out.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): out.append(contentsOf: "&quot;".utf8)
            case 0x09: out.append(contentsOf: "&#9;".utf8)
            case 0x0A: out.append(contentsOf: "&#10;".utf8)
            case 0x0D: out.append(contentsOf: "&#13;".utf8)
            case 0x00..<0x20: out.append(contentsOf: replacement)
            case 0xEF:
                // U+FFFE and U+FFFF are EF BF BE and EF BF BF; any other EF… scalar is a Char.
                // The string is valid UTF-8, so a lead byte EF has its two continuation bytes.
                guard let b1 = utf8.next(), let b2 = utf8.next() else { out.append(b); continue }
                if b1 == 0xBF && (b2 == 0xBE || b2 == 0xBF) {
                    out.append(contentsOf: replacement)
                } else {
                    out.append(b); out.append(b1); out.append(b2)
                }
            default: out.append(b)
            }
        }
    }

    /// U+FFFD's UTF-8.
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// `s` escaped.
    package static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `scalar` is a character XML 1.0 can carry (its `Char` production).
    package static func isXMLChar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }
}
