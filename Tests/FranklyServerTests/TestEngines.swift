import SelectorCore

/// A tiny engine for these tests (the real engines live on other branches): a comma-separated
/// list of numeric uids, matched anywhere in the tree, in document order.
struct UIDListEngine: SelectorEngine {
    let name: String

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var uids: [Double] = []
        var offset = 0
        for part in selector.split(separator: ",", omittingEmptySubsequences: false) {
            let text = part.filter { $0 != " " }
            guard let uid = Double(text) else {
                throw SelectorError.syntax("expected a uid (a number), found '\(part)'", at: offset, in: selector)
            }
            uids.append(uid)
            offset += part.utf8.count + 1
        }
        var builder = ProgramBuilder(start: .document)
        builder.descendants(.or(uids.map { .number(property: "uid", .equal, $0) }), unique: true)
        return builder.build()
    }
}

/// Selects every view of a class (or `*` for all), for readable tests.
struct ClassEngine: SelectorEngine {
    let name = "kind"

    func compile(_ selector: String) throws(SelectorError) -> SelectorProgram {
        var builder = ProgramBuilder(start: .document)
        builder.descendants(selector == "*" ? .any : .kindOf(selector), unique: true)
        return builder.build()
    }
}

enum TestEngines {
    /// `uiquery` (what `/map` defaults to) and `uids`: the uid-list engine; `kind`: by class.
    static func registry() -> EngineRegistry {
        let registry = EngineRegistry()
        try! registry.register(UIDListEngine(name: "uiquery"))
        try! registry.register(UIDListEngine(name: "uids"))
        try! registry.register(ClassEngine())
        return registry
    }
}
