// The native test languages' expressions in test sources: Espresso's `onView(…)` and Compose's
// `onNode…(…)` in Kotlin and Java, XCUITest's queries (`app.buttons["Log In"]`) in Swift. Each is
// kept as written, from its head to its last query part (the action after it, `.perform(click())`,
// `.tap()`, `.assertIsDisplayed()`, is not the locator), for the engine of its language.
//
// As everywhere here, a locator is read only when it is written in place: an expression whose
// arguments name a variable (`withText(name)`, `app.buttons[label]`) or a string resource
// (`withText(R.string.ok)`) is skipped.

extension LocatorExtraction {
    /// Compose's finders on a test rule (`composeTestRule.onNodeWithTag("x")`).
    static let composeFinders: Set<String> = [
        "onNode", "onNodeWithTag", "onNodeWithText", "onNodeWithContentDescription",
        "onAllNodes", "onAllNodesWithTag", "onAllNodesWithText", "onAllNodesWithContentDescription",
    ]

    /// XCUITest query parts written as calls (`.descendants(matching: .button)`).
    static let xcuitestQueryCalls: Set<String> = ["descendants", "children", "matching", "containing", "element"]

    /// XCUIElement and XCUIElementQuery members that read or act on what a query found: the query
    /// ends before them.
    static let xcuitestReads: Set<String> = [
        "exists", "isHittable", "isEnabled", "isSelected", "hasFocus", "label", "value", "identifier", "title",
        "placeholderValue", "frame", "count", "elementType", "debugDescription", "allElementsBoundByIndex",
        "allElementsBoundByAccessibilityElement", "screenshot", "coordinate", "horizontalSizeClass",
        "verticalSizeClass", "normalizedSliderPosition", "wait", "waitForExistence", "waitForNonExistence",
    ]

    /// Expression heads that may run over several lines (an `onView(` whose `allOf(…)` lists one
    /// matcher a line): their line is read joined with the lines after it until it closes.
    static func opensMultilineExpression(_ line: Substring) -> Bool {
        line.contains("onView(") || line.contains("onNode") || line.contains("onAllNodes") || line.contains("element(by.")
    }

    /// How many more brackets `line` opens than it closes, outside string literals.
    static func unclosedBrackets(_ line: [UInt8]) -> Int {
        var depth = 0
        var i = 0
        while i < line.count {
            let c = line[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let (_, end) = literal(line, i) else { return depth }
                i = end
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { depth -= 1 }
            i += 1
        }
        return depth
    }

    /// Most lines one expression is read across.
    static let maxExpressionLines = 30

    /// A native expression headed by `word` (which ends before `j`), or nil when `word` heads none.
    static func native(_ word: String, _ b: [UInt8], after j: Int) -> (String, String)? {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last else { return nil }
        let open = skipSpaces(b, j)
        if last == "onView", open < b.count, b[open] == UInt8(ascii: "(") {
            guard let end = balanced(b, open) else { return nil }
            return writtenInPlace(b, j - last.utf8.count, end).map { ("espresso", $0) }
        }
        if composeFinders.contains(last), open < b.count, b[open] == UInt8(ascii: "(") {
            guard var end = balanced(b, open) else { return nil }
            end = composeTail(b, end)
            return writtenInPlace(b, j - last.utf8.count, end).map { ("compose", $0) }
        }
        if parts.first == "app" || parts.first == "application" || (parts.count == 1 && word == "XCUIApplication") {
            return xcuitest(parts, b, start: j - word.utf8.count, after: j)
        }
        return nil
    }

    /// After a Compose finder's `)` at `end`: `[k]`, `.onFirst()`, `.onLast()` or `.get(k)` belong
    /// to the locator.
    static func composeTail(_ b: [UInt8], _ end: Int) -> Int {
        if end < b.count, b[end] == UInt8(ascii: "["), let close = b[end...].firstIndex(of: UInt8(ascii: "]")),
           close > end + 1, b[(end + 1)..<close].allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            return close + 1
        }
        for tail in [".onFirst()", ".onLast()"] where b[end...].starts(with: Array(tail.utf8)) {
            return end + tail.utf8.count
        }
        let get = Array(".get(".utf8)
        if b[end...].starts(with: get), let close = b[(end + get.count)...].firstIndex(of: UInt8(ascii: ")")),
           close > end + get.count, b[(end + get.count)..<close].allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            return close + 1
        }
        return end
    }

    /// An XCUITest query from the application (`app`, `application` or `XCUIApplication()`) to its
    /// last query part: element types (`buttons`), subscripts, `descendants(…)`, `matching(…)`,
    /// `containing(…)`, `element(…)`, `firstMatch`, `element`. Nil for the application alone.
    static func xcuitest(_ parts: [String], _ b: [UInt8], start: Int, after j: Int) -> (String, String)? {
        var end: Int
        var members = 0
        if parts == ["XCUIApplication"] {
            let open = skipSpaces(b, j)
            guard open + 1 < b.count, b[open] == UInt8(ascii: "("), b[skipSpaces(b, open + 1)] == UInt8(ascii: ")") else { return nil }
            end = skipSpaces(b, open + 1) + 1
        } else {
            // The word read so far: `app.tables.cells`, up to the first member that is not a query.
            end = start + parts[0].utf8.count
            for member in parts.dropFirst() {
                if member.isEmpty || xcuitestReads.contains(member) { return finish(b, start, end, members) }
                let next = end + 1 + member.utf8.count
                if xcuitestQueryCalls.contains(member) == (next < b.count && b[skipSpaces(b, next)] == UInt8(ascii: "(")) || member == "element" {
                    end = next
                    members += 1
                } else {
                    return finish(b, start, end, members)
                }
            }
        }
        // Then calls, subscripts and further members.
        while end < b.count {
            if b[end] == UInt8(ascii: "[") || b[end] == UInt8(ascii: "(") {
                // A subscript names an identifier by a string literal written in place.
                if b[end] == UInt8(ascii: "["), literal(b, skipSpaces(b, end + 1)) == nil { return nil }
                guard let close = balanced(b, end) else { return nil }
                end = close
                members += 1
                continue
            }
            guard b[end] == UInt8(ascii: "."), end + 1 < b.count, isIdentifierStart(b[end + 1]) else { break }
            var m = end + 1
            while m < b.count, isIdentifierByte(b[m]) { m += 1 }
            let member = String(decoding: b[(end + 1)..<m], as: UTF8.self)
            let isCall = m < b.count && b[skipSpaces(b, m)] == UInt8(ascii: "(")
            if xcuitestReads.contains(member) || (isCall && !xcuitestQueryCalls.contains(member)) { break }
            end = m
            members += 1
        }
        return finish(b, start, end, members)
    }

    private static func finish(_ b: [UInt8], _ start: Int, _ end: Int, _ members: Int) -> (String, String)? {
        guard members > 0 else { return nil }
        return writtenInPlace(b, start, end).map { ("xcuitest", $0) }
    }

    /// The index after the bracket closing the one at `open` (`(` or `[`), string literals skipped
    /// whole; nil when it does not close.
    static func balanced(_ b: [UInt8], _ open: Int) -> Int? {
        var depth = 0
        var i = open
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let (_, end) = literal(b, i) else { return nil }
                i = end
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 { return i + 1 }
            }
            i += 1
        }
        return nil
    }

    /// `b[start..<end]` as text when every value in it is written in place: each bare name is a
    /// call, an argument label or named argument, an enum case (`.button`), a class
    /// (`Button::class.java`, `Button.class`), an id resource (`R.id.login`), a keyword the
    /// languages share (`true`, `false`, `null`, `nil`) or Compose's infix `and`/`or`; nil when a
    /// name is a variable or a string resource.
    static func writtenInPlace(_ b: [UInt8], _ start: Int, _ end: Int) -> String? {
        let text = Array(b[start..<end])
        var i = 0
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                guard let (_, after) = literal(text, i) else { return nil }
                i = after
                continue
            }
            guard isIdentifierStart(c), i == 0 || !isIdentifierByte(text[i - 1]) else { i += 1; continue }
            var m = i
            while m < text.count, isIdentifierByte(text[m]) || text[m] == UInt8(ascii: ".") { m += 1 }
            let name = String(decoding: text[i..<m], as: UTF8.self)
            let after = skipSpaces(text, m)
            let next = after < text.count ? text[after] : 0
            let previous = i > 0 ? text[i - 1] : 0
            defer { i = m }
            if name.hasPrefix("R.string.") || name.contains(".R.string.") { return nil }
            if next == UInt8(ascii: "(") || next == UInt8(ascii: ":") || next == UInt8(ascii: "=") { continue }
            if previous == UInt8(ascii: ".") || name.hasPrefix("R.id.") || name.contains("R.id.") { continue }
            if name.hasSuffix(".class") || text[m...].starts(with: Array("::class".utf8)) { continue }
            if previous == UInt8(ascii: ":") && i >= 2 && text[i - 2] == UInt8(ascii: ":") { continue }
            if ["true", "false", "null", "nil", "and", "or", "app", "application", "composeTestRule"].contains(name)
                || name.hasPrefix("app.") { continue }
            return nil
        }
        return String(decoding: text, as: UTF8.self)
    }
}
