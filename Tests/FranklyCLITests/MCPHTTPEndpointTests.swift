import FranklyMCP
import Foundation
import SelectorCore
import SyntheticHierarchy
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

    @Test func closeCancelsTheRunningCallsAndRefusesTheRest() async throws {
        var limits = MCPLimits()
        limits.callSeconds = 0  // no budget: only the close can stop the call
        limits.maxConcurrentCalls = 1
        let tree = SyntheticApp.generate(nodes: 200_000, seed: 2)
        let toolbox = MCPToolbox(recordings: [MCPRecording(name: "big", path: nil, format: .dump, tree: tree, bytes: [])], limits: limits)
        // The endpoint asks for the toolbox as each request starts: the test's cue that a call is on its way.
        let (started, arrival) = AsyncStream<Void>.makeStream()
        let endpoint = MCPHTTPEndpoint(limits: limits) { arrival.yield(); return toolbox }
        var cues = started.makeAsyncIterator()
        func call(_ id: Int) async -> JSONValue? {
            let body = #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"screen","arguments":{"full":true,"budget":200000}}}"#
            let answer = await endpoint.respond(method: "POST", headers: Self.headers, body: Array(body.utf8))
            return try? JSONReader.parse(answer.body)
        }
        func text(_ answer: JSONValue?) -> String {
            guard case .array(let content)? = answer?["result"]?["content"] else { return answer?.jsonString ?? "" }
            return content.first?["text"]?.stringValue ?? ""
        }
        // Rows of 200 000 views, each with a proven selector, up to the largest budget: far longer than
        // the test waits. The first call takes the one turn, the second waits for it.
        async let running = call(1)
        _ = await cues.next()
        try await Task.sleep(for: .milliseconds(500))
        async let waiting = call(2)
        _ = await cues.next()
        try await Task.sleep(for: .milliseconds(500))
        let start = ContinuousClock.now
        await endpoint.close()
        let (first, second) = await (running, waiting)
        #expect(ContinuousClock.now - start < .seconds(8), "the calls ran on after the close")
        // The running one stopped with the rows it had made; the waiting one never ran.
        let stopped = try JSONReader.parse(text(first))["stopped"]?.stringValue
        #expect(stopped?.hasPrefix("cancelled; call again with \"cursor\"") == true, "\(text(first).suffix(300))")
        #expect(second?["result"]?["isError"] == true)
        #expect(text(second).contains("shutting down"), "\(text(second).prefix(300))")
        // And so does every later one, while other methods are still answered.
        let later = await call(3)
        #expect(later?["result"]?["isError"] == true)
        let (status, _) = await post(#"{"jsonrpc":"2.0","id":4,"method":"tools/list"}"#)
        #expect(status == 200)
    }
}
