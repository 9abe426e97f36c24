package import SelectorCore

/// The names a strict selector may use besides Shelley's own words, and the nearest known name
/// when it uses another.
///
/// A selector is compiled without a tree, so what a name means on a tree cannot be checked here;
/// what can be checked is whether the name could mean anything at all:
///
/// - a bare word is a class shorthand, a keyword, a predicate registered in `predicates`, or a
///   Boolean property: a word in Cocoa's Boolean getter form (`is`, `has` or `can` and a capital,
///   as `isHidden`, `hasText`) or one of UIKit's few Boolean properties without it (`bounces`);
/// - a name with arguments is `view:`, `index:`, one of Shelley's string predicates, or a
///   predicate registered in `predicates`.
///
/// Anything else is a typo or a class without a shorthand, both of which Shelley silently turned
/// into a predicate that matches nothing.
package struct StrictNames: Sendable {
    /// Predicates the host registered; nil when the engine was made without them.
    package let predicates: PredicateRegistry?

    package init(predicates: PredicateRegistry? = nil) { self.predicates = predicates }

    /// Throws unless the bare word `name` names something.
    func checkBare(_ name: Section.Name) throws(ShelleyParseError) {
        let word = name.text
        if isRegistered(word) || Self.isBooleanProperty(word) { return }
        if Vocabulary.singleArgumentNames.contains(word) { throw ShelleyParseError(.needsArgument(word), at: name.offset) }
        // `imageView` → UIImageView: a UIKit class Shelley has no shorthand for.
        if let first = word.first, first.isLowercase {
            let className = "UI" + first.uppercased() + word.dropFirst()
            if ClassHierarchy.uikit.isDefined(className) {
                throw ShelleyParseError(.noShorthand(word, className: className), at: name.offset)
            }
        }
        let candidates = Vocabulary.bareWords + Vocabulary.booleanProperties.sorted()
            + registeredNames().filter { !$0.contains(":") }
        throw ShelleyParseError(.unknownName(word, suggestion: Self.nearest(to: word, in: candidates)), at: name.offset)
    }

    /// Throws unless the filter `selectorName` (`marked:`, `a:b:`), written at `offset`, is known.
    func checkFilter(_ selectorName: String, at offset: Int) throws(ShelleyParseError) {
        if Vocabulary.stringPredicates[selectorName] != nil || isRegistered(selectorName) { return }
        let candidates = Vocabulary.filterNames + registeredNames().filter { $0.contains(":") }
        throw ShelleyParseError(.unknownFilter(selectorName, suggestion: Self.nearest(to: selectorName, in: candidates)), at: offset)
    }

    func isRegistered(_ name: String) -> Bool { predicates?.predicate(named: name) != nil }

    private func registeredNames() -> [String] { predicates?.names ?? [] }

    /// Whether `word` reads as a Boolean property. Cocoa names a Boolean getter `isX` (`hidden` is
    /// read through `isHidden`, as Frank's dumps write it), `hasX` or `canX`; the rest of UIKit's
    /// Boolean properties are listed.
    static func isBooleanProperty(_ word: String) -> Bool {
        if Vocabulary.booleanProperties.contains(word) { return true }
        for prefix in ["is", "has", "can"] where word.hasPrefix(prefix) {
            let rest = word.utf8.dropFirst(prefix.utf8.count)
            if let c = rest.first, c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") { return true }
        }
        return false
    }

    /// The candidate closest to `word`, when close enough to be what was meant: at most one edit
    /// for words up to four characters, two up to eight, three beyond. Case is ignored (`Button`
    /// means `button`); a swap of neighbours is one edit (`lable`). Ties go to the earlier candidate.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let w = Array(word.lowercased().unicodeScalars)
        let limit = w.count <= 4 ? 1 : w.count <= 8 ? 2 : 3
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != word {
            // Unicode scalars, a swap of neighbours one edit (the optimal string alignment distance).
            let d = EditDistance.distance(w, candidate.lowercased().unicodeScalars, limit: limit, transpositions: true)
            if d <= limit, d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        return best?.name
    }
}
