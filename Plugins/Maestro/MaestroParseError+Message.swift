// Every word the `maestro` engine says about a malformed selector, in one place. libyaml's own
// problems (`.yaml`) pass through as libyaml words them.

extension MaestroParseErrorKind {
    /// The problem in words, without its position (the column is added by `SelectorError`).
    package var message: String {
        switch self {
        case .noSelector:
            return "expected a selector: a text, or a mapping such as {text: \"Login\"}"
        case .yaml(let problem, let context?):
            return "\(problem) (\(context))"
        case .yaml(let problem, nil):
            return problem
        case .nestingTooDeep:
            return "the selector nests deeper than \(YAMLReader.maxNesting) levels"
        case .anchorOrAliasOrTag:
            return "YAML anchors, aliases and tags are not supported in a selector"
        case .blockScalar:
            return "YAML block scalars ('|', '>') are not supported in a selector; quote the text"
        case .keyNotText:
            return "a key must be a text, not a mapping or a list"
        case .missingColon(let key):
            return "expected ':' after the key '\(key)'"
        case .missingSpaceAfterColon(let key):
            return "expected a space after ':' (YAML reads '\(key)' as one word)"
        case .duplicateKey(let key):
            return "the key '\(key)' is given twice"
        case .selectorIsList:
            return "a selector is a text or a mapping of keys, not a list"
        case .nestedSelectorIsList:
            return "expected a selector (a text or a mapping), got a list"
        case .unknownKey(let key):
            let hint = key.contains(":") || key.contains(" ")
                ? " (a text holding ': ' must be quoted)"
                : " (Maestro's keys: \(MaestroSelector.keys.joined(separator: ", ")))"
            return "unknown key '\(key)'" + hint
        case .descendantsNeedList:
            return "'containsDescendants' takes a list of selectors"
        case .descendantTooComplex:
            return "an entry of 'containsDescendants' may hold text, id, size, traits and state keys only "
                + "(Maestro evaluates relations and index there against a single view)"
        case .css:
            return "'css' is answered by the browser (Maestro asks the web page); this engine cannot evaluate it"
        case .pointWithoutSelector:
            return "a 'point' without other keys taps the screen, not a view"
        case .needsText(let key, let kind):
            return "'\(key)' takes a text, not a \(kind.rawValue)"
        case .javaScriptPattern(let key):
            return "'\(key)' holds a JavaScript expression (${…}), which Maestro evaluates before matching; write its value"
        case .needsBoolean(let key):
            return "'\(key)' takes true or false"
        case .needsWholeNumber(let key):
            return "'\(key)' takes a whole number"
        case .indexNotScalar(let kind):
            return "'index' takes a number, not a \(kind.rawValue)"
        case .javaScriptIndex:
            return "'index' holds a JavaScript expression (${…}), which Maestro evaluates first; write its value"
        case .indexNeedsNumber:
            return "'index' takes a number"
        case .traitNotText:
            return "'traits' takes names of traits"
        case .traitsMapping:
            return "'traits' takes names of traits (text, square, long-text), not a mapping"
        case .unknownTrait(let word):
            return "unknown trait '\(word)' (Maestro's traits: text, square, long-text)"
        case .tooManySteps(let limit):
            return "the selector runs more than \(limit) steps: each relation repeats its childOf parent's steps"
        }
    }
}
