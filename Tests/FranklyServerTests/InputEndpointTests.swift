import FranklyServer
import Hummingbird
import SelectorCore
import Testing

@Suite("location, keyboard, app_exec, exit")
struct InputEndpointTests {
    static let noKeyboard = JSONValue.franklyError(
        "keyboard not present",
        "The iOS keyboard is not currently present, so Frank can't use it so simulate typing. You might want to simulate a tap on the thing you want to type into first.")

    @Test("POST /location sets the simulated location")
    func location() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.post("/location", #"{"latitude":59.33,"longitude":18.05}"#).json == JSONValue.success)
            #expect(host.location == Location(latitude: 59.33, longitude: 18.05))
            #expect(host.events.last?.name == "location")
        }
    }

    @Test("/location errors: reading, missing coordinates, out of range")
    func locationErrors() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.get("/location").json
                == JSONValue.franklyError("get not supported", "this interface does not support getting the location"))
            let missing = JSONValue.franklyError("nil location", "you have to provide both longitude and latitude")
            #expect(try await client.post("/location", "{}").json == missing)
            #expect(try await client.post("/location", #"{"latitude":1}"#).json == missing)
            #expect(try await client.post("/location", #"{"latitude":100,"longitude":0}"#).json == JSONValue.franklyError(
                "invalid request", "latitude must lie in -90...90 and longitude in -180...180, got 100.0, 0.0"))
            #expect(host.location == nil)
        }
    }

    @Test("typing with no focused text field is Frank's keyboard-not-present error")
    func noKeyboard() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.post("/type_into_keyboard", #"{"text_to_type":"abc\n"}"#).json == Self.noKeyboard)
        }
    }

    @Test("touching a text field focuses it; typing edits its text")
    func typing() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.map("1056", "touch").results == [true])
            #expect(try await client.map("1056", "isFirstResponder").results == [true])
            #expect(try await client.post("/type_into_keyboard", #"{"text_to_type":"bob\n"}"#).json == JSONValue.success)
            #expect(try await client.map("1056", "text").results == ["bob"])
            // "\b" deletes one character.
            #expect(try await client.post("/type_into_keyboard", #"{"text_to_type":"\bx"}"#).json == JSONValue.success)
            #expect(try await client.map("1056", "text").results == ["box"])
            // Focus moves with the next touch.
            try await client.map("1057", "touch")
            #expect(try await client.map("1056, 1057", "isFirstResponder").results == [false, true])
            try await client.post("/type_into_keyboard", #"{"text_to_type":"pw"}"#)
            #expect(try await client.map("1056, 1057", "text").results == ["box", "pw"])
            #expect(host.keyboardText == "bob\n\u{8}xpw")
            #expect(host.events.last?.name == "type_into_keyboard")
        }
    }

    @Test("/app_exec runs the documented methods and refuses others")
    func appExec() async throws {
        try await withServer { client, host async throws in
            func exec(_ name: String, _ args: String = "[]") async throws -> JSONValue {
                try await client.post("/app_exec", #"{"operation":{"method_name":"\#(name)","arguments":\#(args)}}"#).json
            }
            #expect(try await exec("ping") == JSONValue.success)
            try await client.map("1056", "setText:", ["dave"])
            try await client.map("1059", "touch")
            #expect(!host.events.isEmpty)
            #expect(try await exec("clearEvents") == JSONValue.success)
            #expect(host.events.isEmpty)
            #expect(try await exec("resetApp") == JSONValue.success)
            #expect(try await client.map("1056", "text").results == [""])
            #expect(try await exec("launchMissiles") == JSONValue.franklyError(
                "operation doesn't apply", "operation does not appear to be implemented in app delegate"))
            #expect(try await exec("ping", "[1]") == JSONValue.franklyError(
                "exception while executing operation", "ping takes 0 arguments, but 1 were supplied"))
        }
    }

    @Test("GET / (the inspector page) still names the endpoints")
    func indexPage() async throws {
        try await withServer { client, _ async throws in
            let response = try await client.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            for endpoint in ["/map", "/dump/allwindows", "/type_into_keyboard", "/app_exec", "/exit"] {
                #expect(response.text.contains(endpoint), "\(endpoint)")
            }
        }
    }

    @Test("an unknown path, or a known one with another method, is Frank's 404")
    func notFound() async throws {
        try await withServer { client, _ async throws in
            for (method, path) in [(HTTPRequest.Method.get, "/nope"), (.get, "/map/extra"), (.put, "/map"), (.post, "/dump")] {
                let response = try await client.execute(uri: path, method: method)
                #expect(response.status == .notFound, "\(method) \(path)")
                #expect(response.text == "<html><body>Error 404 - Not Found</body></html>")
            }
        }
    }
}
