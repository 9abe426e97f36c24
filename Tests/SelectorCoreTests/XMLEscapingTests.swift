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
}
