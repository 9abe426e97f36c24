@testable import SelectorCore
import Testing

/// The one XML escaper the writers share: what XML would read differently is a reference, and
/// what XML 1.0 cannot carry is replaced.
@Suite struct XMLEscapingTests {
    @Test func markupAndLineBreaksAreReferencesAndOtherControlsReplaced() {
        #expect(XMLEscaping.escaped(#"a<b & "c">"#) == "a&lt;b &amp; &quot;c&quot;&gt;")
        #expect(XMLEscaping.escaped("1\t2\n3\r4") == "1&#9;2&#10;3&#13;4")
        #expect(XMLEscaping.escaped("bell\u{7}null\u{0}") == "bell\u{FFFD}null\u{FFFD}")
        #expect(XMLEscaping.escaped("it's é 中 🙂") == "it's é 中 🙂")  // only double quotes delimit our attributes
    }

    /// XML 1.0's `Char` (§2.2) leaves out U+FFFE and U+FFFF; the scalars beside them, and every
    /// other three-byte scalar led by EF, pass unchanged.
    @Test func nonCharactersOutsideXMLCharAreReplaced() {
        #expect(XMLEscaping.escaped("a\u{FFFE}b\u{FFFF}c") == "a\u{FFFD}b\u{FFFD}c")
        let kept = "\u{D7FF}\u{E000}\u{F8FF}\u{FEFF}\u{FFBE}\u{FFBF}\u{FFFC}\u{FFFD}\u{10000}\u{10FFFF}"
        #expect(XMLEscaping.escaped(kept) == kept)
        #expect(XMLEscaping.escaped("\u{FFFF}") == "\u{FFFD}")
        #expect(XMLEscaping.escaped("x\u{FFFE}") == "x\u{FFFD}")
    }

    /// Whatever the input, every scalar written is an XML `Char`, and no `<`, `&` or `"` is left
    /// unescaped: random strings drawn around the boundaries of the production.
    @Test func everyScalarWrittenIsAnXMLChar() {
        let edges: [UInt32] = [0x0, 0x8, 0x9, 0xA, 0xB, 0xD, 0x1F, 0x20, 0x22, 0x26, 0x3C, 0x3E, 0x7F, 0x85, 0xD7FF,
                               0xE000, 0xFDD0, 0xFFFC, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1FFFE, 0x10FFFF]
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var s = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &rng) {
                let v = Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : UInt32.random(in: 0...0x10FFFF, using: &rng)
                if let scalar = Unicode.Scalar(v) { s.append(scalar) }
            }
            let out = XMLEscaping.escaped(String(s))
            #expect(out.unicodeScalars.allSatisfy(XMLEscaping.isXMLChar), "\(String(s).debugDescription)")
            #expect(!out.contains("<") && !out.contains("\""))
            let bytes = Array(out.utf8)
            let entities = ["&amp;", "&lt;", "&gt;", "&quot;", "&#9;", "&#10;", "&#13;"].map { Array($0.utf8) }
            for (k, b) in bytes.enumerated() where b == UInt8(ascii: "&") {
                #expect(entities.contains { bytes[k...].starts(with: $0) }, "a bare & in \(out.debugDescription)")
            }
        }
    }
}
