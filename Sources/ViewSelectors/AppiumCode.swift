import AppiumLocators

/// A translated selector as Appium client code, ready to paste (`frankly translate --appium`).
public enum AppiumCode {
    /// A client language.
    public enum Language: String, Sendable, CaseIterable {
        case java, python
    }

    /// Appium's locator strategy for an engine's selectors, nil for an engine Appium has none for.
    public static func strategy(forEngine engine: String) -> String? { AppiumStrategy.forEngine(engine)?.name }

    /// `driver.findElement(AppiumBy.iOSNsPredicateString("…"))` (Java) or
    /// `driver.find_element(AppiumBy.IOS_PREDICATE, "…")` (Python) for `selector` in `engine`'s
    /// language, the selector escaped as a string literal of the client language; nil for an
    /// engine Appium has no strategy for.
    public static func code(engine: String, selector: String, language: Language) -> String? {
        guard let strategy = AppiumStrategy.forEngine(engine) else { return nil }
        switch language {
        case .java: return "driver.findElement(AppiumBy.\(strategy.java)(\(javaLiteral(selector))))"
        case .python: return "driver.find_element(AppiumBy.\(strategy.python), \(pythonLiteral(selector)))"
        }
    }

    /// A Java string literal: `\"`, `\\`, the usual letter escapes, and `\uXXXX` for any other
    /// control character and for the line and paragraph separators (which end a line in a source
    /// file); a scalar beyond the BMP as its UTF-16 surrogate pair.
    public static func javaLiteral(_ s: String) -> String {
        var out = "\""
        for unit in s.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x08: out += "\\b"
            case 0x0C: out += "\\f"
            case 0..<0x20, 0x7F, 0x2028, 0x2029, 0xD800...0xDFFF:
                out += "\\u" + hex(Int(unit), digits: 4)
            default:
                out.unicodeScalars.append(Unicode.Scalar(unit)!)
            }
        }
        return out + "\""
    }

    /// A Python string literal in double quotes: `\"`, `\\`, the usual letter escapes, `\xNN` for
    /// other control characters, `\uXXXX` for the line and paragraph separators; other characters
    /// as they are (Python 3 source is UTF-8).
    public static func pythonLiteral(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F: out += "\\x" + hex(Int(scalar.value), digits: 2)
            case 0x85, 0x2028, 0x2029: out += "\\u" + hex(Int(scalar.value), digits: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    private static func hex(_ value: Int, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
