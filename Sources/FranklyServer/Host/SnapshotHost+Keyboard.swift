public import SelectorCore

/// Focus and typing: a touch on a text input makes it first responder, as on iOS, and
/// `/type_into_keyboard` types into the first responder.
extension SnapshotHost {
    /// Classes the keyboard types into.
    static let textInputClasses = ["UITextField", "UITextView", "UISearchBar"]
    /// Gestures that focus a text input they land on.
    static let focusingGestures: Set<String> = ["touch", "touchx:y:", "tap", "FEX_forceTouch", "doubleTap"]
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
        guard Self.focusingGestures.contains(operation.methodName) else { return nil }
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

    public func typeIntoKeyboard(_ text: String) -> Bool {
        let typed = update { (tree: ViewTree) -> Change<Bool> in
            guard let field = Self.firstResponder(in: tree) else { return Change(tree: nil, events: [], result: false) }
            var current = tree.string(PropertyName.text, of: field) ?? ""
            let multiline = tree.isKind(field, of: "UITextView")
            for ch in text {
                switch ch {
                case "\u{8}": if !current.isEmpty { current.removeLast() }
                // Return ends editing in a text field; a text view takes the newline.
                case "\n", "\r\n": if multiline { current.append("\n") }
                default: current.append(ch)
                }
            }
            let event = HostEvent(name: "type_into_keyboard", arguments: [.string(text)],
                                  uid: tree.uidString(of: field), className: tree.className(of: field))
            return Change(tree: tree.setting(PropertyName.text, to: .string(current), on: [field]),
                          events: [event], result: true)
        }
        if typed { state.withLock { $0.keyboardText += text } }
        return typed
    }

    public var keyboardText: String { state.withLock { $0.keyboardText } }
}
