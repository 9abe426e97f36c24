import SelectorCore
import Testing

/// A bad `\u` escape in JSON (a `/dump`, a request body) is named, at the column of the escape's
/// backslash: not at whatever byte followed it.
@Suite struct JSONEscapeErrorTests {
    @Test(arguments: [
        // Column 7 is the backslash of the escape at fault.
        (#"{"a":"\ud800"}"#, #"unpaired surrogate \uD800: a high surrogate must be followed by a low one (\uDC00 to \uDFFF)"#, 7),
        (#"{"a":"\ud800x"}"#, #"unpaired surrogate \uD800: a high surrogate must be followed by a low one (\uDC00 to \uDFFF)"#, 7),
        (#"{"a":"\uD800\u0041"}"#, #"unpaired surrogate \uD800: a high surrogate must be followed by a low one (\uDC00 to \uDFFF), not \u0041"#, 7),
        (#"{"a":"x\udc00abc"}"#, #"unpaired surrogate \uDC00: a low surrogate must follow a high one (\uD800 to \uDBFF)"#, 8),
        (#"{"a":"\u{110000}"}"#, #"JSON has no \u{...} escape: write \u and four hex digits, a surrogate pair above U+FFFF"#, 7),
        (#"{"a":"\u12"#, #"truncated \u escape: it takes exactly four hex digits"#, 7),
        // A bad digit is reported where it is.
        (#"{"a":"\u12x4"}"#, #"invalid hex digit 'x' in \u escape: it takes exactly four hex digits"#, 11),
    ])
    func aBadEscapeIsNamedAtItsBackslash(json: String, message: String, column: Int) {
        #expect {
            _ = try JSONReader.parse(json)
        } throws: { error in
            guard let e = error as? JSONError else { return false }
            return e.message == message && e.line == 1 && e.column == column
        }
    }

    @Test func theSameErrorsReachTheDumpLoader() {
        #expect {
            _ = try ViewTree.loadDump(#"{"class":"UIView","accessibilityLabel":"\ud800"}"#)
        } throws: { error in
            "\(error)" == #"invalid /dump JSON: unpaired surrogate \uD800: a high surrogate must be followed by a low one (\uDC00 to \uDFFF) at line 1, column 41"#
        }
    }

    @Test func aSurrogatePairStillDecodes() throws {
        #expect(try JSONReader.parse(#"["\ud83d\ude00\u00e9"]"#) == .array([.string("😀é")]))
    }
}
