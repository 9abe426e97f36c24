import SelectorCore

/// Parsed statements to the core's program.
enum UiSelectorCompiler {
    /// UIAutomator's document element: a container the loader adds, never an element UiAutomator sees.
    static let notDumpRoot = Predicate.not(.memberOf("hierarchy"))

    /// One statement's program, or the union of several (Appium's `;`: each statement's results
    /// in turn, later duplicates dropped).
    static func program(for statements: [ParsedUiSelector]) -> SelectorProgram {
        if statements.count == 1 { return statement(statements[0]).build() }
        var builder = ProgramBuilder(start: .document)
        builder.union(statements.map { statement($0).build() })
        return builder.build()
    }

    /// The top selector over every node in document order, then each link from its results.
    static func statement(_ sel: ParsedUiSelector) -> ProgramBuilder {
        var b = ProgramBuilder(start: .document)
        // Unique: after `>>` the roots are the previous part's results, which may nest.
        b.descendants(.all([notDumpRoot, sel.predicate]), unique: true)
        if let index = sel.index {
            // Fused into the scan: a node with a recorded index is judged by it here.
            b.filter(recordedIndex(index))
            b.siblingPosition(position(index))
        }
        if let instance = sel.instance { b.pick(instance) }
        for link in sel.links {
            if link.relation == .parent {
                // UiAutomator restarts the search at the matched node's parent; parents of nodes in
                // document order need not be in document order, the next step wants them so.
                b.axis(.parent, unique: true)
                b.sortInDocumentOrder()
            }
            let sub = link.selector
            let test = Predicate.all([notDumpRoot, sub.predicate])
            if let instance = sub.instance {
                // The n-th match below each input, positions counted as for the top selector.
                let filter = sub.index.map { Predicate.all([test, recordedIndex($0)]) } ?? test
                b.nthDescendant(filter, position: sub.index.map(position), n: instance)
                b.sortInDocumentOrder()
            } else {
                // Descendants of inputs in document order, duplicates dropped, are in document order.
                b.descendants(test, unique: true)
                if let index = sub.index {
                    b.filter(recordedIndex(index))
                    b.siblingPosition(position(index))
                }
            }
        }
        if let holding = sel.holding {
            // The core's has-descendant step (one scan from the rows, P resolved once), then the first.
            b.hasDescendant(holding, includingSelf: true)
            b.pick(0)
        }
        return b
    }

    /// A node that recorded a number as its `index` (`uiautomator dump` does): any number passes.
    /// A string or other value is no recorded index, as UiAutomator's reading of it fails.
    static let hasRecordedIndex = Predicate.number(property: "index", .greaterOrEqual, -.infinity)

    /// `index(n)`'s test of the recorded number: a node with one must have recorded `n`; a node
    /// without passes here and is judged by its position. (A missing number compares as nothing,
    /// so "no recorded index other than n" is one comparison.)
    static func recordedIndex(_ n: Int) -> Predicate {
        .not(.number(property: "index", .notEqual, Double(n)))
    }

    /// `index(n)`'s position: the n-th of all the parent's children, from 0 (the recorded tree's
    /// children: a dump without `index` left none out that UiAutomator would count), except for a
    /// node with a recorded index, which `recordedIndex` has judged.
    static func position(_ n: Int) -> SiblingPosition {
        SiblingPosition(n, exempt: hasRecordedIndex)
    }
}
