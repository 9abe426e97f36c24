import SelectorCore

/// Splits a `regex` selector into `ParsedStep`s.
///
/// Grammar (whitespace separates steps, and may separate the parts of one step):
///
///     selector := step (whitespace step)*
///     step     := ClassName? ('@' property)? '/' pattern '/' flags   |   ClassName
///     flags    := [imsxu]*
///
/// A class name followed by another class name ends as a bare step. Inside a pattern `\/` stands
/// for `/`; every other escape passes through to PCRE2 untouched (`\\/` is an escaped backslash
/// followed by the closing slash). Offsets are UTF-8 byte offsets into the selector.
struct RegexParser {
    private let selector: String
    private let bytes: [UInt8]
    private var position = 0

    init(_ selector: String) {
        self.selector = selector
        self.bytes = Array(selector.utf8)
    }

    /// The steps, in order; throws the problem with the offending offset.
    static func parse(_ selector: String) throws(RegexParseError) -> [ParsedStep] {
        var parser = RegexParser(selector)
        return try parser.steps()
    }

    private mutating func steps() throws(RegexParseError) -> [ParsedStep] {
        var steps: [ParsedStep] = []
        skipWhitespace()
        while position < bytes.count {
            steps.append(try step())
            skipWhitespace()
        }
        if steps.isEmpty {
            throw error(.emptySelector, at: 0)
        }
        return steps
    }

    private mutating func step() throws(RegexParseError) -> ParsedStep {
        var step = ParsedStep(offset: position)
        if isIdentifierStart(bytes[position]) {
            step.className = identifier(allowingDots: true)
            skipWhitespace()
            // A bare class step: the selector ends or the next step starts with a class name.
            guard position < bytes.count, bytes[position] == UInt8(ascii: "@") || bytes[position] == UInt8(ascii: "/") else {
                return step
            }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "@") {
            position += 1
            guard position < bytes.count, isIdentifierStart(bytes[position]) else {
                throw error(.expectedPropertyName, at: position)
            }
            let name = identifier(allowingDots: false)
            step.property = name
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "/") else {
                throw error(.expectedPattern(afterProperty: name), at: position)
            }
        }
        guard bytes[position] == UInt8(ascii: "/") else {
            throw error(.unexpectedCharacter(character(at: position)), at: position)
        }
        step.pattern = try pattern()
        return step
    }

    /// `/pattern/flags`, starting at the opening slash.
    private mutating func pattern() throws(RegexParseError) -> ParsedPattern {
        let open = position
        position += 1
        var text: [UInt8] = []
        var offsets: [Int] = []
        while true {
            guard position < bytes.count else {
                throw error(.unterminatedPattern, at: open)
            }
            let b = bytes[position]
            if b == UInt8(ascii: "/") { break }
            if b == UInt8(ascii: "\\"), position + 1 < bytes.count {
                if bytes[position + 1] == UInt8(ascii: "/") {
                    text.append(b: UInt8(ascii: "/"), at: position, offsets: &offsets)
                } else {
                    text.append(b: b, at: position, offsets: &offsets)
                    text.append(b: bytes[position + 1], at: position + 1, offsets: &offsets)
                }
                position += 2
                continue
            }
            text.append(b: b, at: position, offsets: &offsets)
            position += 1
        }
        offsets.append(position)  // the closing slash
        position += 1
        var flags: RegexFlags = []
        while position < bytes.count, !isWhitespace(bytes[position]) {
            let b = bytes[position]
            guard let flag = RegexFlags(letter: b) else {
                if isLetter(b) {
                    throw error(.unknownFlag(character(at: position)), at: position)
                }
                throw error(.expectedWhitespaceAfterFlags(found: character(at: position)), at: position)
            }
            if flags.contains(flag) {
                throw error(.repeatedFlag(character(at: position)), at: position)
            }
            flags.insert(flag)
            position += 1
        }
        let written = String(decoding: bytes[open..<position], as: UTF8.self)
        return ParsedPattern(text: String(decoding: text, as: UTF8.self), flags: flags, written: written,
                             selectorOffsets: offsets)
    }

    /// `[A-Za-z_][A-Za-z0-9_]*`, with `.` too for module-qualified class names (`MyApp.CardView`).
    private mutating func identifier(allowingDots: Bool) -> String {
        let start = position
        while position < bytes.count {
            let b = bytes[position]
            guard isIdentifierStart(b) || (b >= 0x30 && b <= 0x39) || (allowingDots && b == UInt8(ascii: ".")) else { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
    }

    private func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
    private func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }
    private func isIdentifierStart(_ b: UInt8) -> Bool { isLetter(b) || b == UInt8(ascii: "_") }

    /// The whole character starting at byte `offset`, for messages.
    private func character(at offset: Int) -> Character {
        let utf8 = selector.utf8
        let i = utf8.index(utf8.startIndex, offsetBy: offset)
        return selector[i.samePosition(in: selector) ?? i]
    }

    private func error(_ kind: RegexParseError.Kind, at offset: Int) -> RegexParseError {
        RegexParseError(kind, at: offset)
    }
}

private extension [UInt8] {
    /// Appends a pattern byte and records where it came from in the selector.
    mutating func append(b: UInt8, at offset: Int, offsets: inout [Int]) {
        append(b)
        offsets.append(offset)
    }
}
