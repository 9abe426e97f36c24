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
        if let index = sel.index { b.engine(SiblingIndexStep(index: index)) }
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
                var each = ProgramBuilder(start: .roots)
                each.descendants(test, unique: false)
                if let index = sub.index { each.engine(SiblingIndexStep(index: index)) }
                b.engine(EachInputPickStep(program: each.build(), position: instance))
                b.sortInDocumentOrder()
            } else {
                // Descendants of inputs in document order, duplicates dropped, are in document order.
                b.descendants(test, unique: true)
                if let index = sub.index { b.engine(SiblingIndexStep(index: index)) }
            }
        }
        if let holding = sel.holding {
            // The core's has-descendant step (one scan from the rows, P resolved once), then the first.
            b.engine(HasDescendantStep(holding, includingSelf: true))
            b.pick(0)
        }
        return b
    }
}
