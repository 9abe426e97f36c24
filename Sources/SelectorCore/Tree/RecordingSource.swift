/// The tool a recording came from, which decides the selector languages that run where it was
/// made: a selector handed to a user names only what their own tool reads (Docs/Translate.md,
/// "Which languages run where").
public enum RecordingSource: String, Sendable, CaseIterable {
    /// A UIKit tree as Frank's `/dump` serves it, or one built in process (the sample app, a
    /// generated tree): Frank's languages, the seeds'.
    case frank
    /// An iOS page source: XCUITest as WebDriverAgent and Appium's XCUITest driver serve it.
    case xcuitest
    /// An Android page source: `uiautomator dump`, Appium's UiAutomator2 and Espresso drivers.
    case uiautomator
    /// What `maestro hierarchy` prints, on either platform: Maestro's own selectors.
    case maestro
    /// A recording no language here is the tool of (Calabash's and UIAutomation's trees, generic
    /// XML): every language is offered, as no tool says otherwise.
    case other

    /// The platform and tool in words, for reports and the inspector.
    public var description: String {
        switch self {
        case .frank: "iOS UIKit (Frank)"
        case .xcuitest: "iOS (XCUITest page source)"
        case .uiautomator: "Android (UiAutomator page source)"
        case .maestro: "Maestro hierarchy"
        case .other: "a recording no tool here reads"
        }
    }

    /// The source every tree in `trees` shares; `.other` when they differ or there are none.
    public static func common(of trees: [ViewTree]) -> RecordingSource {
        guard let first = trees.first?.recordingSource, trees.allSatisfy({ $0.recordingSource == first }) else { return .other }
        return first
    }
}

extension SelectorEngine {
    /// Whether this language's own tool reads recordings from `source`: always on `.other`, else
    /// `recordingSources` says.
    public func reads(_ source: RecordingSource) -> Bool {
        source == .other || recordingSources.contains(source)
    }
}

extension EngineRegistry {
    /// The registered engines that read recordings from `source`, in name order: the languages
    /// suggestions are offered in there.
    public func engines(reading source: RecordingSource) -> [String] {
        names.filter { registeredEngine($0)?.reads(source) ?? false }
    }
}
