public import SelectorCore

/// `class_path`: class names separated by spaces, each below the one before, each optionally
/// followed by the label it must have in quotes: `UITableViewCell UIButton'Delete'`.
public struct ClassPathEngine: SelectorEngine {
    public init() {}

    public var name: String { "class_path" }
    public var summary: String { "Class names, each below the one before: UITableViewCell UIButton'Delete'" }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var builder = ProgramBuilder(start: .roots)
        for (i, step) in try Self.steps(of: selector).enumerated() {
            var filter = Predicate.kindOf(step.className)
            if let label = step.label {
                filter = .all([filter, .string(property: PropertyName.accessibilityLabel, .equals(label))])
            }
            // The first step may match a root itself; later steps search below the previous
            // results, whose subtrees can nest, hence `unique`.
            builder.axis(i == 0 ? .descendantsOrSelf : .descendants, filter: filter, unique: i > 0)
        }
        return builder.build()
    }

    /// One step of a path: a class and, when given, the label it must have.
    public struct Step: Sendable, Equatable {
        public var className: String
        public var label: String?
    }

    /// The steps of `selector`; errors carry the UTF-8 offset the CLI turns into a column.
    public static func steps(of selector: String) throws(SelectorError) -> [Step] {
        let bytes = Array(selector.utf8)
        let space = UInt8(ascii: " "), quote = UInt8(ascii: "'")
        var steps: [Step] = []
        var i = 0
        while i < bytes.count {
            if bytes[i] == space { i += 1; continue }
            let start = i
            while i < bytes.count, bytes[i] != space, bytes[i] != quote { i += 1 }
            guard i > start else { throw .syntax("expected a class name before the label", at: i, in: selector) }
            var step = Step(className: String(decoding: bytes[start..<i], as: UTF8.self))
            if i < bytes.count, bytes[i] == quote {
                let open = i
                i += 1
                while i < bytes.count, bytes[i] != quote { i += 1 }
                guard i < bytes.count else { throw .syntax("unterminated label", at: open, in: selector) }
                step.label = String(decoding: bytes[(open + 1)..<i], as: UTF8.self)
                i += 1
                if i < bytes.count, bytes[i] != space {
                    throw .syntax("expected a space after the label", at: i, in: selector)
                }
            }
            steps.append(step)
        }
        guard !steps.isEmpty else { throw .syntax("expected a class name", at: 0, in: selector) }
        return steps
    }
}
