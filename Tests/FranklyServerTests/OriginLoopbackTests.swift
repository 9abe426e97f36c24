@testable import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// Issue 28, item 12: an Origin on another loopback address at the server's port is not this
/// server's. Another local process can bind 127.0.0.2:PORT or [::1]:PORT while this server holds
/// 127.0.0.1:PORT, serve a page there, and have the browser send `fetch("http://127.0.0.1:PORT/map")`
/// with its own Origin; `localhost` may resolve to that [::1] page too.
@Suite("Security: Origin on other loopback addresses")
struct OriginLoopbackTests {
    static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPFields.Element(name: HTTPFields.Element.Name(name)!, value: value)) }
        return fields
    }

    @Test("a page on another loopback address at the server's port may not drive it (403, nothing changed)",
          arguments: ["http://127.0.0.2:PORT", "http://[::1]:PORT", "http://127.1.2.3:PORT", "http://localhost:PORT",
                      "http://[0:0:0:0:0:0:0:1]:PORT"])
    func otherLoopbackOrigin(origin: String) async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        try await withRunningServer(host) { _, port async throws in
            let origin = origin.replacing("PORT", with: "\(port)")
            // What a browser sends for that page's fetch to http://127.0.0.1:PORT/map.
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/map", method: .post,
                headers: Self.fields([("Host", "127.0.0.1:\(port)"), ("Origin", origin), ("Content-Type", "text/plain")]),
                body: ByteBuffer(string: OriginGuardTests.setText))
            #expect(response.status == .forbidden, "\(origin)")
            #expect(response.json["reason"] == "request refused", "\(origin)")
            #expect(response.json["details"]?.stringValue?.contains("Origin") == true, "\(origin)")
            #expect(try OriginGuardTests.usernameText(host) != "mallory", "\(origin)")
        }
    }

    @Test("a Referer from another loopback address at the server's port is refused too")
    func otherLoopbackReferer() async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/dump", method: .get,
                headers: Self.fields([("Host", "127.0.0.1:\(port)"), ("Referer", "http://127.0.0.2:\(port)/page.html")]),
                body: nil)
            #expect(response.status == .forbidden)
            #expect(response.json["details"]?.stringValue?.contains("Referer") == true)
        }
    }

    @Test("the page's own origin (equal to Host) is still served, on every loopback name")
    func ownOriginStillServed() async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        try await withRunningServer(host) { _, port async throws in
            for name in ["127.0.0.1", "localhost", "[::1]"] {
                let response = try await OneShotHTTPClient(port: port).execute(
                    uri: "/inspector/select", method: .post,
                    headers: Self.fields([("Host", "\(name):\(port)"), ("Origin", "http://\(name):\(port)"),
                                          ("Sec-Fetch-Site", "same-origin"), ("Content-Type", "application/json")]),
                    body: ByteBuffer(string: #"{"query":"1056","engine":"uids"}"#))
                #expect(response.status == .ok, "\(name)")
                #expect(response.json["count"] == 1, "\(name)")
            }
        }
    }

    @Test("the bound address is this server's origin whatever the Host; other loopback addresses only when bound there")
    func boundAddressRules() {
        func policy(_ bind: String) -> OriginPolicy {
            OriginPolicy(configuration: FranklyServerConfiguration(host: bind), listeningPort: { 37265 })
        }
        func origin(_ o: String) -> HTTPFields { Self.fields([("Origin", o)]) }
        let v4 = policy("127.0.0.1")
        #expect(v4.refusal(authority: "localhost:37265", headers: origin("http://127.0.0.1:37265")) == nil)
        #expect(v4.refusal(authority: "127.0.0.1:37265", headers: origin("http://[::1]:37265")) != nil)
        #expect(v4.refusal(authority: "127.0.0.1:37265", headers: origin("http://127.0.0.2:37265")) != nil)
        #expect(v4.refusal(authority: "127.0.0.1:37265", headers: origin("http://localhost:37265")) != nil)
        // No Host (HTTP/1.0): only the bound address.
        #expect(v4.refusal(authority: nil, headers: origin("http://127.0.0.1:37265")) == nil)
        #expect(v4.refusal(authority: nil, headers: origin("http://127.0.0.2:37265")) != nil)
        let v6 = policy("::1")
        #expect(v6.refusal(authority: "localhost:37265", headers: origin("http://[::1]:37265")) == nil)
        #expect(v6.refusal(authority: "[::1]:37265", headers: origin("http://127.0.0.1:37265")) != nil)
        // An IPv4 wildcard holds no IPv6 address: [::1] at this port may be another process's.
        let wide = policy("0.0.0.0")
        #expect(wide.refusal(authority: "127.0.0.1:37265", headers: origin("http://[::1]:37265")) != nil)
        #expect(wide.refusal(authority: "[::1]:37265", headers: origin("http://127.0.0.1:37265")) == nil)
    }
}
