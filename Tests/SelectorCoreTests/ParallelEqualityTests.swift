import SelectorCore
import SyntheticHierarchy
import Testing

/// Programs covering every step shape, run serially and in parallel over generated trees.
private func programs() -> [(String, SelectorProgram)] {
    var out: [(String, SelectorProgram)] = []
    func add(_ name: String, _ start: StartPoint = .windows, _ build: (inout ProgramBuilder) -> Void) {
        var b = ProgramBuilder(start: start)
        build(&b)
        out.append((name, b.build()))
    }
    let label = "accessibilityLabel"
    add("all labels") { $0.descendants(.kindOf("UILabel"), unique: false) }
    add("class and exact label") {
        $0.descendants(.all([.kindOf("UILabel"), .string(property: label, .equals("Row 7-3"))]), unique: false)
    }
    add("cells then buttons marked Delete") {
        $0.descendants(.kindOf("UITableViewCell"), unique: false)
        $0.descendants(.all([.kindOf("UIButton"), .string(property: label, .contains("Delete"))]), unique: true)
    }
    add("labels, ancestors, cells, image views") {
        $0.descendants(.all([.kindOf("UILabel"), .string(property: label, .contains("Row 7-"))]), unique: false)
        $0.axis(.ancestors, unique: true)
        $0.filter(.kindOf("UITableViewCell"))
        $0.descendants(.kindOf("UIImageView"), unique: true)
    }
    add("hidden views") { $0.descendants(.bool(property: "isHidden", true), unique: false) }
    add("prefix over all") { $0.descendants(.string(property: label, .hasPrefix("Row 1")), unique: false) }
    add("reverse order", .application) {
        $0.descendants(.kindOf("UITableView"), order: .reverse, unique: false)
        $0.descendants(.kindOf("UITableViewCell"), order: .reverse, unique: false)
        $0.descendants(.all([.kindOf("UILabel"), .string(property: "text", .contains("Row 1"))]), order: .reverse, unique: false)
    }
    add("descendants without dedup of nested inputs") {
        $0.descendants(.kindOf("UIStackView"), unique: false)
        $0.descendants(.kindOf("UIButton"), unique: false)
    }
    add("or and not") {
        $0.descendants(.or([.kindOf("UISwitch"), .not(.hasProperty(label))]), unique: false)
        $0.filter(.not(.kindOf("UIImageView")))
    }
    add("children and siblings") {
        $0.descendants(.kindOf("UITableView"), unique: false)
        $0.axis(.children, filter: .kindOf("UITableViewCell"), unique: true)
        $0.axis(.siblings, order: .reverse, filter: .kindOf("UIImageView"), unique: true)
    }
    add("frame numbers") { $0.descendants(.number(property: "uid", .greaterOrEqual, 50_000), unique: false); $0.pick(-1) }
    return out
}

@Suite struct ParallelEqualityTests {
    static let tree = SyntheticApp.generate(nodes: 100_000, seed: 42)

    @Test(arguments: programs().map { $0.0 })
    func parallelResultsEqualSerialResults(name: String) throws {
        let program = programs().first { $0.0 == name }!.1
        let serial = try Matcher(configuration: .serial).select(program, in: Self.tree)
        var stats = MatchStatistics()
        let parallel = try Matcher(configuration: MatcherConfiguration(maxThreads: 8, parallelThreshold: 1_000, parallelValueThreshold: 10))
            .select(program, in: Self.tree, statistics: &stats)
        #expect(serial == parallel)
        #expect(stats.parallelScans > 0 || stats.nodesScanned < 1_000)
        #expect(!serial.isEmpty, "each program should select something on the generated tree")
    }

    @Test func stringPredicatesRunOncePerDistinctValue() throws {
        var b = ProgramBuilder(start: .windows)
        b.descendants(.string(property: "accessibilityLabel", .contains("Row")), unique: false)
        var stats = MatchStatistics()
        _ = try Matcher().select(b.build(), in: Self.tree, statistics: &stats)
        guard case .strings(_, let pool)? = Self.tree.columns["accessibilityLabel"] else { Issue.record("no labels"); return }
        #expect(stats.stringEvaluations == pool.count)
        #expect(pool.count < Self.tree.count / 4)
    }

    @Test func explicitRootsReplaceTheStartPoint() throws {
        var b = ProgramBuilder(start: .windows)
        b.descendants(.kindOf("UILabel"), unique: true)
        let cells = try Matcher().select({ var c = ProgramBuilder(start: .windows); c.descendants(.kindOf("UITableViewCell"), unique: false); c.pick(0); return c.build() }(), in: Self.tree)
        let labels = try Matcher().select(b.build(), in: Self.tree, from: cells)
        #expect(!labels.isEmpty)
        #expect(labels.allSatisfy { $0 > cells[0] && $0 < Self.tree.ends[Int(cells[0])] })
    }
}
