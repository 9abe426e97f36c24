public import SelectorCore

/// Applies Frankly operations to views of a tree: property getters, Frank's `FEX_` helpers,
/// gestures (recorded as events) and mutators (producing a new tree).
///
/// Frank's rule: a view that does not respond to the method yields `null` for that view; a wrong
/// number of arguments fails the whole request.
public struct OperationPerformer: Sendable {
    public init() {}

    /// Gestures that make a text input they land on first responder, as a touch does on iOS (a
    /// host moves keyboard focus after them).
    public static let focusingGestures: Set<String> = ["touch", "touchx:y:", "tap", "FEX_forceTouch", "doubleTap"]

    /// Gestures that only highlight a view: recorded on any view, answered `null`.
    static let flashes: Set<String> = ["FEX_flash", "flash"]

    /// Every gesture: recorded as a `HostEvent` when the view can receive it, and answered whether
    /// it could (a swipe answers its path, a flash `null`). The one list of gesture names; the
    /// host's focus rule and the server's read/write split derive from it.
    public static let gestures: Set<String> = focusingGestures.union(flashes).union([
        "doubleTapx:y:", "touchAndHold:", "touchAndHold:x:y:", "swipeInDirection:",
    ])

    /// Mutators: method name → property it sets.
    static let mutators: [String: String] = [
        "setText:": "text", "setAccessibilityLabel:": "accessibilityLabel", "setHidden:": "isHidden",
        "setIsOn:": "isOn", "setOn:": "isOn", "setPlaceholder:": "placeholder", "setAlpha:": "alpha",
        "setValue:": "value", "setTag:": "tag", "setEnabled:": "isEnabled",
    ]

    /// Applies `operation` to `nodes` of `tree`. Results are counted as JSON while they are made:
    /// once the answer would pass `maxAnswerBytes` it is refused (`AnswerBytes.tooLarge`), so no
    /// more than about that many bytes of results are ever built.
    public func perform(_ operation: Operation, on nodes: [NodeID], in tree: ViewTree,
                        maxAnswerBytes: Int = .max) throws(OperationError) -> OperationOutcome {
        try operation.checked()
        let name = operation.methodName
        var outcome = OperationOutcome(results: [], tree: tree, mutated: false, events: [])
        var meter = AnswerMeter(limit: maxAnswerBytes, total: nodes.count)
        switch operation.action {
        case .set(let property):
            // A setter answers `null` per view: refused before it changes anything.
            if maxAnswerBytes < .max && AnswerBytes.envelope + 5 * nodes.count > maxAnswerBytes {
                throw AnswerBytes.tooLarge(limit: maxAnswerBytes, after: nodes.count, of: nodes.count)
            }
            let value = try Self.validated(operation.arguments[0], for: property, method: name)
            let targets = nodes.filter { responds(tree, $0, toSetting: property) }
            outcome.tree = tree.setting(property, to: value == .null ? nil : value, on: targets)
            outcome.mutated = !targets.isEmpty
            // Setters return void, which Frank reports as null for every view.
            outcome.results = Array(repeating: .null, count: nodes.count)
            return outcome
        case .gesture, .flash:
            outcome.results.reserveCapacity(nodes.count)
            let flash = operation.action == .flash
            for n in nodes {
                let ok = flash || canTouch(n, in: tree)
                if ok {
                    outcome.events.append(HostEvent(name: name, arguments: operation.arguments,
                                                    uid: tree.uidString(of: n), className: tree.className(of: n)))
                }
                let result: JSONValue
                if name == "swipeInDirection:" {
                    result = ok ? .string(swipeDescription(n, operation.arguments[0], tree)) : .bool(false)
                } else if flash {
                    result = .null
                } else {
                    result = .bool(ok)
                }
                try meter.add(result)
                outcome.results.append(result)
            }
            return outcome
        case .get:
            outcome.results.reserveCapacity(nodes.count)
            for n in nodes {
                let result = get(name, of: n, in: tree)
                try meter.add(result)
                outcome.results.append(result)
            }
            return outcome
        }
    }

    /// A setter's argument as the property's declared type: BOOLs take `true`/`false` or 0/1,
    /// `alpha` a finite number (kept within 0...1, as UIKit draws it), `tag` an integer, `value`
    /// a finite number, text properties a string or null. Anything else fails the request, as a
    /// mistyped argument makes Objective-C raise.
    static func validated(_ value: JSONValue, for property: String, method name: String) throws(OperationError) -> JSONValue {
        func refuse(_ expected: String) -> OperationError {
            .failed(name, "\(name) expects \(expected), got \(value.jsonString)")
        }
        switch property {
        case "isHidden", "isOn", "isEnabled":
            switch value {
            case .bool: return value
            case .int(let i) where i == 0 || i == 1: return .bool(i == 1)
            default: throw refuse("a boolean (true, false, 0 or 1)")
            }
        case "alpha":
            guard case let n? = Self.number(value), n.isFinite else { throw refuse("a finite number") }
            return .number(min(1, max(0, n)))
        case "value":
            guard case let n? = Self.number(value), n.isFinite else { throw refuse("a finite number") }
            return .number(n)
        case "tag":
            switch value {
            case .int: return value
            case .double(let d) where d.isFinite && d.rounded() == d && d.magnitude < 9.2e18: return .int(Int64(d))
            default: throw refuse("an integer")
            }
        case "text", "accessibilityLabel", "placeholder":
            guard value.stringValue != nil || value == .null else { throw refuse("a string") }
            return value
        default:
            return value
        }
    }

    /// A JSON number (not a boolean, not a numeric string).
    private static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .int(let i): return Double(i)
        case .double(let d): return d
        default: return nil
        }
    }

    /// UIKit's BOOL properties: getter → the classes that declare it and the value UIKit starts
    /// with. A dump writes BOOLs as 0/1; Frank's server answers them as JSON booleans (and its
    /// drivers compare with `true`), and a view that lacks the key still has UIKit's default.
    static let boolProperties: [String: (owners: [String], initial: Bool)] = [
        "isHidden": (["UIView"], false),
        "isUserInteractionEnabled": (["UIView"], true),
        "isOpaque": (["UIView"], true),
        "clipsToBounds": (["UIView"], false),
        "isMultipleTouchEnabled": (["UIView"], false),
        "isExclusiveTouch": (["UIView"], false),
        "isFirstResponder": (["UIView"], false),
        "isEnabled": (["UIControl", "UILabel"], true),
        "isSelected": (["UIControl"], false),
        "isHighlighted": (["UIControl", "UILabel", "UIImageView", "UITableViewCell", "UICollectionViewCell"], false),
        "isOn": (["UISwitch"], false),
        "isEditing": (["UITextField", "UITableView", "UITableViewCell"], false),
        "isSecureTextEntry": (["UITextField"], false),
        "isEditable": (["UITextView"], true),
        "isScrollEnabled": (["UIScrollView"], true),
        "isPagingEnabled": (["UIScrollView"], false),
        "bounces": (["UIScrollView"], true),
        "alwaysBounceVertical": (["UIScrollView"], false),
        "alwaysBounceHorizontal": (["UIScrollView"], false),
        "showsVerticalScrollIndicator": (["UIScrollView"], true),
        "showsHorizontalScrollIndicator": (["UIScrollView"], true),
        "scrollsToTop": (["UIScrollView"], true),
        "isKeyWindow": (["UIWindow"], false),
        "isContinuous": (["UISlider"], true),
        "isMomentary": (["UISegmentedControl"], false),
        "isAnimating": (["UIActivityIndicatorView"], false),
        "hidesWhenStopped": (["UIActivityIndicatorView"], true),
    ]

    /// The table's name for getter `name`: itself, or its `is` form (`hidden` → `isHidden`).
    static func boolProperty(named name: String) -> String? {
        if boolProperties[name] != nil { return name }
        guard let prefixed = PropertyName.isForm(of: name) else { return nil }
        return boolProperties[prefixed] != nil ? prefixed : nil
    }

    /// A BOOL getter's answer: the recorded value as a JSON boolean, UIKit's default when the view
    /// declares the property but the dump left it out, and `null` when the view does not respond.
    func getBool(_ property: String, asked name: String, of node: NodeID, in tree: ViewTree) -> JSONValue {
        let entry = Self.boolProperties[property]!
        if let v = tree.flagValue(name, of: node) {
            return v.boolValue.map(JSONValue.bool) ?? v
        }
        return entry.owners.contains { tree.isKind(node, of: $0) } ? .bool(entry.initial) : .null
    }

    /// A getter: Frank's helpers, then any property by name; `null` when the view lacks it.
    public func get(_ name: String, of node: NodeID, in tree: ViewTree) -> JSONValue {
        switch name {
        case "FEX_accessibilityLabel": return tree.value(PropertyName.accessibilityLabel, of: node) ?? .null
        case "FEX_accessibilityFrame":
            return tree.value(PropertyName.accessibilityFrame, of: node) ?? tree.value(PropertyName.frame, of: node) ?? .null
        case "FEX_isVisible": return .bool(isVisible(node, in: tree))
        case "FEX_isFullyVisible": return .bool(isFullyVisible(node, in: tree))
        case "FEX_canTouch": return .bool(canTouch(node, in: tree))
        case "class", "className": return .string(tree.className(of: node))
        case "description":
            return .string("<\(tree.className(of: node)): uid=\(tree.uidString(of: node) ?? "?")>")
        case "subviews":
            return .array(tree.children(of: node).map { .string(tree.uidString(of: $0) ?? "") })
        case "superview":
            return tree.parent(of: node).flatMap { tree.uidString(of: $0) }.map { .string($0) } ?? .null
        default:
            if let property = Self.boolProperty(named: name) { return getBool(property, asked: name, of: node, in: tree) }
            // Objective-C BOOL getters are often called without their `is` prefix (`hidden`, `on`).
            return tree.flagValue(name, of: node) ?? .null
        }
    }

    private func responds(_ tree: ViewTree, _ node: NodeID, toSetting property: String) -> Bool {
        switch property {
        case "text": return tree.isKind(node, of: "UILabel") || tree.isKind(node, of: "UITextField")
            || tree.isKind(node, of: "UITextView") || tree.isKind(node, of: "UISearchBar")
            || tree.value("text", of: node) != nil
        case "placeholder": return tree.isKind(node, of: "UITextField") || tree.value("placeholder", of: node) != nil
        case "isOn": return tree.isKind(node, of: "UISwitch") || tree.value("isOn", of: node) != nil
        case "value": return tree.isKind(node, of: "UISlider") || tree.value("value", of: node) != nil
        case "isEnabled": return tree.isKind(node, of: "UIControl") || tree.value("isEnabled", of: node) != nil
        default: return true  // every UIView has a label, hidden flag, alpha and tag
        }
    }

    /// Frank's `FEX_isVisible`: not hidden, alpha above zero, every ancestor likewise, and the
    /// frame on screen (intersecting the window's).
    public func isVisible(_ node: NodeID, in tree: ViewTree) -> Bool {
        var n: NodeID? = node
        while let v = n {
            if tree.value(PropertyName.isHidden, of: v)?.boolValue == true { return false }
            if let a = tree.value(PropertyName.alpha, of: v)?.numberValue, a <= 0 { return false }
            n = tree.parent(of: v)
        }
        guard let frame = absoluteFrame(node, in: tree), let window = windowFrame(of: node, in: tree) else { return true }
        return frame.intersects(window)
    }

    /// Visible, and the window contains the whole frame.
    public func isFullyVisible(_ node: NodeID, in tree: ViewTree) -> Bool {
        guard isVisible(node, in: tree) else { return false }
        guard let frame = absoluteFrame(node, in: tree), let window = windowFrame(of: node, in: tree) else { return true }
        return window.contains(frame)
    }

    /// Visible and accepting touches (user interaction and, for controls, enabled).
    public func canTouch(_ node: NodeID, in tree: ViewTree) -> Bool {
        guard isVisible(node, in: tree) else { return false }
        if tree.value("isUserInteractionEnabled", of: node)?.boolValue == false { return false }
        if tree.value("userInteractionEnabled", of: node)?.boolValue == false { return false }
        if tree.value("isEnabled", of: node)?.boolValue == false { return false }
        return true
    }

    func absoluteFrame(_ node: NodeID, in tree: ViewTree) -> Rect? {
        if let v = tree.value(PropertyName.accessibilityFrame, of: node), let r = Rect(json: v) { return r }
        return nil
    }

    func windowFrame(of node: NodeID, in tree: ViewTree) -> Rect? {
        var n = node
        while let p = tree.parent(of: n), !tree.isKind(n, of: "UIWindow") {
            if tree.isKind(p, of: "UIApplication") { break }
            n = p
        }
        if let v = tree.value(PropertyName.accessibilityFrame, of: n) ?? tree.value(PropertyName.frame, of: n) {
            return Rect(json: v)
        }
        return nil
    }

    private func swipeDescription(_ node: NodeID, _ direction: JSONValue, _ tree: ViewTree) -> String {
        let f = absoluteFrame(node, in: tree) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let cx = f.x + f.width / 2, cy = f.y + f.height / 2
        var (dx, dy) = (0.0, 0.0)
        switch direction.stringValue?.lowercased() {
        case "left": dx = -128
        case "right": dx = 128
        case "up": dy = -128
        case "down": dy = 128
        default: break
        }
        func fmt(_ d: Double) -> String { JSONValue.number(d).jsonString }
        return "[\(fmt(cx)), \(fmt(cy))] => [\(fmt(cx + dx)), \(fmt(cy + dy))]"
    }
}
