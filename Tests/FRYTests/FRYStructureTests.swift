import FRYEngine
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectorsTesting

/// FRY's structural tests (`FRYOnScreen`, `FRYIndexPath`), which the engine supplies to the core,
/// checked view by view against `PlainStructure`, an independent plain definition, on random
/// trees whose frames and recorded index paths hit the edge cases (views off screen, empty and
/// negative sizes, paths as arrays, objects and text, cells without paths, section headers).
@Suite("FRY's structural tests against a plain definition")
struct FRYStructureTests {
    static let trees: [(String, ViewTree)] = RandomTrees.Shape.allCases.flatMap { shape in
        RandomTrees.Frames.allCases.map { frames in
            ("\(shape) \(frames)", RandomTrees.build(nodes: 1_500, seed: 41, shape: shape, frames: frames))
        }
    } + [("generated app", SyntheticApp.generate(nodes: 3_000, seed: 5))]

    @Test("on screen", arguments: trees.indices)
    func onScreen(_ k: Int) {
        let (name, tree) = Self.trees[k]
        let plain = PlainStructure(tree: tree)
        let passing = FRYOnScreen().passingViews(in: TreeStructure(tree))
        var disagree: [NodeID] = [], on = 0
        for i in 0..<tree.count {
            let v = NodeID(i)
            if passing.contains(v) != plain.onScreen(v) { disagree.append(v) }
            if passing.contains(v) { on += 1 }
        }
        #expect(disagree.isEmpty, "\(name): \(disagree.prefix(10))")
        #expect(on > 0, "\(name)")
    }

    @Test("index paths", arguments: trees.indices)
    func indexPaths(_ k: Int) {
        let (name, tree) = Self.trees[k]
        let plain = PlainStructure(tree: tree)
        var paths: Set<[Int]> = []
        for i in 0..<tree.count { if let p = plain.indexPath(of: NodeID(i)) { paths.insert([p.0, p.1]) } }
        // Every path some cell has, and one none has.
        for path in paths.sorted(by: { $0.lexicographicallyPrecedes($1) }) + [[97, 0]] {
            let passing = FRYIndexPath(section: path[0], row: path[1]).passingViews(in: TreeStructure(tree))
            for i in 0..<tree.count {
                let v = NodeID(i)
                let expected = plain.indexPath(of: v).map { [$0.0, $0.1] == path } ?? false
                #expect(passing.contains(v) == expected, "\(name): view \(v), path \(path)")
            }
        }
        if name == "generated app" { #expect(paths.count > 5) }
    }

    @Test("the core prints, explains and runs them as the engine's")
    func throughTheCore() throws {
        let condition = StructuralCondition(FRYIndexPath(section: 0, row: 1))
        #expect(Predicate.structural(condition) == .structural(StructuralCondition(FRYIndexPath(section: 0, row: 1))))
        #expect(Predicate.structural(condition) != .structural(StructuralCondition(FRYOnScreen())))
        var b = ProgramBuilder(start: .document)
        b.descendants(.structural(condition), unique: true)
        let program = b.build()
        #expect(program.description.contains("indexPath(0, 1)"))
        let tree = SyntheticApp.generate(nodes: 3_000, seed: 5)
        let plain = PlainStructure(tree: tree)
        let expected = (0..<tree.count).map(NodeID.init).filter { plain.indexPath(of: $0).map { $0 == (0, 1) } ?? false }
        #expect(!expected.isEmpty)
        #expect(try Matcher().select(program, in: tree) == expected)
        #expect(try ReferenceInterpreter(tree: tree).select(program) == expected)
        // A plug-in's program cannot carry the engine's code.
        #expect(throws: SelectorError.self) { try program.pluginJSON() }
    }
}
