import PredicateFormat
public import SelectorCore

// What XCUITest's names mean on a recording. XCUITest matches an element by its `elementType`
// exactly (XCUIElement.ElementType, one case per type, no inheritance); an XCUITest page source
// records that type as the element's class (`XCUIElementTypeButton`), while a Frank `/dump` records
// UIKit classes, which XCUITest reports as the type of the UIKit role they play.

/// XCUITest's element types, the type-query properties and the identifier match, as predicates.
public enum XCUITestVocabulary {
    /// `XCUIElement.ElementType`'s cases (XCUIElementTypes.h; WebDriverAgent's
    /// `FBElementTypeTransformer` names the same 83); the page-source name is `XCUIElementType` +
    /// the case capitalised.
    public static let elementTypes: [String] = [
        "any", "other", "application", "group", "window", "sheet", "drawer", "alert", "dialog", "button",
        "radioButton", "radioGroup", "checkBox", "disclosureTriangle", "popUpButton", "comboBox", "menuButton",
        "toolbarButton", "popover", "keyboard", "key", "navigationBar", "tabBar", "tabGroup", "toolbar",
        "statusBar", "table", "tableRow", "tableColumn", "outline", "outlineRow", "browser", "collectionView",
        "slider", "pageIndicator", "progressIndicator", "activityIndicator", "segmentedControl", "picker",
        "pickerWheel", "switch", "toggle", "link", "image", "icon", "searchField", "scrollView", "scrollBar",
        "staticText", "textField", "secureTextField", "datePicker", "textView", "menu", "menuItem", "menuBar",
        "menuBarItem", "map", "webView", "incrementArrow", "decrementArrow", "timeline", "ratingIndicator",
        "valueIndicator", "splitGroup", "splitter", "relevanceIndicator", "colorWell", "helpTag", "matte",
        "dockItem", "ruler", "rulerMarker", "grid", "levelIndicator", "cell", "layoutArea", "layoutItem",
        "handle", "stepper", "tab", "touchBar", "statusItem",
    ]

    static let typeSet = Set(elementTypes)

    /// XCUIElementTypeQueryProvider's properties (`buttons`, `staticTexts`, `switches`,
    /// `otherElements`…), each `descendants(matching:)` of one type; `any` and `application` have none.
    public static let typeOfProperty: [String: String] = {
        var out: [String: String] = [:]
        for t in elementTypes where t != "any" && t != "application" { out[plural(of: t)] = t }
        return out
    }()

    /// The property name of type `t`: `other` is `otherElements`, `-x`/`-ch` take `es`, the rest `s`.
    public static func plural(of t: String) -> String {
        if t == "other" { return "otherElements" }
        if t.hasSuffix("x") || t.hasSuffix("ch") { return t + "es" }
        return t + "s"
    }

    /// `button` → `XCUIElementTypeButton`.
    public static func pageSourceName(of t: String) -> String {
        guard let first = t.first else { return "XCUIElementType" }
        return "XCUIElementType" + first.uppercased() + t.dropFirst()
    }

    /// `XCUIElementTypeButton` → `button`; nil for a name that is no element type.
    public static func type(ofPageSourceName name: String) -> String? {
        guard name.hasPrefix("XCUIElementType") else { return nil }
        let rest = name.dropFirst("XCUIElementType".count)
        guard let first = rest.first else { return nil }
        let t = first.lowercased() + rest.dropFirst()
        return typeSet.contains(t) ? t : nil
    }

    /// The UIKit classes of a UIKit recording and the type XCUITest reports for each, most specific
    /// first (`ClassHierarchy.xcuitestRoles`, the page-source writer's table too), the type as a
    /// query names it (`staticText`).
    public static let uikitRoles: [(uikitClass: String, type: String)] = ClassHierarchy.xcuitestRoles.map {
        ($0.uikitClass, $0.type.prefix(1).lowercased() + $0.type.dropFirst())
    }

    /// Views whose class is an XCUITest type: a page source's (its `type`), never a UIKit class.
    static let isPageSourceType = Predicate.string(property: "class", .hasPrefix("XCUIElementType"))

    /// Views of element type `t`: on a page source the class `XCUIElementType…` exactly (XCUITest
    /// compares `elementType` with `==`); on a UIKit recording the views whose first role in
    /// `uikitRoles` has type `t` (for `other`, views with none). `any` is every view.
    public static func predicate(forType t: String) -> Predicate {
        if t == "any" { return .any }
        var uikit: [Predicate] = []
        var earlier: [Predicate] = []
        for role in uikitRoles {
            let kind = Predicate.kindOf(role.uikitClass)
            if role.type == t {
                uikit.append(earlier.isEmpty ? kind : .all([kind, .not(.or(earlier))]))
            }
            earlier.append(kind)
        }
        if t == "other" { uikit = [.not(.or(earlier))] }
        let exact = Predicate.memberOf(pageSourceName(of: t))
        guard !uikit.isEmpty else { return exact }
        let onUIKit = Predicate.all([.not(isPageSourceType), uikit.count == 1 ? uikit[0] : .or(uikit)])
        return .or([exact, onUIKit])
    }

    /// The XCUITest type of a class on a UIKit recording, by `uikitRoles` over the UIKit class
    /// table (`ClassHierarchy.uikit`); a page-source name is its own type.
    public static func type(ofClass name: String) -> String {
        if let t = type(ofPageSourceName: name) { return t }
        var chain: [String] = []
        var c: String? = name
        while let k = c, chain.count < 64 {
            chain.append(k)
            c = ClassHierarchy.uikit.superclass(of: k)
        }
        for role in uikitRoles where chain.contains(role.uikitClass) { return role.type }
        return "other"
    }

    /// The type of `node` in `tree`, as `predicate(forType:)` reads it.
    public static func type(of node: NodeID, in tree: ViewTree) -> String {
        let name = tree.className(of: node)
        if let t = type(ofPageSourceName: name) { return t }
        let classes = tree.classes
        guard let id = classes.id(of: name) else { return type(ofClass: name) }
        for role in uikitRoles {
            if let r = classes.id(of: role.uikitClass), classes.isKind(id, of: r) { return role.type }
        }
        return "other"
    }

    /// The elements an identifier `key` names: Apple's subscript, `matching(identifier:)` and
    /// `containing(_:identifier:)` compare it with "any one of each element's identifying properties:
    /// identifier, title, label, value, or placeholderValue" (XCUIElementQuery, subscript(_:)). The
    /// identifier, label and value are read where the `predicate` engine reads those key paths
    /// (`KeyPathAliases.standard`: a page source's `name`, `label`, `value`; UIKit's
    /// `accessibilityIdentifier`, `accessibilityLabel`, `accessibilityValue`); the others, and a
    /// UIKit view's `text` (XCUITest's value of a text field, the page-source writer's `value`) and
    /// `placeholder`, as recorded.
    public static func identifying(_ key: String) -> Predicate {
        let literal = FormatPrinter.literal(key)
        let format = ["identifier", "label", "value"].map { "\($0) == \(literal)" }.joined(separator: " OR ")
        var parts: [Predicate] = []
        if let p = try? PredicateFormat().compile(format) { parts.append(p) }
        for property in ["title", "placeholderValue", "placeholder", "text"] {
            parts.append(.string(property: property, .equals(key)))
        }
        var flat: [Predicate] = []
        for p in parts {
            if case .or(let inner) = p { flat += inner } else { flat.append(p) }
        }
        return .or(flat)
    }
}
