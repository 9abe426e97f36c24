import Hummingbird
import SelectorCore

extension Endpoints {
    /// `GET /inspector/explain?query=S&engine=E` or `POST /inspector/explain {"query":S,"engine":E}`:
    /// `EngineRegistry.explain`'s answer as JSON (`SelectorExplanation.json`, Docs/Explain.md), or
    /// `{"error","details","column"}` for a selector that does not compile or run, as
    /// `/inspector/select` answers.
    ///
    /// Clients are not trusted: the request goes through the Origin guard like every inspector
    /// route, runs in the read lane within `queryTimeBudget` (the explainer charges its extra scans
    /// to the query's budget), and the explanation's lists are capped, so a selector matching a
    /// million views answers kilobytes.
    func inspectorExplain(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let query: String
        let engine: String?
        if let object = try await body.object(of: request) {
            query = try object.requiredString("query", "the selector")
            engine = try object.string("engine")
        } else {
            let parameters = request.uri.queryParameters
            guard let q = parameters["query"] else {
                throw FranklyError.invalidRequest(#"send {"query":...,"engine":...} or ?query=...&engine=..."#)
            }
            query = String(q)
            engine = parameters["engine"].map(String.init)
        }
        let tree = host.tree
        let registry = self.registry
        let deadline = queryDeadline
        let outcome = try await reads.run(deadline: deadline) { () -> Result<SelectorExplanation, SelectorError> in
            do throws(SelectorError) {
                return .success(try registry.explain(query, engine: engine, in: tree, deadline: deadline))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let explanation):
            return FranklyResponse.json(explanation.json)
        case .failure(let error):
            var pairs: [(String, JSONValue)] = [("error", .string(error.message)), ("details", .string(error.description))]
            if let column = error.column { pairs.append(("column", .int(Int64(column)))) }
            return FranklyResponse.json(.object(pairs))
        }
    }
}
