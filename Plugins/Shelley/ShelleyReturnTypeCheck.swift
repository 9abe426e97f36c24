package import SelectorCore

/// Shelley's check before it reads a bare word as a Boolean predicate (SYPredicateFilter.m): a
/// view that answers the message with anything but a BOOL raises "wrong return type", and the
/// exception ends the request. A view that does not answer is simply not selected.
///
/// On a recording a view answers when it is a kind of one of `classes` (UIKit getters such as
/// `alpha` on every UIView) or records a value under `name`; a recorded Boolean is a BOOL, any
/// other value is not. The step passes its input on unchanged; the filter after it selects.
package struct ShelleyReturnTypeCheck: EngineStep, Equatable {
    /// The word, as the message selector Shelley sends.
    package let name: String
    /// Classes whose views answer `name` with something other than a BOOL.
    package let classes: [String]
    /// Where the word starts, for the error's column.
    package let offset: Int

    package var description: String {
        classes.isEmpty ? "shelleyReturnsBOOL(\(name))" : "shelleyReturnsBOOL(\(name), not on \(classes.joined(separator: ", ")))"
    }

    package func apply(to input: [NodeID], in context: inout StepContext) throws(SelectorError) -> [NodeID] {
        let answers = classes.isEmpty ? nil : try context.test(.or(classes.map { .kindOf($0) }))
        for view in input where view >= 0 {
            let value = context.value(name, of: view)
            if let answers, answers(view) { throw wrongReturnType(context.describe(view), value: value) }
            switch value {
            case nil, .null?, .bool?: continue
            case let value?: throw wrongReturnType(context.describe(view), value: value)
            }
        }
        try context.charge(input.count)
        return input
    }

    private func wrongReturnType(_ subject: String, value: JSONValue?) -> SelectorError {
        let answer = value.map { "answers \($0.jsonString)" } ?? "answers it with a \(Vocabulary.nonBooleanGetters[name]?.returns ?? "non-BOOL value")"
        return SelectorError(.evaluation, "wrong return type: predicate does not return a BOOL ('\(name)' on \(subject) \(answer))",
                             offset: offset)
    }
}
