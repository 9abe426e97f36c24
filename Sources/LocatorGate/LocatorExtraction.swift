import AppiumLocators
public import SelectorCore

/// Selectors found in test sources (`frankly check --from-sources DIR`): Appium's `By`, `AppiumBy`
/// and `MobileBy` calls and page-object annotations in Java and Kotlin, `AppiumBy.X, "…"` pairs
/// in Python, WebdriverIO's `$('…')` strings (kept as written, in the `wdio` engine), Detox's
/// `element(by.…)` expressions (the `detox` engine), Espresso's `onView(…)` and Compose's `onNode…(…)`
/// in Kotlin and Java and XCUITest's queries in Swift (`LocatorExtraction+Native.swift`), and `findElement('strategy', '…')` in JavaScript
/// and TypeScript, `find_element(:strategy, "…")` in Ruby, and Frank's and Calabash's Ruby calls
/// (`touch("…")`, `query("…")`, `frankly_map("…", …)`, `check_element_exists("…")`), each with
/// its file and line.
///
/// A selector is read from a string literal written in place; one built from variables or
/// concatenation is not a literal and is skipped.
public enum LocatorExtraction {
    /// Frank's and Calabash's Ruby calls whose first argument is a selector.
    static let frankCalls: Set<String> = [
        "touch", "query", "frankly_map", "check_element_exists", "check_element_does_not_exist",
        "wait_for_element_to_exist", "wait_for_element_exists", "element_exists", "element_does_not_exist",
        "wait_for_elements_exist", "flash", "tap_mark", "scroll_to_cell",
    ]

    /// The file name endings read.
    public static let extensions = ["java", "kt", "kts", "py", "js", "ts", "mjs", "cjs", "rb", "feature", "swift"]

    /// The locators in one source text, `file` naming it in each locator's source.
    public static func locators(in text: String, file: String) -> [Locator] {
        var out: [Locator] = []
        let all = lines(of: text)
        for (index, line) in all.enumerated() {
            var bytes = Array(line.utf8)
            // An expression that does not close on its line (an `onView(allOf(` with a matcher a
            // line) is read joined with the lines after it, and reported on its first line.
            if opensMultilineExpression(line), unclosedBrackets(bytes) > 0 {
                for next in all[(index + 1)...].prefix(maxExpressionLines - 1) {
                    bytes += [32] + Array(next.drop { $0 == " " || $0 == "\t" }.utf8)
                    if unclosedBrackets(bytes) <= 0 { break }
                }
            }
            for found in scan(bytes) {
                out.append(Locator(engine: found.engine, selector: found.selector, source: "\(file):\(index + 1)", line: index + 1))
            }
        }
        return out
    }

    /// The (engine, selector) pairs on one line.
    static func scan(_ b: [UInt8]) -> [(engine: String, selector: String)] {
        var out: [(String, String)] = []
        var i = 0
        while i < b.count {
            // An identifier, then what follows it.
            guard isIdentifierStart(b[i]), i == 0 || !isIdentifierByte(b[i - 1]) else { i += 1; continue }
            var j = i
            while j < b.count && (isIdentifierByte(b[j]) || b[j] == UInt8(ascii: ".")) { j += 1 }
            let word = String(decoding: b[i..<j], as: UTF8.self)
            if let found = call(word, b, after: j) { out.append(found) }
            i = j
        }
        return out
    }

    /// `word` read as the head of a locator call ending before `j`, with its literal.
    static func call(_ word: String, _ b: [UInt8], after j: Int) -> (String, String)? {
        if let found = native(word, b, after: j) { return found }
        let parts = word.split(separator: ".").map(String.init)
        guard let last = parts.last else { return nil }
        let owner = parts.count > 1 ? parts[parts.count - 2] : ""
        var k = skipSpaces(b, j)
        // Java/Kotlin/JS: By.xpath("…"), AppiumBy.accessibilityId("…"), MobileBy.AccessibilityId("…").
        if ["By", "AppiumBy", "MobileBy"].contains(owner), k < b.count, b[k] == UInt8(ascii: "(") {
            if let engine = AppiumStrategy.spelled(last)?.engine, let (s, _) = literal(b, skipSpaces(b, k + 1)) { return (engine, s) }
            return nil
        }
        // Python: (AppiumBy.XPATH, "…"), find_element(By.ID, "…"), find_element(by=…, value="…").
        if ["By", "AppiumBy", "MobileBy"].contains(owner), let engine = AppiumStrategy.spelled(last)?.engine {
            guard k < b.count, b[k] == UInt8(ascii: ",") else { return nil }
            var m = skipSpaces(b, k + 1)
            if b[m...].starts(with: Array("value".utf8)) {
                let e = skipSpaces(b, m + 5)
                if e < b.count, b[e] == UInt8(ascii: "=") { m = skipSpaces(b, e + 1) }
            }
            if let (s, _) = literal(b, m) { return (engine, s) }
            return nil
        }
        // Ruby without parentheses: touch "view marked:'x'".
        if frankCalls.contains(last), k < b.count, b[k] != UInt8(ascii: "("), let (s, _) = literal(b, k), !s.isEmpty {
            return ("uiquery", s)
        }
        guard k < b.count, b[k] == UInt8(ascii: "(") else { return nil }
        k = skipSpaces(b, k + 1)
        switch last {
        // Annotations: @AndroidFindBy(id = "…"), @iOSXCUITFindBy(accessibility = "…"), @FindBy(xpath = "…").
        case "AndroidFindBy", "iOSXCUITFindBy", "iOSFindBy", "FindBy", "AndroidBy", "iOSXCUITBy":
            var m = k
            while m < b.count, isIdentifierByte(b[m]) { m += 1 }
            let key = String(decoding: b[k..<m], as: UTF8.self)
            m = skipSpaces(b, m)
            guard m < b.count, b[m] == UInt8(ascii: "="), let engine = AppiumStrategy.spelled(key)?.engine,
                  let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
            return (engine, s)
        // JS/Ruby/Python: findElement('xpath', '…'), find_element(:xpath, "…"), find_element(xpath: "…").
        case "findElement", "findElements", "find_element", "find_elements", "element", "elements":
            // Detox: element(by.id('x').withAncestor(…)).atIndex(1), the whole expression as written.
            if last == "element", b[k...].starts(with: Array("by.".utf8)) {
                return detox(b, from: j - Array(word.utf8).count, open: skipSpaces(b, j))
            }
            if k < b.count, b[k] == UInt8(ascii: ":") {
                var m = k + 1
                while m < b.count, isIdentifierByte(b[m]) { m += 1 }
                let key = String(decoding: b[(k + 1)..<m], as: UTF8.self)
                m = skipSpaces(b, m)
                guard m < b.count, b[m] == UInt8(ascii: ","), let engine = AppiumStrategy.spelled(key)?.engine,
                      let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
                return (engine, s)
            }
            if let (key, end) = literal(b, k) {
                let m = skipSpaces(b, end)
                guard m < b.count, b[m] == UInt8(ascii: ","), let engine = AppiumStrategy.spelled(key)?.engine,
                      let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
                return (engine, s)
            }
            var m = k
            while m < b.count, isIdentifierByte(b[m]) { m += 1 }
            let key = String(decoding: b[k..<m], as: UTF8.self)
            guard m < b.count, b[m] == UInt8(ascii: ":"), let engine = AppiumStrategy.spelled(key)?.engine,
                  let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
            return (engine, s)
        // WebdriverIO: $('~id'), $('//xpath'), $('-ios predicate string:…'), $('android=…').
        case "$", "$$":
            guard let (s, _) = literal(b, k) else { return nil }
            return webdriverIO(s)
        // Frank and Calabash: the selector is the call's first argument, in UIQuery's language.
        case _ where frankCalls.contains(last):
            guard let (s, _) = literal(b, k), !s.isEmpty else { return nil }
            return ("uiquery", s)
        default:
            return nil
        }
    }

    /// A WebdriverIO string that names a native app's element (`~id`, XPath, `-ios predicate
    /// string:`, `-ios class chain:`, `android=`, `id=`, `accessibility id:`), kept as written for the
    /// `wdio` engine, which reads its strategy as WebdriverIO does; a web page's selector (CSS, link
    /// text) is not a locator of the app and is skipped.
    static func webdriverIO(_ s: String) -> (String, String)? {
        let native = s.hasPrefix("~") || s.hasPrefix("//") || s.hasPrefix("(//")
            || ["-ios predicate string:", "-ios class chain:", "android=", "id=", "accessibility id:"].contains { s.hasPrefix($0) }
        return native ? ("wdio", s) : nil
    }

    /// Detox's `element(…)` from `start` (its first byte) with the `(` at `open`: the call to its
    /// closing parenthesis, string and regex literals skipped whole, then any `.atIndex(n)`; nil when
    /// it does not close on the line.
    static func detox(_ b: [UInt8], from start: Int, open: Int) -> (String, String)? {
        var depth = 0
        var i = open
        var previous: UInt8 = UInt8(ascii: "(")
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "'") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "`") {
                guard let (_, end) = literal(b, i) else { return nil }
                i = end; previous = c; continue
            }
            // A regex literal starts where a value may: after `(`, `,` or `[`.
            if c == UInt8(ascii: "/"), [UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: "[")].contains(previous) {
                i += 1
                var inClass = false
                while i < b.count, b[i] != UInt8(ascii: "/") || inClass {
                    if b[i] == UInt8(ascii: "\\") { i += 1 } else if b[i] == UInt8(ascii: "[") { inClass = true }
                    else if b[i] == UInt8(ascii: "]") { inClass = false }
                    i += 1
                }
                guard i < b.count else { return nil }
                i += 1
                while i < b.count, isIdentifierByte(b[i]) { i += 1 }
                previous = UInt8(ascii: "/"); continue
            }
            if c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 { i += 1; break }
            }
            if c != UInt8(ascii: " ") { previous = c }
            i += 1
        }
        guard depth == 0, i <= b.count else { return nil }
        var end = i
        // `.atIndex(n)` belongs to the locator.
        let tail = Array(".atIndex(".utf8)
        if b[end...].starts(with: tail), let close = b[(end + tail.count)...].firstIndex(of: UInt8(ascii: ")")),
           b[(end + tail.count)..<close].allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || $0 == UInt8(ascii: " ") }) {
            end = close + 1
        }
        // Every matcher's argument written in place (a quote, a regex or a list), as for every
        // locator here: `by.id(testID)` is built from a variable and skipped.
        let text = Array(b[start..<end])
        var k = 0
        while let at = text[k...].firstRange(of: Array("by.".utf8))?.lowerBound {
            var m = at + 3
            while m < text.count, isIdentifierByte(text[m]) { m += 1 }
            m = skipSpaces(text, m)
            if m < text.count, text[m] == UInt8(ascii: "(") {
                let v = skipSpaces(text, m + 1)
                guard v < text.count, "'\"`/[".utf8.contains(text[v]) else { return nil }
            }
            k = at + 3
        }
        return ("detox", String(decoding: text, as: UTF8.self))
    }

    /// A quoted literal starting at `i` ('…', "…" or `…`, with backslash escapes), and the index
    /// after its closing quote; nil when none starts there or it does not close on the line.
    static func literal(_ b: [UInt8], _ i: Int) -> (String, Int)? {
        var i = i
        // Python's r"…" and Kotlin's raw strings are read as written.
        var raw = false
        if i < b.count, b[i] == UInt8(ascii: "r") || b[i] == UInt8(ascii: "u") { raw = b[i] == UInt8(ascii: "r"); i += 1 }
        guard i < b.count, [UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "`")].contains(b[i]) else { return nil }
        let quote = b[i]
        var out: [UInt8] = []
        var k = i + 1
        while k < b.count {
            let c = b[k]
            if c == quote { return (String(decoding: out, as: UTF8.self), k + 1) }
            if c == UInt8(ascii: "\\") && !raw && k + 1 < b.count {
                let e = b[k + 1]
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                default: out.append(e)
                }
                k += 2
                continue
            }
            // A template's `${…}` is not a literal.
            if quote == UInt8(ascii: "`") && c == UInt8(ascii: "$") && k + 1 < b.count && b[k + 1] == UInt8(ascii: "{") { return nil }
            out.append(c)
            k += 1
        }
        return nil
    }

    static func skipSpaces(_ b: [UInt8], _ i: Int) -> Int {
        var i = i
        while i < b.count, b[i] == 32 || b[i] == 9 { i += 1 }
        return i
    }

    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c == 95 || c == 36
    }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 48 && c <= 57)
    }
}
