import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// Every kind of bad input gets an ERROR envelope naming the problem (HTTP 200, as Frank), and the
/// server stays up.
@Suite("bad input")
struct BadInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var path: String = "/map"
        var body: [UInt8]
        var reason: String = "invalid request"
        var details: String
        var testDescription: String { name }

        init(_ name: String, path: String = "/map", _ body: String, details: String) {
            self.name = name; self.path = path; self.body = Array(body.utf8); self.details = details
        }
        init(_ name: String, path: String = "/map", bytes: [UInt8], details: String) {
            self.name = name; self.path = path; self.body = bytes; self.details = details
        }
    }

    static let touch = #""operation":{"method_name":"touch","arguments":[]}"#

    static let cases: [Case] = [
        Case("empty body", "", details: #"the request has no body: send {"query":...,"selector_engine":...,"operation":{"method_name":...,"arguments":[...]}}"#),
        Case("malformed JSON", #"{"query":"1055","#, details: "the request body is not valid JSON: unexpected end of input, expected a string at line 1, column 17"),
        Case("malformed JSON on the second line", "{\"query\":\n  1055x}", details: "the request body is not valid JSON: expected ',' or '}', found 'x' at line 2, column 7"),
        Case("an array body", "[1,2]", details: "the request body must be a JSON object, not an array"),
        Case("a string body", #""touch""#, details: "the request body must be a JSON object, not a string"),
        Case("missing query", "{\(touch)}", details: #"missing "query" (the selector)"#),
        Case("query of the wrong type", #"{"query":5,\#(touch)}"#, details: #""query" must be a string, not a number"#),
        Case("selector_engine of the wrong type", #"{"query":"1055","selector_engine":["x"],\#(touch)}"#,
             details: #""selector_engine" must be a string, not an array"#),
        Case("missing operation", #"{"query":"1055"}"#,
             details: #"missing "operation" (what to do with each selected view, e.g. {"method_name":"touch","arguments":[]})"#),
        Case("operation of the wrong type", #"{"query":"1055","operation":"touch"}"#,
             details: #""operation" must be an object, not a string"#),
        Case("missing method_name", #"{"query":"1055","operation":{}}"#,
             details: #"missing "operation.method_name" (the method to perform, e.g. "touch")"#),
        Case("method_name of the wrong type", #"{"query":"1055","operation":{"method_name":true}}"#,
             details: #""operation.method_name" must be a string, not a boolean"#),
        Case("arguments of the wrong type", #"{"query":"1055","operation":{"method_name":"touch","arguments":{}}}"#,
             details: #""operation.arguments" must be an array, not an object"#),
        Case("non-UTF-8 body", bytes: [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x7D], details: "the request body is not valid UTF-8"),
        Case("non-UTF-8 orientation", path: "/orientation", bytes: [0x70, 0xC3, 0x28], details: "the request body is not valid UTF-8"),
        Case("location of the wrong type", path: "/location", #"{"latitude":"north","longitude":1}"#,
             details: #""latitude" must be a number, not a string"#),
        Case("location body not an object", path: "/location", "42", details: "the request body must be a JSON object, not a number"),
        Case("text_to_type missing", path: "/type_into_keyboard", #"{"text":"x"}"#, details: #"missing "text_to_type" (the text to type)"#),
        Case("text_to_type of the wrong type", path: "/type_into_keyboard", #"{"text_to_type":7}"#,
             details: #""text_to_type" must be a string, not a number"#),
        Case("app_exec without operation", path: "/app_exec", #"{}"#, details: #"missing "operation" (the method to run)"#),
        Case("app_exec empty method", path: "/app_exec", #"{"operation":{"method_name":""}}"#,
             details: #""operation.method_name" must not be empty"#),
    ]

    @Test("bad input is an ERROR envelope with HTTP 200 naming the problem", arguments: cases)
    func badInput(_ c: Case) async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).post(c.path, bytes: c.body)
            #expect(response.status == .ok)
            #expect(response.json == JSONValue.franklyError(c.reason, c.details))
        }
    }

    @Test("the server stays up through every bad request on one connection")
    func staysUp() async throws {
        try await withRunningServer { _, port async throws in
            try await withClient(port: port) { client async throws in
                for c in Self.cases {
                    let response = try await client.post(c.path, bytes: c.body)
                    #expect(response.status == .ok, "\(c.name)")
                    #expect(response.json["outcome"] == "ERROR", "\(c.name)")
                }
                #expect(try await client.get("/engines").json == JSONValue.array(["kind", "uids", "uiquery"]))
            }
        }
    }

    @Test("a body over 1 MiB is 413 and the server stays up")
    func tooLarge() async throws {
        try await withRunningServer { _, port async throws in
            let limit = 1 << 20
            try await withClient(port: port) { client async throws in
                let big = [UInt8](repeating: UInt8(ascii: " "), count: limit + 1)
                let response = try await client.post("/map", bytes: big)
                #expect(response.status == .contentTooLarge)
                #expect(response.json == JSONValue.franklyError("request too large", "the request body is larger than 1048576 bytes"))
            }
            // A body of exactly the limit is read (and here is valid JSON padded with spaces).
            try await withClient(port: port) { client async throws in
                let json = #"{"query":"1055","operation":{"method_name":"text","arguments":[]}}"#
                let padded = json + String(repeating: " ", count: limit - json.utf8.count)
                let response = try await client.post("/map", padded)
                #expect(response.status == .ok)
                #expect(response.json.results == ["Sign in"])
            }
        }
    }
}
