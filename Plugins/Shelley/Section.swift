/// An argument value after a `:`.
package enum Argument: Sendable, Equatable {
    case string(String)
    case number(Double)
    case boolean(Bool)
}

/// One whitespace-separated part of a selector: `view`, `marked:'OK'`, or several `name:arg`
/// parts glued together (`argOne:1argTwo:'x'` is one section with two names and two arguments).
///
/// In the compat dialect `arguments` can be shorter than `names`: Shelley silently drops an
/// argument it cannot read (`''`, `1.2.3`, or none at all).
package struct Section: Sendable, Equatable {
    package struct Name: Sendable, Equatable {
        package var text: String
        package var offset: Int
        package init(_ text: String, at offset: Int) { self.text = text; self.offset = offset }
    }

    package struct Located: Sendable, Equatable {
        package var value: Argument
        package var offset: Int
        package init(_ value: Argument, at offset: Int) { self.value = value; self.offset = offset }
    }

    package var names: [Name]
    package var arguments: [Located]
    /// UTF-8 offsets of the first character and one past the last consumed character.
    package var offset: Int
    package var end: Int

    package init(names: [Name], arguments: [Located], offset: Int, end: Int) {
        self.names = names; self.arguments = arguments; self.offset = offset; self.end = end
    }

    /// The Objective-C selector Shelley would send: the first name alone when there are no
    /// arguments (extra names dropped, as Shelley does), else every name followed by `:`.
    package var selectorName: String {
        if arguments.isEmpty { return names.first?.text ?? "" }
        return names.map { $0.text + ":" }.joined()
    }
}
