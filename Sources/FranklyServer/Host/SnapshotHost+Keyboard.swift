public import SelectorCore

/// Focus and typing: a touch on a text input makes it first responder, as on iOS, and
/// `/type_into_keyboard` types into the first responder.
extension SnapshotHost {
    /// Classes the keyboard types into.
    static let textInputClasses = ["UITextField", "UITextView", "UISearchBar"]
    static let firstResponderProperty = "isFirstResponder"

    static func isTextInput(_ node: NodeID, in tree: ViewTree) -> Bool {
        textInputClasses.contains { tree.isKind(node, of: $0) }
    }

    /// The text input that has keyboard focus: a text field, text view or search bar whose
    /// `isFirstResponder` is true (the first in document order).
    public static func firstResponder(in tree: ViewTree) -> NodeID? {
        guard tree.columns[firstResponderProperty] != nil else { return nil }
        for i in 0..<tree.count {
            let n = NodeID(i)
            if tree.value(firstResponderProperty, of: n)?.boolValue == true, isTextInput(n, in: tree) { return n }
        }
        return nil
    }

    /// The last text input a successful focusing gesture landed on.
    func touchedTextInput(_ operation: Operation, _ nodes: [NodeID], _ results: [JSONValue],
                          in tree: ViewTree) -> NodeID? {
        guard operation.action == .gesture(focusing: true) else { return nil }
        var found: NodeID?
        for (n, r) in zip(nodes, results) where r == .bool(true) && Self.isTextInput(n, in: tree) { found = n }
        return found
    }

    /// `tree` with `node` the only first responder; nil when that is already so.
    func focusing(_ node: NodeID, in tree: ViewTree) -> ViewTree? {
        let property = Self.firstResponderProperty
        var others: [NodeID] = []
        if tree.columns[property] != nil {
            for i in 0..<tree.count where NodeID(i) != node && tree.value(property, of: NodeID(i))?.boolValue == true {
                others.append(NodeID(i))
            }
        }
        if others.isEmpty && tree.value(property, of: node)?.boolValue == true { return nil }
        return tree.setting(property, to: .bool(false), on: others).setting(property, to: .bool(true), on: [node])
    }

    public func typeIntoKeyboard(_ text: String) throws(FranklyError) -> Bool {
        let typed = try update { (tree: ViewTree) throws(FranklyError) -> Change<Bool> in
            guard let field = Self.firstResponder(in: tree) else { return Change(tree: nil, events: [], result: false) }
            let multiline = tree.isKind(field, of: "UITextView")
            let current = Self.edit(tree.string(PropertyName.text, of: field) ?? "", typing: text, multiline: multiline)
            let bytes = current.utf8.count
            guard bytes <= limits.maxTextBytes else {
                throw FranklyError(
                    reason: "text too long",
                    details: "typing this would make the field's text \(bytes) bytes long; a field holds at most \(limits.maxTextBytes) bytes (SnapshotHost.Limits.maxTextBytes)")
            }
            let event = HostEvent(name: "type_into_keyboard", arguments: [.string(text)],
                                  uid: tree.uidString(of: field), className: tree.className(of: field))
            return Change(tree: tree.setting(PropertyName.text, to: .string(current), on: [field]),
                          events: [event], result: true)
        }
        if typed {
            state.withLock { s in
                s.keyboardText += text
                let limit = limits.maxKeyboardBytes
                if s.keyboardText.utf8.count > limit {
                    // Keep the newest three quarters of the limit, cut on a character.
                    let excess = s.keyboardText.utf8.count - limit * 3 / 4
                    s.keyboardText = String(s.keyboardText[Self.characterBoundary(in: s.keyboardText, atUTF8Offset: excess, roundingUp: true)...])
                }
            }
        }
        return typed
    }

    /// `current` after typing `text`: `"\u{8}"` deletes the last character, return ends editing in
    /// a text field and is a newline in a text view.
    ///
    /// Linear in both texts. `String.removeLast()` must scan back over a run of regional indicators
    /// (flags) to find where the last character starts, so a long run of flags and backspaces was
    /// quadratic (600 KB took a minute). Here the text is built forward and each character's end is
    /// remembered (4 bytes a character, where an array of `Character`s took 16), so a backspace
    /// cuts the text at a known offset.
    static func edit(_ current: String, typing text: String, multiline: Bool) -> String {
        let hasBackspace = text.utf8.contains(8)
        if !hasBackspace && !text.utf8.contains(UInt8(ascii: "\n")) && !text.utf8.contains(UInt8(ascii: "\r")) {
            return current + text
        }
        var out = ""
        out.reserveCapacity(current.utf8.count + text.utf8.count)
        var ends: [Int32] = []
        func append(_ ch: Character) {
            out.append(ch)
            if hasBackspace { ends.append(Int32(out.utf8.count)) }
        }
        if hasBackspace { for ch in current { append(ch) } } else { out = current }
        for ch in text {
            switch ch {
            case "\u{8}":
                guard ends.popLast() != nil else { continue }
                let keep = Int(ends.last ?? 0)
                out.removeSubrange(out.utf8.index(out.startIndex, offsetBy: keep)...)
            case "\n", "\r\n": if multiline { append("\n") }
            default: append(ch)
            }
        }
        return out
    }

    public var keyboardText: String { state.withLock { $0.keyboardText } }
}
