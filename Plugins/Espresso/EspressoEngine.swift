public import SelectorCore

/// The `espresso` engine: Espresso view matchers as a Kotlin or Java test writes them,
/// `onView(allOf(withId(R.id.login), withText("Log in"), isDisplayed()))`, read on UiAutomator
/// recordings.
///
/// ViewMatchers (`withId`, `withText`, `withContentDescription`, `withHint`, `withClassName`,
/// `isAssignableFrom`, the state matchers, `withParent`, `withChild`, `hasSibling`,
/// `hasDescendant`, `isDescendantOfA`, …) and Hamcrest's combinators and string matchers
/// (`allOf`, `anyOf`, `not`, `is`, `containsString`, `startsWith`, …), each with Espresso's meaning
/// (android/android-test `ViewMatchers.java`). Docs/Engines/Espresso.md says what each reads on a
/// recording and where we differ.
///
/// `onView(…)` names one view in Espresso, which fails when several match; here it selects every
/// match, in document order, as a locator does, so `frankly expect` and strict mode report the
/// ambiguity. Actions and assertions after it (`.perform(click())`, `.check(…)`) are read past.
public struct EspressoEngine: SelectorEngine {
    /// The registered name.
    public static let engineName = "espresso"

    public init() {}

    public var name: String { Self.engineName }
    public var summary: String { "Espresso ViewMatchers: onView(allOf(withId(R.id.login), withText(\"Log in\")))" }
    /// Espresso runs inside an Android app; of the recordings, UiAutomator page sources hold its views.
    public var recordingSources: Set<RecordingSource> { [.uiautomator] }

    public func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        do throws(EspressoParseError) {
            let statement = try EspressoParser.parse(selector)
            let matcher = try EspressoVocabulary(text: selector).viewMatcher(statement.matcher)
            return EspressoCompiler.program(matcher)
        } catch {
            throw error.selectorError(in: selector)
        }
    }

    /// `onView(withId(R.id.x))`, `withContentDescription`, `withText`, then the id with the text,
    /// each kept by the registry when it selects the view alone.
    public func suggestions(for node: NodeID, in tree: ViewTree) -> [String] {
        guard tree.className(of: node) != "hierarchy" else { return [] }
        func recorded(_ name: String) -> String? {
            guard tree.recordedName(for: name) != nil, let v = tree.string(name, of: node), !v.isEmpty else { return nil }
            return v
        }
        var matchers: [String] = []
        let id = recorded(EspressoVocabulary.resourceID).flatMap(Self.idReference)
        if let id { matchers.append("withId(\(id))") }
        if let d = recorded(EspressoVocabulary.contentDescription).flatMap(Self.literal) { matchers.append("withContentDescription(\(d))") }
        let text = recorded("text").flatMap(Self.literal)
        if let text { matchers.append("withText(\(text))") }
        if let id, let text { matchers.append("allOf(withId(\(id)), withText(\(text)))") }
        return matchers.map { "onView(\($0))" }
    }

    /// `pkg:id/name` as `R.id.name`, `android:id/name` as `android.R.id.name`; nil for an id
    /// Kotlin or Java cannot name.
    static func idReference(_ resourceID: String) -> String? {
        let bytes = Array(resourceID.utf8), marker = Array(":id/".utf8)
        guard let at = (0...max(0, bytes.count - marker.count)).first(where: { bytes.count >= marker.count && Array(bytes[$0..<($0 + marker.count)]) == marker })
        else { return nil }
        let package = String(decoding: bytes[..<at], as: UTF8.self)
        let entry = String(decoding: bytes[(at + marker.count)...], as: UTF8.self)
        guard let first = entry.utf8.first, EspressoParser.isIdentifierStart(first), first != 0x24,
              entry.utf8.allSatisfy(EspressoParser.isIdentifierPart) else { return nil }
        return package == "android" ? "android.R.id.\(entry)" : "R.id.\(entry)"
    }

    /// `value` as a Java and Kotlin string literal in double quotes (`$` escaped for Kotlin).
    static func literal(_ value: String) -> String? {
        CallSyntaxLiteral.quoted(value, quote: "\"", escapingDollar: true)
    }
}
