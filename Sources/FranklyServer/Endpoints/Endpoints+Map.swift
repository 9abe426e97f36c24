import Hummingbird
import SelectorCore

extension Endpoints {
    /// `POST /map {"query":S,"selector_engine":E,"operation":{"method_name":M,"arguments":[...]}}`
    /// → `{"outcome":"SUCCESS","results":[one per selected view]}`.
    ///
    /// No `selector_engine` means the registry's `defaultEngine` (`uiquery` in
    /// `EngineRegistry.standard()`, Frank's rule). A
    /// selection error or unknown engine is `invalid selector`; an operation error keeps the
    /// performer's reason and details.
    func map(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let decoded = try MapRequest(decoding: try await body.bytes(of: request))
        let query = decoded.query
        let engine = decoded.engine
        let operation = decoded.operation
        let registry = self.registry
        let host = self.host
        let maxResults = configuration.maxMapResults
        let maxAnswerBytes = configuration.maxAnswerBytes
        let deadline = queryDeadline
        let strict = decoded.strict
        // Set when strict mode refuses the selection: the snapshot it saw and how many views it
        // selected, explained once `host.map` has returned.
        let refusal = Locked<StrictRefusal?>(nil)
        // Getters only read; anything else may change the tree or the event log, and writes run
        // one at a time (in arrival order) so none starves.
        let lane = OperationPerformer.isGetter(operation.methodName) ? reads : writes
        let outcome = try await lane.run(deadline: deadline) { () throws -> MapOutcome in
            do throws(MapFailure) {
                return .results(try host.map(operation, maxAnswerBytes: maxAnswerBytes) { (tree: ViewTree) throws(SelectorError) -> [NodeID] in
                    let nodes = try registry.select(query, engine: engine, in: tree, deadline: deadline)
                    if strict && nodes.count != 1 {
                        // Only noted here: a write runs this under the host's writer lock, and
                        // the explanation (seconds on a large tree) must not hold every other
                        // write back. The refusal performs no operation, so explaining it on the
                        // same snapshot afterwards answers the same.
                        refusal.withLock { $0 = StrictRefusal(tree: tree, count: nodes.count) }
                        throw SelectorError(.usage, "strict: not exactly one view")
                    }
                    guard nodes.count <= maxResults else { throw Self.tooManyResults(nodes.count, limit: maxResults) }
                    return nodes
                })
            } catch {
                if let refused = refusal.withLock({ $0 }) { return .refused(refused) }
                throw error.franklyError
            }
        }
        switch outcome {
        case .results(let results):
            return FranklyResponse.success(streaming: results, streams: streams)
        case .refused(let refused):
            // Explained in the reading lane, not the write lane the request came through: writes
            // run one at a time there, and the next one must not wait for this explanation. If
            // no reader frees up within the budget, the refusal goes out unexplained.
            let explained = try? await reads.run(deadline: deadline) { () -> FranklyError in
                Self.strictRefusal(query, engine: engine, count: refused.count, in: refused.tree,
                                   registry: registry, deadline: deadline)
            }
            throw explained ?? Self.strictRefusal(count: refused.count)
        }
    }

    /// A selection's answers, or strict mode's refusal to explain.
    enum MapOutcome: Sendable {
        case results([JSONValue])
        case refused(StrictRefusal)
    }

    /// What strict mode refused: the snapshot the selection saw and how many views it selected.
    struct StrictRefusal: Sendable {
        let tree: ViewTree
        let count: Int
    }

    /// Strict mode's error for `count` views (not one): `no view selected` or `ambiguous selector`,
    /// its details the selector's explanation, so the failing step, near misses or candidates reach
    /// the test log in Frank's usual ERROR envelope.
    static func strictRefusal(_ query: String, engine: String?, count: Int, in tree: ViewTree,
                              registry: EngineRegistry, deadline: ContinuousClock.Instant) -> FranklyError {
        let bare = strictRefusal(count: count)
        // The explanation has its own budget: past the deadline the refusal still goes out, bare.
        guard let explanation = try? registry.explain(query, engine: engine, in: tree, deadline: deadline) else {
            return bare
        }
        return FranklyError(reason: bare.reason, details: bare.details + "\n" + explanation.text)
    }

    /// Strict mode's error for `count` views, without the explanation.
    static func strictRefusal(count: Int) -> FranklyError {
        FranklyError(reason: count == 0 ? "no view selected" : "ambiguous selector",
                     details: "strict: the selector selected \(count == 0 ? "no view" : "\(count) views"), not exactly one")
    }

    /// The selection is over `maxMapResults`: refused before the operation touches any view.
    static func tooManyResults(_ count: Int, limit: Int) -> SelectorError {
        SelectorError(.limit, "the selector matched \(count) views; /map answers at most \(limit) (FranklyServerConfiguration.maxMapResults)")
    }
}
