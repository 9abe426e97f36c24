import Hummingbird
import SelectorCore

extension Endpoints {
    /// `POST /map {"query":S,"selector_engine":E,"operation":{"method_name":M,"arguments":[...]}}`
    /// → `{"outcome":"SUCCESS","results":[one per selected view]}`.
    ///
    /// No `selector_engine` means the registry's `defaultEngine` (`uiquery` in
    /// `EngineRegistry.standard()`, Frank's rule). A
    /// selection error or unknown engine is `invalid selector`; an operation error (found as the
    /// command is decoded, or as it is applied) keeps the performer's reason and details.
    func map(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        // The typed command: its action read and its operation checked as it is decoded.
        let command = try MapRequest(decoding: try await body.bytes(of: request))
        let registry = self.registry
        let host = self.host
        let maxResults = configuration.maxMapResults
        let maxAnswerBytes = configuration.maxAnswerBytes
        let deadline = queryDeadline
        // Getters only read; anything else may change the tree or the event log, and writes run
        // one at a time (in arrival order) so none starves.
        let lane = command.operation.action.onlyReads ? reads : writes
        let outcome = try await lane.run(deadline: deadline) { () throws -> MapOutcome in
            do throws(MapFailure) {
                return .results(try host.map(command.operation, maxAnswerBytes: maxAnswerBytes) {
                    (tree: ViewTree) throws(MapFailure) -> [NodeID] in
                    let nodes: [NodeID]
                    do throws(SelectorError) {
                        nodes = try registry.select(command.query, engine: command.engine, in: tree, deadline: deadline)
                    } catch {
                        throw .selection(error)
                    }
                    // Refused, not explained, here: a write runs this under the host's writer
                    // lock, and the explanation (seconds on a large tree) must not hold every
                    // other write back. The refusal performs no operation, so explaining it on
                    // the same snapshot afterwards answers the same.
                    if command.strict && nodes.count != 1 { throw .refused(tree: tree, count: nodes.count) }
                    guard nodes.count <= maxResults else { throw .selection(Self.tooManyResults(nodes.count, limit: maxResults)) }
                    return nodes
                })
            } catch {
                if case .refused(let tree, let count) = error { return .refused(tree: tree, count: count) }
                throw error.franklyError
            }
        }
        switch outcome {
        case .results(let results):
            return FranklyResponse.success(streaming: results, streams: streams)
        case .refused(let tree, let count):
            // Explained in the reading lane, not the write lane the request came through: writes
            // run one at a time there, and the next one must not wait for this explanation. If
            // no reader frees up within the budget, the refusal goes out unexplained.
            let explained = try? await reads.run(deadline: deadline) { () -> FranklyError in
                Self.strictRefusal(command.query, engine: command.engine, count: count, in: tree,
                                   registry: registry, deadline: deadline)
            }
            throw explained ?? StrictRefusal.error(count: count)
        }
    }

    /// A selection's answers, or strict mode's refusal (the snapshot it saw and how many views it
    /// selected) to explain, as the lane returns them.
    enum MapOutcome: Sendable {
        case results([JSONValue])
        case refused(tree: ViewTree, count: Int)
    }

    /// Strict mode's error for `count` views (not one): `no view selected` or `ambiguous selector`,
    /// its details the selector's explanation, so the failing step, near misses or candidates reach
    /// the test log in Frank's usual ERROR envelope.
    static func strictRefusal(_ query: String, engine: String?, count: Int, in tree: ViewTree,
                              registry: EngineRegistry, deadline: ContinuousClock.Instant) -> FranklyError {
        let bare = StrictRefusal.error(count: count)
        // The explanation has its own budget: past the deadline the refusal still goes out, bare.
        guard let explanation = try? registry.explain(query, engine: engine, in: tree, deadline: deadline) else {
            return bare
        }
        return FranklyError(reason: bare.reason, details: bare.details + "\n" + explanation.text)
    }

    /// The selection is over `maxMapResults`: refused before the operation touches any view.
    static func tooManyResults(_ count: Int, limit: Int) -> SelectorError {
        SelectorError(.limit, "the selector matched \(count) views; /map answers at most \(limit) (FranklyServerConfiguration.maxMapResults)")
    }
}
