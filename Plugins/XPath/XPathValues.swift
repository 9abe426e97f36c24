public import SelectorCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// How a view tree reads as an XPath document: the value model shared by the evaluator, the
// compiler's literal checks and the page-source writer, so the three agree on every attribute's text.

/// A node of the XPath data model over a view tree: a view, the root node (-1), or one attribute of a view.
struct XNode: Hashable, Comparable, Sendable {
    /// The view (-1: the root node above the top-level views).
    var node: Int32
    /// -1 for the view itself; else the attribute's index in `XAttributes.names`.
    var attr: Int32

    static func element(_ n: Int32) -> XNode { XNode(node: n, attr: -1) }
    static let root = XNode(node: -1, attr: -1)

    var isElement: Bool { attr < 0 && node >= 0 }
    var isAttribute: Bool { attr >= 0 }

    /// Document order: a view, then its attributes, then its descendants.
    static func < (a: XNode, b: XNode) -> Bool { a.node != b.node ? a.node < b.node : a.attr < b.attr }
}

/// An XPath value.
enum XValue {
    case nodes([XNode])
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// XPath 2's sequence of strings (`tokenize()`): compared item by item as a node-set's
    /// string-values are; its string and number are its first item's (XPath 1.0 compatibility mode).
    case strings([String])
}

/// Attribute text: what `@name` reads for a property value, the same for every tree.
public enum XPathText {
    /// The text of a property value as an attribute: strings as they are, whole numbers without a
    /// fraction, other numbers as Swift prints them, booleans `true`/`false` (written as numbers in
    /// a /dump: `0`/`1`), objects and arrays as compact JSON.
    public static func attribute(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return XPathText.number(d)
        case .bool(let b): return b ? "true" : "false"
        case .null: return "null"
        case .array, .object: return value.jsonString
        }
    }

    /// A number property's text (`12`, `0.5`).
    public static func number(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return d.description
    }

    /// Whether only a string value's text can stand in `relation` to `literal` (equal it, hold
    /// it, start or end with it): then a core string test, which reads string values alone, sees
    /// every view that could match. The other values' texts are numbers (`-12.5`, `1e-07`, `inf`,
    /// `NaN`) and the words below, so a literal passes when none of the words relates to it and it
    /// holds a character no number's text can: `contains(@label, 'elet')` does, `'e'` and `'ru'`
    /// (inside `true`) do not.
    static func isStringOnly(_ literal: String, _ relation: (String, String) -> Bool = (==)) -> Bool {
        if literal.isEmpty { return false }
        for word in nonStringWords where relation(word, literal) { return false }
        return literal.contains { !numberCharacters.contains($0) }
    }

    /// The texts of booleans, null and the numbers without digits.
    static let nonStringWords = ["true", "false", "null", "inf", "-inf", "NaN", "Infinity", "-Infinity"]
    /// Characters of a number's text with digits (`-12.5e-07`).
    static let numberCharacters: Set<Character> = Set("0123456789+-.e")
}

/// XPath's number ↔ string conversions (section 4.4 of the recommendation), as libxml2 writes and
/// reads them: exponents are accepted in both directions (libxml2 extends XPath 1.0 there).
enum XPathNumber {
    /// `string(number)` as libxml2's `xmlXPathFormatNumber`: `NaN`, `Infinity`, whole numbers in
    /// the 32-bit range as integers, numbers between 1e-5 and 1e9 with 15 significant digits, others
    /// in exponent form (`1e+20`), trailing zeros dropped.
    static func string(_ d: Double) -> String {
        if d.isNaN { return "NaN" }
        if d.isInfinite { return d < 0 ? "-Infinity" : "Infinity" }
        if d == d.rounded(), d > Double(Int32.min), d < Double(Int32.max) { return String(Int64(d)) }
        let a = abs(d)
        if a > 1e9 || a < 1e-5 {
            let text = format("%.14e", d)
            guard let e = text.firstIndex(of: "e") else { return text }
            return trimZeros(String(text[..<e])) + text[e...]
        }
        var integerDigits = 1
        var x = a
        while x >= 10 { x /= 10; integerDigits += 1 }
        return trimZeros(format("%.\(max(0, 15 - integerDigits))f", d))
    }

    private static func trimZeros(_ s: String) -> String {
        guard s.contains(".") else { return s }
        var t = Substring(s)
        while t.hasSuffix("0") { t = t.dropLast() }
        if t.hasSuffix(".") { t = t.dropLast() }
        return String(t)
    }

    private static func format(_ pattern: String, _ d: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([d]) { vsnprintf(&buffer, buffer.count, pattern, $0) }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `number(string)`: optional whitespace, an optional minus, digits with an optional point, an
    /// optional exponent (libxml2), optional whitespace; anything else is NaN.
    static func parse(_ s: String) -> Double {
        let u = Array(s.utf8)
        var i = 0, j = u.count
        while i < j && XPathParser.isSpace(u[i]) { i += 1 }
        while j > i && XPathParser.isSpace(u[j - 1]) { j -= 1 }
        guard i < j else { return .nan }
        var k = i
        var mantissa = ""
        if u[k] == UInt8(ascii: "-") { mantissa = "-"; k += 1 }
        var digits = 0
        var sawDot = false
        while k < j {
            let b = u[k]
            if b >= 0x30 && b <= 0x39 { digits += 1; mantissa.append(Character(Unicode.Scalar(b))) }
            else if b == UInt8(ascii: ".") && !sawDot { sawDot = true; mantissa.append(".") }
            else { break }
            k += 1
        }
        guard digits > 0 else { return .nan }
        var exponent = ""
        if k < j && (u[k] == UInt8(ascii: "e") || u[k] == UInt8(ascii: "E")) {
            k += 1
            var sign = ""
            if k < j && (u[k] == UInt8(ascii: "+") || u[k] == UInt8(ascii: "-")) { sign = u[k] == UInt8(ascii: "-") ? "-" : ""; k += 1 }
            var expDigits = ""
            while k < j && u[k] >= 0x30 && u[k] <= 0x39 { expDigits.append(Character(Unicode.Scalar(u[k]))); k += 1 }
            if !expDigits.isEmpty { exponent = "e" + sign + expDigits }
        }
        guard k == j else { return .nan }
        if mantissa.hasSuffix(".") { mantissa += "0" }
        if mantissa.hasPrefix("-.") { mantissa = "-0" + mantissa.dropFirst() } else if mantissa.hasPrefix(".") { mantissa = "0" + mantissa }
        return Double(mantissa + exponent) ?? .nan
    }
}
