import Hummingbird
import SelectorCore

extension Endpoints {
    /// `POST /inspector/translate {"query":S,"engine":E,"to":[E1,...]}`: `EngineRegistry.translate`
    /// on the current tree, `{"translations":[...]}` (each `Translation.json`, as `frankly
    /// translate --format json` prints it; `to` defaults to every other engine, those whose tool
    /// does not read the served recording with a reason instead: `translateToEveryEngine`), or
    /// `{"error","details","column"}` for a selector that does not compile or run.
    ///
    /// Clients are not trusted: the request goes through the Origin guard like every inspector
    /// route and runs in the read lane within `queryTimeBudget`, which the translation checks
    /// between its candidates and every query it runs honours; at most 64 target names.
    func inspectorTranslate(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: .invalidRequest(#"send {"query":...,"engine":...,"to":[...]}"#))
        let query = try object.requiredString("query", "the selector")
        let engine: String
        do {
            engine = try registry.resolvedName(try object.string("engine"))
        } catch let error as SelectorError {
            throw FranklyError.invalidRequest(error.message)
        }
        // Absent: every other engine, those whose tool does not read the served recording answered so.
        var targets: [String]?
        if let to = object.value("to") {
            guard case .array(let items) = to, items.count <= 64 else {
                throw FranklyError.invalidRequest(#""to" is a list of at most 64 engine names"#)
            }
            var named: [String] = []
            for item in items {
                guard case .string(let name) = item else { throw FranklyError.invalidRequest(#""to" lists engine names (strings)"#) }
                named.append(name)
            }
            targets = named
        }
        let tree = host.tree, chosenTargets = targets
        let registry = self.registry
        let deadline = queryDeadline
        let outcome = try await reads.run(deadline: deadline) { () -> Result<[Translation], SelectorError> in
            do throws(SelectorError) {
                guard let chosenTargets else {
                    return .success(try registry.translateToEveryEngine(query, from: engine, on: [tree], deadline: deadline))
                }
                return .success(try registry.translate(query, from: engine, to: chosenTargets, on: [tree], deadline: deadline))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let translations):
            return FranklyResponse.json(.object([("translations", .array(translations.map { $0.json() }))]))
        case .failure(let error):
            var pairs: [(String, JSONValue)] = [("error", .string(error.message)), ("details", .string(error.description))]
            if let column = error.column { pairs.append(("column", .int(Int64(column)))) }
            return FranklyResponse.json(.object(pairs))
        }
    }
}
