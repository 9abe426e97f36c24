import SelectorCore
import PCRE2Matching

// XPath 2's string functions that WebDriverAgent registers (FBXPathExtensions.m) and the Appium
// XCUITest driver documents: `ends-with`, `lower-case`, `upper-case`, `replace`, `tokenize`,
// `string-join`, with the semantics of XQuery 1.0 and XPath 2.0 Functions and Operators (7.5, 7.6).
// Every loop here charges its work like the rest of the interpreter (one unit per 64 bytes, one per
// match or token) and settles it, and every string they build is held to `maxStringBytes`.

/// A replacement string of `replace()`: literal text, `$N` group references, `\$` and `\\`.
enum XPathReplacement {
    enum Part { case text(String), group(Int) }

    /// XPath 2 (FORX0004): a `\` not followed by `\` or `$`, or a `$` not followed by a digit.
    static func error(in replacement: String) -> (message: String, offset: Int)? {
        let b = Array(replacement.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\") {
                guard i + 1 < b.count, b[i + 1] == UInt8(ascii: "\\") || b[i + 1] == UInt8(ascii: "$") else {
                    return ("'\\' in a replacement must be followed by '\\' or '$'", i)
                }
                i += 2
            } else if b[i] == UInt8(ascii: "$") {
                guard i + 1 < b.count, b[i + 1] >= 0x30 && b[i + 1] <= 0x39 else {
                    return ("'$' in a replacement must be followed by a digit", i)
                }
                i += 2
            } else {
                i += 1
            }
        }
        return nil
    }

    /// The parts of a valid replacement for a pattern with `groups` groups: after `$`, the first
    /// digit, then more digits while the number stays a group's (F&O 7.6.3).
    static func parts(_ replacement: String, groups: Int) -> [Part] {
        let b = Array(replacement.utf8)
        var out: [Part] = []
        var text: [UInt8] = []
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "\\"), i + 1 < b.count {
                text.append(b[i + 1]); i += 2
            } else if b[i] == UInt8(ascii: "$"), i + 1 < b.count, b[i + 1] >= 0x30 && b[i + 1] <= 0x39 {
                var n = Int(b[i + 1] - 0x30)
                i += 2
                while i < b.count, b[i] >= 0x30 && b[i] <= 0x39, n * 10 + Int(b[i] - 0x30) <= groups {
                    n = n * 10 + Int(b[i] - 0x30); i += 1
                }
                if !text.isEmpty { out.append(.text(String(decoding: text, as: UTF8.self))); text.removeAll() }
                out.append(.group(n))
            } else {
                text.append(b[i]); i += 1
            }
        }
        if !text.isEmpty { out.append(.text(String(decoding: text, as: UTF8.self))) }
        return out
    }
}

extension XEvaluator {
    /// The XPath 2 functions; nil for any other.
    mutating func xpath2(_ f: XFunction, _ args: [XExpr], _ c: XNode, _ pos: Int, _ size: Int,
                         _ sc: inout StepContext) throws(SelectorError) -> XValue? {
        func str(_ i: Int) throws(SelectorError) -> String { string(try eval(args[i], c, pos, size, &sc)) }
        switch f {
        case .endsWith:
            let s = try str(0), t = try str(1)
            spendBytes(Swift.min(s.utf8.count, t.utf8.count))
            // Code points (XPath 2's default collation), so a suffix of UTF-8 bytes.
            return .boolean(s.utf8.count >= t.utf8.count && s.utf8.reversed().starts(with: t.utf8.reversed()))
        case .lowerCase, .upperCase:
            let s = try str(0)
            spendBytes(4 * s.utf8.count)
            try settle(&sc)
            // Unicode's full case mappings without a locale, as F&O 7.4.7 and 7.4.8 ask ('ß' → "SS").
            let out = f == .lowerCase ? s.lowercased() : s.uppercased()
            if out.utf8.count > Self.maxStringBytes { throw Self.stringTooLong(f.rawValue + "()") }
            return .string(out)
        case .replace:
            let input = try str(0)
            let replacement = try str(2)
            let matcher = try patternMatcher(args, f, c, pos, size, &sc)
            return .string(try replace(input, matcher, replacement, &sc))
        case .tokenize:
            let input = try str(0)
            if args.count == 1 {
                // XPath 3.0: tokenize(normalize-space($input), ' ').
                spendBytes(2 * input.utf8.count)
                let words = input.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                pending &+= words.count
                try settle(&sc)
                return .strings(words.map { String(String.UnicodeScalarView($0)) })
            }
            let matcher = try patternMatcher(args, f, c, pos, size, &sc)
            return .strings(try tokenize(input, matcher, &sc))
        case .stringJoin:
            let items = try sequence(args[0], c, pos, size, &sc)
            let separator = try str(1)
            var out = ""
            for (i, item) in items.enumerated() {
                let added = item.utf8.count + (i > 0 ? separator.utf8.count : 0)
                if out.utf8.count + added > Self.maxStringBytes { throw Self.stringTooLong("string-join()") }
                if i > 0 { out += separator }
                out += item
                spendBytes(added)
                try settle(&sc)
            }
            return .string(out)
        default:
            return nil
        }
    }

    /// A value as XPath 2's sequence of strings: a node-set's string-values in document order,
    /// `tokenize()`'s tokens, or any other value as its one string.
    mutating func sequence(_ e: XExpr, _ c: XNode, _ pos: Int, _ size: Int,
                           _ sc: inout StepContext) throws(SelectorError) -> [String] {
        switch try eval(e, c, pos, size, &sc) {
        case .nodes(let n):
            var out: [String] = []
            out.reserveCapacity(n.count)
            for x in n { out.append(text(x)); try settle(&sc) }
            return out
        case .strings(let s): return s
        case let v: return [string(v)]
        }
    }

    /// The matcher for the pattern of `replace()` or `tokenize()`: the one compiled with the
    /// expression, or one compiled now from the evaluated pattern and flags (kept while the same
    /// text repeats).
    private mutating func patternMatcher(_ args: [XExpr], _ f: XFunction, _ c: XNode, _ pos: Int, _ size: Int,
                                         _ sc: inout StepContext) throws(SelectorError) -> XPathPatternMatcher {
        if case .pattern(let compiled) = args[1] {
            let key = ObjectIdentifier(compiled)
            if let m = patternMatchers[key] { return m }
            let m = compiled.matcher(sc.deadline)
            patternMatchers[key] = m
            return m
        }
        let pattern = string(try eval(args[1], c, pos, size, &sc))
        let flagsText = f.flagsArgument.flatMap { $0 < args.count ? $0 : nil }.map { k in args[k] }
        let flagString = try flagsText.map { e throws(SelectorError) in string(try eval(e, c, pos, size, &sc)) } ?? ""
        let key = flagString + "\u{0}" + pattern
        if let last = dynamicPattern, last.key == key { return last.matcher }
        spendBytes(16 * pattern.utf8.count)
        try settle(&sc)
        let flags: XPathRegexFlags
        switch XPathRegexFlags.parse(flagString, allowsLiteral: f == .replace) {
        case .success(let parsed): flags = parsed
        case .failure(let e): throw SelectorError(.evaluation, "\(f.rawValue)(): unknown regex flag '\(e.flag)'")
        }
        let compiled: XPathPattern
        do { compiled = try XPathPattern(pattern, flags: flags) } catch {
            throw SelectorError(.evaluation, "\(f.rawValue)(): invalid regular expression: \(error.message)")
        }
        if compiled.matchesEmpty { throw SelectorError(.evaluation, "\(f.rawValue)(): the pattern matches the empty string") }
        let m = compiled.matcher(sc.deadline)
        dynamicPattern = (key, m)
        return m
    }

    /// `replace()` (F&O 7.6.3): every non-overlapping match, leftmost first, replaced; the result
    /// held to `maxStringBytes`.
    private mutating func replace(_ input: String, _ matcher: XPathPatternMatcher, _ replacement: String,
                                  _ sc: inout StepContext) throws(SelectorError) -> String {
        let literal = matcher.pattern.flags.literal
        if !literal, let bad = XPathReplacement.error(in: replacement) {
            throw SelectorError(.evaluation, "replace(): \(bad.message)")
        }
        let parts: [XPathReplacement.Part] = literal ? [.text(replacement)] : XPathReplacement.parts(replacement, groups: matcher.search.groupCount)
        var subject = input
        spendBytes(subject.utf8.count)
        let result: Result<String, SelectorError> = subject.withUTF8 { bytes in
          do throws(SelectorError) {
            var out: [UInt8] = []
            var copied = 0, from = 0
            func add(_ r: Range<Int>) throws(SelectorError) {
                if out.count + r.count > Self.maxStringBytes { throw Self.stringTooLong("replace()") }
                out.append(contentsOf: bytes[r])
            }
            while from <= bytes.count, let m = try matcher.search.find(bytes, from: from) {
                try add(copied..<m.lowerBound)
                for part in parts {
                    switch part {
                    case .text(let t):
                        if out.count + t.utf8.count > Self.maxStringBytes { throw Self.stringTooLong("replace()") }
                        out.append(contentsOf: t.utf8)
                    case .group(let k):
                        if let g = matcher.search.group(k) { try add(g) }
                    }
                }
                copied = m.upperBound
                // A zero-length match (possible only where the pattern cannot match "" as a whole,
                // `\b`): the next search starts one character on.
                from = PCRE2Evaluator.nextStart(after: m, in: bytes)
                pending &+= 1 &+ (m.count + 64) >> 6
                try settle(&sc)
            }
            try add(copied..<bytes.count)
            return .success(String(decoding: out, as: UTF8.self))
          } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// `tokenize()` (F&O 7.6.4): the strings between matches, an empty one where the input starts
    /// or ends with a separator or two separators meet; no tokens for "".
    private mutating func tokenize(_ input: String, _ matcher: XPathPatternMatcher,
                                   _ sc: inout StepContext) throws(SelectorError) -> [String] {
        if input.isEmpty { return [] }
        var subject = input
        spendBytes(subject.utf8.count)
        let result: Result<[String], SelectorError> = subject.withUTF8 { bytes in
          do throws(SelectorError) {
            var tokens: [String] = []
            var start = 0, from = 0
            while from <= bytes.count, let m = try matcher.search.find(bytes, from: from) {
                if m.isEmpty {
                    // A zero-length match splits only between characters, not at a token's start.
                    if m.lowerBound > start && m.lowerBound < bytes.count {
                        tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<m.lowerBound]), as: UTF8.self))
                        start = m.lowerBound
                    }
                } else {
                    tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<m.lowerBound]), as: UTF8.self))
                    start = m.upperBound
                }
                from = PCRE2Evaluator.nextStart(after: m, in: bytes)
                pending &+= 1
                try settle(&sc)
            }
            tokens.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), as: UTF8.self))
            return .success(tokens)
          } catch { return .failure(error) }
        }
        return try result.get()
    }
}
