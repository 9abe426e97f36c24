public import PCRE2Matching
public import SelectorCore

// What each Espresso ViewMatcher and Hamcrest string matcher means on a UiAutomator recording.
// Espresso's own source is the reference (android/android-test,
// espresso/core/java/androidx/test/espresso/matcher/ViewMatchers.java); Docs/Engines/Espresso.md
// has the table and every difference.

/// A view matcher as Espresso composes it: tests of the view itself, Hamcrest's combinators, and
/// the five structural matchers, which the compiler turns into the core's steps.
indirect enum EspressoMatcher: Equatable {
    /// A test of the view's own values (an ancestor test included).
    case test(Predicate)
    case all([EspressoMatcher])
    case any([EspressoMatcher])
    case not(EspressoMatcher)
    /// `withParent(m)`: the parent passes m.
    case parent(EspressoMatcher)
    /// `withChild(m)`: some child passes m.
    case child(EspressoMatcher)
    /// `hasSibling(m)`: some child of the parent passes m (the view itself included, as
    /// `HasSiblingMatcher` loops over every child).
    case sibling(EspressoMatcher)
    /// `hasDescendant(m)`: some proper descendant passes m.
    case descendant(EspressoMatcher)
    /// `isDescendantOfA(m)`: some proper ancestor passes m.
    case ancestor(EspressoMatcher)
}

/// A Hamcrest `Matcher<String>` (`containsString("x")`, `not(startsWith("a"))`).
indirect enum EspressoTextMatcher {
    case test(StringTest)
    case all([EspressoTextMatcher])
    case any([EspressoTextMatcher])
    case not(EspressoTextMatcher)
    /// `anything()`.
    case anything
    /// `nullValue()`: the view records no such value.
    case null
    /// `notNullValue()`.
    case notNull

    /// The matcher on `property`, each leaf test made a predicate by `leaf`.
    func predicate(_ property: String, leaf: (StringTest) -> Predicate) -> Predicate {
        switch self {
        case .test(let t): return leaf(t)
        case .all(let parts): return .all(parts.map { $0.predicate(property, leaf: leaf) })
        case .any(let parts): return .or(parts.map { $0.predicate(property, leaf: leaf) })
        case .not(let inner): return .not(inner.predicate(property, leaf: leaf))
        case .anything: return .any
        case .null: return .not(.hasProperty(property))
        case .notNull: return .hasProperty(property)
        }
    }

    /// The matcher as a plain test of `property`.
    func predicate(_ property: String) -> Predicate {
        predicate(property) { .string(property: property, $0) }
    }
}

/// Gives parsed expressions their Espresso meaning; errors point at the expression.
struct EspressoVocabulary {
    let text: String

    /// UiAutomator's document element: a container the loader adds, never a view Espresso sees
    /// (a window's root view has no View parent).
    static let isView = Predicate.not(.memberOf("hierarchy"))
    static let resourceID = "resource-id"
    static let contentDescription = "content-desc"

    /// The problem at expression `e`.
    func error(_ kind: EspressoParseError.Kind, _ e: EspressoExpression) -> EspressoParseError {
        EspressoParseError(kind, at: e.offset)
    }

    /// The view matchers read, in the order error messages list them.
    static let viewMatchers = [
        "allOf", "anyOf", "not", "is", "withId", "withResourceName", "withText", "withSubstring",
        "withContentDescription", "hasContentDescription", "withHint", "withClassName", "isAssignableFrom",
        "instanceOf", "isDisplayed", "withEffectiveVisibility", "isEnabled", "isNotEnabled", "isClickable",
        "isNotClickable", "isFocusable", "isNotFocusable", "isFocused", "isNotFocused", "hasFocus",
        "doesNotHaveFocus", "isSelected", "isNotSelected", "isChecked", "isNotChecked", "isRoot", "withParent",
        "withChild", "hasSibling", "hasDescendant", "isDescendantOfA", "withParentIndex",
    ]

    /// Boolean matchers: the recorded attribute and the value they want.
    static let flags: [String: (String, Bool)] = [
        "isEnabled": ("enabled", true), "isNotEnabled": ("enabled", false),
        "isClickable": ("clickable", true), "isNotClickable": ("clickable", false),
        "isFocusable": ("focusable", true), "isNotFocusable": ("focusable", false),
        "isFocused": ("focused", true), "isNotFocused": ("focused", false),
        "isSelected": ("selected", true), "isNotSelected": ("selected", false),
    ]

    // MARK: view matchers

    func viewMatcher(_ e: EspressoExpression) throws(EspressoParseError) -> EspressoMatcher {
        guard case let .call(name, _, args, _) = e else {
            throw error(.expectedViewMatcher, e)
        }
        func one() throws(EspressoParseError) -> EspressoExpression {
            guard args.count == 1 else { throw error(.takesOneArgument(name), e) }
            return args[0]
        }
        func none() throws(EspressoParseError) {
            guard args.isEmpty else { throw error(.takesNoArgument(name), e) }
        }
        if let (attribute, value) = Self.flags[name] {
            try none()
            // The attribute, else its `is` spelling (`isEnabled`), which other page sources record.
            return .test(.flag(attribute, value))
        }
        switch name {
        case "allOf", "both":
            var parts: [EspressoMatcher] = []
            for a in args { parts.append(try viewMatcher(a)) }
            return .all(parts)
        case "anyOf", "either":
            var parts: [EspressoMatcher] = []
            for a in args { parts.append(try viewMatcher(a)) }
            return .any(parts)
        case "not": return .not(try viewMatcher(try one()))
        case "is":
            let arg = try one()
            if case .classLiteral = arg { return .test(try kind(arg)) }
            return try viewMatcher(arg)
        case "isAssignableFrom", "instanceOf", "isA", "any": return .test(try kind(try one()))
        case "withId": return .test(try id(try one()))
        case "withResourceName":
            let m = try textMatcher(try one(), for: name)
            return .test(m.predicate(Self.resourceID) { t in Self.resourceName(t) })
        case "withText":
            let arg = try one()
            try refuseResource(arg, name)
            // A TextView (by the recording's class) or a view that records a text: Espresso's
            // WithTextMatcher is bounded to TextView, and a dump writes text="" on every node.
            return .test(.all([Self.textual, try textMatcher(arg, for: name).predicate("text")]))
        case "withSubstring":
            let arg = try one()
            guard case .string(let s, _) = arg else { throw error(.withSubstringNeedsString, arg) }
            return try viewMatcher(.call(name: "withText", qualifier: [],
                                         arguments: [.call(name: "containsString", qualifier: [], arguments: [.string(s, at: arg.offset)], at: arg.offset)],
                                         at: e.offset))
        case "withContentDescription":
            let arg = try one()
            try refuseResource(arg, name)
            return .test(try textMatcher(arg, for: name).predicate(Self.contentDescription))
        case "hasContentDescription":
            try none()
            return .test(.all([.hasProperty(Self.contentDescription), .not(.string(property: Self.contentDescription, .equals("")))]))
        case "withHint":
            let arg = try one()
            try refuseResource(arg, name)
            return .test(try textMatcher(arg, for: name).predicate("hint"))
        case "withClassName": return .test(try textMatcher(try one(), for: name).predicate("class"))
        case "isDisplayed":
            try none()
            return .test(Self.displayed)
        case "withEffectiveVisibility":
            let arg = try one()
            guard case .path(let names, _) = arg, let v = names.last, ["VISIBLE", "INVISIBLE", "GONE"].contains(v) else {
                throw error(.badVisibility, arg)
            }
            return .test(v == "VISIBLE" ? Self.effectivelyVisible : .not(Self.effectivelyVisible))
        case "isChecked", "isNotChecked":
            try none()
            // WithCheckBoxStateMatcher is bounded to Checkable views.
            return .test(.all([.bool(property: "checkable", true), .bool(property: "checked", name == "isChecked")]))
        case "hasFocus", "doesNotHaveFocus":
            try none()
            let focus = EspressoMatcher.any([.test(.bool(property: "focused", true)), .descendant(.test(.bool(property: "focused", true)))])
            return name == "hasFocus" ? focus : .not(focus)
        case "isRoot":
            try none()
            return .test(.not(.hasAncestor(Self.isView)))
        case "withParent": return .parent(try viewMatcher(try one()))
        case "withChild": return .child(try viewMatcher(try one()))
        case "hasSibling": return .sibling(try viewMatcher(try one()))
        case "hasDescendant": return .descendant(try viewMatcher(try one()))
        case "isDescendantOfA": return .ancestor(try viewMatcher(try one()))
        case "withParentIndex":
            let arg = try one()
            guard case .number(let n, _) = arg, n >= 0 else { throw error(.badParentIndex, arg) }
            // UiAutomator's `index` is the view's place among its parent's children.
            return .test(.number(property: "index", .equal, Double(n)))
        case "onView", "onData": throw error(.matcherInsideMatcher(name), e)
        default:
            if Self.unreadable[name] != nil { throw error(.unreadable(name), e) }
            if Self.textMatcherNames.contains(name) { throw error(.stringMatcherAsViewMatcher(name), e) }
            throw error(.unknownViewMatcher(name), e)
        }
    }

    /// A view `withText` reads: a TextView (by the recording's class) or a view that records a
    /// text. Espresso's WithTextMatcher is bounded to TextView, and a dump writes text="" on every node.
    static let textual = Predicate.or([.kindOf("android.widget.TextView"),
                                       .all([.hasProperty("text"), .not(.string(property: "text", .equals("")))])])
    /// The part of `withId(R.id.x)` that keeps Android's own ids out.
    static let notAndroidID = Predicate.not(.string(property: resourceID, .hasPrefix("android:")))

    /// Shown: the view and its ancestors not hidden (a recording's `visible-to-user`, `visible` or
    /// `displayed`, which the loader records as `isHidden`), and an on-screen rectangle with area.
    static let displayed = Predicate.all([effectivelyVisible,
                                          .number(property: PropertyName.accessibilityFrame + ".width", .greater, 0),
                                          .number(property: PropertyName.accessibilityFrame + ".height", .greater, 0)])
    /// Neither the view nor an ancestor hidden.
    static let effectivelyVisible = Predicate.all([.not(.bool(property: PropertyName.isHidden, true)),
                                                   .not(.hasAncestor(.bool(property: PropertyName.isHidden, true)))])

    /// `withText(R.string.x)` and its kind name a resource the recording cannot look up.
    func refuseResource(_ arg: EspressoExpression, _ name: String) throws(EspressoParseError) {
        switch arg {
        case .path, .number:
            throw error(.resourceText(matcher: name), arg)
        default: return
        }
    }

    // MARK: ids and classes

    /// `withId(R.id.login)`: a resource id ending in `:id/login` in any package but Android's (an
    /// app's R class and its libraries'); `android.R.id.content` is `android:id/content`.
    func id(_ arg: EspressoExpression) throws(EspressoParseError) -> Predicate {
        switch arg {
        case let .call(name, _, args, _) where (name == "is" || name == "equalTo") && args.count == 1:
            return try id(args[0])
        case .path(let names, _):
            guard names.count >= 3, names[names.count - 3] == "R", names[names.count - 2] == "id" else {
                throw error(.withIdNeedsId, arg)
            }
            let entry = names[names.count - 1]
            if names.count == 4, names[0] == "android" {
                return .string(property: Self.resourceID, .equals("android:id/\(entry)"))
            }
            return .all([.string(property: Self.resourceID, .hasSuffix(":id/\(entry)")), Self.notAndroidID])
        case .number:
            throw error(.numericId, arg)
        default:
            throw error(.withIdNeedsId, arg)
        }
    }

    /// `withResourceName`'s test of the entry name, the part after `:id/`.
    static func resourceName(_ t: StringTest) -> Predicate {
        if t.operation == .equals, t.options.isEmpty, !t.value.contains("/") {
            return .string(property: resourceID, .hasSuffix(":id/" + t.value))
        }
        let body: String
        switch t.operation {
        case .equals: body = EspressoRegexMatcher.escape(t.value)
        case .contains: body = ".*" + EspressoRegexMatcher.escape(t.value) + ".*"
        case .hasPrefix: body = EspressoRegexMatcher.escape(t.value) + ".*"
        case .hasSuffix: body = ".*" + EspressoRegexMatcher.escape(t.value)
        case .matcher(let m):
            guard let regex = m as? EspressoRegexMatcher,
                  let entry = try? EspressoRegexMatcher(pattern: regex.pattern, prefix: "[^/]*:id/", caseless: regex.caseless) else {
                return .none
            }
            return .string(property: resourceID, .matcher(entry))
        }
        guard let m = try? EspressoRegexMatcher(pattern: body, prefix: "[^/]*:id/", caseless: t.options.contains(.caseInsensitive)) else {
            return .none
        }
        return .string(property: resourceID, .matcher(m))
    }

    /// `Button::class.java` and `Button.class`: the class or one inheriting from it, by the
    /// recording's class table. A name without a package is looked up among Android's classes.
    func kind(_ arg: EspressoExpression) throws(EspressoParseError) -> Predicate {
        guard case .classLiteral(let name, _) = arg else {
            throw error(.expectedClassLiteral, arg)
        }
        let names = Self.qualifiedNames(name)
        return names.count == 1 ? .kindOf(names[0]) : .or(names.map { .kindOf($0) })
    }

    /// The classes a name may mean: itself when qualified, else the Android classes of that
    /// simple name (`Button` → `android.widget.Button`; `Toolbar` → both toolbars).
    static func qualifiedNames(_ name: String) -> [String] {
        if name.contains(".") { return [name] }
        if let known = androidBySimpleName[name] { return known }
        return ["android.widget." + name, "android.view." + name]
    }

    /// Android's classes that the class tables know, by simple name.
    static let androidBySimpleName: [String: [String]] = {
        var out: [String: [String]] = [:]
        let h = ClassHierarchy.android
        var names = Set(h.superclasses.keys)
        names.formUnion(h.superclasses.values)
        for n in names.sorted() where n.contains(".") {
            guard let simple = n.split(separator: ".").last else { continue }
            out[String(simple), default: []].append(n)
        }
        return out
    }()

    // MARK: string matchers

    /// Hamcrest's string matchers, for the error that says one stands where a view matcher should.
    static let textMatcherNames: Set<String> = [
        "equalTo", "equalToIgnoringCase", "containsString", "containsStringIgnoringCase", "startsWith",
        "startsWithIgnoringCase", "endsWith", "endsWithIgnoringCase", "isEmptyString", "emptyString",
        "isEmptyOrNullString", "emptyOrNullString", "nullValue", "notNullValue", "anything", "matchesPattern",
        "matchesRegex",
    ]

    func textMatcher(_ e: EspressoExpression, for owner: String) throws(EspressoParseError) -> EspressoTextMatcher {
        switch e {
        case .string(let s, _): return .test(.equals(s))
        case .className(let name, _):
            let names = Self.qualifiedNames(name)
            return names.count == 1 ? .test(.equals(names[0])) : .any(names.map { .test(.equals($0)) })
        case let .call(name, _, args, _):
            func string() throws(EspressoParseError) -> String {
                guard args.count == 1, case .string(let s, _) = args[0] else { throw error(.takesString(name), e) }
                return s
            }
            func none() throws(EspressoParseError) {
                guard args.isEmpty else { throw error(.takesNoArgument(name), e) }
            }
            switch name {
            case "is", "equalTo":
                guard args.count == 1 else { throw error(.takesOneArgument(name), e) }
                return try textMatcher(args[0], for: owner)
            case "equalToIgnoringCase": return .test(StringTest(.equals, try string(), options: .caseInsensitive))
            case "containsString": return .test(.contains(try string()))
            case "containsStringIgnoringCase": return .test(StringTest(.contains, try string(), options: .caseInsensitive))
            case "startsWith": return .test(.hasPrefix(try string()))
            case "startsWithIgnoringCase": return .test(StringTest(.hasPrefix, try string(), options: .caseInsensitive))
            case "endsWith": return .test(.hasSuffix(try string()))
            case "endsWithIgnoringCase": return .test(StringTest(.hasSuffix, try string(), options: .caseInsensitive))
            case "isEmptyString", "emptyString":
                try none()
                return .test(.equals(""))
            case "isEmptyOrNullString", "emptyOrNullString":
                try none()
                return .any([.null, .test(.equals(""))])
            case "nullValue":
                try none()
                return .null
            case "notNullValue":
                try none()
                return .notNull
            case "anything":
                return .anything
            case "matchesPattern", "matchesRegex":
                guard args.count == 1, case .string(let pattern, let at) = args[0] else { throw error(.takesRegex(name), e) }
                do {
                    return .test(.matcher(try EspressoRegexMatcher(pattern: pattern, prefix: "", caseless: false)))
                } catch {
                    // The offset counts into the pattern as read; it points at the string when
                    // escapes moved it.
                    throw EspressoParseError(.invalidRegex(pcre2Message: error.message), at: at)
                }
            case "not":
                guard args.count == 1 else { throw error(.takesOneArgument("not"), e) }
                return .not(try textMatcher(args[0], for: owner))
            case "allOf", "both":
                var parts: [EspressoTextMatcher] = []
                for a in args { parts.append(try textMatcher(a, for: owner)) }
                return .all(parts)
            case "anyOf", "either":
                var parts: [EspressoTextMatcher] = []
                for a in args { parts.append(try textMatcher(a, for: owner)) }
                return .any(parts)
            default:
                if Self.viewMatchers.contains(name) || Self.flags[name] != nil || Self.unreadable[name] != nil {
                    throw error(.viewMatcherAsStringMatcher(owner: owner, matcher: name), e)
                }
                throw error(.unknownStringMatcher(name), e)
            }
        default:
            throw error(.needsStringMatcher(owner: owner), e)
        }
    }
}

/// A Java regular expression as Hamcrest's `matchesPattern` runs it (`Pattern.matches`: the whole
/// value), run by PCRE2 with the shared match limits; also the entry-name tests of
/// `withResourceName`, which put `prefix` before it.
public final class EspressoRegexMatcher: StringMatcher {
    let regex: PCRE2Regex
    /// The pattern as written.
    public let pattern: String
    /// What the value must start with before the pattern (a resource id's `pkg:id/`).
    public let prefix: String
    /// Whether letters match either case.
    public let caseless: Bool

    /// Compiles `pattern`; a compile error's offset counts bytes into it.
    public init(pattern: String, prefix: String, caseless: Bool, limits: PCRE2Limits = PCRE2Limits()) throws(PCRE2CompileError) {
        let head = "\\A" + prefix + "(?:"
        do {
            regex = try PCRE2Regex(head + pattern + ")\\z", options: caseless ? [.caseless] : [], limits: limits, jit: true)
        } catch {
            var e = error
            e.patternOffset = max(0, e.patternOffset - head.utf8.count)
            throw e
        }
        self.pattern = pattern
        self.prefix = prefix
        self.caseless = caseless
    }

    public func makeEvaluator() -> any StringEvaluator {
        PCRE2Evaluator(regex, wording: .init(site: description, matchDataSite: "for \(description)", explainsMatchLimit: true))
    }

    public var description: String {
        "matchesPattern(\(prefix.isEmpty ? "" : prefix + "…"))\(pattern)\(caseless ? " ignoring case" : "")"
    }

    /// `s` with every character a regex gives meaning to escaped.
    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s.unicodeScalars {
            if ch.isASCII, !(ch.properties.isAlphabetic || ("0"..."9").contains(ch)) { out += "\\" }
            out.unicodeScalars.append(ch)
        }
        return out
    }
}
