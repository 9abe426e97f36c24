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
    /// LIKE and CONTAINS: the compiled pattern (CONTAINS as `*literal*`), so both stay linear in
    /// a long subject where `String.contains` and a backtracking glob are O(subject × literal).
    let glob: GlobPattern?

    public init(_ operation: Operation, _ literal: String, folding: StringFolding) {
        self.operation = operation
        self.literal = literal
        self.folding = folding
        self.folded = folding.apply(literal)
        switch operation {
        case .like: self.glob = GlobPattern(GlobToken.compile(self.folded))
        case .contains: self.glob = GlobPattern([.any] + self.folded.map { .literal($0) } + [.any])
        default: self.glob = nil
        }
    }

    public func makeEvaluator() -> any StringEvaluator { FoldedStringEvaluator(self) }

    public var description: String { "\(operation.rawValue)\(folding.modifier) \(SelectorLiteral.quoted(literal))" }

    /// Whether `subject` (already folded) passes; LIKE and CONTAINS read `deadline` as they go.
    func holds(_ subject: String, deadline: QueryDeadline = .none) throws(SelectorError) -> Bool {
        if let glob { return try glob.matches(subject, deadline: deadline) }
        switch operation {
        case .equals: return subject == folded
        case .beginsWith: return subject.hasPrefix(folded)
        case .endsWith: return subject.hasSuffix(folded)
        case .contains, .like: return false  // `glob` answers both
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
    private var deadline = QueryDeadline.none

    init(_ matcher: FoldedStringMatcher) { self.matcher = matcher }

    func useDeadline(_ deadline: QueryDeadline) { self.deadline = deadline }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        evaluations += 1
        return try matcher.holds(matcher.folding.apply(String(decoding: subject, as: UTF8.self)), deadline: deadline)
    }
}
