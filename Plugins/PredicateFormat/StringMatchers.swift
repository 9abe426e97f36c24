public import SelectorCore

/// A string comparison the core's built-in string tests cannot make: diacritic-insensitive
/// equality and affixes, `LIKE` wildcards, and the orderings `< <= > >=`.
///
/// The core calls it once per distinct value of a column (never per view), so decoding and folding
/// each value into a Swift `String` costs little next to the tree walk.
public struct FoldedStringMatcher: StringMatcher, Equatable {
    /// What the folded subject must be relative to the folded literal.
    public enum Operation: String, Sendable, Equatable {
        case equals = "=="
        case beginsWith = "BEGINSWITH"
        case endsWith = "ENDSWITH"
        case contains = "CONTAINS"
        case like = "LIKE"
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
    }

    /// The comparison made.
    public let operation: Operation
    /// The literal as written (for the description).
    public let literal: String
    /// How both sides are read first (`[c]`, `[d]`).
    public let folding: StringFolding
    /// The literal after folding (LIKE: the pattern, folded, its wildcards still in place).
    let folded: String
    /// LIKE only: the compiled pattern.
    let glob: [GlobToken]

    public init(_ operation: Operation, _ literal: String, folding: StringFolding) {
        self.operation = operation
        self.literal = literal
        self.folding = folding
        self.folded = folding.apply(literal)
        self.glob = operation == .like ? GlobToken.compile(self.folded) : []
    }

    public func makeEvaluator() -> any StringEvaluator { FoldedStringEvaluator(self) }

    public var description: String { "\(operation.rawValue)\(folding.modifier) \(SelectorLiteral.quoted(literal))" }

    /// Whether `subject` (already folded) passes.
    func holds(_ subject: String) -> Bool {
        switch operation {
        case .equals: return subject == folded
        case .beginsWith: return subject.hasPrefix(folded)
        case .endsWith: return subject.hasSuffix(folded)
        case .contains: return folded.isEmpty || subject.contains(folded)
        case .like: return GlobToken.matches(glob, Array(subject))
        case .less: return subject < folded
        case .lessOrEqual: return subject <= folded
        case .greater: return subject > folded
        case .greaterOrEqual: return subject >= folded
        }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.operation == b.operation && a.literal == b.literal && a.folding == b.folding
    }
}

/// One thread's evaluation of a `FoldedStringMatcher`.
final class FoldedStringEvaluator: StringEvaluator {
    private let matcher: FoldedStringMatcher
    private(set) var evaluations = 0

    init(_ matcher: FoldedStringMatcher) { self.matcher = matcher }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        evaluations += 1
        return matcher.holds(matcher.folding.apply(String(decoding: subject, as: UTF8.self)))
    }
}

/// A piece of a `LIKE` pattern: `*` any run of characters, `?` one character, else a literal.
enum GlobToken: Equatable, Sendable {
    case any
    case one
    case literal(Character)

    /// `\*`, `\?` and `\\` stand for the character itself.
    static func compile(_ pattern: String) -> [GlobToken] {
        var out: [GlobToken] = []
        var escaped = false
        for ch in pattern {
            if escaped { out.append(.literal(ch)); escaped = false; continue }
            switch ch {
            case "\\": escaped = true
            case "*": if out.last != .any { out.append(.any) }
            case "?": out.append(.one)
            default: out.append(.literal(ch))
            }
        }
        if escaped { out.append(.literal("\\")) }
        return out
    }

    /// Iterative matching that backtracks only to the last `*`: O(pattern × subject) at worst,
    /// never exponential, so LIKE needs no match limit.
    static func matches(_ pattern: [GlobToken], _ subject: [Character]) -> Bool {
        var p = 0, s = 0
        var star = -1, starSubject = 0
        while s < subject.count {
            if p < pattern.count {
                switch pattern[p] {
                case .any:
                    star = p; starSubject = s; p += 1
                    continue
                case .one:
                    p += 1; s += 1
                    continue
                case .literal(let c) where c == subject[s]:
                    p += 1; s += 1
                    continue
                default:
                    break
                }
            }
            guard star >= 0 else { return false }
            starSubject += 1
            s = starSubject
            p = star + 1
        }
        while p < pattern.count, pattern[p] == .any { p += 1 }
        return p == pattern.count
    }
}
