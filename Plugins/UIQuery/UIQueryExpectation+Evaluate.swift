public import SelectorCore

extension UIQueryExpectation {
    /// Selects the views and checks the condition.
    ///
    /// Messages follow UISpec's wording (UIQueryExpectation.m, UIExpectation.m) without its
    /// file-and-line suffix, and name the first view that failed by class and uid.
    public func evaluate(in tree: ViewTree, matcher: Matcher = Matcher(),
                         predicates: PredicateRegistry = PredicateRegistry()) throws(SelectorError) -> ExpectationResult {
        let views: [NodeID]
        do { views = try matcher.select(program, in: tree, predicates: predicates) } catch {
            var e = error
            if e.selector == nil { e.selector = path }
            if e.engine == nil { e.engine = UIQueryEngine.engineName }
            throw e
        }
        if case .exist = condition { return exist(views, tree) }
        guard let first = views.first else {
            return ExpectationResult(passed: false, message: "\(subject) should exist before you can call \(selectorName)")
        }
        let targets = appliesToAll ? views : [first]
        let failures: [(NodeID, String)]
        switch condition {
        case .exist: failures = []
        case .be(let name): failures = try be(name, targets, tree, matcher: matcher, predicates: predicates)
        case .have: failures = try have(targets, tree, matcher: matcher, predicates: predicates)
        }
        guard let (view, reason) = failures.first else {
            return ExpectationResult(passed: true, message: description(count: targets.count))
        }
        var message = "\(tree.describe(view)) \(reason)"
        if failures.count > 1 { message += " (\(failures.count) of \(targets.count) views failed)" }
        return ExpectationResult(passed: false, message: message)
    }

    /// UISpec's `exist` counts every view, `all` or not.
    private func exist(_ views: [NodeID], _ tree: ViewTree) -> ExpectationResult {
        switch (views.first, negated) {
        case (nil, false):
            return ExpectationResult(passed: false, message: "\(subject) should exist")
        case (let first?, true):
            let count = views.count == 1 ? "1 view matches" : "\(views.count) views match"
            return ExpectationResult(passed: false,
                message: "\(subject) should not exist, but \(count), the first being \(tree.describe(first))")
        default:
            return ExpectationResult(passed: true, message: "\(subject) \(verb) exist")
        }
    }

    /// `be NAME` on each target: UIExpectation uses `isNAME` when the view lacks `NAME`. Whether a
    /// target passes, and why one fails, are the core's `Predicate.flag`/`respondsToFlag` run by
    /// the matcher; the tree is read only to quote a non-boolean value in the message.
    private func be(_ name: String, _ targets: [NodeID], _ tree: ViewTree, matcher: Matcher,
                    predicates: PredicateRegistry) throws(SelectorError) -> [(NodeID, String)] {
        let holds = try passing(.flag(name, !negated), targets, tree, matcher: matcher, predicates: predicates)
        let failing = zip(targets, holds).filter { !$0.1 }.map(\.0)
        if failing.isEmpty { return [] }
        let responds = try passing(.respondsToFlag(name), failing, tree, matcher: matcher, predicates: predicates)
        let opposite = try passing(.flag(name, negated), failing, tree, matcher: matcher, predicates: predicates)
        var failures: [(NodeID, String)] = []
        for (i, view) in failing.enumerated() {
            if !responds[i] {
                failures.append((view, "doesn't respond to \(name)"))
            } else if opposite[i] {
                failures.append((view, "did not pass condition: [\(verb) be \(name)]"))
            } else {
                let shown = tree.flagValue(name, of: view)?.jsonString ?? "null"
                failures.append((view, "has \(name) = \(shown), not a boolean"))
            }
        }
        return failures
    }

    /// `have prop:value ...` on each target; each match runs through the core as a filter over all
    /// targets at once, so expectations and path filters agree by construction.
    private func have(_ targets: [NodeID], _ tree: ViewTree, matcher: Matcher,
                      predicates: PredicateRegistry) throws(SelectorError) -> [(NodeID, String)] {
        var reasons = [[String]](repeating: [], count: targets.count)
        for match in matches {
            let holds = try passing(match.predicate, targets, tree, matcher: matcher, predicates: predicates)
            for (i, view) in targets.enumerated() where !holds[i] {
                reasons[i].append(match.mismatch(of: view, in: tree))
            }
        }
        let spelled = matches.map(\.spelling).joined(separator: " ")
        var failures: [(NodeID, String)] = []
        for (i, view) in targets.enumerated() {
            if !negated && !reasons[i].isEmpty {
                failures.append((view, "should have \(spelled) but \(reasons[i].joined(separator: ", "))"))
            } else if negated && reasons[i].isEmpty {
                failures.append((view, "should not have \(spelled) but does"))
            }
        }
        return failures
    }

    /// Whether each of `targets` passes `predicate`, decided by the core's matcher (a self-step
    /// filter with the targets as roots), never by reading properties here.
    private func passing(_ predicate: Predicate, _ targets: [NodeID], _ tree: ViewTree, matcher: Matcher,
                         predicates: PredicateRegistry) throws(SelectorError) -> [Bool] {
        var b = ProgramBuilder(start: .roots)
        b.filter(predicate)
        let kept = try matcher.select(b.build(), in: tree, from: targets, predicates: predicates)
        // The filter keeps order and duplicates, so one walk pairs it with the targets.
        var j = 0
        return targets.map { view in
            guard j < kept.count && kept[j] == view else { return false }
            j += 1
            return true
        }
    }

    /// UISpec's selector name for "should exist before you can call ...".
    private var selectorName: String {
        switch condition {
        case .exist: return "exist"
        case .be(let name): return name
        case .have: return matches.map { $0.property + ":" }.joined()
        }
    }

    private func description(count: Int) -> String {
        let scope = appliesToAll ? "all \(count) \(subject) views" : subject
        switch condition {
        case .exist: return "\(subject) \(verb) exist"
        case .be(let name): return "\(scope) \(verb) be \(name)"
        case .have(let spelled): return "\(scope) \(verb) have \(spelled.joined(separator: " "))"
        }
    }
}

extension PropertyMatch {
    /// Why `view` fails this match, in UIExpectation's words.
    func mismatch(of view: NodeID, in tree: ViewTree) -> String {
        guard let actual = tree.value(property, of: view) else { return "it doesn't respond to \(property)" }
        switch value {
        case .string(let s):
            let shown = actual.stringValue.map { "'\($0)'" } ?? actual.jsonString
            return "\(property) : \(shown) doesn't contain '\(s)'"
        case .integer(let n):
            return "\(property) : \(actual.uispecSpelling) is not equal to \(n)"
        case .boolean(let b):
            return "\(property) : \(actual.uispecSpelling) is not equal to \(b ? "YES" : "NO")"
        }
    }
}

extension JSONValue {
    /// Booleans as YES/NO, integral numbers without a fraction, strings quoted.
    var uispecSpelling: String {
        switch self {
        case .bool(let b): return b ? "YES" : "NO"
        case .double(let d) where d == d.rounded() && abs(d) < 1e15: return String(Int(d))
        case .string(let s): return "'\(s)'"
        default: return jsonString
        }
    }
}

extension ViewTree {
    /// `UILabel (uid l3)`: how messages name a view.
    func describe(_ view: NodeID) -> String {
        guard view >= 0 else { return "UIApplication" }
        return "\(className(of: view)) (uid \(uidString(of: view) ?? "none"))"
    }
}
