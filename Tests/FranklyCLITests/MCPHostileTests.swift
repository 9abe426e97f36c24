import Foundation
import Testing

/// `frankly mcp` under malformed and hostile input (issue 47): every bad line gets the JSON-RPC
/// error that names its fault, and the process answers the next request as if nothing happened.
@Suite(.serialized) struct MCPHostileTests {
    static let pocket = CLIRunner.packageRoot.appendingPathComponent("Tests/Fixtures/real/xcuitest_ios26_pocketcasts_discover_mobium.xml").path

    /// A live server on the Pocket Casts recording, with a small message limit so that an
    /// oversized line costs the test little.
    func server(_ extra: [String] = []) throws -> MCPProcess {
        try MCPProcess(["--tree", Self.pocket, "--max-message-bytes", "65536"] + extra)
    }

    /// The server still answers: a `ping` gets its result.
    func expectAlive(_ mcp: MCPProcess, id: Int) throws {
        try mcp.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
        let pong = try mcp.response(id: id)
        #expect(pong["result"] != nil, "\(pong)")
        #expect(mcp.isRunning)
    }

    @Test func invalidJSONIsAParseErrorWithANullID() throws {
        let mcp = try server()
        try mcp.send("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":")
        let answer = try mcp.response(id: NSNull())
        #expect(answer.rpcError?.code == -32700)
        #expect(answer.rpcError?.message.hasPrefix("parse error: ") == true, "\(answer)")
        try mcp.send("\u{1}\u{2}garbage")
        #expect(try mcp.response(id: NSNull()).rpcError?.code == -32700)
        try expectAlive(mcp, id: 2)
        #expect(mcp.finish() == 0)
    }

    /// A malformed message, the id its answer carries (nil: null), the error code and words of the message.
    struct Malformed: Sendable, CustomTestStringConvertible {
        var line: String, id: Int?, code: Int, fault: String
        var testDescription: String { line }
    }

    @Test(arguments: [
        Malformed(line: #"[1,2,3]"#, id: nil, code: -32600, fault: "invalid request"),
        Malformed(line: #""a string""#, id: nil, code: -32600, fault: "must be a JSON object"),
        Malformed(line: #"[]"#, id: nil, code: -32600, fault: "an empty batch"),
        Malformed(line: #"{"id":7,"method":"ping"}"#, id: 7, code: -32600, fault: "\"jsonrpc\" must be \"2.0\""),
        Malformed(line: #"{"jsonrpc":"2.0","id":8,"method":42}"#, id: 8, code: -32600, fault: "\"method\" must be a string"),
        Malformed(line: #"{"jsonrpc":"2.0","id":9}"#, id: 9, code: -32600, fault: "needs \"method\""),
        Malformed(line: #"{"jsonrpc":"2.0","id":10,"method":"tools/call","params":"screen"}"#, id: 10, code: -32602,
                  fault: "\"params\" must be an object"),
    ])
    func malformedJSONRPCIsAnInvalidRequest(_ m: Malformed) throws {
        let mcp = try server()
        try mcp.send(m.line)
        let answer = try mcp.response(id: m.id.map { $0 as Any } ?? NSNull())
        #expect(answer.rpcError?.code == m.code, "\(answer)")
        #expect(answer.rpcError?.message.contains(m.fault) == true, "\(answer)")
        try expectAlive(mcp, id: 100)
        #expect(mcp.finish() == 0)
    }

    @Test func anUnknownMethodIsMethodNotFound() throws {
        let mcp = try server()
        try mcp.send(#"{"jsonrpc":"2.0","id":3,"method":"frobnicate/now","params":{}}"#)
        let answer = try mcp.response(id: 3)
        #expect(answer.rpcError?.code == -32601, "\(answer)")
        try expectAlive(mcp, id: 4)
        #expect(mcp.finish() == 0)
    }

    @Test func anUnknownToolIsInvalidParamsNamingTheTools() throws {
        let mcp = try server()
        let answer = try mcp.call("rm_rf", "{}", id: 5)
        #expect(answer.rpcError?.code == -32602)
        #expect(answer.rpcError?.message.contains("unknown tool \"rm_rf\" (the tools: screen, validate, select, explain, translate, diff, check, audit)") == true,
                "\(answer)")
        // A tool name of a megabyte is named by its head only.
        let huge = try mcp.call(String(repeating: "x", count: 60_000), "{}", id: 6)
        #expect(huge.rpcError?.code == -32602)
        #expect((huge.rpcError?.message.utf8.count ?? .max) < 400, "\(huge.rpcError?.message.utf8.count ?? 0) bytes")
        try expectAlive(mcp, id: 7)
        #expect(mcp.finish() == 0)
    }

    @Test(arguments: [
        ("screen", #"{"budget":"lots"}"#, "screen: \"budget\" must be an integer"),
        ("screen", #"{"budget":5}"#, "screen: \"budget\" must be between 200 and 200000; got 5"),
        ("screen", #"{"budget":1e300}"#, "screen: \"budget\" must be an integer"),
        ("screen", #"{"full":"yes"}"#, "screen: \"full\" must be true or false"),
        ("screen", #"{"cursor":-1}"#, "screen: \"cursor\" must be between 0"),
        ("screen", #"{"recording":["a","b"]}"#, "screen: \"recording\" must be a string"),
        ("screen", #"{"recording":"nope.xml"}"#, "\"nope.xml\" is no recording's name"),
        ("screen", #"{"format":"pdf"}"#, "screen: \"format\" must be one of"),
        ("screen", #"{"engine":"cobol"}"#, "screen: unknown engine \"cobol\""),
        ("screen", #"{"verbose":true}"#, "screen: unknown argument \"verbose\""),
        ("validate", #"{}"#, "validate: missing required argument \"selector\""),
        ("validate", #"{"selector":42}"#, "validate: \"selector\" must be a string"),
        ("select", #"{"selector":null}"#, "select: missing required argument \"selector\""),
        ("translate", #"{"selector":"name == 'x'","to":["cobol"]}"#, "translate: unknown engine \"cobol\" in \"to\""),
        ("translate", #"{"selector":"name == 'x'","to":42}"#, "translate: \"to\" must be a list of strings"),
        ("diff", #"{"old":"a"}"#, "diff: missing required argument \"new\""),
        ("check", #"{"selectors":"predicate:x","old":[],"new":[]}"#, "check: give at least one \"old\" and one \"new\" recording"),
        ("check", #"{"selectors":"cobol:x","old":["x"],"new":["x"]}"#, "\"old\": \"x\" is no recording's name"),
        ("screen", #"{"source":"<not a recording","recording":"x"}"#, "screen: give \"recording\" or \"source\", not both"),
        ("screen", #"{"source":"{\"neither\":1}"}"#, "screen: cannot read \"source\""),
    ])
    func wrongArgumentsAreInvalidParamsNamingTheFault(tool: String, arguments: String, fault: String) throws {
        let mcp = try server()
        let answer = try mcp.call(tool, arguments, id: 11)
        #expect(answer.rpcError?.code == -32602, "\(answer)")
        #expect(answer.rpcError?.message.contains(fault) == true, "\(answer.rpcError?.message ?? "\(answer)")")
        try expectAlive(mcp, id: 12)
        #expect(mcp.finish() == 0)
    }

    @Test func aHugeArgumentIsRefusedByItsLimitAndALongerLineUnread() throws {
        // Under the message limit: a 60 KB-selector is compiled and refused... by the selector limit it crosses.
        let mcp = try MCPProcess(["--tree", Self.pocket, "--max-message-bytes", String(1 << 20)])
        let selector = String(repeating: "a", count: 70_000)
        let tooLong = try mcp.call("validate", #"{"selector":"\#(selector)"}"#, id: 20)
        #expect(tooLong.rpcError?.code == -32602, "\(tooLong)")
        #expect(tooLong.rpcError?.message.contains("validate: \"selector\" is 70000 bytes long; the limit is 65536 bytes") == true, "\(tooLong)")
        // Over the message limit: 4 MB on one line, answered without being read as JSON, in one piece.
        var line = Data(#"{"jsonrpc":"2.0","id":21,"method":"tools/call","params":{"name":"validate","arguments":{"selector":""#.utf8)
        line.append(Data(repeating: UInt8(ascii: "b"), count: 4 << 20))
        line.append(Data("\"}}}\n".utf8))
        let start = ContinuousClock.now
        try mcp.sendBytes(line)
        let refused = try mcp.response(id: NSNull())
        #expect(refused.rpcError?.code == -32600)
        #expect(refused.rpcError?.message == "message refused: longer than 1048576 bytes (frankly mcp --max-message-bytes)")
        #expect(ContinuousClock.now - start < .seconds(20))
        try expectAlive(mcp, id: 22)
        #expect(mcp.finish() == 0)
    }

    @Test func deepNestingIsRefusedBeforeAnyDecoderRecursesIntoIt() throws {
        let mcp = try MCPProcess(["--tree", Self.pocket])
        // 200 000 levels: enough to overflow a recursive decoder's stack.
        let depth = 200_000
        let deep = #"{"jsonrpc":"2.0","id":30,"method":"tools/call","params":{"name":"screen","arguments":{"x":"#
            + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}}}"
        try mcp.send(deep)
        let answer = try mcp.response(id: NSNull())
        #expect(answer.rpcError?.code == -32700)
        #expect(answer.rpcError?.message.contains("JSON nested deeper than 64 levels") == true, "\(answer)")
        try expectAlive(mcp, id: 31)
        #expect(mcp.finish() == 0)
    }

    @Test func aSelectorThatDoesNotCompileIsAToolErrorWithItsColumn() throws {
        let mcp = try server()
        let answer = try mcp.call("select", #"{"selector":"name == "}"#, id: 40)
        let (json, isError) = try #require(answer.toolResult, "\(answer)")
        #expect(isError)
        let object = try #require(json as? [String: Any])
        #expect((object["error"] as? String)?.hasPrefix("invalid selector: ") == true, "\(object)")
        // Column 9: just past the end, where the value is missing.
        #expect(object["column"] as? Int == 9, "\(object)")
        #expect(object["caret"] as? String == "name == \n        ^")
        #expect(object["engine"] as? String == "predicate")
        try expectAlive(mcp, id: 41)
        #expect(mcp.finish() == 0)
    }

    @Test func manyCallsAtOnceAreAllAnswered() throws {
        let mcp = try server()
        for id in 50..<90 { try mcp.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"validate","arguments":{"selector":"label == 'Follow'"}}}"#) }
        var answered = 0, busy = 0
        for id in 50..<90 {
            let answer = try mcp.response(id: id)
            let (json, isError) = try #require(answer.toolResult, "\(answer)")
            if isError {
                #expect(((json as? [String: Any])?["error"] as? String)?.hasPrefix("busy: ") == true, "\(json)")
                busy += 1
            } else {
                #expect((json as? [String: Any])?["verdict"] as? String == "ambiguous")
                answered += 1
            }
        }
        // 2 run, 32 wait: at least those 34 are answered, the rest are told the server is busy.
        #expect(answered >= 34 && answered + busy == 40, "answered \(answered), busy \(busy)")
        try expectAlive(mcp, id: 91)
        #expect(mcp.finish() == 0)
    }

    @Test func aLongCallLeavesTheServerAnsweringAndStopsWhenCancelled() throws {
        let path = CLIRunner.temporaryFile("mcp-big.json")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CLIRunner.run(["generate", "--nodes", "20000", "--seed", "2", "--out", path]).status == 0)
        // No time budget: every view of 20 000 with a proven selector takes tens of seconds.
        let mcp = try MCPProcess(["--tree", path, "--timeout", "0"])
        try mcp.send(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"screen","arguments":{"full":true,"budget":200000}}}"#)
        Thread.sleep(forTimeInterval: 0.5)
        // The work runs off the cooperative pool: a ping is answered meanwhile, at once.
        let start = ContinuousClock.now
        try expectAlive(mcp, id: 2)
        #expect(ContinuousClock.now - start < .seconds(2))
        try mcp.send(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"test"}}"#)
        let answer = try mcp.response(id: 1, seconds: 10)
        #expect(ContinuousClock.now - start < .seconds(8), "the call ran on after its cancellation")
        let (json, _) = try #require(answer.toolResult, "\(answer)")
        let object = try #require(json as? [String: Any])
        #expect((object["stopped"] as? String)?.hasPrefix("cancelled; call again with \"cursor\": ") == true, "\(object["stopped"] ?? "")")
        #expect(object["next"] is Int)
        try expectAlive(mcp, id: 3)
        #expect(mcp.finish() == 0)
    }

    @Test func endOfInputEndsTheServerCleanly() throws {
        let mcp = try server()
        try mcp.sendBytes(Data(#"{"jsonrpc":"2.0","id":60,"method":"ping"}"#.utf8))  // no newline: the last line still counts
        #expect(mcp.finish() == 0)
    }

    @Test func aTreeThatCannotBeReadStopsStartUpWithExitStatus2() throws {
        let r = try CLIRunner.run(["mcp", "--tree", "/dev/zero"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("frankly: cannot load /dev/zero: "), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
