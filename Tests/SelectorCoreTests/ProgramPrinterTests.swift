import SelectorCore
import Testing

/// The printer's notation for what the header's examples do not show (see the
/// SelectorProgram.swift header for the definition).
@Suite struct ProgramPrinterTests {
    @Test func axisNamesArePaddedToTheWidestInTheProgram() {
        var b = ProgramBuilder(start: .document)
        b.axis(.descendantsOrSelf, unique: false)
        b.axis(.parent, order: .reverse, filter: .memberOf("UIView"), unique: true)
        #expect(b.build().description == """
            start .document
            1  axis descendantsOrSelf  document  filter any
            2  axis parent             reverse  filter memberOf(UIView)  unique
            """)
    }

    @Test func nonAxisStepsAndUnionMembers() {
        var member = ProgramBuilder()
        member.descendants(.kindOf("UIButton"), unique: false)
        var b = ProgramBuilder(start: .roots)
        b.filter(.hasProperty("tag"))
        b.pick(-2)
        b.deduplicate()
        b.sortInDocumentOrder()
        b.union([member.build(), ProgramBuilder().build()])
        #expect(b.build().description == """
            start .roots
            1  filter has(tag)
            2  pick -2
            3  deduplicate
            4  sort
            5  union
               { start .roots
                 1  axis descendants  document  filter kindOf(UIButton)
               }
               { start .roots
               }
            """)
    }

    @Test func stringTestsNumbersAndCustomPredicates() {
        let p: Predicate = .and([
            .string(property: "text", StringTest(.hasPrefix, "a\"b\\", options: .caseInsensitive)),
            .string(property: "id", .hasSuffix("x")),
            .string(property: "label", .equals("line\nbreak")),
            .bool(property: "isOn", false),
            .number(property: "alpha", .lessOrEqual, 0.5),
            .number(property: "tag", .notEqual, 3),
            .custom(name: "hasBadge:", arguments: [.string("new"), 2]),
            .custom(name: "isHidden", arguments: []),
        ])
        var b = ProgramBuilder(start: .windows)
        b.filter(p)
        #expect(b.build().description == """
            start .windows
            1  filter text ^= "a\\"b\\\\" (case-insensitive) ∧ id $= "x" ∧ label == "line\\nbreak" ∧ isOn == false ∧ \
            alpha <= 0.5 ∧ tag != 3 ∧ hasBadge:("new", 2) ∧ isHidden
            """)
    }

    @Test func nestedConnectivesGetParentheses() {
        var b = ProgramBuilder(start: .application)
        b.filter(.and([.or([.kindOf("A"), .none]), .not(.and([.kindOf("B"), .kindOf("C")])), .not(.kindOf("D"))]))
        #expect(b.build().description == """
            start .application
            1  filter (kindOf(A) ∨ none) ∧ ¬(kindOf(B) ∧ kindOf(C)) ∧ ¬kindOf(D)
            """)
    }
}
