import SelectorCore

/// Stage 3: `ParsedPath` → `SelectorProgram`.
///
/// UIQuery keeps one bit of state besides its views: whether the last step was a traversal. A class
/// step then filters the traversal's views in place; otherwise it searches the descendants of the
/// current views. Every other step clears the bit (`all`, `timeout:` and `wait:` included, as their
/// UISpec results are built with `filter:NO`). Worked example:
///
///     label text:'Returns' parent tableViewCell
///
///     start .application
///     1  axis descendants  reverse   filter kindOf(UILabel) ∧ text ⊇ "Returns"
///     2  engine uispecExists(UILabel should exist before you can call text:)
///     3  axis ancestors    document  filter ¬kindOf(UIApplication) ∧ kindOf(UITableViewCell)
///
/// Nothing is ever de-duplicated.
///
/// A bare `prop:value` is checked first: UISpec raises "UILabel should exist before you can call
/// text:" when the selection is empty. The filter stays fused into the step before it (the fast
/// path), and a `UISpecExistenceCheck` after it looks back only when the result is empty.
///
/// A `timeout:` of 0 or less makes the next class step or filter select nothing: UISpec's
/// polling loop (`while ([start timeIntervalSinceNow] > (0 - timeout))`) then never runs.
extension ParsedPath {
    var program: SelectorProgram {
        var builder = ProgramBuilder(start: .application)
        var afterTraversal = false
        var noTime = false
        var subject = "UIApplication"
        var lastCheck: UISpecExistenceCheck.Link?
        var sinceCheck = ProgramBuilder(start: .application)
        for step in steps {
            let starved = noTime
            noTime = false
            var part = ProgramBuilder(start: .application)
            switch step {
            case .traverse(let traversal):
                traversal.append(to: &builder)
                traversal.append(to: &sinceCheck)
                afterTraversal = true
                continue
            case .classStep(let className):
                subject = className
                let test: Predicate = starved ? .none : .kindOf(className)
                if afterTraversal { part.filter(test) } else { part.descendants(test, order: .reverse, unique: false) }
            case .match(let match):
                part.filter(starved ? .none : match.predicate)
            case .checkedMatch(let match, let offset):
                let filter = starved ? Predicate.none : match.predicate
                let link = UISpecExistenceCheck.Link(before: sinceCheck.build().steps, filter: filter, previous: lastCheck)
                builder.filter(filter)
                builder.engine(UISpecExistenceCheck(link: link, offset: offset,
                                                    message: "\(subject) should exist before you can call \(match.property):"))
                lastCheck = link
                sinceCheck = ProgramBuilder(start: .application)
                afterTraversal = false
                continue
            case .index(let n):
                // UISpec compares the int index with an unsigned count: a negative one is out of range.
                if n >= 0 { part.pick(n) } else { part.filter(.none) }
            case .last:
                part.pick(-1)
            case .timeout(let seconds):
                noTime = seconds <= 0
            case .all, .pause:
                break
            }
            for s in part.build().steps { builder.append(s); sinceCheck.append(s) }
            afterTraversal = false
        }
        return builder.build()
    }

    /// The class the query was last narrowed to, as UISpec names it in messages.
    var subjectClassName: String {
        for step in steps.reversed() { if case .classStep(let c) = step { return c } }
        return "UIApplication"
    }

    /// Whether the expectation applies to every view: `all` must be the last step, since every
    /// other UISpec step returns a plain query again.
    var expectsAll: Bool { steps.last == .all }
}

/// UISpec's existence check before a bare `prop:value` (UIQuery.m `methodSignatureForSelector:`):
/// the filter has run (fused into the step before it) and this step passes its result on; only
/// when that is empty does it look back, re-running the steps up to the filter from the query's
/// roots, and throws when they selected nothing either.
struct UISpecExistenceCheck: EmptyInputEngineStep {
    /// The steps between the previous check and this one's filter, the previous check's link and
    /// its filter: a chain, so a path of k filters holds each step once, not k prefixes of it.
    final class Link: Sendable {
        let before: [Step]
        let filter: Predicate
        let previous: Link?

        init(before: [Step], filter: Predicate, previous: Link?) {
            self.before = before; self.filter = filter; self.previous = previous
        }

        /// The list the steps before this filter selected, from `roots`.
        func selectedBefore(from roots: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
            var input = roots
            if let previous {
                input = try previous.selectedBefore(from: roots, in: &context)
                input = try context.select(Self.program([.filter(previous.filter)]), from: input)
            }
            return try context.select(Self.program(before), from: input)
        }

        private static func program(_ steps: [Step]) -> SelectorProgram {
            var b = ProgramBuilder(start: .application)
            for s in steps { b.append(s) }
            return b.build()
        }
    }

    let link: Link
    /// Where the `prop:value` token starts.
    let offset: Int
    /// "UILabel should exist before you can call text:".
    let message: String

    var description: String { "uispecExists(\(message))" }

    func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        if !input.isEmpty { return input }
        let roots = context.queryRoots ?? context.startNodes(.application)
        if try link.selectedBefore(from: roots, in: &context).isEmpty {
            throw SelectorError(.evaluation, message, offset: offset, engine: UIQueryEngine.engineName)
        }
        return []
    }
}

extension Traversal {
    func append(to builder: inout ProgramBuilder) {
        switch self {
        case .descendant:
            builder.descendants(order: .reverse, unique: false)
        case .child:
            builder.axis(.children, order: .reverse, unique: false)
        case .parent:
            // UIParents climbs superviews and stops at the window; a UIApplication root is not one.
            builder.axis(.ancestors, order: .document, filter: .not(.kindOf("UIApplication")), unique: false)
        }
    }
}
