import SelectorCore

/// A selector of a test suite: its engine, its text, and where it was found.
public struct Locator: Sendable, Equatable {
    /// The registered engine that reads it.
    public var engine: String
    /// The selector as the suite writes it.
    public var selector: String
    /// Where it came from: `FILE:LINE` of a test source or of a selectors file.
    public var source: String?
    /// Its line in that file (1-based), when it came from one.
    public var line: Int?

    public init(engine: String, selector: String, source: String? = nil, line: Int? = nil) {
        self.engine = engine; self.selector = selector; self.source = source; self.line = line
    }
}

/// A list of selectors, one `ENGINE:SELECTOR` a line (`#` starts a comment line, blank lines are
/// skipped): `frankly translate --selectors` and `frankly check --selectors`.
public enum LocatorList {
    /// One line that is not `ENGINE:SELECTOR` with a registered engine, by line number.
    public struct LineError: Error, Sendable, Equatable {
        public var line: Int
        public var text: String
        public var message: String
    }

    /// The lines of `text` as locators (each with `NAME:LINE` as its source), and the lines that
    /// name no registered engine.
    public static func parse(_ text: String, named name: String, engines: [String]) -> (locators: [Locator], errors: [LineError]) {
        var locators: [Locator] = [], errors: [LineError] = []
        let known = Set(engines)
        for (index, raw) in lines(of: text).enumerated() {
            let line = trimmed(raw)
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":"), known.contains(String(line[..<colon])) else {
                errors.append(LineError(line: index + 1, text: String(line),
                                        message: "expected ENGINE:SELECTOR with a registered engine (\(engines.joined(separator: ", ")))"))
                continue
            }
            locators.append(Locator(engine: String(line[..<colon]), selector: String(line[line.index(after: colon)...]),
                                    source: "\(name):\(index + 1)", line: index + 1))
        }
        return (locators, errors)
    }
}

/// The lines of `text` without their ends, for line numbers as an editor shows them: a line ends
/// at LF, CRLF or a lone CR. Swift reads CRLF as one `Character`, so splitting on `"\n"` alone
/// would leave a Windows file one line long.
func lines(of text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
}

/// `s` without leading and trailing spaces, tabs and carriage returns.
func trimmed(_ s: Substring) -> Substring {
    var s = s
    while let f = s.first, f == " " || f == "\t" || f == "\r" { s = s.dropFirst() }
    while let l = s.last, l == " " || l == "\t" || l == "\r" { s = s.dropLast() }
    return s
}
