import Hummingbird
import SelectorCore

extension Endpoints {
    /// `POST /map {"query":S,"selector_engine":E,"operation":{"method_name":M,"arguments":[...]}}`
    /// → `{"outcome":"SUCCESS","results":[one per selected view]}`.
    ///
    /// No `selector_engine` means `configuration.defaultEngine` (`uiquery`, Frank's rule). A
    /// selection error or unknown engine is `invalid selector`; an operation error keeps the
    /// performer's reason and details.
    func map(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: .invalidRequest(
            #"the request has no body: send {"query":...,"selector_engine":...,"operation":{"method_name":...,"arguments":[...]}}"#))
        let query = try object.requiredString("query", "the selector")
        let engine = try object.string("selector_engine") ?? configuration.defaultEngine
        let operation = try Operation(request: try object.requiredObject(
            "operation", #"what to do with each selected view, e.g. {"method_name":"touch","arguments":[]}"#))
        let registry = self.registry
        do {
            let results = try host.map(operation) { (tree: ViewTree) throws(SelectorError) -> [NodeID] in
                try registry.select(query, engine: engine, in: tree)
            }
            return FranklyResponse.success(results)
        } catch {
            throw error.franklyError
        }
    }
}
