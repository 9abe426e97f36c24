public import SelectorCore

/// A small random tree and a few programs drawn from a byte string: what the `reference` fuzz
/// target compares for one input, here so that a test can replay the input.
///
/// The first draws pick the tree (size, shape, frames, and a seed for the rest of it); the
/// following draws are the programs. The tree comes from a seed rather than from the bytes
/// because a tree of 300 views takes thousands of draws, which would use up the input before
/// any program: the fuzzer's mutations go to the programs, where the strategies differ.
public struct ReferenceFuzzCase: Sendable {
    /// At most this many views, so that the reference (which walks every subtree) stays fast.
    public static let maximumViews = 300
    /// The reference gives up past this much work; such a program is skipped. Its `hasAncestor`
    /// walks are not counted as work, so on a deep tree each unit can cost a walk of every
    /// ancestor: 50,000 made an input 100 ms.
    public static let maxWork = 10_000

    public var nodes: Int
    public var shape: RandomTrees.Shape
    public var frames: RandomTrees.Frames
    /// Seeds `RandomTrees.build` and the sampling of the tree's values.
    public var treeSeed: UInt64
    public var tree: ViewTree
    /// One to three random programs, then one of the directed ones.
    public var programs: [SelectorProgram]

    public init(bytes: [UInt8]) {
        var rng = ByteStreamRandom(bytes)
        nodes = 1 + rng.below(Self.maximumViews)
        // Random trees twice as often: they mix deep and wide parts.
        shape = [.random, .random, .deep, .wide][rng.below(4)]
        frames = RandomTrees.Frames.allCases[rng.below(RandomTrees.Frames.allCases.count)]
        treeSeed = rng.next()
        tree = RandomTrees.build(nodes: nodes, seed: treeSeed, shape: shape, frames: frames)
        var sampler = SeededRandom(seed: treeSeed ^ 0x5EED)
        let values = TreeValues(tree, rng: &sampler)
        let count = 1 + rng.below(3)
        var generator = ProgramGenerator(rng: rng, values: values)
        programs = (0..<count).map { _ in generator.program() }
        let directed = RandomPrograms.directed(values)
        programs.append(directed[generator.rng.below(directed.count)])
    }

    /// The tree's parameters, enough to rebuild it with `RandomTrees.build`.
    public var treeDescription: String {
        "RandomTrees.build(nodes: \(nodes), seed: \(treeSeed), shape: .\(shape), frames: .\(frames))"
    }

    /// Configurations for the fuzzer: the defaults, serial, every parallel threshold 0 on four
    /// threads, and every `MatcherTuning` route forced (`ReferenceComparison.tunedConfigurations`).
    public static let configurations: [(String, Matcher)] = [
        ReferenceComparison.forcedConfigurations[0], ReferenceComparison.forcedConfigurations[1],
        ReferenceComparison.forcedConfigurations[2],
    ] + ReferenceComparison.tunedConfigurations

    /// The first difference between the reference and `configurations` on this case's programs,
    /// or nil; `predicates` are `RandomPrograms.predicates()` (made once by a fuzzer).
    public func firstMismatch(predicates: PredicateRegistry,
                              configurations: [(String, Matcher)] = Self.configurations) -> ReferenceComparison.Mismatch? {
        var count = ReferenceComparison.Count()
        var first: ReferenceComparison.Mismatch?
        ReferenceComparison.compare(programs, on: tree, predicates: predicates, maxWork: Self.maxWork,
                                    configurations: configurations, count: &count) { mismatch in
            if first == nil { first = mismatch }
        }
        return first
    }
}
