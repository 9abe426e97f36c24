/// Stage 2: what a path says, before it is compiled.
struct ParsedPath: Equatable {
    /// The query part, in order.
    var steps: [QueryStep]
    /// The trailing `should ...`, when there is one.
    var expectation: ParsedExpectation?
}

/// One word of the query part.
enum QueryStep: Equatable {
    /// `descendant`/`find`, `child`, `parent`.
    case traverse(Traversal)
    /// A shorthand or `view:'Class'`: filters a traversal's views, else searches descendants.
    case classStep(String)
    /// `marked:` or `with prop:value`: a filter UISpec applies to whatever the selection holds.
    case match(PropertyMatch)
    /// A bare `prop:value` at `offset`: UISpec forwards the message to the query, which first
    /// checks that a view exists (UIQuery.m `methodSignatureForSelector:`), then filters.
    case checkedMatch(PropertyMatch, offset: Int)
    /// `index:N` (`first` is 0); out of range gives nothing.
    case index(Int)
    /// `last`.
    case last
    /// `all`: the expectation applies to every view; otherwise no effect on the set.
    case all
    /// `wait:N`: accepted, no effect on a static tree.
    case pause
    /// `timeout:N`, N as `-[NSString intValue]` reads it: 0 or less leaves UISpec's next class
    /// step or filter no time to look, so it selects nothing; any other value has no effect.
    case timeout(Int)
}

/// `should [not] exist | be NAME | have prop:value ...`, with where it starts.
struct ParsedExpectation: Equatable {
    enum Condition: Equatable {
        case exist
        case be(String)
        case have([PropertyMatch])
    }

    var negated: Bool
    var condition: Condition
    /// Offset of `should`.
    var offset: Int
}

/// A property test: a string value means *contains* (case-sensitive), an integer means equality
/// (booleans compare as 0/1), `YES`/`NO` boolean equality.
struct PropertyMatch: Equatable {
    enum Value: Equatable {
        case string(String)
        case integer(Int)
        case boolean(Bool)
    }

    var property: String
    var value: Value
}
