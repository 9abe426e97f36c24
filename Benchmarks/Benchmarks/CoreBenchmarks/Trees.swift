import Foundation
import SelectorCore
import SyntheticHierarchy

/// Generated trees (and their reference copies), built once per size outside measured regions.
final class Trees: @unchecked Sendable {
    // @unchecked: every access goes through `lock`.
    static let shared = Trees()
    private let lock = NSLock()
    private var trees: [Int: ViewTree] = [:]
    private var references: [Int: RefNode] = [:]

    func tree(_ n: Int) -> ViewTree {
        lock.lock(); defer { lock.unlock() }
        if let t = trees[n] { return t }
        let t = SyntheticApp.generate(nodes: n, seed: 1, options: .init(frames: n < 5_000_000))
        trees[n] = t
        return t
    }

    func reference(_ n: Int) -> RefNode {
        let t = tree(n)
        lock.lock(); defer { lock.unlock() }
        if let r = references[n] { return r }
        let r = RefNode.build(from: t)
        references[n] = r
        return r
    }
}
