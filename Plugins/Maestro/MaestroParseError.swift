package import SelectorCore

/// A problem found while reading or compiling a Maestro selector, with the UTF-8 offset of the
/// problem. The text users read is rendered in `MaestroParseError+Message.swift`, so the wording
/// lives in one place and throw sites only say what went wrong and where.
package typealias MaestroParseError = EngineParseError<MaestroParseErrorKind>

/// Everything that can be wrong with a Maestro selector; the associated values are the parts of
/// the message.
package enum MaestroParseErrorKind: ParseErrorKind {
    /// What a value turned out to be where another kind was expected.
    package enum ValueKind: String, Sendable, Equatable {
        case text, mapping, list
    }

    // The YAML layer (YAMLReader).
    /// Nothing but blanks and comments; offset of the text's end.
    case noSelector
    /// libyaml refused the text: its own problem and context wording, unchanged.
    case yaml(problem: String, context: String?)
    /// Mappings and sequences nested past `YAMLReader.maxNesting` (or libyaml's own cap).
    case nestingTooDeep
    /// An anchor (`&a`), alias (`*a`) or tag (`!t`); offset of its indicator.
    case anchorOrAliasOrTag
    /// A literal or folded block scalar (`|`, `>`).
    case blockScalar
    /// A mapping or a list used as a key (`{{a: b}: c}`).
    case keyNotText
    /// A flow mapping's key with no `:` after it (`{text}`); offset where the `:` was expected.
    case missingColon(key: String)
    /// A plain key holding `:` not followed by a space (`{text:Login}`); offset of that `:`.
    case missingSpaceAfterColon(key: String)
    /// The same key twice in one mapping.
    case duplicateKey(String)

    // The selector layer (MaestroSelector.parse).
    /// The whole selector is a list.
    case selectorIsList
    /// A relation's or child's selector is a list.
    case nestedSelectorIsList
    /// A key `YamlElementSelector` does not declare.
    case unknownKey(String)
    /// `containsDescendants` given something other than a list.
    case descendantsNeedList
    /// An entry of `containsDescendants` with a relation or an index.
    case descendantTooComplex
    /// `css`, which only the browser answers.
    case css
    /// A `point` with no key that selects a view.
    case pointWithoutSelector
    /// A text field given a mapping or a list.
    case needsText(key: String, got: ValueKind)
    /// A regex field holding `${…}`.
    case javaScriptPattern(key: String)
    /// A `Boolean?` field given something else.
    case needsBoolean(key: String)
    /// An `Int?` field given something else.
    case needsWholeNumber(key: String)
    /// `index` given a mapping or a list.
    case indexNotScalar(got: ValueKind)
    /// `index` holding `${…}`.
    case javaScriptIndex
    /// `index` given a text that is no number.
    case indexNeedsNumber
    /// An item of a `traits` list that is no text.
    case traitNotText
    /// `traits` given a mapping.
    case traitsMapping
    /// A trait name Maestro does not have.
    case unknownTrait(String)

    // The compiler.
    /// Relations under nested `childOf` parents that would run more than `limit` steps.
    case tooManySteps(limit: Int)

    /// A bound passed (nesting, steps) is a limit, not a malformed selector.
    package var selectorErrorKind: SelectorError.Kind {
        switch self {
        case .nestingTooDeep, .tooManySteps: return .limit
        default: return .syntax
        }
    }
}
