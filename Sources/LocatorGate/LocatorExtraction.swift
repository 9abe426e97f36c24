public import SelectorCore

/// Selectors found in test sources (`frankly check --from-sources DIR`): Appium's `By`, `AppiumBy`
/// and `MobileBy` calls and page-object annotations in Java and Kotlin, `AppiumBy.X, "…"` pairs
/// in Python, WebdriverIO's `$('…')` prefixes and `findElement('strategy', '…')` in JavaScript
/// and TypeScript, `find_element(:strategy, "…")` in Ruby, and Frank's and Calabash's Ruby calls
/// (`touch("…")`, `query("…")`, `frankly_map("…", …)`, `check_element_exists("…")`), each with
/// its file and line.
///
/// A selector is read from a string literal written in place; one built from variables or
/// concatenation is not a literal and is skipped.
public enum LocatorExtraction {
    /// Appium's strategy names (as clients spell them) → our engines.
    static let strategies: [String: String] = [
        "xpath": "xpath", "id": "id", "accessibilityid": "accessibility_id", "accessibility_id": "accessibility_id",
        "accessibility id": "accessibility_id", "classname": "class_name", "class_name": "class_name", "class name": "class_name",
        "iosnspredicatestring": "predicate", "ios_predicate": "predicate", "-ios predicate string": "predicate", "predicate": "predicate",
        "iosclasschain": "class_chain", "ios_class_chain": "class_chain", "-ios class chain": "class_chain", "class_chain": "class_chain",
        "androiduiautomator": "uiselector", "android_uiautomator": "uiselector", "-android uiautomator": "uiselector",
        "uiautomator": "uiselector", "accessibility": "accessibility_id", "uiautomator2": "uiselector",
    ]

    /// Frank's and Calabash's Ruby calls whose first argument is a selector.
    static let frankCalls: Set<String> = [
        "touch", "query", "frankly_map", "check_element_exists", "check_element_does_not_exist",
        "wait_for_element_to_exist", "wait_for_element_exists", "element_exists", "element_does_not_exist",
        "wait_for_elements_exist", "flash", "tap_mark", "scroll_to_cell",
    ]

    /// The file name endings read.
    public static let extensions = ["java", "kt", "kts", "py", "js", "ts", "mjs", "cjs", "rb", "feature"]

    /// The locators in one source text, `file` naming it in each locator's source.
    public static func locators(in text: String, file: String) -> [Locator] {
        var out: [Locator] = []
        for (index, line) in lines(of: text).enumerated() {
            let bytes = Array(line.utf8)
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
        let parts = word.split(separator: ".").map(String.init)
        guard let last = parts.last else { return nil }
        let owner = parts.count > 1 ? parts[parts.count - 2] : ""
        var k = skipSpaces(b, j)
        // Java/Kotlin/JS: By.xpath("…"), AppiumBy.accessibilityId("…"), MobileBy.AccessibilityId("…").
        if ["By", "AppiumBy", "MobileBy"].contains(owner), k < b.count, b[k] == UInt8(ascii: "(") {
            if let engine = strategies[last.lowercased()], let (s, _) = literal(b, skipSpaces(b, k + 1)) { return (engine, s) }
            return nil
        }
        // Python: (AppiumBy.XPATH, "…"), find_element(By.ID, "…"), find_element(by=…, value="…").
        if ["By", "AppiumBy", "MobileBy"].contains(owner), let engine = strategies[last.lowercased()] {
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
            guard m < b.count, b[m] == UInt8(ascii: "="), let engine = strategies[key.lowercased()],
                  let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
            return (engine, s)
        // JS/Ruby/Python: findElement('xpath', '…'), find_element(:xpath, "…"), find_element(xpath: "…").
        case "findElement", "findElements", "find_element", "find_elements", "element", "elements":
            if k < b.count, b[k] == UInt8(ascii: ":") {
                var m = k + 1
                while m < b.count, isIdentifierByte(b[m]) { m += 1 }
                let key = String(decoding: b[(k + 1)..<m], as: UTF8.self)
                m = skipSpaces(b, m)
                guard m < b.count, b[m] == UInt8(ascii: ","), let engine = strategies[key.lowercased()],
                      let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
                return (engine, s)
            }
            if let (key, end) = literal(b, k) {
                let m = skipSpaces(b, end)
                guard m < b.count, b[m] == UInt8(ascii: ","), let engine = strategies[key.lowercased()],
                      let (s, _) = literal(b, skipSpaces(b, m + 1)) else { return nil }
                return (engine, s)
            }
            var m = k
            while m < b.count, isIdentifierByte(b[m]) { m += 1 }
            let key = String(decoding: b[k..<m], as: UTF8.self)
            guard m < b.count, b[m] == UInt8(ascii: ":"), let engine = strategies[key.lowercased()],
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

    /// WebdriverIO's selector strings for native apps.
    static func webdriverIO(_ s: String) -> (String, String)? {
        if s.hasPrefix("~") { return ("accessibility_id", String(s.dropFirst())) }
        if s.hasPrefix("//") || s.hasPrefix("(//") { return ("xpath", s) }
        for (prefix, engine) in [("-ios predicate string:", "predicate"), ("-ios class chain:", "class_chain"),
                                 ("android=", "uiselector"), ("id=", "id"), ("accessibility id:", "accessibility_id")]
        where s.hasPrefix(prefix) {
            return (engine, String(s.dropFirst(prefix.count)))
        }
        return nil
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
