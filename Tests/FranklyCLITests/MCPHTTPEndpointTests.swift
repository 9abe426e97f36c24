import FranklyMCP
import Foundation
import SelectorCore
import Testing

/// The tools over MCP's stateless Streamable HTTP (`MCPHTTPEndpoint`), in process: what a web
/// server routing a path to it would send back.
@Suite struct MCPHTTPEndpointTests {
    static let endpoint = MCPHTTPEndpoint { MCPScreenTests.toolbox }
    static let headers = ["Content-Type": "application/json", "Accept": "application/json, text/event-stream"]

    func post(_ body: String, headers: [String: String] = headers) async -> (Int, JSONValue?) {
        let answer = await Self.endpoint.respond(method: "POST", headers: headers, body: Array(body.utf8))
        return (answer.status, try? JSONReader.parse(answer.body))
    }

    @Test func initializeThenEveryCallIsAnsweredOnItsOwn() async throws {
        let (status, initialized) = await post(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        #expect(status == 200)
        #expect(initialized?["result"]?["serverInfo"]?["name"] == "frankly", "\(initialized?.jsonString ?? "")")
        let (listed, tools) = await post(#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
        #expect(listed == 200)
        guard case .array(let items)? = tools?["result"]?["tools"] else { Issue.record("no tools: \(tools?.jsonString ?? "")"); return }
        #expect(items.compactMap { $0["name"]?.stringValue } == MCPToolbox.toolNames)
        let (called, result) = await post(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"validate","arguments":{"recording":"xcuitest_ios26_pocketcasts_discover_mobium.xml","selector":"name == 'Comedy'"}}}"#)
        #expect(called == 200)
        guard case .array(let content)? = result?["result"]?["content"], let text = content.first?["text"]?.stringValue else {
            Issue.record("no content: \(result?.jsonString ?? "")"); return
        }
        #expect(try JSONReader.parse(text)["verdict"] == "unique", "\(text)")
    }

    @Test func badArgumentsAreJSONRPCErrors() async {
        let (_, answer) = await post(#"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"screen","arguments":{"budget":"x"}}}"#)
        #expect(answer?["error"]?["code"] == .int(-32602), "\(answer?.jsonString ?? "")")
        #expect(answer?["error"]?["message"]?.stringValue?.contains("\"budget\" must be an integer") == true)
    }

    @Test func hostileRequestsAreRefusedBeforeTheSDKDecodesThem() async {
        let deep = #"{"jsonrpc":"2.0","id":5,"method":"ping","params":{"x":"# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}}"
        let (status, answer) = await post(deep)
        #expect(status == 400)
        #expect(answer?["error"]?["code"] == .int(-32700))
        let (bad, _) = await post("not json")
        #expect(bad == 400)
        let get = await Self.endpoint.respond(method: "GET", headers: Self.headers, body: [])
        #expect(get.status == 405)
        // A page in a browser on another origin may not drive the tools (the SDK's origin check).
        let (foreign, _) = await post(#"{"jsonrpc":"2.0","id":6,"method":"ping"}"#, headers: Self.headers.merging(["Origin": "https://evil.example"]) { $1 })
        #expect(foreign == 403)
    }
}
