public import SelectorCore

/// A path ending in UISpec's `should`: `tableView tableViewCell all should not be selected`.
///
/// The query part selects views through the core, exactly as `UIQueryEngine` would; the condition
/// then applies to the first view, or to every view when the query ends in `all`.
///
/// - `should exist`: at least one view (`should not exist`: none).
/// - `should be NAME`: the boolean property `NAME`, or `isNAME` when the view has no `NAME`, is true
///   (`Predicate.flag`, run by the core's matcher).
/// - `should have prop:value ...`: every match holds, with the filter rules (string *contains*,
///   integer equality, `YES`/`NO`).
///
/// ```swift
/// let check = try UIQueryExpectation("tableView should have numberOfSections:3")
/// let result = try check.evaluate(in: tree)
/// print(result)  // PASS, or FAIL: UITableView (uid t1) should have numberOfSections:3 but ...
/// ```
public struct UIQueryExpectation: Sendable, Equatable {
    /// What is checked of each view.
    public enum Condition: Sendable, Equatable {
        case exist
        /// A boolean property, read as `NAME` or else `isNAME`.
        case be(String)
        /// Property matches written as in the path (`text:'Hi'`); all must hold.
        case have([String])
    }

    /// The full path, expectation included.
    public let path: String
    /// The program selecting the views the expectation is about.
    public let program: SelectorProgram
    /// `should not`.
    public let negated: Bool
    /// Whether every view is checked (`all` before `should`) rather than the first.
    public let appliesToAll: Bool
    public let condition: Condition
    /// The class the query was narrowed to, as UISpec's messages name it (`UIApplication` if none).
    public let subject: String
    let matches: [PropertyMatch]

    /// Parses `path`, which must end in an expectation.
    public init(_ path: String) throws(SelectorError) {
        let parsed: ParsedPath
        do { parsed = try Parser.parse(path) } catch { throw error.selectorError(in: path) }
        guard let expectation = parsed.expectation else {
            throw ParseError(.noExpectation, at: path.utf8.count).selectorError(in: path)
        }
        self.path = path
        self.program = parsed.program
        self.negated = expectation.negated
        self.appliesToAll = parsed.expectsAll
        self.subject = parsed.subjectClassName
        switch expectation.condition {
        case .exist: condition = .exist; matches = []
        case .be(let name): condition = .be(name); matches = []
        case .have(let m): condition = .have(m.map(\.spelling)); matches = m
        }
    }

    /// What each view the condition applies to must satisfy, as a core predicate:
    /// `Predicate.flag(NAME)` for `be NAME` (`flag(NAME, false)` under `not`), the matches'
    /// conjunction for `have` (its negation under `not`); nil for `exist`, which counts views.
    public var predicate: Predicate? {
        switch condition {
        case .exist: return nil
        case .be(let name): return .flag(name, !negated)
        case .have:
            let all = Predicate.all(matches.map(\.predicate))
            return negated ? .not(all) : all
        }
    }

    /// `should`, `should not`.
    var verb: String { negated ? "should not" : "should" }
}

/// Checks a `uiquery` expectation path on a tree with a registry's matcher and predicates: what
/// `frankly expect` runs.
///
/// Throws a `.syntax` error for a malformed path and a `.usage` error for a path without
/// `should ...` or with an action.
public func runExpectation(_ path: String, in tree: ViewTree, registry: EngineRegistry) throws(SelectorError)
    -> ExpectationResult {
    let expectation = try UIQueryExpectation(path)
    return try expectation.evaluate(in: tree, matcher: registry.matcher, predicates: registry.predicates)
}
