/// How a numeric property compares with a value.
public enum Comparison: String, Sendable, Equatable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="

    /// Whether `a` compares so with `b` (`a < b` for `.less`); NaN compares as IEEE says.
    @inlinable @inline(__always) public func holds(_ a: Double, _ b: Double) -> Bool {
        switch self {
        case .equal: return a == b
        case .notEqual: return a != b
        case .less: return a < b
        case .lessOrEqual: return a <= b
        case .greater: return a > b
        case .greaterOrEqual: return a >= b
        }
    }
}

/// A test on one string value.
public struct StringTest: Sendable, Equatable {
    /// What relation the subject must have to `value`.
    public enum Operation: Sendable, Equatable {
        case equals, contains, hasPrefix, hasSuffix
        /// An engine-supplied matcher (a regular expression, say); `value` is ignored.
        case matcher(any StringMatcher)

        public static func == (a: Operation, b: Operation) -> Bool {
            switch (a, b) {
            case (.equals, .equals), (.contains, .contains), (.hasPrefix, .hasPrefix), (.hasSuffix, .hasSuffix): return true
            case let (.matcher(x), .matcher(y)): return type(of: x) == type(of: y) && x.description == y.description
            default: return false
            }
        }
    }

    /// Options that change how the subject is read.
    public struct Options: OptionSet, Sendable, Equatable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Compare case-insensitively (Unicode lowercase).
        public static let caseInsensitive = Options(rawValue: 1)
        /// Read U+00A0 (no-break space) in the subject as a plain space, as Shelley's `marked:` does.
        public static let noBreakSpaceAsSpace = Options(rawValue: 2)
        /// Read a recorded JSON boolean as the text `true` or `false` too, as XPath reads an
        /// attribute (`@visible='true'`); a number is never such a text, so numbers still fail.
        public static let booleanAsText = Options(rawValue: 4)
    }

    public var operation: Operation
    public var value: String
    public var options: Options

    public init(_ operation: Operation, _ value: String, options: Options = []) {
        self.operation = operation; self.value = value; self.options = options
    }

    public static func equals(_ v: String) -> StringTest { StringTest(.equals, v) }
    public static func contains(_ v: String) -> StringTest { StringTest(.contains, v) }
    public static func hasPrefix(_ v: String) -> StringTest { StringTest(.hasPrefix, v) }
    public static func hasSuffix(_ v: String) -> StringTest { StringTest(.hasSuffix, v) }
    public static func matcher(_ m: any StringMatcher) -> StringTest { StringTest(.matcher(m), "") }
}

/// An engine-supplied string test, such as a compiled regular expression.
///
/// The matcher calls it once per *distinct* value of a column, never per node. It may be used from
/// several threads at once: each thread asks for its own evaluator, so per-thread scratch space
/// (PCRE2 match data, for one) lives in the evaluator, not in the shared matcher.
public protocol StringMatcher: Sendable, CustomStringConvertible {
    /// Fresh per-thread state.
    func makeEvaluator() -> any StringEvaluator
}

/// Per-thread state of a `StringMatcher`; never shared between threads.
public protocol StringEvaluator: AnyObject {
    /// Whether the UTF-8 `subject` matches. Throws to abort the query (e.g. a regex match limit).
    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool
    /// How many subjects this evaluator has tested.
    var evaluations: Int { get }
    /// The running query's deadline, handed over before the first subject. The matcher reads the
    /// clock only between subjects, so an evaluator whose work inside one subject can be long (a
    /// regex on a megabyte label, a `LIKE` pattern) must read it while it works and throw
    /// `QueryBudget.deadlineError` once it has passed. The default ignores it.
    func useDeadline(_ deadline: QueryDeadline)
}

extension StringEvaluator {
    public func useDeadline(_ deadline: QueryDeadline) {}
}

/// The views around a node that `Predicate.hasRelative` tests.
public enum Relative: String, Sendable, CaseIterable {
    /// The node's parent.
    case parent
    /// The node's children.
    case child
    /// The node's descendants, the node excluded.
    case descendant
    /// The other children of the node's parent (the other roots for a root).
    case sibling
}

/// A condition on one node. Predicates never move through the tree: steps do that.
public enum Predicate: Sendable, Equatable {
    /// Always true.
    case any
    /// Always false.
    case none
    /// The node's class is `name` or a subclass (`isKindOfClass:`).
    case kindOf(String)
    /// The node's class is exactly `name` (`isMemberOfClass:`).
    case memberOf(String)
    /// A string property passes the test; nodes without a string value there fail.
    case string(property: String, StringTest)
    /// A boolean property has this value; numbers read as non-zero; nodes without it fail.
    case bool(property: String, Bool)
    /// A numeric property compares so (booleans read as 0/1); nodes without it fail.
    case number(property: String, Comparison, Double)
    /// The node has the property at all.
    case hasProperty(String)
    /// A predicate registered by name (see `PredicateRegistry`). Unregistered names with no
    /// arguments read the boolean property of that name; with arguments they match nothing
    /// (an Objective-C view that does not respond to the method).
    case custom(name: String, arguments: [JSONValue])
    /// A test of the node's place in the tree that an engine defines (FRY's on-screen and
    /// index-path tests), decided for every node at once (`StructuralTest`).
    case structural(StructuralCondition)
    /// A numeric property, read as an integer, has every bit of `mask` set (a trait bitmask).
    case bitsSet(property: String, mask: Int64)
    case and([Predicate])
    case or([Predicate])
    // Only this case needs a box (arrays already give `and`/`or` indirection). A whole-enum
    // `indirect` would box every case behind a pointer carrying the case tag in its spare bits,
    // which LeakSanitizer cannot follow: every cached program then reads as leaked.
    indirect case not(Predicate)
    /// Some ancestor of the node (the node itself excluded) passes the predicate: FRY's
    /// `parentViewOfClass`, XPath's `ancestor::` in a predicate. Decided for every node in one
    /// preorder pass, so it costs one scan whatever the depth.
    indirect case hasAncestor(Predicate)
    /// Some view in the relation to the node passes the predicate: its parent, one of its children,
    /// one of its descendants (the node excluded) or one of its siblings (another child of its
    /// parent; roots are siblings of each other, as on the `siblings` axis). Espresso's
    /// `withParent`/`withChild`/`hasDescendant`/`hasSibling`, Compose's `hasParent`/`hasAnyChild`/
    /// `hasAnyDescendant`/`hasAnySibling`. Decided for every node in one pass over the parents, as
    /// `hasAncestor` is, so it may stand anywhere in a predicate (under `or` and `not`).
    indirect case hasRelative(Relative, Predicate)

    /// Conjunction that folds nested `and`s and drops `any`.
    public static func all(_ parts: [Predicate]) -> Predicate {
        var flat: [Predicate] = []
        for p in parts {
            switch p {
            case .any: continue
            case .and(let inner): flat.append(contentsOf: inner)
            default: flat.append(p)
            }
        }
        if flat.contains(.none) { return .none }
        if flat.isEmpty { return .any }
        return flat.count == 1 ? flat[0] : .and(flat)
    }
}

/// A predicate a host or plug-in adds under a name: the Linux counterpart of adding an
/// Objective-C method that a selector can call.
public struct CustomPredicate: Sendable {
    /// The name selectors use (Shelley form, e.g. `hasBadge:`).
    public let name: String
    /// Number of arguments it takes, or nil for any.
    public let arity: Int?
    /// The test; runs once per candidate node, possibly on several threads at once.
    public let test: @Sendable (ViewTree, NodeID, [JSONValue]) -> Bool

    public init(name: String, arity: Int? = nil, test: @escaping @Sendable (ViewTree, NodeID, [JSONValue]) -> Bool) {
        self.name = name; self.arity = arity; self.test = test
    }
}
