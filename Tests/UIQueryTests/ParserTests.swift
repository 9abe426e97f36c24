import SelectorCore
import Testing
@testable import UIQueryEngine

/// What the parser and compiler produce, without running a tree.
@Suite struct ParserTests {
    private func program(_ build: (inout ProgramBuilder) -> Void) -> SelectorProgram {
        var b = ProgramBuilder(start: .application)
        build(&b)
        return b.build()
    }

    @Test func tokensSplitAtSpacesAndTheFirstColon() throws {
        let tokens = try Tokenizer.tokens(of: "label marked:'a b:c' index:2 hidden:YES")
        #expect(tokens.map(\.name) == ["label", "marked", "index", "hidden"])
        #expect(tokens.map(\.offset) == [0, 6, 21, 29])
        #expect(tokens[1].parameter == Parameter(value: .string("a b:c"), offset: 13))
        #expect(tokens[2].parameter?.value == .integer(2))
        #expect(tokens[3].parameter?.value == .boolean(true))
    }

    @Test func doubleQuotesAreStringsOnlyWithoutSingleQuotes() throws {
        #expect(try Tokenizer.tokens(of: "label text:\"a b\"")[1].parameter?.value == .string("a b"))
        #expect(throws: ParseError(.badValue(name: "text", got: "\"a"), at: 11)) { try Parser.parse("label text:\"a b\" marked:'x'") }
    }

    @Test func shorthandsNameUIKitClasses() {
        #expect(Vocabulary.shorthands.count == 34)
        #expect(Vocabulary.className(forShorthand: "tableViewCell") == "UITableViewCell")
        #expect(Vocabulary.className(forShorthand: "Switch") == "UISwitch")
        #expect(Vocabulary.className(forShorthand: "removeControlMinusButton") == "UIRemoveControlMinusButton")
        #expect(Vocabulary.className(forShorthand: "cell") == nil)
    }

    @Test func theParserProducesTypedSteps() throws {
        let parsed = try Parser.parse("find label with text:'x' parent first all should not have tag:3 text:'y'")
        #expect(parsed.steps == [
            .traverse(.descendant), .classStep("UILabel"),
            .match(PropertyMatch(property: "text", value: .string("x"))),
            .traverse(.parent), .index(0), .all,
        ])
        #expect(parsed.expectation == ParsedExpectation(negated: true, condition: .have([
            PropertyMatch(property: "tag", value: .integer(3)), PropertyMatch(property: "text", value: .string("y")),
        ]), offset: 42))
    }

    @Test func aClassStepSearchesDescendantsInReverse() throws {
        #expect(try UIQueryEngine().compile("tableView tableViewCell last") == program {
            $0.descendants(.kindOf("UITableView"), order: .reverse, unique: false)
            $0.descendants(.kindOf("UITableViewCell"), order: .reverse, unique: false)
            $0.pick(-1)
        })
    }

    @Test func aClassStepAfterATraversalFiltersItsViews() throws {
        #expect(try UIQueryEngine().compile("label marked:'x' parent tableViewCell") == program {
            $0.descendants(.kindOf("UILabel"), order: .reverse, unique: false)
            $0.filter(.string(property: "accessibilityLabel", .contains("x")))
            $0.axis(.ancestors, order: .document, filter: .not(.kindOf("UIApplication")), unique: false)
            $0.filter(.kindOf("UITableViewCell"))
        })
        #expect(try UIQueryEngine().compile("window child button") == program {
            $0.descendants(.kindOf("UIWindow"), order: .reverse, unique: false)
            $0.axis(.children, order: .reverse, unique: false)
            $0.filter(.kindOf("UIButton"))
        })
    }

    @Test func propertyValuesBecomeTypedPredicates() throws {
        #expect(try UIQueryEngine().compile("view with tag:3 with hidden:NO with text:'a'") == program {
            $0.descendants(.kindOf("UIView"), order: .reverse, unique: false)
            $0.filter(.number(property: "tag", .equal, 3))
            $0.filter(.bool(property: "hidden", false))
            $0.filter(.string(property: "text", .contains("a")))
        })
        // A bare prop:value is the same filter, followed by UISpec's existence check.
        let steps = try UIQueryEngine().compile("view tag:3").steps
        #expect(steps.count == 2 && steps[0] == .axis(.descendants, order: .reverse,
                                                      filter: .and([.kindOf("UIView"), .number(property: "tag", .equal, 3)]), unique: false))
        if case .engine(let check) = steps.last { #expect(check is UISpecExistenceCheck) } else { Issue.record("no check") }
    }

    @Test func allTimeoutAndWaitAddNoSteps() throws {
        #expect(try UIQueryEngine().compile("label all timeout:3 wait:0.25")
            == UIQueryEngine().compile("label"))
    }

    @Test func anExpectationRemembersItsSubjectAndScope() throws {
        let e = try UIQueryExpectation("tableView tableViewCell all should not be selected")
        #expect(e.subject == "UITableViewCell")
        #expect(e.appliesToAll)
        #expect(e.negated)
        #expect(e.condition == .be("selected"))
        #expect(e.program == (try UIQueryEngine().compile("tableView tableViewCell")))
    }
}
