import SelectorCore

/// FRY compares `fry_accessibilityLabel`: the label with each newline read as a space, so
/// `accessibilityLabel("Log In")` finds a label recorded as `Log\nIn`.
enum FRYLabel {
    /// Most spaces whose newline spellings are written out as equalities (2^6 = 64 arms).
    static let maxSpellingSpaces = 6

    /// The test for `label`.
    ///
    /// A recorded value passes when, newlines read as spaces, it is `label`: it is `label` with
    /// some of its spaces written as newlines. With few spaces those spellings are a handful of
    /// plain equalities, each a value id the core looks up once (spellings the tree never
    /// recorded drop out), so the test is what `accessibilityLabel == label` costs in any engine.
    /// Past `maxSpellingSpaces` the spellings would outnumber what a per-value compare costs, and
    /// the label is compared value by value (`NewlinesAsSpacesMatcher`).
    static func matching(_ label: String) -> Predicate {
        let equals = { (s: String) in Predicate.string(property: PropertyName.accessibilityLabel, .equals(s)) }
        let bytes = Array(label.utf8)
        let spaces = bytes.indices.filter { bytes[$0] == 0x20 }
        // A wanted newline is never FRY's (it reads them as spaces), so no spelling adds to the
        // plain equality, which the engine has always kept for such a label.
        guard !spaces.isEmpty, !bytes.contains(0x0A) else { return equals(label) }
        // The plain equality first: explanations read its wanted value, and most labels pass it.
        guard spaces.count <= maxSpellingSpaces else {
            return .or([equals(label),
                        .string(property: PropertyName.accessibilityLabel, .matcher(NewlinesAsSpacesMatcher(label: label)))])
        }
        var arms = [equals(label)]
        for newlines in 1..<(1 << spaces.count) {
            var spelling = bytes
            for (k, at) in spaces.enumerated() where newlines & (1 << k) != 0 { spelling[at] = 0x0A }
            arms.append(equals(String(decoding: spelling, as: UTF8.self)))
        }
        return .or(arms)
    }
}

/// The subject, newlines read as spaces, equals the label.
struct NewlinesAsSpacesMatcher: StringMatcher {
    let label: String

    func makeEvaluator() -> any StringEvaluator { NewlinesAsSpacesEvaluator(Array(label.utf8)) }
    var description: String { "== \(SelectorLiteral.quoted(label)) (newlines read as spaces)" }
}

/// One thread's `NewlinesAsSpacesMatcher`: a byte compare with `\n` equal to a space.
final class NewlinesAsSpacesEvaluator: StringEvaluator {
    private let wanted: [UInt8]
    private(set) var evaluations = 0

    init(_ wanted: [UInt8]) { self.wanted = wanted }

    func matches(_ subject: UnsafeBufferPointer<UInt8>) throws(SelectorError) -> Bool {
        evaluations += 1
        guard subject.count == wanted.count else { return false }
        for i in 0..<subject.count {
            let c = subject[i] == 0x0A ? 0x20 : subject[i]
            if c != wanted[i] { return false }
        }
        return true
    }
}
