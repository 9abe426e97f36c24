public import SelectorCore

extension EspressoEngine {
    /// `onView(allOf(withText("Delete"), isDescendantOfA(isAssignableFrom(ListView::class.java))))`:
    /// the last step's filter as the matcher, a step below the one before as `withParent(…)` of its
    /// matcher, a step anywhere below as `isDescendantOfA(…)`. Espresso has no pick by position, so
    /// a pick is a part it cannot say. Class literals print in Kotlin, Android's default language.
    public func render(_ path: SearchPath) -> Rendering? {
        if path.steps.contains(where: { $0.pick != nil }) {
            return .cannotSay("a pick by position: onView names views by what they are, not where they stand")
        }
        if let positional = path.positionalPart { return .cannotSay(positional) }
        var outer: String?
        for step in path.steps {
            var parts: [String] = []
            switch Self.matcher(step.filter) {
            case .selector(let m): if !m.isEmpty { parts.append(m) }
            case let other: return other
            }
            if let outer {
                parts.append(step.link == .child ? "withParent(\(outer))" : "isDescendantOfA(\(outer))")
            } else if step.link == .child {
                return .cannotSay("a child of the top: a window's root view has no View parent to name")
            }
            outer = Self.allOf(parts.isEmpty ? ["isAssignableFrom(View::class.java)"] : parts)
        }
        guard let outer else { return .cannotSay("an empty path") }
        return .selector("onView(\(outer))")
    }

    /// `EspressoVocabulary.textual`, its class test possibly read against the recordings (a
    /// translation hands over `kindOf` as the classes the trees hold).
    static func isTextual(_ p: Predicate) -> Bool {
        guard case .or(let alternatives) = p else { return false }
        return alternatives.contains(.all([.hasProperty("text"), .not(.string(property: "text", .equals("")))]))
    }

    static func allOf(_ parts: [String]) -> String {
        parts.count == 1 ? parts[0] : "allOf(" + parts.joined(separator: ", ") + ")"
    }

    /// A predicate as one view matcher; "" for a test every view passes.
    static func matcher(_ p: Predicate) -> Rendering {
        switch p {
        case .any, .not(.memberOf("hierarchy")): return .selector("")
        case EspressoVocabulary.notAndroidID: return .selector("")  // withId(R.id.x) says it
        case .and(let parts):
            var out: [String] = []
            // `withText` carries its own TextView test, which reads back as this conjunct.
            let saysText = parts.contains { if case .string("text", _) = $0 { return true } else { return false } }
            for part in parts where !(saysText && isTextual(part)) {
                switch matcher(part) {
                case .selector(let m): if !m.isEmpty { out.append(m) }
                case let other: return other
                }
            }
            return .selector(out.isEmpty ? "" : allOf(out))
        case .or(let parts):
            var out: [String] = []
            for part in parts {
                switch matcher(part) {
                case .selector(let m): out.append(m.isEmpty ? "isAssignableFrom(View::class.java)" : m)
                case let other: return other
                }
            }
            return .selector(out.count == 1 ? out[0] : "anyOf(" + out.joined(separator: ", ") + ")")
        case .not(let inner):
            switch matcher(inner) {
            case .selector(let m): return m.isEmpty ? .cannotSay("a test no view passes") : .selector("not(\(m))")
            case let other: return other
            }
        case .hasAncestor(let inner):
            switch matcher(inner) {
            case .selector(let m): return .selector("isDescendantOfA(\(m.isEmpty ? "isAssignableFrom(View::class.java)" : m))")
            case let other: return other
            }
        case let .hasRelative(relative, inner):
            // Espresso's hasSibling is "the parent has a child passing m", the view itself counted.
            var name: String
            var tested = inner
            switch relative {
            case .parent:
                name = "withParent"
                if case .hasRelative(.child, let q) = inner { name = "hasSibling"; tested = q }
            case .child: name = "withChild"
            case .descendant: name = "hasDescendant"
            case .sibling: return .cannotSay("a sibling other than the view: Espresso's hasSibling counts the view itself")
            }
            switch matcher(tested) {
            case .selector(let m): return .selector("\(name)(\(m.isEmpty ? "isAssignableFrom(View::class.java)" : m))")
            case let other: return other
            }
        case .kindOf(let c):
            guard isClassName(c) else { return .cannotSay("the class \(c): not a Java class name") }
            return .selector("isAssignableFrom(\(c)::class.java)")
        case .memberOf(let c):
            guard let l = literal(c) else { return .cannotSay("the class \(c)") }
            return .selector("withClassName(equalTo(\(l)))")
        case let .string(property, test):
            return string(property, test)
        case let .bool(property, value):
            let names: [String: (String, String)] = [
                "enabled": ("isEnabled()", "isNotEnabled()"), "isEnabled": ("isEnabled()", "isNotEnabled()"),
                "clickable": ("isClickable()", "isNotClickable()"), "focusable": ("isFocusable()", "isNotFocusable()"),
                "focused": ("isFocused()", "isNotFocused()"), "selected": ("isSelected()", "isNotSelected()"),
                "checked": ("isChecked()", "isNotChecked()"),
            ]
            guard let pair = names[property] else { return .cannotSay("the property `\(property)`: no Espresso matcher reads it") }
            return .selector(value ? pair.0 : pair.1)
        case let .number(property, comparison, value):
            guard property == "index", comparison == .equal, value >= 0, value < 1e9, value == value.rounded() else {
                return .cannotSay("the comparison of `\(property)`")
            }
            return .selector("withParentIndex(\(Int(value)))")
        default:
            return .cannotSay("the test \(p)")
        }
    }

    /// A string property's test as its ViewMatcher.
    static func string(_ property: String, _ test: StringTest) -> Rendering {
        switch property {
        case EspressoVocabulary.resourceID, "accessibilityIdentifier":
            // `withId` names an entry; an exact id or an `:id/name` suffix is one.
            let entry: String?
            switch test.operation {
            case .equals where test.options.isEmpty: entry = test.value
            case .hasSuffix where test.options.isEmpty && test.value.hasPrefix(":id/"): entry = "x" + test.value
            default: entry = nil
            }
            guard let entry, let reference = idReference(entry) else { return .cannotSay("this test of the resource id") }
            return .selector("withId(\(reference))")
        case "text", EspressoVocabulary.contentDescription, "hint", "class":
            let name = ["text": "withText", "hint": "withHint", "class": "withClassName"][property] ?? "withContentDescription"
            guard let argument = hamcrest(test, bare: property != "class") else { return .cannotSay("this comparison of `\(property)`") }
            return .selector("\(name)(\(argument))")
        default:
            return .cannotSay("the property `\(property)`: no Espresso matcher reads it")
        }
    }

    /// A string test as Hamcrest says it: the bare literal for an exact test where the matcher
    /// takes a string, else `equalTo`, `containsString`, `startsWith`, `endsWith` and their
    /// `IgnoringCase` forms; nil for a test Hamcrest's string matchers do not say.
    static func hamcrest(_ test: StringTest, bare: Bool) -> String? {
        guard test.options.subtracting(.caseInsensitive).isEmpty, let l = literal(test.value) else { return nil }
        let ignoring = test.options.contains(.caseInsensitive) ? "IgnoringCase" : ""
        switch test.operation {
        case .equals: return ignoring.isEmpty ? (bare ? l : "equalTo(\(l))") : "equalToIgnoringCase(\(l))"
        case .contains: return "containsString\(ignoring)(\(l))"
        case .hasPrefix: return "startsWith\(ignoring)(\(l))"
        case .hasSuffix: return "endsWith\(ignoring)(\(l))"
        case .matcher: return nil
        }
    }

    /// Whether `c` reads as a (possibly qualified) Java class name.
    static func isClassName(_ c: String) -> Bool {
        !c.isEmpty && c.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            guard let first = part.utf8.first, EspressoParser.isIdentifierStart(first) else { return false }
            return part.utf8.allSatisfy(EspressoParser.isIdentifierPart)
        }
    }
}
