import FranklyMCP
import Foundation
import SelectorCore
import Testing

/// Issue 47: the MCP tools over the Frankly server's HTTP (`frankly serve`, `POST /mcp`), on the
/// tree the server serves now, behind the server's guards. Each test starts its own `frankly serve`
/// on a free port and speaks raw HTTP to it.
@Suite struct MCPServeHTTPTests {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures")
    /// Pocket Casts' Discover screen, recorded by Appium's XCUITest driver: the served tree.
    static let served = fixtures.appendingPathComponent("real/xcuitest_ios26_pocketcasts_discover_mobium.xml").path
    /// TheApp's login screen (Android): a recording given with --mcp-tree.
    static let extra = fixtures.appendingPathComponent("appium/uiautomator2_theapp_login_appium.xml").path
    static let json = [("Content-Type", "application/json"), ("Accept", "application/json, text/event-stream")]

    static func start(_ more: [String] = []) throws -> ServeProcess {
        try ServeProcess(["--tree", served, "--mcp-tree", extra] + more)
    }

    /// POSTs `body` to /mcp; the status and the answer's JSON (nil when it is none).
    static func mcp(_ server: ServeProcess, _ body: String, headers: [(String, String)] = json) throws -> (Int, JSONValue?) {
        let answer = try server.request("POST", "/mcp", headers: headers, body: Array(body.utf8))
        return (answer.status, try? JSONReader.parse(answer.body))
    }

    /// A `tools/call` of `tool` with `arguments` (JSON text); the tool's result as JSON and whether
    /// it is marked isError, or the JSON-RPC error.
    static func call(_ server: ServeProcess, _ tool: String, _ arguments: String, id: Int = 7) throws -> (result: JSONValue?, isError: Bool, error: JSONValue?) {
        let (status, answer) = try mcp(server, #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(tool)","arguments":\#(arguments)}}"#)
        #expect(status == 200, "\(tool): \(answer?.jsonString ?? "")")
        if let error = answer?["error"] { return (nil, false, error) }
        guard case .array(let content)? = answer?["result"]?["content"], let text = content.first?["text"]?.stringValue else {
            Issue.record("\(tool): no content in \(answer?.jsonString ?? "nothing")")
            return (nil, false, nil)
        }
        return (try JSONReader.parse(text), answer?["result"]?["isError"] == true, nil)
    }

    @Test func initializeListAndCallScreenAndValidateOnTheServedRecording() throws {
        let server = try Self.start()
        defer { server.stop() }
        let (status, initialized) = try Self.mcp(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"tests","version":"1"}}}"#)
        #expect(status == 200)
        #expect(initialized?["result"]?["serverInfo"]?["name"] == "frankly", "\(initialized?.jsonString ?? "")")
        #expect(initialized?["result"]?["capabilities"]?["tools"] != nil)
        // A notification is accepted with no answer.
        let notified = try server.request("POST", "/mcp", headers: Self.json, body: Array(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#.utf8))
        #expect(notified.status == 202)

        let (_, listed) = try Self.mcp(server, #"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#)
        guard case .array(let tools)? = listed?["result"]?["tools"] else { Issue.record("no tools: \(listed?.jsonString ?? "")"); return }
        #expect(tools.compactMap { $0["name"]?.stringValue } == MCPToolbox.toolNames)

        // `screen` with no recording named: the served tree, "live".
        let screen = try Self.call(server, "screen", "{}")
        #expect(!screen.isError)
        #expect(screen.result?["recording"] == "live")
        #expect(screen.result?["recordedBy"] == "xcuitest")
        #expect(screen.result?["engine"] == "predicate")
        #expect(screen.result?["views"] == .int(211))
        guard case .array(let rows)? = screen.result?["rows"] else { Issue.record("no rows: \(screen.result?.jsonString ?? "")"); return }
        #expect(rows.count == 53)
        // Every row's selector proven unique by `validate`, over the same endpoint.
        for row in rows.prefix(10) {
            guard case .array(let cells) = row, let selector = cells[4].stringValue else { continue }
            let engine = (cells.count > 5 ? cells[5]["engine"]?.stringValue : nil) ?? "predicate"
            let verdict = try Self.call(server, "validate", JSONValue.object([("selector", .string(selector)), ("engine", .string(engine))]).jsonString)
            #expect(verdict.result?["verdict"] == "unique", "\(selector): \(verdict.result?.jsonString ?? "")")
            guard case .array(let matches)? = verdict.result?["matches"] else { Issue.record("no matches: \(selector)"); continue }
            #expect(matches.first?["node"] == cells[0])
        }
        let comedy = try Self.call(server, "validate", #"{"selector":"name == 'Comedy'"}"#)
        #expect(comedy.result?["verdict"] == "unique" && comedy.result?["recording"] == "live", "\(comedy.result?.jsonString ?? "")")
        // A --mcp-tree recording, by its name.
        let login = try Self.call(server, "validate", #"{"recording":"uiautomator2_theapp_login_appium.xml","selector":"new UiSelector().description(\"loginBtn\")"}"#)
        #expect(login.result?["verdict"] == "unique" && login.result?["engine"] == "uiselector", "\(login.result?.jsonString ?? "")")
        // The --mcp-tree recordings are resources; the live tree is not (GET /dump serves it).
        let (_, resources) = try Self.mcp(server, #"{"jsonrpc":"2.0","id":3,"method":"resources/list"}"#)
        guard case .array(let items)? = resources?["result"]?["resources"] else { Issue.record("no resources: \(resources?.jsonString ?? "")"); return }
        #expect(items.compactMap { $0["name"]?.stringValue } == ["uiautomator2_theapp_login_appium.xml"])
    }

    @Test func theToolsSeeTheTreeAsTheSessionChangesIt() throws {
        let server = try Self.start()
        defer { server.stop() }
        let before = try Self.call(server, "select", #"{"selector":"label == 'Tragedy'"}"#)
        #expect(before.result?["results"] == .array([]), "\(before.result?.jsonString ?? "")")
        // A setter through Frank's protocol changes the served tree...
        let map = try server.request("POST", "/map", body: Array(#"{"query":"name == 'Comedy'","selector_engine":"predicate","operation":{"method_name":"setAccessibilityLabel:","arguments":["Tragedy"]}}"#.utf8))
        #expect(map.status == 200 && map.text.contains("SUCCESS"), "\(map.text)")
        // ...and the next tool call reads the changed tree.
        let after = try Self.call(server, "validate", #"{"selector":"label == 'Tragedy'"}"#)
        #expect(after.result?["verdict"] == "unique", "\(after.result?.jsonString ?? "")")
    }

    @Test func untrustedRequestsAreRefusedAndTheServerLivesOn() throws {
        let server = try Self.start(["--max-recording-bytes", "65536", "--allow-host", "frank.test"])
        defer { server.stop() }
        let ping = #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#
        // A page on another origin, or reaching the server under another name: the server's guard.
        for headers in [[("Origin", "https://evil.example")], [("Host", "evil.example:80")], [("Sec-Fetch-Site", "cross-site")]] {
            let refused = try server.request("POST", "/mcp", headers: Self.json + headers, body: Array(ping.utf8))
            #expect(refused.status == 403, "\(headers): \(refused.text)")
            #expect(refused.text.contains("request refused"))
        }
        // The server's own origin is no foreign page.
        let (own, pong) = try Self.mcp(server, ping, headers: Self.json + [("Origin", "http://127.0.0.1:\(server.port)")])
        #expect(own == 200 && pong?["result"] == .object([]), "\(pong?.jsonString ?? "")")
        // Nor is a name the server was told it has (the SDK's own check knows loopback names only).
        let (named, _) = try Self.mcp(server, ping, headers: Self.json + [("Host", "frank.test:\(server.port)")])
        #expect(named == 200)
        // A body over the recording routes' limit, declared: 413 before it is read.
        let big = #"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"pad":""# + String(repeating: "x", count: 70_000) + #""}}"#
        let oversized = try server.request("POST", "/mcp", headers: Self.json, body: Array(big.utf8))
        #expect(oversized.status == 413, "\(oversized.text.prefix(300))")
        // Not JSON, not JSON-RPC, too deep, a batch of nothing: JSON-RPC errors with 400.
        for (body, code) in [("not json", -32700), (#"{"jsonrpc":"1.0","id":3,"method":"ping"}"#, -32600), ("[]", -32600), ("42", -32600),
                             (#"{"jsonrpc":"2.0","id":4,"method":"ping","params":"#  + String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000) + "}", -32700),
                             (#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":7}"#, -32602)] {
            let (status, answer) = try Self.mcp(server, body)
            #expect(status == 400, "\(body.prefix(60)): \(answer?.jsonString ?? "")")
            #expect(answer?["error"]?["code"] == .int(Int64(code)), "\(body.prefix(60)): \(answer?.jsonString ?? "")")
        }
        // A batch: the stateless transport answers one message per request.
        let (batch, _) = try Self.mcp(server, "[" + ping + "]")
        #expect(batch == 400)
        // The SDK's own checks: what the client accepts and sends.
        let (unacceptable, _) = try Self.mcp(server, ping, headers: [("Content-Type", "application/json"), ("Accept", "text/html")])
        #expect(unacceptable == 406)
        let (wrongType, _) = try Self.mcp(server, ping, headers: [("Content-Type", "text/plain"), ("Accept", "application/json")])
        #expect(wrongType == 415)
        // No session, no stream: GET and DELETE are 405 with a JSON-RPC error.
        for method in ["GET", "DELETE"] {
            let answer = try server.request(method, "/mcp", headers: Self.json)
            #expect(answer.status == 405, "\(method)")
            #expect((try? JSONReader.parse(answer.body))?["error"]?["code"] == .int(-32600), "\(method): \(answer.text)")
        }
        // An unknown method or tool, a bad argument, a file path: JSON-RPC errors in a 200 answer.
        let (_, unknownMethod) = try Self.mcp(server, #"{"jsonrpc":"2.0","id":6,"method":"frobnicate"}"#)
        #expect(unknownMethod?["error"]?["code"] == .int(-32601), "\(unknownMethod?.jsonString ?? "")")
        let unknownTool = try Self.call(server, "frobnicate", "{}")
        #expect(unknownTool.error?["code"] == .int(-32602))
        #expect(unknownTool.error?["message"]?.stringValue?.contains("unknown tool \"frobnicate\"") == true)
        let badArgument = try Self.call(server, "screen", #"{"budget":"big"}"#)
        #expect(badArgument.error?["message"]?.stringValue?.contains("\"budget\" must be an integer") == true)
        // A client of the server may not make it read its files (the served recording's file is no
        // recording's name: `live` is its tree).
        let path = try Self.call(server, "screen", JSONValue.object([("recording", .string(Self.served))]).jsonString)
        #expect(path.error?["code"] == .int(-32602))
        #expect(path.error?["message"]?.stringValue?.contains("no recording named") == true, "\(path.error?.jsonString ?? "")")
        // A selector that does not compile: an isError result the model can read.
        let invalid = try Self.call(server, "select", #"{"selector":"name == "}"#)
        #expect(invalid.isError && invalid.result?["error"]?.stringValue?.contains("invalid selector") == true)
        // Ids the SDK would take for a notification (never answered) are refused with an error.
        for id in ["1.5", "1.0", "true", "{}", "99999999999999999999"] {
            let (status, answer) = try Self.mcp(server, #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
            #expect(status == 400 && answer?["error"]?["code"] == .int(-32600), "id \(id): \(status) \(answer?.jsonString ?? "")")
        }
        // Still serving, both protocols.
        let (alive, _) = try Self.mcp(server, ping)
        #expect(alive == 200)
        #expect(try server.request("GET", "/version").status == 200)
    }

    @Test func callsRunInParallelWithinTheGateAndAnswerEachOnItsOwn() throws {
        let server = try Self.start()
        defer { server.stop() }
        // More calls at once than the gate runs: each waits its turn and every one is answered.
        let count = MCPLimits().maxConcurrentCalls * 3
        let verdicts = ServeProcess.concurrently(count) { k in
            (try? Self.call(server, "validate", #"{"selector":"name == 'Comedy'"}"#, id: 100 + k))?.result?["verdict"]
        }()
        #expect(verdicts.count == count)
        #expect(verdicts.allSatisfy { $0 == "unique" }, "\(verdicts)")
    }

    @Test func noMCPLeavesTheRouteOut() throws {
        let server = try ServeProcess(["--tree", Self.served, "--no-mcp"])
        defer { server.stop() }
        let answer = try server.request("POST", "/mcp", headers: Self.json, body: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8))
        #expect(answer.status == 404)
    }

    @Test func theServerStopsAtOnceWithToolCallsRunning() throws {
        let server = try ServeProcess(["--generate", "200000", "--seed", "2"])
        defer { server.stop() }
        // Each call would run its whole 10 s budget (rows of 200 000 views, each with a proven selector),
        // and the third waits for a turn behind the gate's two.
        let body = #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"screen","arguments":{"full":true,"budget":200000}}}"#
        let answers = ServeProcess.concurrently(MCPLimits().maxConcurrentCalls + 1) { _ in
            try? server.request("POST", "/mcp", headers: Self.json, body: Array(body.utf8), seconds: 60)
        }
        Thread.sleep(forTimeInterval: 0.8)
        let start = ContinuousClock.now
        let exit = try server.request("POST", "/exit")
        #expect(exit.status == 200)
        let answered = answers()
        server.stop()
        // Shut down without waiting out the budgets: the running calls cancelled, the waiting one refused.
        #expect(ContinuousClock.now - start < .seconds(8), "shutdown waited for the tool calls")
        #expect(answered.contains { $0 != nil }, "no call was answered")
        for answer in answered {
            guard let answer else { continue }  // the connection may close with the server first
            #expect(answer.status == 200)
            // `screen` keeps the rows it made and says it was cancelled; a call refused is `isError`.
            let json = try? JSONReader.parse(answer.body)
            guard case .array(let content)? = json?["result"]?["content"], let text = content.first?["text"]?.stringValue else {
                Issue.record("no tool result: \(answer.text.prefix(300))"); continue
            }
            #expect(text.contains("cancelled") || text.contains("shutting down"), "\(text.suffix(300))")
        }
    }
}
