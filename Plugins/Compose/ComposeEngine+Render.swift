public import SelectorCore

extension ComposeEngine {
    /// `onNode(hasText("Delete") and hasAnyAncestor(hasTestTag("list")))`: the last step's filter
    /// as the matcher, each earlier step inside it as `hasAnyAncestor(…)` (a descendant step) or
    /// `hasParent(…)` (a child step), both exact in Compose; a lone tag, text or content
    /// description as its `onNodeWith…` finder; a last pick as `onAllNodes(…)[k]` or `.onLast()`.
    public func render(_ path: SearchPath) -> Rendering? {
        var matcher: Expression?
        for (i, step) in path.steps.enumerated() {
            if step.position != nil { return .cannotSay("a position among siblings") }
            if step.pick != nil && i < path.steps.count - 1 { return .cannotSay("a pick before another step") }
            var parts: [Expression] = []
            for c in step.filter.conjuncts {
                switch Self.expression(c) {
                case .success(let e?): parts.append(e)
                case .success(nil): continue
                case .failure(let reason): return .cannotSay(reason.part)
                }
            }
            if let previous = matcher, i > 0 {
                let relation = step.link == .child ? "hasParent" : "hasAnyAncestor"
                parts.append(Expression(text: "\(relation)(\(previous.text))", compound: false))
            }
            guard !parts.isEmpty else { return .cannotSay("a step without a test Compose can say") }
            matcher = parts.count == 1 ? parts[0]
                : Expression(text: parts.map { $0.compound ? "(\($0.text))" : $0.text }.joined(separator: " and "), compound: true)
        }
        guard let matcher else { return .cannotSay("an empty path") }
        guard let pick = path.pick else { return .selector(Self.finder(matcher.text, all: false)) }
        switch pick {
        case 0...: return .selector(Self.finder(matcher.text, all: true) + "[\(pick)]")
        case -1: return .selector(Self.finder(matcher.text, all: true) + ".onLast()")
        default: return .cannotSay("a pick from the end other than the last: Compose indexes from the start")
        }
    }

    /// A rendered matcher, and whether it must be parenthesized inside `and`/`or`/`!`.
    struct Expression {
        var text: String
        var compound: Bool
    }

    /// `onNodeWithTag("x")` for a lone `hasTestTag("x")` (and the same for text and content
    /// description), else `onNode(m)`; `onAllNodes…` for a collection.
    static func finder(_ matcher: String, all: Bool) -> String {
        let prefix = all ? "onAllNodes" : "onNode"
        for (filter, finder) in [("hasTestTag(", "WithTag("), ("hasText(", "WithText("), ("hasContentDescription(", "WithContentDescription(")]
        where matcher.hasPrefix(filter) && matcher.hasSuffix(")") {
            // Only when the whole matcher is this one call: its closing parenthesis is the last.
            let inner = matcher.dropFirst(filter.count).dropLast()
            if closes(inner) { return prefix + finder + inner + ")" }
        }
        return "\(prefix)(\(matcher))"
    }

    /// Whether `inner` (the text between a call's parentheses) keeps its parentheses balanced
    /// outside string literals, so the call ends at the last character.
    static func closes(_ inner: Substring) -> Bool {
        var depth = 0, inString = false, escaped = false
        for ch in inner {
            if inString {
                if escaped { escaped = false } else if ch == "\\" { escaped = true } else if ch == "\"" { inString = false }
                continue
            }
            switch ch {
            case "\"": inString = true
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0 && !inString
    }

    /// One test as a Compose filter; nil for a test every view a finder sees passes.
    static func expression(_ p: Predicate) -> Result<Expression?, SearchPathError> {
        func atom(_ text: String) -> Result<Expression?, SearchPathError> { .success(Expression(text: text, compound: false)) }
        func no(_ part: String) -> Result<Expression?, SearchPathError> { .failure(SearchPathError(part)) }
        if let name = ComposeVocabulary.flags.first(where: { $0.value == p && $0.key != "isOn" && $0.key != "isOff" })?.key {
            return atom("\(name)()")
        }
        if p == ComposeVocabulary.on { return atom("isOn()") }
        if p == ComposeVocabulary.off { return atom("isOff()") }
        switch p {
        case .any, ComposeVocabulary.notDumpRoot: return .success(nil)
        case .hasProperty(let name) where ["text", "content-desc", "resource-id", "class"].contains(name):
            // A recording writes these on every view.
            return .success(nil)
        case .bool("checked", let value): return atom(value ? "isOn()" : "isOff()")
        // `flag("focused")` read against trees that record only one spelling.
        case .bool("focused", let value), .bool("isFocused", let value): return atom(value ? "isFocused()" : "!isFocused()")
        case let .string(property, test):
            guard test.options.subtracting(.caseInsensitive).isEmpty else { return no("a no-break-space comparison") }
            let ignoreCase = test.options.contains(.caseInsensitive)
            let filter: String
            switch property {
            case "resource-id", "accessibilityIdentifier":
                guard test.operation == .equals, !ignoreCase else { return no("a test tag that is not compared exactly: hasTestTag takes the whole tag") }
                guard let l = literal(test.value) else { return no("a tag Kotlin cannot quote") }
                return atom("hasTestTag(\(l))")
            case "text", PropertyName.accessibilityLabel: filter = "hasText"
            case "content-desc": filter = "hasContentDescription"
            default: return no("the property `\(property)`: no Compose filter reads it")
            }
            guard let l = literal(test.value) else { return no("a value Kotlin cannot quote") }
            var args = l
            switch test.operation {
            case .equals: break
            case .contains: args += ", substring = true"
            case .hasPrefix: return no("a prefix: \(filter) compares the whole value or a substring")
            case .hasSuffix: return no("a suffix: \(filter) compares the whole value or a substring")
            case .matcher: return no("a pattern: \(filter) compares the whole value or a substring")
            }
            if ignoreCase { args += ", ignoreCase = true" }
            return atom("\(filter)(\(args))")
        // Compose reports a node with a SetText action as an EditText (and no other node so).
        case .kindOf("android.widget.EditText"), .memberOf("android.widget.EditText"): return atom("hasSetTextAction()")
        case .kindOf(let c), .memberOf(let c):
            return no("the class \(c): Compose finders read semantics, not class names")
        case .hasAncestor(let inner):
            return relation("hasAnyAncestor", inner)
        case let .hasRelative(relative, inner):
            switch relative {
            case .parent: return relation("hasParent", inner)
            case .child: return relation("hasAnyChild", inner)
            case .descendant: return relation("hasAnyDescendant", inner)
            case .sibling: return relation("hasAnySibling", inner)
            }
        case .not(let inner):
            switch expression(inner) {
            case .success(let e?): return atom(e.compound ? "!(\(e.text))" : "!\(e.text)")
            case .success(nil): return no("a negation of a test every view passes")
            case .failure(let f): return .failure(f)
            }
        case .and(let parts), .or(let parts):
            let isAnd: Bool = if case .and = p { true } else { false }
            var texts: [String] = []
            for part in parts {
                switch expression(part) {
                case .success(let e?): texts.append(e.compound ? "(\(e.text))" : e.text)
                case .success(nil):
                    // An `or` with a test every view passes passes everywhere.
                    if !isAnd { return .success(nil) }
                case .failure(let f): return .failure(f)
                }
            }
            if texts.isEmpty { return .success(nil) }
            if texts.count == 1 { return atom(texts[0]) }
            return .success(Expression(text: texts.joined(separator: isAnd ? " and " : " or "), compound: true))
        default:
            return no("the test \(p)")
        }
    }

    /// `hasAnyAncestor(m)`, `hasParent(m)`, … around the inner test.
    static func relation(_ name: String, _ inner: Predicate) -> Result<Expression?, SearchPathError> {
        switch expression(inner) {
        case .success(let e?): return .success(Expression(text: "\(name)(\(e.text))", compound: false))
        case .success(nil): return .failure(SearchPathError("\(name) of any view"))
        case .failure(let f): return .failure(f)
        }
    }
}
