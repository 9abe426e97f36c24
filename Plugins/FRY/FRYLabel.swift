import SelectorCore

/// FRY compares `fry_accessibilityLabel`: the label with each newline read as a space, so
/// `accessibilityLabel("Log In")` finds a label recorded as `Log\nIn`.
enum FRYLabel {
    /// The test for `label`: plain equality (a value id compare) unless the label has a space a
    /// recorded newline could stand for.
    static func matching(_ label: String) -> Predicate {
        guard label.contains(" ") else { return .string(property: PropertyName.accessibilityLabel, .equals(label)) }
        // The plain equality first: explanations read its wanted value, and most labels pass it.
        return .or([.string(property: PropertyName.accessibilityLabel, .equals(label)),
                    .string(property: PropertyName.accessibilityLabel, .matcher(NewlinesAsSpacesMatcher(label: label)))])
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
