/// Everything that can be wrong with a Maestro selector, each case carrying the UTF-8 offset of
/// the problem. The text users read is rendered in `MaestroParseError+Message.swift`, so the
/// wording lives in one place and throw sites only say what went wrong and where.
package enum MaestroParseError: Error, Sendable, Equatable {
    /// What a value turned out to be where another kind was expected.
    package enum ValueKind: String, Sendable, Equatable {
        case text, mapping, list
    }

    // The YAML layer (YAMLReader).
    /// Nothing but blanks and comments; offset of the text's end.
    case noSelector(at: Int)
    /// libyaml refused the text: its own problem and context wording, unchanged.
    case yaml(problem: String, context: String?, at: Int)
    /// Mappings and sequences nested past `YAMLReader.maxNesting` (or libyaml's own cap).
    case nestingTooDeep(at: Int)
    /// An anchor (`&a`), alias (`*a`) or tag (`!t`); offset of its indicator.
    case anchorOrAliasOrTag(at: Int)
    /// A literal or folded block scalar (`|`, `>`).
    case blockScalar(at: Int)
    /// A mapping or a list used as a key (`{{a: b}: c}`).
    case keyNotText(at: Int)
    /// A flow mapping's key with no `:` after it (`{text}`); offset where the `:` was expected.
    case missingColon(key: String, at: Int)
    /// A plain key holding `:` not followed by a space (`{text:Login}`); offset of that `:`.
    case missingSpaceAfterColon(key: String, at: Int)
    /// The same key twice in one mapping.
    case duplicateKey(String, at: Int)

    // The selector layer (MaestroSelector.parse).
    /// The whole selector is a list.
    case selectorIsList(at: Int)
    /// A relation's or child's selector is a list.
    case nestedSelectorIsList(at: Int)
    /// A key `YamlElementSelector` does not declare.
    case unknownKey(String, at: Int)
    /// `containsDescendants` given something other than a list.
    case descendantsNeedList(at: Int)
    /// An entry of `containsDescendants` with a relation or an index.
    case descendantTooComplex(at: Int)
    /// `css`, which only the browser answers.
    case css(at: Int)
    /// A `point` with no key that selects a view.
    case pointWithoutSelector(at: Int)
    /// A text field given a mapping or a list.
    case needsText(key: String, got: ValueKind, at: Int)
    /// A regex field holding `${…}`.
    case javaScriptPattern(key: String, at: Int)
    /// A `Boolean?` field given something else.
    case needsBoolean(key: String, at: Int)
    /// An `Int?` field given something else.
    case needsWholeNumber(key: String, at: Int)
    /// `index` given a mapping or a list.
    case indexNotScalar(got: ValueKind, at: Int)
    /// `index` holding `${…}`.
    case javaScriptIndex(at: Int)
    /// `index` given a text that is no number.
    case indexNeedsNumber(at: Int)
    /// An item of a `traits` list that is no text.
    case traitNotText(at: Int)
    /// `traits` given a mapping.
    case traitsMapping(at: Int)
    /// A trait name Maestro does not have.
    case unknownTrait(String, at: Int)

    // The compiler.
    /// Relations under nested `childOf` parents that would run more than `limit` steps.
    case tooManySteps(limit: Int, at: Int)

    /// UTF-8 offset of the problem.
    package var offset: Int {
        switch self {
        case .noSelector(let at), .yaml(_, _, let at), .nestingTooDeep(let at), .anchorOrAliasOrTag(let at),
             .blockScalar(let at), .keyNotText(let at), .missingColon(_, let at), .missingSpaceAfterColon(_, let at),
             .duplicateKey(_, let at), .selectorIsList(let at), .nestedSelectorIsList(let at), .unknownKey(_, let at),
             .descendantsNeedList(let at), .descendantTooComplex(let at), .css(let at), .pointWithoutSelector(let at),
             .needsText(_, _, let at), .javaScriptPattern(_, let at), .needsBoolean(_, let at),
             .needsWholeNumber(_, let at), .indexNotScalar(_, let at), .javaScriptIndex(let at),
             .indexNeedsNumber(let at), .traitNotText(let at), .traitsMapping(let at), .unknownTrait(_, let at),
             .tooManySteps(_, let at):
            return at
        }
    }

    /// Whether the selector passed a bound (nesting, steps) rather than being malformed.
    package var isLimit: Bool {
        switch self {
        case .nestingTooDeep, .tooManySteps: return true
        default: return false
        }
    }
}
