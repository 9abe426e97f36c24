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
        let deadline = queryDeadline
        // Getters only read; anything else may change the tree or the event log, and writes run
        // one at a time (in arrival order) so none starves.
        let lane = OperationPerformer.isGetter(operation.methodName) ? reads : writes
        let results = try await lane.run(deadline: deadline) { () throws -> [JSONValue] in
            do throws(MapFailure) {
                return try host.map(operation) { (tree: ViewTree) throws(SelectorError) -> [NodeID] in
                    let nodes = try registry.select(query, engine: engine, in: tree, deadline: deadline)
                    guard nodes.count <= maxResults else { throw Self.tooManyResults(nodes.count, limit: maxResults) }
                    return nodes
                }
            } catch {
                throw error.franklyError
            }
        }
        return FranklyResponse.success(results)
    }

    /// The selection is over `maxMapResults`: refused before the operation touches any view.
    static func tooManyResults(_ count: Int, limit: Int) -> SelectorError {
        SelectorError(.limit, "the selector matched \(count) views; /map answers at most \(limit) (FranklyServerConfiguration.maxMapResults)")
    }
}
