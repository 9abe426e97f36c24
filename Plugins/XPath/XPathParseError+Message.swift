// Every word the `xpath` engine says about a malformed expression, in one place (PCRE2's own
// complaints about a pattern pass through as PCRE2 words them).

extension XPathParseErrorKind {
    /// The problem in words, without its position (`SelectorError` adds the column).
    var message: String {
        switch self {
        case .emptyExpression:
            return "empty expression"
        case .unexpected(let found):
            return "unexpected \(found.written)"
        case .bangWithoutEquals:
            return "'!' must be followed by '='"
        case .unexpectedColon:
            return "unexpected ':'"
        case .unterminatedLiteral:
            return "unterminated string literal"
        case .unexpectedCharacter(let c):
            return "unexpected character '\(c)'"
        case .namespacePrefix:
            return "namespace prefixes are not supported"
        case .expected(let token, let found):
            return "expected \(token), found \(found.written)"
        case .nestingTooDeep(let limit):
            return "expression nests deeper than \(limit) levels"
        case .unionOfNonNodeSet(let type):
            return "'|' joins node-sets, not a \(type.word)"
        case .predicateOnNonNodeSet(let type):
            return "a predicate filters a node-set, not a \(type.word)"
        case .slashAfterNonNodeSet(let type):
            return "'/' follows a node-set, not a \(type.word)"
        case .expectedStepAtEnd:
            return "expected a location step, found end of expression"
        case .unknownAxis(let name):
            return "unknown axis '\(name)'"
        case .notANodeTest(let name):
            return "'\(name)()' is not a node test"
        case .expectedNodeTest(let found):
            return "expected a node test, found \(found.written)"
        case .emptyPredicate:
            return "empty predicate"
        case .variable(let name):
            return "variables are not supported ('$\(name)')"
        case .unknownFunction(let name):
            return "unknown function '\(name)()'"
        case .arity(let name, let r, let given):
            let wanted = r.lowerBound == r.upperBound ? "\(r.lowerBound)" : r.upperBound == Int.max ? "at least \(r.lowerBound)"
                : r.upperBound - r.lowerBound > 1 ? "\(r.lowerBound) to \(r.upperBound)" : "\(r.lowerBound) or \(r.upperBound)"
            return "\(name)() takes \(wanted) argument\(wanted == "1" ? "" : "s"), not \(given)"
        case .needsNodeSet(let name, let type):
            return "\(name)() takes a node-set, not a \(type.word)"
        case .unknownRegexFlag(let name, let flag, let allowsQ):
            return "\(name)(): unknown regex flag '\(flag)' (XPath 2 defines s, m, i, x\(allowsQ ? " and q" : ""))"
        case .badReplacement(let message):
            return "replace(): \(message)"
        case .invalidRegex(let pcre2Message):
            return "invalid regular expression: \(pcre2Message)"
        case .patternMatchesEmpty(let name):
            return "\(name)(): the pattern matches the empty string"
        case .notNodeSet(let type):
            return "the expression is a \(type.word), not a node-set: a selector must select views"
        case .selectsAttributes:
            return "the path selects attributes, not views"
        }
    }
}

extension XPathParseErrorKind.Found {
    /// The token as "found …" and "unexpected …" name it.
    var written: String {
        switch self {
        case .end: return "end of expression"
        case .literal(let s): return "string \(XPathLiteral.quoted(s))"
        case .number(let d): return "number \(XPathNumber.string(d))"
        case .name(let n): return "'\(n)'"
        case .variable(let n): return "'$\(n)'"
        case .symbol(let s): return "'\(s)'"
        }
    }
}

extension XType {
    /// The type as messages name it.
    var word: String {
        switch self {
        case .nodeSet: return "node-set"
        case .number: return "number"
        case .string: return "string"
        case .boolean: return "boolean"
        case .strings: return "string sequence"
        }
    }
}
