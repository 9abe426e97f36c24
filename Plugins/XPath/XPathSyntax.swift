import SelectorCore

// The XPath 1.0 expression tree the parser builds and both the compiler and the evaluator read.
//
// Operator chains (`a or b or c`, `1 + 2 - 3`, `A | B | C`) are stored flat, not as nested binary
// nodes, so that a 64 KiB chain of one operator cannot make the evaluator recurse 20,000 deep; only
// parentheses, predicates and function arguments nest, and the parser caps those.

/// An XPath axis (XPath 1.0, section 2.2).
enum XAxis: String, Sendable, CaseIterable {
    case child, descendant, parent, ancestor
    case followingSibling = "following-sibling", precedingSibling = "preceding-sibling"
    case following, preceding, attribute, namespace, `self`
    case descendantOrSelf = "descendant-or-self", ancestorOrSelf = "ancestor-or-self"

    /// The core's axis with the same nodes in the same order from a view (the root node aside:
    /// XPath's parent and ancestor axes end at it, the core's at the top-level view); nil for the
    /// self, attribute and namespace axes.
    var core: Axis? {
        switch self {
        case .child: return .children
        case .descendant: return .descendants
        case .descendantOrSelf: return .descendantsOrSelf
        case .parent: return .parent
        case .ancestor: return .ancestors
        case .ancestorOrSelf: return .ancestorsOrSelf
        case .followingSibling: return .followingSiblings
        case .precedingSibling: return .precedingSiblings
        case .following: return .following
        case .preceding: return .preceding
        case .self, .attribute, .namespace: return nil
        }
    }

    /// Reverse axes number their nodes nearest first (proximity positions count backwards).
    var isReverse: Bool {
        switch self {
        case .parent, .ancestor, .ancestorOrSelf, .precedingSibling, .preceding: return true
        default: return false
        }
    }
}

/// A node test: a name, `*`, or a node type.
enum XNodeTest: Sendable, Equatable {
    case name(String)
    case any
    case node
    case text
    case comment
    case processingInstruction(String?)
}

/// One location step with its predicates.
struct XStep: Sendable {
    var axis: XAxis
    var test: XNodeTest
    var predicates: [XPredicate]

    /// `//` between steps: `descendant-or-self::node()`.
    static let descendantOrSelfNode = XStep(axis: .descendantOrSelf, test: .node, predicates: [])

    var isDescendantOrSelfNode: Bool { axis == .descendantOrSelf && test == .node && predicates.isEmpty }
}

/// A predicate with what the compiler learnt about it, so evaluation skips the interpreter where it can.
struct XPredicate: Sendable {
    var expr: XExpr
    /// Reads the proximity position or context size (a number, or `position()`/`last()` at its top).
    var positional: Bool
    /// A whole-number literal `[n]`: the n-th node, nothing evaluated per node.
    var constantIndex: Int?
    /// `[last()]`.
    var isLast: Bool
    /// The same test as a core predicate, when it has one (resolved once per query, then a mask lookup).
    var core: Predicate?
    /// Numbers the core predicates and attribute equalities of one expression, so an evaluation
    /// resolves each once.
    var coreKey: Int?
    /// `@a = 'v'` or `@a != 'v'` with a literal the core cannot test exactly (`'0'`, `'true'`):
    /// resolved per tree against the column's type, then compared without text per node.
    var attributeEquality: (name: String, value: String, equal: Bool)?
    /// `[B[…]]` or `[.//B[…]]` with core-only tests: whether a view has such a child (or
    /// descendant), answered for many views at once by one core scan for the `B`s and a walk up.
    var existence: (descendants: Bool, target: Predicate)?
}

/// Comparison operators.
enum XCompare: String, Sendable {
    case eq = "=", ne = "!=", lt = "<", le = "<=", gt = ">", ge = ">="
}

/// Arithmetic operators.
enum XArith: String, Sendable {
    case add = "+", sub = "-", mul = "*", div = "div", mod = "mod"
}

/// The value kinds of XPath 1.0, and XPath 2's sequence of strings (what `tokenize()` returns).
enum XType: Sendable {
    case nodeSet, number, string, boolean, strings
}

/// An expression.
///
/// Only the cases that hold an `XExpr` directly are `indirect` (arrays already box the rest): a
/// whole-enum `indirect` keeps the case tag in the box pointer's spare bits, which LeakSanitizer
/// cannot follow, so every cached program read as leaked (as `Predicate` notes in the core).
enum XExpr: Sendable {
    case literal(String)
    case number(Double)
    /// A location path; `absolute` starts at the root node.
    case path(absolute: Bool, steps: [XStep])
    /// A primary expression, its predicates, then a relative path from its nodes.
    indirect case filter(XExpr, [XPredicate], steps: [XStep])
    case union([XExpr])
    case or([XExpr])
    case and([XExpr])
    indirect case compare(XExpr, [(XCompare, XExpr)])
    indirect case arith(XExpr, [(XArith, XExpr)])
    indirect case negate(XExpr)
    case call(XFunction, [XExpr])
    /// `matches(subject, 'literal pattern'[, 'literal flags'])`, the pattern compiled once.
    indirect case matches(XExpr, XPathRegex)
    /// The literal pattern argument of `replace()` or `tokenize()`, compiled once with the call's
    /// literal flags; its value is the pattern's text.
    case pattern(XPathPattern)
    /// A subexpression whose value does not depend on the context (an absolute path inside a
    /// predicate): the evaluator computes it once per evaluation, by its number.
    indirect case invariant(Int, XExpr)

    /// The static type: what a value of this expression always is.
    var type: XType {
        switch self {
        case .literal, .pattern: return .string
        case .number, .arith, .negate: return .number
        case .path, .filter, .union: return .nodeSet
        case .or, .and, .compare, .matches: return .boolean
        case .call(let f, _): return f.type
        case .invariant(_, let e): return e.type
        }
    }

    /// Whether evaluating it at the top of a predicate reads the context position or size.
    var readsPosition: Bool {
        switch self {
        case .literal, .number, .path, .invariant, .pattern: return false
        case .filter(let e, _, _): return e.readsPosition
        case .union(let es), .or(let es), .and(let es): return es.contains { $0.readsPosition }
        case .compare(let e, let rest): return e.readsPosition || rest.contains { $0.1.readsPosition }
        case .arith(let e, let rest): return e.readsPosition || rest.contains { $0.1.readsPosition }
        case .negate(let e), .matches(let e, _): return e.readsPosition
        case .call(let f, let args):
            if f == .position || f == .last { return true }
            return args.contains { $0.readsPosition }
        }
    }
}

/// The functions: XPath 1.0's core library plus the XPath 2 functions WebDriverAgent registers
/// (`FBXPathExtensions.m`): `matches`, `ends-with`, `lower-case`, `upper-case`, `replace`,
/// `tokenize`, `string-join`.
enum XFunction: String, Sendable, CaseIterable {
    case last, position, count, id
    case localName = "local-name", namespaceURI = "namespace-uri", name
    case string, concat
    case startsWith = "starts-with", contains
    case substringBefore = "substring-before", substringAfter = "substring-after", substring
    case stringLength = "string-length", normalizeSpace = "normalize-space", translate
    case boolean, not, `true`, `false`, lang
    case number, sum, floor, ceiling, round
    case matches
    case endsWith = "ends-with", lowerCase = "lower-case", upperCase = "upper-case", replace, tokenize
    case stringJoin = "string-join"

    var type: XType {
        switch self {
        case .last, .position, .count, .stringLength, .number, .sum, .floor, .ceiling, .round: return .number
        case .id: return .nodeSet
        case .localName, .namespaceURI, .name, .string, .concat, .substringBefore, .substringAfter, .substring,
             .normalizeSpace, .translate, .lowerCase, .upperCase, .replace, .stringJoin: return .string
        case .startsWith, .contains, .boolean, .not, .true, .false, .lang, .matches, .endsWith: return .boolean
        case .tokenize: return .strings
        }
    }

    /// The argument holding the regular expression, for the functions that take one.
    var patternArgument: Int? {
        switch self {
        case .matches, .replace, .tokenize: return 1
        default: return nil
        }
    }

    /// The argument holding the regex flags, when given.
    var flagsArgument: Int? {
        switch self {
        case .matches, .tokenize: return 2
        case .replace: return 3
        default: return nil
        }
    }

    /// Allowed argument counts.
    var arity: ClosedRange<Int> {
        switch self {
        case .last, .position, .true, .false: return 0...0
        case .count, .id, .boolean, .not, .sum, .floor, .ceiling, .round, .lang, .lowerCase, .upperCase: return 1...1
        case .localName, .namespaceURI, .name, .string, .stringLength, .normalizeSpace, .number: return 0...1
        case .concat: return 2...Int.max
        case .startsWith, .contains, .substringBefore, .substringAfter, .endsWith, .stringJoin: return 2...2
        case .matches, .substring: return 2...3
        case .translate: return 3...3
        case .replace: return 3...4
        // XPath 3.0's one-argument form splits at whitespace, as WebDriverAgent's does.
        case .tokenize: return 1...3
        }
    }
}

// MARK: - Printing (program descriptions and suggestions read it back)

extension XExpr {
    /// The expression as XPath text (fully parenthesised where precedence would be unclear).
    var text: String {
        switch self {
        case .literal(let s): return XPathLiteral.quoted(s)
        case .number(let d): return XPathNumber.string(d)
        case let .path(absolute, steps): return XStep.text(steps, absolute: absolute)
        case let .filter(e, preds, steps):
            var out = "(" + e.text + ")" + preds.map { "[" + $0.expr.text + "]" }.joined()
            if !steps.isEmpty { out += "/" + XStep.text(steps, absolute: false) }
            return out
        case .union(let es): return es.map(\.text).joined(separator: " | ")
        case .or(let es): return "(" + es.map(\.text).joined(separator: " or ") + ")"
        case .and(let es): return "(" + es.map(\.text).joined(separator: " and ") + ")"
        case let .compare(e, rest): return "(" + e.text + rest.map { " \($0.0.rawValue) " + $0.1.text }.joined() + ")"
        case let .arith(e, rest): return "(" + e.text + rest.map { " \($0.0.rawValue) " + $0.1.text }.joined() + ")"
        case .negate(let e): return "-" + e.text
        case let .call(f, args): return f.rawValue + "(" + args.map(\.text).joined(separator: ", ") + ")"
        case let .invariant(_, e): return e.text
        case let .matches(e, r):
            return "matches(" + e.text + ", " + XPathLiteral.quoted(r.pattern) + (r.flags.isEmpty ? "" : ", " + XPathLiteral.quoted(r.flags)) + ")"
        case .pattern(let p): return XPathLiteral.quoted(p.pattern)
        }
    }
}

extension XStep {
    var text: String {
        let test: String
        switch self.test {
        case .name(let n): test = n
        case .any: test = "*"
        case .node: test = "node()"
        case .text: test = "text()"
        case .comment: test = "comment()"
        case .processingInstruction(let t): test = "processing-instruction(" + (t.map(XPathLiteral.quoted) ?? "") + ")"
        }
        return axis.rawValue + "::" + test + predicates.map { "[" + $0.expr.text + "]" }.joined()
    }

    static func text(_ steps: [XStep], absolute: Bool) -> String {
        let body = steps.map(\.text).joined(separator: "/")
        return absolute ? "/" + body : body
    }
}

/// XPath string literals: no escapes, so a value holding both quote kinds needs `concat()`.
enum XPathLiteral {
    /// `'v'`, else `"v"`, else `concat('…', "'", '…')`.
    static func quoted(_ s: String) -> String {
        if !s.contains("'") { return "'" + s + "'" }
        if !s.contains("\"") { return "\"" + s + "\"" }
        let parts = s.split(separator: "'", omittingEmptySubsequences: false)
        var args: [String] = []
        for (i, p) in parts.enumerated() {
            if i > 0 { args.append("\"'\"") }
            if !p.isEmpty { args.append("'" + p + "'") }
        }
        if args.count == 1 { args.append("''") }
        return "concat(" + args.joined(separator: ", ") + ")"
    }
}
