import RegexLabelEngine
import SelectorCore
import Testing

/// What the engine hands the core: one unique descendant step per selector step from the document.
@Suite struct RegexProgramTests {
    @Test func eachStepIsAUniqueDescendantSearchFromTheDocument() throws {
        let program = try RegexEngine().compile("UITableViewCell /^Row 7-/ UIImageView")
        #expect(program.start == .document)
        #expect(program.steps.count == 2)
        guard case let .axis(axis, order, filter, unique) = program.steps[0] else {
            Issue.record("expected an axis step"); return
        }
        #expect(axis == .descendants && order == .document && unique)
        guard case .and(let parts) = filter, parts.count == 2 else { Issue.record("expected two tests"); return }
        #expect(parts[0] == .kindOf("UITableViewCell"))
        guard case .string(let property, _) = parts[1] else { Issue.record("expected a string test"); return }
        #expect(property == "accessibilityLabel")
        #expect(program.steps[1] == .axis(.descendants, order: .document, filter: .kindOf("UIImageView"), unique: true))
    }

    @Test func patternsAreJITCompiledAndKnowTheirStep() throws {
        let program = try RegexEngine().compile("UIView /a/i")
        let compiled = try #require(pattern(in: program))
        #expect(compiled.usesJIT)
        #expect(compiled.step == 1)
        #expect(compiled.description == "/a/i")
    }
}
