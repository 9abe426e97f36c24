import Hummingbird
import SelectorCore

/// The live inspector: the page at `GET /` and the small JSON endpoints it reads. See
/// Docs/Inspector.md.
///
/// | route | answer |
/// |---|---|
/// | `GET /`, `GET /inspector/<file>` | the page and its script and style sheet |
/// | `GET /inspector/engines` | `{"engines":[names],"default":name,"recording":{"source","description"},"offered":[names]}` |
/// | `GET /inspector/tree` | the whole hierarchy, column-wise (`ViewTree.inspectorTreeJSON`) |
/// | `POST /inspector/select {"query","engine"}` | `{"nodes":[ids],"count","ms","treeCount"}`, or `{"error","details","column"}` |
/// | `GET`/`POST /inspector/explain {"query","engine"}` | `SelectorExplanation.json` (Docs/Explain.md), or `{"error","details","column"}` |
/// | `POST /inspector/translate {"query","engine","to"}` | `{"translations":[Translation.json]}` (Docs/Translate.md), or `{"error","details","column"}` |
/// | `GET /inspector/audit?rules=&density=` | `{"findings":[...],"count","truncated","platform","score",...}` for the served tree (Docs/Audit.md), or `{"error","details"}` |
/// | `GET /inspector/node/<id>` | `{"id","class","classChain","properties","selectors":[...]}` |
///
/// Node ids are preorder positions in the current tree, the indices of `/inspector/tree`'s arrays.
/// These endpoints only read; the page changes the app through `/map`.
extension Endpoints {
    /// `GET /`: the inspector page (Frank's drivers ping this path to see whether the server is up).
    func index(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        InspectorAssets.response("index.html") ?? FranklyResponse.html(
            "<!DOCTYPE html><html><body><h1>Frankly</h1><p>The inspector's files are missing from this build.</p></body></html>")
    }

    /// `GET /inspector/<file>`: `inspector.js`, `inspector.css` (anything else is 404).
    func inspectorAsset(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        guard let name = context.parameters.get("file"), name != "index.html",
              let response = InspectorAssets.response(name) else { return FranklyResponse.notFound }
        return response
    }

    /// `GET /inspector/engines`: `{"engines":[names],"default":name}`, so the page starts on the
    /// registry's default engine (the one a request without an engine gets), not a guess of its
    /// own; with the served recording's source (`RecordingSource`) and the engines whose tool reads
    /// it (`offered`, `EngineRegistry.engines(reading:)`), which the page lists first and the
    /// suggestions come from.
    func inspectorEngines(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let source = host.tree.recordingSource
        return FranklyResponse.json(.object([
            ("engines", .array(registry.names.map { .string($0) })),
            ("default", registry.defaultEngine.map { .string($0) } ?? .null),
            ("recording", .object([("source", .string(source.rawValue)), ("description", .string(source.description))])),
            ("offered", .array(registry.engines(reading: source).map { .string($0) })),
        ]))
    }

    /// `GET /inspector/tree`, sent in chunks as it is written.
    func inspectorTree(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        return FranklyResponse.jsonChunks(InspectorTreeChunks(tree: tree), pinning: tree.storageBuffers, streams: streams)
    }

    /// `POST /inspector/select {"query":S,"engine":E}`: what `/map` would select, as node ids, with
    /// the time selection took. Errors keep their parts apart so the page can put a caret under
    /// `column` (1-based, in characters; absent when the error has no position).
    ///
    /// The query runs in the read lane within `queryTimeBudget`; at most `maxInspectorResults` ids
    /// are sent (`count` is the full count and `truncated` says when ids were left out), so a query
    /// matching a million views answers kilobytes, not hundreds of megabytes.
    func inspectorSelect(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: .invalidRequest(#"send {"query":...,"engine":...}"#))
        let query = try object.requiredString("query", "the selector")
        // No engine: the registry's default, as for `/map`.
        let engine = try object.string("engine")
        let tree = host.tree
        let registry = self.registry
        let deadline = queryDeadline
        let limit = configuration.maxInspectorResults
        let clock = ContinuousClock()
        let start = clock.now
        let outcome = try await reads.run(deadline: deadline) { () -> Result<[NodeID], SelectorError> in
            do throws(SelectorError) {
                return .success(try registry.select(query, engine: engine, in: tree, deadline: deadline))
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let nodes):
            let elapsed = clock.now - start
            let ms = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
            var pairs: [(String, JSONValue)] = [
                ("nodes", .array(nodes.prefix(limit).map { .int(Int64($0)) })), ("count", .int(Int64(nodes.count))),
                ("ms", .number((ms * 1000).rounded() / 1000)), ("treeCount", .int(Int64(tree.count))),
            ]
            if nodes.count > limit { pairs.append(("truncated", .bool(true))) }
            return FranklyResponse.json(.object(pairs))
        case .failure(let error):
            var pairs: [(String, JSONValue)] = [("error", .string(error.message)), ("details", .string(error.description))]
            if let column = error.column { pairs.append(("column", .int(Int64(column)))) }
            return FranklyResponse.json(.object(pairs))
        }
    }

    /// `GET /inspector/node/<id>`: every property of one view, its class chain and ready-made
    /// selectors in each engine (404 for an id outside the tree).
    ///
    /// Checking the suggestions runs several full selections per engine, so all of it runs in the
    /// read lane within `queryTimeBudget`, each selection to the request's deadline; on a large tree
    /// this used to run on Swift's cooperative pool and held `/version` for seconds (issue 28,
    /// item 5). Past the deadline the engines not yet checked are left out and `selectorsStopped`
    /// says why.
    func inspectorNode(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        guard let text = context.parameters.get("id"), let id = Int32(text), id >= 0, Int(id) < tree.count else {
            return FranklyResponse.notFound
        }
        let registry = self.registry
        let deadline = queryDeadline
        let answer = try await reads.run(deadline: deadline) { () -> JSONValue in
            let properties = (try? JSONReader.parse(tree.dumpJSON(from: id, includeSubviews: false))) ?? .null
            let chain = tree.classes.chain(of: tree.classIDs[Int(id)])
            let checked = registry.checkedSuggestions(for: id, in: tree, deadline: deadline)
            var pairs: [(String, JSONValue)] = [
                ("id", .int(Int64(id))), ("class", .string(tree.className(of: id))),
                ("classChain", .array(chain.map { .string($0) })),
                ("properties", properties),
                ("selectors", .array(checked.suggestions.map(\.json))),
            ]
            if let stopped = checked.stopped { pairs.append(("selectorsStopped", .string(stopped.message))) }
            return .object(pairs)
        }
        return FranklyResponse.json(answer)
    }
}
