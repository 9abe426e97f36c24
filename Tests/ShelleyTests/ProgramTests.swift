import SelectorCore
@testable import ShelleyEngine
import ShelleyCompatEngine
import Testing

private func program(_ steps: (inout ProgramBuilder) -> Void) -> SelectorProgram {
    var b = ProgramBuilder(start: .windows)
    steps(&b)
    return b.build()
}

private let notApplication: Predicate = .not(.kindOf("UIApplication"))
private func marked(_ s: String) -> Predicate {
    .string(property: "accessibilityLabel", StringTest(.contains, s, options: .noBreakSpaceAsSpace))
}

/// The last stages: sections to filters to the core's compiled form.
@Suite struct ProgramTests {
    @Test("sections become Shelley's filters")
    func filters() throws {
        #expect(try ShelleyParser.filters(of: "view button parent first index:124 descendant", dialect: .strict)
            == [.kind("UIView"), .kind("UIButton"), .parent, .index(0), .index(124), .descendant])
        #expect(try ShelleyParser.filters(of: "navigationButton navigationItemView alertView", dialect: .compat)
            == [.kind("UINavigationButton"), .kind("UINavigationItemView"), .kind("UIAlertView")])
        #expect(try ShelleyParser.filters(of: "singleArg:123 noArgMethod", dialect: .compat)
            == [.predicate(.custom(name: "singleArg:", arguments: [.int(123)])),
                // A bare word is checked for a BOOL answer first (Shelley's "wrong return type").
                .checkedPredicate(.custom(name: "noArgMethod", arguments: []),
                                  ShelleyReturnTypeCheck(name: "noArgMethod", classes: [], offset: 14))])
        #expect(try ShelleyParser.filters(of: "last child sibling", dialect: .strict) == [.index(-1), .child, .sibling])
    }

    @Test("a class filter searches descendants, deduplicated after the first step")
    func classFilters() throws {
        #expect(try strict.compile("view") == program { $0.descendants(.kindOf("UIView"), unique: false) })
        #expect(try strict.compile("view button") == program {
            $0.descendants(.kindOf("UIView"), unique: false)
            $0.descendants(.kindOf("UIButton"), unique: true)
        })
    }

    @Test("descendant keeps each view itself")
    func descendant() throws {
        #expect(try strict.compile("descendant") == program {
            $0.axis(.descendantsOrSelf, filter: .kindOf("UIView"), unique: false)
        })
    }

    @Test("parent walks ancestors and the next class filter tests them in place")
    func parent() throws {
        #expect(try strict.compile("button parent view:'UITableViewCell' button") == program {
            $0.descendants(.kindOf("UIButton"), unique: false)
            $0.axis(.ancestors, filter: notApplication, unique: true)
            $0.filter(.kindOf("UITableViewCell"))
            $0.descendants(.kindOf("UIButton"), unique: true)
        })
        #expect(try strict.compile("label parent descendant") == program {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.ancestors, filter: notApplication, unique: true)
            $0.filter(.kindOf("UIView"))
        })
    }

    @Test("first, index and last pick from the whole list")
    func picks() throws {
        #expect(try strict.compile("button first") == program { $0.descendants(.kindOf("UIButton"), unique: false); $0.pick(0) })
        #expect(try strict.compile("button index:3") == program { $0.descendants(.kindOf("UIButton"), unique: false); $0.pick(3) })
        #expect(try strict.compile("button last") == program { $0.descendants(.kindOf("UIButton"), unique: false); $0.pick(-1) })
    }

    @Test("child and sibling move like parent and filter in place after")
    func childSibling() throws {
        #expect(try strict.compile("tableView child tableViewCell") == program {
            $0.descendants(.kindOf("UITableView"), unique: false)
            $0.axis(.children, unique: true)
            $0.filter(.kindOf("UITableViewCell"))
        })
        #expect(try strict.compile("label sibling button") == program {
            $0.descendants(.kindOf("UILabel"), unique: false)
            $0.axis(.siblings, unique: true)
            $0.filter(.kindOf("UIButton"))
        })
    }

    @Test("string predicates become core string tests")
    func stringPredicates() throws {
        #expect(try strict.compile("view marked:'OK'") == program {
            $0.descendants(.kindOf("UIView"), unique: false); $0.filter(marked("OK"))
        })
        #expect(try strict.compile("markedExactly:'OK'") == program {
            $0.filter(.string(property: "accessibilityLabel", .equals("OK")))
        })
        // Shelley defines text: on UILabel and UITextField only, placeholder: on UITextField.
        #expect(try strict.compile("text:'a' placeholder:'b'") == program {
            $0.filter(.and([.or([.kindOf("UILabel"), .kindOf("UITextField")]),
                            .string(property: "text", StringTest(.contains, "a", options: .noBreakSpaceAsSpace))]))
            $0.filter(.and([.kindOf("UITextField"),
                            .string(property: "placeholder", StringTest(.contains, "b", options: .noBreakSpaceAsSpace))]))
        })
        #expect(try strict.compile("marked:''") == program { $0.filter(.none) })
    }

    @Test("other names go to the core's predicate registry with their arguments")
    func customPredicates() throws {
        #expect(try strict.compile("isHidden") == program { $0.filter(.custom(name: "isHidden", arguments: [])) })
        let registry = PredicateRegistry()
        try registry.register(CustomPredicate(name: "hasBadge:count:title:on:", arity: 4) { _, _, _ in true })
        #expect(try ShelleyEngine(predicates: registry).compile("hasBadge:2count:1.5title:'x'on:YES") == program {
            $0.filter(.custom(name: "hasBadge:count:title:on:",
                              arguments: [.int(2), .double(1.5), .string("x"), .bool(true)]))
        })
    }

    @Test("escapes reach the program")
    func escapedValue() throws {
        #expect(try strict.compile(#"marked:'it\'s'"#) == program { $0.filter(marked("it's")) })
    }

    @Test("both engines compile a shared selector identically")
    func sameProgram() throws {
        let s = "tableViewCell label marked:'Row 7-3' parent tableViewCell view:'UIImageView'"
        #expect(try strict.compile(s) == compat.compile(s))
        #expect(strict.name == "shelley" && compat.name == "shelley_compat")
        #expect(ShelleyEngine(dialect: .compat).name == "shelley_compat")
    }

    @Test("an empty selector compiles to a program that selects nothing")
    func empty() throws {
        #expect(try strict.compile(" ") == program { $0.filter(.none) })
    }
}
