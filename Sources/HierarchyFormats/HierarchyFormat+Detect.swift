extension HierarchyFormat {
    /// The format of a recording, read from its first bytes; nil when it is none of ours.
    ///
    /// XML is told by its document element (`XCUIElementType*` or `AppiumAUT`: XCUITest;
    /// `hierarchy` or `node`: UIAutomator; a dotted class name with `class` and `bounds` attributes,
    /// the root of Appium's Espresso page source, also UIAutomator). Any other XML is nil: the generic
    /// `xml` format is only used when named, so that a mistyped recording is not read as a tree. JSON is told by the top-level object's keys: `class`,
    /// `subviews` or `classChain` make a `/dump`; `tree`, `ref`, `l10n`, `rect` or a `UIA*` type make
    /// UIAutomation; `children` with an `attributes` object makes `maestro hierarchy` output (also
    /// after a few lines of text, which CLIs before 2.6.0 printed first); `children` without those
    /// makes Calabash. A top-level array is `/dump/allwindows` written as several roots.
    public static func detect(_ bytes: [UInt8]) -> HierarchyFormat? {
        bytes.withUnsafeBufferPointer { detect($0) }
    }

    static func detect(_ b: UnsafeBufferPointer<UInt8>) -> HierarchyFormat? {
        var i = 0
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }  // UTF-8 byte order mark
        while i < b.count, isSpace(b[i]) { i += 1 }
        guard i < b.count else { return nil }
        switch b[i] {
        case UInt8(ascii: "<"): return detectXML(b, from: i)
        case UInt8(ascii: "["): return detectArray(b, from: i)
        case UInt8(ascii: "{"): return detectJSON(b, from: i)
        default:
            if let text = detectText(b, from: i) { return text }
            // `maestro hierarchy` before 2.6.0 printed `Running on <device>` (and `None: `) on
            // stdout before its JSON: a few lines of text, then a line that starts with `{`. Only a
            // Maestro tree is read after such lines; any other JSON behind them is not a recording.
            guard let start = MaestroHierarchyLoader.jsonStart(b, maxLines: maxPreambleLines) else { return nil }
            return detectJSON(b, from: start) == .maestro ? .maestro : nil
        }
    }

    /// Most lines of text detection skips before a `maestro hierarchy` JSON (the CLI prints two or
    /// three); the loader, once the format is named or detected, skips any number.
    static let maxPreambleLines = 16

    /// The index of the `"` that closes the JSON string opened at `open`, escapes skipped; nil
    /// when the bytes end first.
    private static func closingQuote(_ b: UnsafeBufferPointer<UInt8>, after open: Int) -> Int? {
        var i = open + 1
        while i < b.count, b[i] != UInt8(ascii: "\"") { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
        return i < b.count ? i : nil
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Skips the prolog (`<?xml ...?>`, comments, a doctype) and names the document element.
    private static func detectXML(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HierarchyFormat? {
        var i = start
        while i + 1 < b.count {
            guard b[i] == UInt8(ascii: "<") else {
                if isSpace(b[i]) { i += 1; continue }
                return nil
            }
            let next = b[i + 1]
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                guard let after = skipMarkup(b, at: i) else { return nil }
                i = after
                continue
            }
            var j = i + 1
            while j < b.count, !isSpace(b[j]), b[j] != UInt8(ascii: ">"), b[j] != UInt8(ascii: "/") { j += 1 }
            let name = String(decoding: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]), as: UTF8.self)
            if name.hasPrefix("XCUIElementType") || name == "AppiumAUT" { return .xcuitest }
            if name == "hierarchy" || name == "node" { return .uiautomator }
            if name == "ViewHierarchy" { return .detox }
            if name.contains("."), hasAttributes(["class", "bounds"], inTagFrom: j, b) { return .uiautomator }
            return nil
        }
        return nil
    }

    /// Whether the start tag whose attributes begin at `start` has every one of `wanted`.
    private static func hasAttributes(_ wanted: [String], inTagFrom start: Int, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var found = Set<String>()
        var i = start
        while i < b.count {
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] != UInt8(ascii: ">"), b[i] != UInt8(ascii: "/") else { break }
            let nameStart = i
            while i < b.count, !isSpace(b[i]), b[i] != UInt8(ascii: "="), b[i] != UInt8(ascii: ">") { i += 1 }
            found.insert(String(decoding: UnsafeBufferPointer(rebasing: b[nameStart..<i]), as: UTF8.self))
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "=") else { break }
            i += 1
            while i < b.count, isSpace(b[i]) { i += 1 }
            guard i < b.count, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { break }
            let quote = b[i]
            i += 1
            while i < b.count, b[i] != quote { i += 1 }
            i += 1
        }
        return wanted.allSatisfy(found.contains)
    }

    /// The index just past the markup declaration, processing instruction or comment at `i`
    /// (`<!` or `<?`); nil when it does not end. A doctype's quoted ids and internal subset
    /// (`[<!ENTITY x "a>b">]`) may hold `>`, so only a `>` outside quotes and brackets ends it.
    private static func skipMarkup(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        func hasPrefix(_ text: StaticString, at k: Int) -> Bool {
            let n = text.utf8CodeUnitCount
            guard k + n <= b.count else { return false }
            return text.withUTF8Buffer { t in (0..<n).allSatisfy { b[k + $0] == t[$0] } }
        }
        func find(_ end: StaticString, from k: Int) -> Int? {
            var k = k
            while k < b.count { if hasPrefix(end, at: k) { return k + end.utf8CodeUnitCount }; k += 1 }
            return nil
        }
        if hasPrefix("<!--", at: start) { return find("-->", from: start + 4) }
        if hasPrefix("<?", at: start) { return find("?>", from: start + 2) }
        var k = start + 2
        var quote: UInt8? = nil
        var brackets = 0
        while k < b.count {
            let c = b[k]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: "[") {
                brackets += 1
            } else if c == UInt8(ascii: "]") {
                brackets = max(0, brackets - 1)
            } else if brackets > 0, c == UInt8(ascii: "<"), hasPrefix("<!--", at: k) || hasPrefix("<?", at: k) {
                // Comments and processing instructions in the internal subset may hold quotes.
                guard let after = skipMarkup(b, at: k) else { return nil }
                k = after
                continue
            } else if c == UInt8(ascii: ">") && brackets == 0 {
                return k + 1
            }
            k += 1
        }
        return nil
    }

    /// Reads the top-level object's keys (skipping nested values byte by byte) until one decides.
    private static func detectJSON(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HierarchyFormat? {
        var i = start + 1
        var depth = 1
        var sawChildren = false
        // `maestro hierarchy`: an `attributes` object beside `children` (Calabash has neither key's
        // object form: its attributes are the node's own keys).
        var sawAttributesObject = false
        var expectKey = true
        var lastKey: String? = nil
        var sawRect = false
        var sawValueObject = false
        var sawSessionID = false
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = i + 1
                guard let close = closingQuote(b, after: i) else { return nil }
                i = close
                let text = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
                i += 1
                guard depth == 1 else { continue }
                if expectKey {
                    switch text {
                    // `rect` is UIAutomation's unless a WebDriverAgent key follows (WDA writes it too).
                    case "class", "subviews", "classChain": return sawRect ? .uiautomation : .dump
                    case "tree", "ref", "l10n", "deviceOrientation": return .uiautomation
                    case "rect": sawRect = true
                    case _ where wdaKeys.contains(text): return .wda
                    case _ where idbKeys.contains(text): return .idb
                    case "children": sawChildren = true
                    case "sessionId":
                        if sawValueObject { return .wda }
                        sawSessionID = true
                    default: break
                    }
                    lastKey = text
                    expectKey = false
                } else if lastKey == "type" {
                    if text.hasPrefix("UIA") { return .uiautomation }
                    if text == "CalabashRootView" { return sawRect ? .uiautomation : .calabash }
                }
                continue
            }
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 1, c == UInt8(ascii: "{"), !expectKey, lastKey == "attributes" { sawAttributesObject = true }
                // `{"value": {…}, "sessionId": …}`: WebDriverAgent's reply around its JSON source.
                if depth == 1, c == UInt8(ascii: "{"), !expectKey, lastKey == "value" {
                    if sawSessionID { return .wda }
                    sawValueObject = true
                }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 {
                    if sawRect { return .uiautomation }
                    return decide(sawChildren: sawChildren, sawAttributesObject: sawAttributesObject)
                }
            case UInt8(ascii: ","): if depth == 1 { expectKey = true }
            default: break
            }
            i += 1
        }
        if sawRect { return .uiautomation }
        return decide(sawChildren: sawChildren, sawAttributesObject: sawAttributesObject)
    }

    /// Keys only WebDriverAgent's JSON source writes (its flags; `sessionId` of its reply, checked
    /// with a `value` object).
    static let wdaKeys: Set<String> = ["rawIdentifier", "isEnabled", "isVisible", "isAccessible", "isFocused", "isHittable"]
    /// Keys only idb's and AXe's `describe-ui` write.
    static let idbKeys: Set<String> = ["AXLabel", "AXFrame", "AXUniqueId", "AXValue", "role_description", "content_required", "custom_actions"]

    /// A top-level array: idb's `describe-ui` list when its first element has idb's keys, else
    /// `/dump/allwindows` (several `/dump` roots).
    private static func detectArray(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HierarchyFormat? {
        var i = start + 1
        while i < b.count, isSpace(b[i]) { i += 1 }
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return .dump }
        // The first element's top-level keys, nested values skipped.
        var depth = 0
        var expectKey = true
        while i < b.count {
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                let s = i + 1
                guard let close = closingQuote(b, after: i) else { return .dump }
                i = close
                if depth == 1, expectKey {
                    let key = String(decoding: UnsafeBufferPointer(rebasing: b[s..<i]), as: UTF8.self)
                    if idbKeys.contains(key) { return .idb }
                    expectKey = false
                }
                i += 1
                continue
            }
            switch c {
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return .dump }
            case UInt8(ascii: ","): if depth == 1 { expectKey = true }
            default: break
            }
            i += 1
        }
        return .dump
    }

    /// A text dump that starts the file: Espresso's records (or its `View Hierarchy:` line), XCTest's
    /// snapshot headers or its `→` element line, Compose's `printToLog:`/`Printing with…`/`Node #`.
    /// A dump further down a log is `LogExtraction`'s to find.
    private static func detectText(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> HierarchyFormat? {
        var end = start
        while end < b.count, b[end] != 0x0A { end += 1 }
        let line = Array(UnsafeBufferPointer(rebasing: b[start..<end]))[...]
        if EspressoDumpLoader.recordHead(line) != nil { return .espresso }
        if TextLines.hasPrefix(line, "View Hierarchy:") {
            var next = end + 1
            while next < b.count, isSpace(b[next]) { next += 1 }
            if next < b.count, b[next] == UInt8(ascii: "+") { return .espresso }
        }
        if TextLines.hasPrefix(line, "Attributes: ") || TextLines.hasPrefix(line, "Element subtree:")
            || (TextLines.hasPrefix(line, "\u{2192}") && XCUISnapshotLoader.parseElement(line) != nil) {
            return .xcuisnapshot
        }
        if TextLines.hasPrefix(line, "printToLog:") || TextLines.hasPrefix(line, "Printing with useUnmergedTree") {
            return .compose
        }
        if ComposeSemanticsLoader.dumpStart(line) == line.startIndex { return .compose }
        if let first = line.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"),
           let at = ComposeSemanticsLoader.dumpStart(line), TextLines.string(line[..<at]).allSatisfy({ $0.isNumber || $0 == ")" || $0 == " " }) {
            return .compose
        }
        return nil
    }

    /// A top-level object with `children` and no key of the other formats: Maestro's when it has an
    /// `attributes` object too (before, such a file was read as a Calabash tree, its attributes left
    /// nested and no frames from `bounds`), else Calabash's.
    private static func decide(sawChildren: Bool, sawAttributesObject: Bool) -> HierarchyFormat? {
        guard sawChildren else { return nil }
        return sawAttributesObject ? .maestro : .calabash
    }
}
