public import SelectorCore

/// What `screen` lists and how it describes a view: the rules live here, apart from the tool, so
/// that the tests measure the same classification the tool applies.
public enum ScreenViews {
    /// The views of `tree` an agent acts on, in preorder: not hidden, and either of an
    /// interactive role (a button, link, field, switch, cell, key…, by the class name's ending)
    /// or marked clickable, long-clickable, checkable or scrollable by the recording.
    public static func actionable(_ tree: ViewTree) -> [NodeID] {
        (0..<tree.count).map { NodeID($0) }.filter { !isHidden(tree, $0) && isActionable(tree, $0) }
    }

    /// The views listed for their text: not hidden, not actionable, with a text that neither an
    /// actionable ancestor already shows nor the view's own descendants carry (a container whose
    /// label joins its children's leaves the children listed, not itself).
    public static func textBearing(_ tree: ViewTree, deadline: QueryDeadline = .none) throws(SelectorError) -> [NodeID] {
        var texts: [String?] = []
        texts.reserveCapacity(tree.count)
        // What the user reads: not `name`, which is an identifier where a label exists.
        for i in 0..<tree.count { texts.append(text(tree, NodeID(i), properties: visibleTextProperties)) }
        var actionable = [Bool](repeating: false, count: tree.count)
        var hidden = [Bool](repeating: false, count: tree.count)
        for i in 0..<tree.count {
            hidden[i] = isHidden(tree, NodeID(i))
            actionable[i] = !hidden[i] && isActionable(tree, NodeID(i))
        }
        var out: [NodeID] = []
        for i in 0..<tree.count {
            if i & 1023 == 0 { try deadline.check() }
            guard !hidden[i], !actionable[i], let t = texts[i] else { continue }
            // An actionable ancestor that shows this text already names it (a button's label).
            var shown = false
            var a = tree.parents[i]
            var steps = 0
            while a >= 0 && steps < 64 {
                if actionable[Int(a)], let at = texts[Int(a)], at.contains(t) { shown = true; break }
                a = tree.parents[Int(a)]; steps += 1
            }
            if shown { continue }
            // Descendants carrying part of this text say it view by view; a bounded look, so a
            // root with a label over 10^5 descendants costs 256 comparisons, not 10^5.
            let end = min(Int(tree.ends[i]), i + 257)
            var carried = false
            for d in (i + 1)..<max(i + 1, end) where !hidden[d] {
                if let dt = texts[d], t.contains(dt) { carried = true; break }
            }
            if !carried { out.append(NodeID(i)) }
        }
        return out
    }

    /// Whether the recording hides the view: `isHidden`, or `visible` / `displayed` false.
    public static func isHidden(_ tree: ViewTree, _ node: NodeID) -> Bool {
        if flag(tree, PropertyName.isHidden, node) == true { return true }
        if flag(tree, "visible", node) == false || flag(tree, "displayed", node) == false { return true }
        return false
    }

    static let actionableEndings = ["Button", "Link", "TextField", "SearchField", "SearchBar", "Switch", "Toggle", "Slider",
                                    "Stepper", "Cell", "Key", "MenuItem", "CheckBox", "RadioButton", "SegmentedControl",
                                    "PickerWheel", "EditText", "Spinner", "SeekBar", "ComboBox", "Tab"]

    static func isActionable(_ tree: ViewTree, _ node: NodeID) -> Bool {
        for name in ["clickable", "long-clickable", "checkable", "scrollable"] where flag(tree, name, node) == true { return true }
        let role = self.role(tree.className(of: node))
        if actionableEndings.contains(where: { role.hasSuffix($0) }) { return true }
        // An iOS text view is a field; Android's TextView is a label (clickable when it acts).
        return tree.recordingSource != .uiautomator && role.hasSuffix("TextView")
    }

    /// A property read as a flag: a JSON boolean or number, or the text `true`/`false` the XML
    /// page sources carry.
    static func flag(_ tree: ViewTree, _ name: String, _ node: NodeID) -> Bool? {
        guard let value = tree.value(name, of: node) else { return nil }
        if let b = value.boolValue { return b }
        switch value.stringValue?.lowercased() {
        case "true"?, "1"?, "yes"?: return true
        case "false"?, "0"?, "no"?: return false
        default: return nil
        }
    }

    /// The properties read for a view's text, most visible first.
    static let textProperties = ["text", "label", "content-desc", "value", "placeholderValue", "placeholder", "hintText",
                                 "accessibilityText", "name", PropertyName.accessibilityLabel]

    static let visibleTextProperties = textProperties.filter { $0 != "name" }

    /// The view's text as the user sees it (its label, text or value; else its name), nil when it has none.
    public static func text(_ tree: ViewTree, _ node: NodeID) -> String? { text(tree, node, properties: textProperties) }

    static func text(_ tree: ViewTree, _ node: NodeID, properties: [String]) -> String? {
        for name in properties {
            if let s = tree.string(name, of: node)?.trimmingWhitespace, !s.isEmpty { return s }
        }
        return nil
    }

    /// The role a class name says, without the platform's prefixes: `XCUIElementTypeButton` →
    /// `Button`, `android.widget.EditText` → `EditText`, `UIAButton` → `Button`; UIKit's own
    /// names (`UIButton`) are kept.
    public static func role(_ className: String) -> String {
        var s = Substring(className)
        if s.hasPrefix("XCUIElementType") { s = s.dropFirst("XCUIElementType".count) }
        if let dot = s.lastIndex(of: "."), s.index(after: dot) < s.endIndex { s = s[s.index(after: dot)...] }
        if s.hasPrefix("UIA"), s.count > 3, let next = s.dropFirst(3).first, next.isUppercase { s = s.dropFirst(3) }
        return s.isEmpty ? className : String(s)
    }

    /// The view's bounds as `[x, y, width, height]` (whole numbers where they are), from its
    /// accessibility frame or frame.
    static func bounds(_ tree: ViewTree, _ node: NodeID) -> JSONValue {
        for name in [PropertyName.accessibilityFrame, PropertyName.frame] {
            guard case .frames(let frames)? = tree.columns[name], Int(node) < frames.count, !frames[Int(node)].x.isNaN else { continue }
            let r = frames[Int(node)]
            return .array([r.x, r.y, r.width, r.height].map(number))
        }
        return .null
    }

    /// A whole number as an integer, else one decimal.
    static func number(_ d: Double) -> JSONValue {
        if d == d.rounded() && abs(d) < 1e15 { return .int(Int64(d)) }
        return .double((d * 10).rounded() / 10)
    }
}

extension String {
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// At most `limit` characters, cut with `…`.
    func clipped(_ limit: Int) -> String { count > limit ? String(prefix(limit - 1)) + "…" : self }
}

extension MCPToolbox {
    /// `screen`'s default budget, in estimated tokens.
    public static let defaultScreenTokens = 2000
    /// Longest text shown for a view, in characters.
    static let screenTextCharacters = 60

    static let screenColumns: [JSONValue] = ["node", "role", "text", "bounds", "selector"]
    static let fullColumns: [JSONValue] = ["node", "depth", "role", "text", "bounds", "selector"]

    /// `screen`: the recording's actionable views, then its text views, each as one row with a
    /// selector proven unique (run on the recording and found to select that view alone), as many
    /// as fit the token budget (tokens estimated as UTF-8 bytes / 4, rounded up); `cursor` pages
    /// on. With `full`, every view in preorder with its depth.
    func screen(_ arguments: JSONValue?, deadline: ContinuousClock.Instant?) throws(ToolFault) -> JSONValue {
        let args = try ToolArguments(tool: "screen", arguments, allowed: Self.recordingArguments + ["engine", "budget", "full", "cursor"])
        let requested = try self.engine(args)
        let budget = try args.int("budget", in: 200...limits.maxScreenTokens) ?? Self.defaultScreenTokens
        let full = try args.bool("full") ?? false
        let cursor = try args.int("cursor", in: 0...Int(Int32.max)) ?? 0
        let recording = try self.recording(args)
        let tree = recording.tree
        let source = tree.recordingSource
        let engines = requested.map { [$0] } ?? preferredEngines(for: source)
        guard let primary = engines.first else {
            throw ToolFault(.tool, "screen: no engine reads recordings from \(source.description)")
        }
        let stop = QueryDeadline(deadline)
        let order: [NodeID]
        var actionableCount = 0, textCount = 0
        do throws(SelectorError) {
            if full {
                order = (0..<tree.count).map { NodeID($0) }
            } else {
                let actionable = ScreenViews.actionable(tree)
                let text = try ScreenViews.textBearing(tree, deadline: stop)
                actionableCount = actionable.count; textCount = text.count
                order = actionable + text
            }
        } catch {
            throw .selector(error, limits: limits)
        }
        // The header, the brackets and the counts' digits: what the rows' share leaves room for.
        let budgetBytes = budget * 4 - 700
        var used = 0
        var rows: [(NodeID, JSONValue)] = []
        var next: Int? = nil
        var stopped: String? = nil
        var k = min(cursor, order.count)
        while k < order.count {
            let node = order[k]
            let row: JSONValue
            do throws(SelectorError) {
                row = try screenRow(node, tree: tree, engines: engines, primary: primary, onlyRequested: requested != nil,
                                    full: full, deadline: deadline)
            } catch {
                if error.kind == .deadline || error.kind == .cancelled {
                    stopped = "\(error.kind == .deadline ? "the call's time budget of \(limits.callSecondsText) s ran out" : "cancelled"); "
                        + "call again with \"cursor\": \(k) for the rest"
                    next = k
                    break
                }
                throw .selector(error, limits: limits)
            }
            let bytes = row.jsonString.utf8.count + 1
            if used + bytes > budgetBytes && !rows.isEmpty { next = k; break }
            rows.append((node, row))
            used += bytes
            k += 1
        }
        rows.sort { $0.0 < $1.0 }
        var pairs: [(String, JSONValue)] = [
            ("recording", .string(recording.name)),
            ("recordedBy", .string(source.rawValue)),
            ("platform", .string(source.description)),
            ("engine", .string(primary)),
            ("views", .int(Int64(tree.count))),
        ]
        if !full {
            pairs.append(("actionable", .int(Int64(actionableCount))))
            pairs.append(("text", .int(Int64(textCount))))
        }
        pairs.append(("listed", .int(Int64(rows.count))))
        pairs.append(("columns", .array(full ? Self.fullColumns : Self.screenColumns)))
        pairs.append(("rows", .array(rows.map(\.1))))
        if let next { pairs.append(("next", .int(Int64(next)))) }
        if let stopped { pairs.append(("stopped", .string(stopped))) }
        pairs.append(("budget", .int(Int64(budget))))
        let bytes = JSONValue.object(pairs).jsonString.utf8.count + 16
        pairs.append(("tokens", .int(Int64((bytes + 3) / 4))))
        return .object(pairs)
    }

    /// The registry's name for `node` (`EngineRegistry.name`: the first of `engines` whose
    /// suggestion, checked by running it, selects it alone by what it is, else by position,
    /// `fragile`); else, with `allowShared`, the first suggestion that selects it among others;
    /// nil when none does.
    func provenSelector(for node: NodeID, in tree: ViewTree, engines: [String], deadline: ContinuousClock.Instant?,
                        allowShared: Bool = false) throws(SelectorError) -> SelectorSuggestion? {
        if let named = try registry.name(node, in: tree, engines: engines, deadline: deadline) { return named }
        guard allowShared else { return nil }
        for name in engines {
            if let s = try registry.suggestion(engine: name, for: node, in: tree, deadline: deadline), !s.unique { return s }
        }
        return nil
    }

    /// One row: `[node, role, text, bounds, selector]` (with `depth` after `node` in full mode),
    /// and a last object only where the selector needs a word: another engine than the screen's
    /// (`engine`), a position that a new view before it would shift (`fragile`), or no unique
    /// selector in the requested engine (`count`: how many views the best one selects).
    func screenRow(_ node: NodeID, tree: ViewTree, engines: [String], primary: String, onlyRequested: Bool, full: Bool,
                   deadline: ContinuousClock.Instant?) throws(SelectorError) -> JSONValue {
        // Full pages try the screen's engine and XPath only: every view, most of them containers,
        // through every engine would cost seconds on a large screen.
        let tried = full ? [primary] + (primary != "xpath" && engines.contains("xpath") ? ["xpath"] : []) : engines
        let chosen = try provenSelector(for: node, in: tree, engines: tried, deadline: deadline, allowShared: onlyRequested)
        var row: [JSONValue] = [.int(Int64(node))]
        if full { row.append(.int(Int64(tree.depths[Int(node)]))) }
        row.append(.string(ScreenViews.role(tree.className(of: node))))
        row.append(ScreenViews.text(tree, node).map { .string($0.clipped(Self.screenTextCharacters)) } ?? .null)
        row.append(ScreenViews.bounds(tree, node))
        row.append(chosen.map { .string($0.selector) } ?? .null)
        var note: [(String, JSONValue)] = []
        if let chosen {
            if chosen.engine != primary { note.append(("engine", .string(chosen.engine))) }
            if chosen.fragile { note.append(("fragile", true)) }
            if !chosen.unique { note.append(("count", .int(Int64(chosen.count)))) }
        }
        if !note.isEmpty { row.append(.object(note)) }
        return .array(row)
    }
}
