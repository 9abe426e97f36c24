@testable import FranklyServer
import Hummingbird
import SelectorCore
import Testing
import ViewSelectors

/// `/inspector/explain` and `/map`'s `strict` (issue 21), on the sample app with the test registry
/// (`kind`: views of a class, `uids`: a uid list).
@Suite("Explain over HTTP, and strict /map")
struct ExplainEndpointTests {
    @Test("POST /inspector/explain: an empty result with its near miss and checked fix")
    func explainEmpty() async throws {
        try await withServer { client, _ async throws in
            let json = try await client.post("/inspector/explain", #"{"query":"UIButon","engine":"kind"}"#).json
            #expect(json["count"] == 0)
            #expect(json["empty"]?["step"] == 1)
            guard case .array(let misses)? = json["nearMisses"] else { Issue.record("no nearMisses: \(json)"); return }
            #expect(misses.first?["reason"] == "class UIButton is not a kind of UIButon")
            #expect(json["fix"]?["selector"] == "UIButton")
            #expect(json["text"]?.stringValue?.contains("Suggested fix: UIButton") == true)
        }
    }

    @Test("GET /inspector/explain?query=…: several views, the candidates capped")
    func explainAmbiguousGet() async throws {
        try await withServer { client, _ async throws in
            let json = try await client.get("/inspector/explain?query=UIView&engine=kind").json
            guard case .int(let count)? = json["count"], case .array(let candidates)? = json["candidates"] else {
                Issue.record("unexpected: \(json)"); return
            }
            #expect(count > 20)
            #expect(candidates.count == 20)
            #expect(json["moreCandidates"] == .int(count - 20))
        }
    }

    @Test("/inspector/explain rejects bad input as /inspector/select does")
    func explainBadInput() async throws {
        try await withServer { client, _ async throws in
            let missing = try await client.post("/inspector/explain", #"{"engine":"kind"}"#).json
            #expect(missing["outcome"] == "ERROR")
            #expect(missing["reason"] == "invalid request")
            let wrongType = try await client.post("/inspector/explain", #"{"query":3}"#).json
            #expect(wrongType["reason"] == "invalid request")
            let noQuery = try await client.get("/inspector/explain").json
            #expect(noQuery["reason"] == "invalid request")
            let engine = try await client.post("/inspector/explain", #"{"query":"x","engine":"nope"}"#).json
            #expect(engine["error"]?.stringValue?.contains("unknown selector engine 'nope'") == true)
            let syntax = try await client.post("/inspector/explain", #"{"query":"1056, x","engine":"uids"}"#).json
            #expect(syntax["column"] != nil)
        }
    }

    @Test("a foreign Origin cannot ask /inspector/explain")
    func explainOrigin() async throws {
        try await withRunningServer { _, port async throws in
            var headers = HTTPFields()
            headers.append(HTTPFields.Element(name: HTTPFields.Element.Name("Origin")!, value: "http://evil.example"))
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/inspector/explain", method: .post, headers: headers,
                body: ByteBuffer(string: #"{"query":"UIButton","engine":"kind"}"#))
            #expect(response.status == .forbidden)
            #expect(response.json["reason"] == "request refused")
        }
    }

    @Test("/map with strict: an ambiguous or empty selection is Frank's ERROR envelope with the explanation")
    func strictMap() async throws {
        try await withServer { client, _ async throws in
            func map(_ query: String, _ engine: String, strict: JSONValue?) async throws -> JSONValue {
                var pairs: [(String, JSONValue)] = [("query", .string(query)), ("selector_engine", .string(engine)),
                                                    ("operation", .object([("method_name", "uid"), ("arguments", .array([]))]))]
                if let strict { pairs.append(("strict", strict)) }
                return try await client.post("/map", JSONValue.object(pairs).jsonString).json
            }
            let loose = try await map("UIButton", "kind", strict: nil)
            #expect(loose["outcome"] == "SUCCESS")
            let ambiguous = try await map("UIButton", "kind", strict: true)
            #expect(ambiguous["outcome"] == "ERROR")
            #expect(ambiguous["reason"] == "ambiguous selector")
            let details = ambiguous["details"]?.stringValue ?? ""
            #expect(details.hasPrefix("strict: the selector selected 14 views, not exactly one\nkind> UIButton"))
            #expect(details.contains("14 views selected where one was expected"))
            guard case .object(let keys) = ambiguous else { return }
            #expect(keys.map(\.0) == ["outcome", "reason", "details"])

            let empty = try await map("UIButon", "kind", strict: true)
            #expect(empty["reason"] == "no view selected")
            #expect(empty["details"]?.stringValue?.contains("Suggested fix: UIButton") == true)

            let one = try await map("1059", "uids", strict: true)
            #expect(one.results == ["1059"] || one.results == [1059])
            let off = try await map("UIButon", "kind", strict: false)
            #expect(off.results == [])
            let bad = try await map("UIButton", "kind", strict: "yes")
            #expect(bad["reason"] == "invalid request")
        }
    }
}
