public import SelectorCore

extension ClassChainEngine {
    /// `**/Class[`identifier == "…"`]`, then by label, then by value, then `**/Class[n]` (always
    /// unique); the registry keeps the first that selects exactly `node`.
    ///
    /// The keys are only names the recording carries (`ViewTree.recordedName(for:)`, issue 41's
    /// rule): on an XCUITest page source `name`, `label` and `value`, what WebDriverAgent's class
    /// chains read, never the loader's `uid` or its UIKit copies; on a Frank `/dump` the UIKit
    /// names as recorded. A key that is not a plain NSPredicate key path (`resource-id`) is left out.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        let className = tree.className(of: node)
        let step = "**/" + (className.utf8.allSatisfy(ChainParser.isClassByte) && !className.isEmpty ? className : "*")
        var candidates: [String] = []
        func add(_ name: String, value: String?) {
            guard let key = tree.recordedName(for: name), Self.isPlainKey(key),
                  let value, !value.isEmpty else { return }
            candidates.append("\(step)[`\(key) == \(Self.literal(value))`]")
        }
        add("accessibilityIdentifier", value: tree.string("accessibilityIdentifier", of: node))
        add(PropertyName.accessibilityLabel, value: tree.label(of: node))
        add("value", value: tree.string("value", of: node))
        // The views of the class chain `step` selects, in its order: this one's place among them.
        if let program = try? compile(step),
           let k = ((try? Matcher(configuration: .serial).select(program, in: tree)) ?? []).firstIndex(of: node) {
            candidates.append("\(step)[\(k + 1)]")
        }
        return candidates
    }

    /// `s` as a double-quoted NSPredicate literal inside backticks (a backtick doubled, as the
    /// parser reads it back).
    public static func literal(_ s: String) -> String {
        SelectorLiteral.quoted(s, by: "\"", escapingNUL: true).replacing("`", with: "``")
    }

    /// Letters, digits and `_`, not starting with a digit.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { ($0.properties.isASCIIHexDigit || $0.properties.isAlphabetic || $0 == "_") && $0.isASCII }
    }
}
