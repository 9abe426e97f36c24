// WebdriverIO's selector strings: which WebDriver strategy a string means, and its value.
//
// Ported from WebdriverIO's own `findStrategy` (packages/webdriverio/src/utils/findStrategy.ts,
// MIT), the function behind `$()` and `$$()`, read for a mobile session (`isMobile`, W3C): the same
// tests in the same order, so a string means here what it means in the user's test. Only the
// table is ported; each strategy's value is then compiled by our engine for it.

/// A WebDriver strategy as WebdriverIO names it, and the value it sends.
public struct WDIOStrategy: Sendable, Equatable {
    /// The strategy (`using`): `accessibility id`, `-android uiautomator`, `xpath`, ….
    public var using: String
    /// The value sent with it.
    public var value: String
    /// Where `value` starts in the selector string, in UTF-8 bytes (error columns point into it).
    public var valueOffset: Int

    /// The strategies a string may name directly, `using:value` (`DIRECT_SELECTOR_REGEXP`).
    static let direct = ["id", "css selector", "xpath", "link text", "partial link text", "name", "tag name", "class name",
                         "-android uiautomator", "-android datamatcher", "-android viewmatcher", "-android viewtag",
                         "-ios uiautomation", "-ios predicate string", "-ios class chain", "accessibility id"]
    static let xpathStarts = ["/", "(", "../", "./", "*/"]
    static let classNamePrefixes = ["uia", "xcuielementtype", "android.widget", "cyi", "android.view"]
    static let imageSuffixes = [".jpg", ".jpeg", ".gif", ".png", ".bmp", ".svg"]

    /// What `selector` means to WebdriverIO's `$()` in a mobile session.
    public static func classify(_ selector: String) -> WDIOStrategy {
        func strategy(_ using: String, dropping prefix: Int) -> WDIOStrategy {
            let start = selector.utf8.index(selector.utf8.startIndex, offsetBy: prefix)
            return WDIOStrategy(using: using, value: String(selector[start...]), valueOffset: prefix)
        }
        // `using:value`, the strategy named outright (the value must not be empty).
        for using in direct where selector.hasPrefix(using + ":") && selector.utf8.count > using.utf8.count + 1 {
            return strategy(using, dropping: using.utf8.count + 1)
        }
        let lower = selector.lowercased()
        if imageSuffixes.contains(where: { lower.hasSuffix($0) && lower != $0 }) { return strategy("-image", dropping: 0) }
        if xpathStarts.contains(where: { selector.hasPrefix($0) }) { return strategy("xpath", dropping: 0) }
        if selector.hasPrefix("=") { return strategy("link text", dropping: 1) }
        if selector.hasPrefix("*=") { return strategy("partial link text", dropping: 2) }
        if selector.hasPrefix("id=") { return strategy("id", dropping: 3) }
        if selector.hasPrefix(">>>") { return strategy("shadow", dropping: 3) }
        if selector.hasPrefix("aria/") { return strategy("aria", dropping: 5) }
        if selector.hasPrefix("android=") { return strategy("-android uiautomator", dropping: 8) }
        if selector.hasPrefix("ios=") { return strategy("-ios uiautomation", dropping: 4) }
        if selector.hasPrefix("~") { return strategy("accessibility id", dropping: 1) }
        if classNamePrefixes.contains(where: { lower.hasPrefix($0) }) { return strategy("class name", dropping: 0) }
        if isTagName(selector) { return strategy("tag name", dropping: 0) }
        if let name = nameAttribute(selector) { return name }
        if selector == ".." || selector == "." { return strategy("xpath", dropping: 0) }
        if isExtendedXPath(selector) { return strategy("xpath extended", dropping: 0) }
        if selector.hasPrefix("[role=") && selector.hasSuffix("]") { return strategy("role", dropping: 0) }
        return strategy("css selector", dropping: 0)
    }

    /// `<div>`, `<div />`: a tag anywhere in the string (`/<[0-9a-zA-Z-]+( \/)*>/`).
    static func isTagName(_ s: String) -> Bool {
        let b = Array(s.utf8)
        var i = 0
        while i < b.count {
            if b[i] == UInt8(ascii: "<") {
                var j = i + 1
                while j < b.count, isTagByte(b[j]) { j += 1 }
                if j > i + 1 {
                    while j + 1 < b.count, b[j] == UInt8(ascii: " "), b[j + 1] == UInt8(ascii: "/") { j += 2 }
                    if j < b.count, b[j] == UInt8(ascii: ">") { return true }
                }
            }
            i += 1
        }
        return false
    }

    static func isTagByte(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == UInt8(ascii: "-")
    }

    /// `[name="x"]` or `[name='x']` (`/^\[name=(?:"(.[^"]*)"|'(.[^']*)')]$/`): the `name` strategy.
    static func nameAttribute(_ s: String) -> WDIOStrategy? {
        for quote in ["\"", "'"] {
            let head = "[name=" + quote, tail = quote + "]"
            guard s.hasPrefix(head), s.hasSuffix(tail), s.utf8.count >= head.utf8.count + tail.utf8.count + 1 else { continue }
            let inner = s.dropFirst(head.count).dropLast(tail.count)
            // The first character may be anything; the rest must not be the quote.
            guard !inner.dropFirst().contains(Character(quote)) else { continue }
            return WDIOStrategy(using: "name", value: String(inner), valueOffset: head.utf8.count)
        }
        return nil
    }

    /// WebdriverIO's "element with text" form (`h1=Welcome`, `.btn*=Save`, `[data-x]=Item`): a tag
    /// of `[a-z0-9|-]*`, an optional `.class` or `#id`, an optional `[attr]` or `[attr="v"]`, an
    /// optional `.`, then `=` or `*=` and the text. Only whether it matches matters here.
    static func isExtendedXPath(_ s: String) -> Bool {
        let b = Array(s.utf8)
        var i = 0
        func take(_ ok: (UInt8) -> Bool) { while i < b.count, ok(b[i]) { i += 1 } }
        func isName(_ c: UInt8) -> Bool { isTagByte(c) || c == UInt8(ascii: "_") }
        take { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "-") }
        if i < b.count, b[i] == UInt8(ascii: ".") || b[i] == UInt8(ascii: "#"), i + 1 < b.count,
           isName(b[i + 1]) || b[i + 1] == UInt8(ascii: "-") {
            i += 1; take(isName)
        }
        if i < b.count, b[i] == UInt8(ascii: "[") {
            var j = i + 1
            while j < b.count, isName(b[j]) { j += 1 }
            if j < b.count, b[j] == UInt8(ascii: "]") { i = j + 1 } else if j + 1 < b.count, b[j] == UInt8(ascii: "="),
                b[j + 1] == UInt8(ascii: "\"") || b[j + 1] == UInt8(ascii: "'") {
                var k = j + 2
                while k < b.count, isName(b[k]) || b[k] == UInt8(ascii: ".") || b[k] == UInt8(ascii: " ") { k += 1 }
                if k + 1 < b.count, b[k] == UInt8(ascii: "\"") || b[k] == UInt8(ascii: "'"), b[k + 1] == UInt8(ascii: "]") { i = k + 2 }
            }
        }
        if i < b.count, b[i] == UInt8(ascii: ".") { i += 1 }
        if i < b.count, b[i] == UInt8(ascii: "*") { i += 1 }
        return i + 1 < b.count && b[i] == UInt8(ascii: "=")
    }
}
