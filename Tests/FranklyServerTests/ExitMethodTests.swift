import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// Issue 16, item 12: a page must not shut the server down. Frank's driver sends a bare
/// `GET /exit`, so that keeps working; a GET that carries any browser header, and any foreign
/// request, is refused, and POST /exit works.
@Suite("/exit from drivers and from browsers")
struct ExitMethodTests {
    static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPFields.Element(name: HTTPFields.Element.Name(name)!, value: value)) }
        return fields
    }

    struct BrowserGet: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var headers: @Sendable (Int) -> [(String, String)]
        var named: String
    }

    static let browserGets: [BrowserGet] = [
        BrowserGet(testDescription: "cross-origin fetch", headers: { _ in [("Origin", "http://evil.example")] }, named: "Origin"),
        BrowserGet(testDescription: "<img> on a foreign page", headers: { _ in
            [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")] }, named: "Sec-Fetch-Site"),
        BrowserGet(testDescription: "<img> without Sec-Fetch, foreign Referer", headers: { _ in
            [("Referer", "http://evil.example/")] }, named: "Referer"),
        BrowserGet(testDescription: "same-origin <img>", headers: { _ in
            [("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "no-cors"), ("Sec-Fetch-Dest", "image")] }, named: "POST /exit"),
        BrowserGet(testDescription: "typed into the address bar", headers: { _ in
            [("Sec-Fetch-Site", "none"), ("Sec-Fetch-Mode", "navigate")] }, named: "POST /exit"),
        BrowserGet(testDescription: "link on the server's own page", headers: { port in
            [("Referer", "http://127.0.0.1:\(port)/")] }, named: "POST /exit"),
    ]

    @Test("a browser's GET /exit is refused with 403 and the server stays up", arguments: browserGets)
    func browserGetRefused(_ c: BrowserGet) async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/exit", method: .get, headers: Self.fields(c.headers(port)), body: nil)
            #expect(response.status == .forbidden)
            #expect(response.json["reason"] == "request refused")
            let details = response.json["details"]?.stringValue ?? ""
            #expect(details.contains(c.named), "details: \(details)")
            // Still serving: a new connection is answered.
            let version = try await OneShotHTTPClient(port: port, readTimeout: .seconds(30)).get("/version")
            #expect(version.json["version"] == .string(FranklyServerConfiguration.defaultVersion))
        }
    }

    @Test("a foreign-origin POST /exit is refused and the server stays up")
    func foreignPostRefused() async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/exit", method: .post,
                headers: Self.fields([("Origin", "http://evil.example"), ("Content-Type", "text/plain")]),
                body: ByteBuffer(string: "x"))
            #expect(response.status == .forbidden)
            #expect(try await OneShotHTTPClient(port: port, readTimeout: .seconds(30)).get("/version").status == .ok)
        }
    }

    @Test("POST /exit (and Frank's bare GET) answer SUCCESS and then run() returns", arguments: [HTTPRequest.Method.post, .get])
    func exitStops(method: HTTPRequest.Method) async throws {
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample))
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { try await server.run(); return "stopped" }
            let port = try #require(await server.listeningPort())
            let response = try await OneShotHTTPClient(port: port).execute(uri: "/exit", method: method, headers: [:], body: nil)
            #expect(response.json == JSONValue.success)
            group.addTask { try await Task.sleep(for: .seconds(20)); return "timed out" }
            #expect(try await group.next() == "stopped")
            group.cancelAll()
        }
    }
}
