import SelectorCore
import ShelleyCompatEngine
import ShelleyEngine
import ViewSelectorsTesting

/// A tree node for tests: `T("UIButton", "ok", label: "OK", [children])`.
struct T {
    var className: String
    var uid: String
    var properties: [(String, JSONValue)]
    var children: [T]

    init(_ className: String = "UIView", _ uid: String, label: String? = nil, hidden: Bool? = nil,
         _ properties: [(String, JSONValue)] = [], _ children: [T] = []) {
        self.className = className
        self.uid = uid
        var p = properties
        if let label { p.append(("accessibilityLabel", .string(label))) }
        if let hidden { p.append(("isHidden", .bool(hidden))) }
        self.properties = p
        self.children = children
    }

    init(_ className: String = "UIView", _ uid: String, label: String? = nil, hidden: Bool? = nil, _ children: [T]) {
        self.init(className, uid, label: label, hidden: hidden, [], children)
    }

    /// Shelley's tests keep their own spelling (`hidden:`, the label after other properties);
    /// the tree itself is built by the shared DSL.
    var node: N { N(className, uid, properties, children.map(\.node)) }

    func build() -> ViewTree { node.build() }
}

let strict = ShelleyEngine()
let compat = ShelleyCompatEngine()

/// The uids `selector` selects in `tree` with `engine`, serially.
func select(_ selector: String, in tree: ViewTree, engine: any SelectorEngine = strict,
            matcher: Matcher = Matcher(configuration: .serial)) throws -> [String] {
    let program = try engine.compile(selector)
    return tree.uids(of: try matcher.select(program, in: tree))
}

/// The error `engine` raises for `selector`, or nil.
func compileError(_ selector: String, engine: any SelectorEngine = strict) -> SelectorError? {
    do { _ = try engine.compile(selector); return nil } catch { return error }
}
