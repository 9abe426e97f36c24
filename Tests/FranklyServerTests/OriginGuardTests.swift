@testable import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// Issue 16, item 12: a web page must not drive the server (foreign Origin, Referer, Sec-Fetch-Site,
/// or a Host that is not this server's: DNS rebinding), while Frank's driver (no Origin, a loopback
/// Host) and the inspector page (its own origin) keep working.
@Suite("Security: Origin and Host")
struct OriginGuardTests {
    /// The sample app's Username field, by uid (the test registry's `uiquery` is a uid list).
    static let setText = mapBody("1056", "setText:", ["mallory"], engine: nil)

    static func fields(_ pairs: [(String, String)]) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPFields.Element(name: HTTPFields.Element.Name(name)!, value: value)) }
        return fields
    }

    /// The Username field's text, read from the host (not over HTTP, so no request can hide a change).
    static func usernameText(_ host: SnapshotHost) throws -> JSONValue? {
        let tree = host.tree
        let field = try #require(tree.node(withUID: "1056"))
        #expect(tree.value("placeholder", of: field) == "Username")
        return tree.value("text", of: field)
    }

    static func expectRefused(_ response: HTTPTestResponse, naming header: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(response.status == .forbidden, sourceLocation: sourceLocation)
        #expect(response.json["outcome"] == "ERROR", sourceLocation: sourceLocation)
        #expect(response.json["reason"] == "request refused", sourceLocation: sourceLocation)
        let details = response.json["details"]?.stringValue ?? ""
        #expect(details.contains(header), "details: \(details)", sourceLocation: sourceLocation)
    }

    @Test("a foreign-Origin POST to /map (text/plain, form, JSON) is refused with 403 and changes nothing",
          arguments: ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
    func foreignOriginPost(contentType: String) async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        let before = try Self.usernameText(host)
        try await withRunningServer(host) { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/map", method: .post,
                headers: Self.fields([("Origin", "http://evil.example"), ("Content-Type", contentType)]),
                body: ByteBuffer(string: Self.setText))
            Self.expectRefused(response, naming: "Origin")
            #expect(try Self.usernameText(host) == before)
        }
    }

    @Test("Origin null, another local port, or https elsewhere is foreign",
          arguments: ["null", "http://localhost:3000", "http://127.0.0.1", "https://evil.example", "file://"])
    func otherForeignOrigins(origin: String) async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        try await withRunningServer(host) { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/map", method: .post, headers: Self.fields([("Origin", origin)]), body: ByteBuffer(string: Self.setText))
            Self.expectRefused(response, naming: "Origin")
            #expect(try Self.usernameText(host) != "mallory")
        }
    }

    @Test("a foreign Host (DNS rebinding) gets no /dump", arguments: ["evil.example:37265", "evil.example", "127.0.0.1.evil.example", "[::2]:80"])
    func foreignHost(hostHeader: String) async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/dump", method: .get, headers: Self.fields([("Host", hostHeader)]), body: nil)
            Self.expectRefused(response, naming: "Host")
            #expect(!response.text.contains("UIWindow"))
        }
    }

    @Test("Frank's driver (no Origin, a loopback Host with any port) is served",
          arguments: ["127.0.0.1:PORT", "localhost:PORT", "LOCALHOST:PORT", "[::1]:PORT", "127.0.0.2:8080", "localhost"])
    func frankLike(hostHeader: String) async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        try await withRunningServer(host) { _, port async throws in
            let headers = Self.fields([("Host", hostHeader.replacing("PORT", with: "\(port)"))])
            let client = OneShotHTTPClient(port: port)
            let dump = try await client.execute(uri: "/dump", method: .get, headers: headers, body: nil)
            #expect(dump.status == .ok)
            #expect(dump.json["class"] == "UIWindow")
            // Ruby's Net::HTTP sends a form content type with the JSON body.
            var post = headers
            post.append(HTTPFields.Element(name: .contentType, value: "application/x-www-form-urlencoded"))
            let map = try await client.execute(uri: "/map", method: .post, headers: post, body: ByteBuffer(string: Self.setText))
            #expect(map.json.results == [.null])
            #expect(try Self.usernameText(host) == "mallory")
        }
    }

    @Test("the inspector page's own requests (same origin, JSON) are served")
    func sameOrigin() async throws {
        let host = SnapshotHost(tree: Fixture.sample)
        try await withRunningServer(host) { _, port async throws in
            let client = OneShotHTTPClient(port: port)
            for origin in ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] {
                // The page reached this server by the origin's name, so its Host says that name
                // (an Origin of localhost on a request to 127.0.0.1 is another page: OriginLoopbackTests).
                let page = Self.fields([("Host", String(origin.dropFirst(7))), ("Origin", origin),
                                        ("Sec-Fetch-Site", "same-origin"), ("Sec-Fetch-Mode", "cors"),
                                        ("Referer", origin + "/"), ("Content-Type", "application/json")])
                let select = try await client.execute(uri: "/inspector/select", method: .post, headers: page,
                                                      body: ByteBuffer(string: #"{"query":"1056","engine":"uids"}"#))
                #expect(select.status == .ok, "\(origin)")
                #expect(select.json["count"] == 1, "\(origin)")
                let tree = try await client.execute(uri: "/inspector/tree", method: .get, headers: page, body: nil)
                #expect(tree.json["count"] == .int(Int64(host.tree.count)), "\(origin)")
            }
            let page = Self.fields([("Origin", "http://127.0.0.1:\(port)"), ("Sec-Fetch-Site", "same-origin"),
                                    ("Content-Type", "application/json")])
            let map = try await client.execute(uri: "/map", method: .post, headers: page, body: ByteBuffer(string: Self.setText))
            #expect(map.json.results == [.null])
            #expect(try Self.usernameText(host) == "mallory")
        }
    }

    @Test("a port-forwarded page (Origin equal to Host, another port) is its own origin")
    func forwardedPort() async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/engines", method: .post,
                headers: Self.fields([("Host", "localhost:8080"), ("Origin", "http://localhost:8080")]), body: nil)
            #expect(response.status == .ok)
            #expect(response.json == JSONValue.array(["kind", "uids", "uiquery"]))
        }
    }

    @Test("Sec-Fetch-Site cross-site or same-site, or a foreign Referer, is refused even without Origin",
          arguments: [("Sec-Fetch-Site", "cross-site"), ("Sec-Fetch-Site", "same-site"), ("Referer", "http://evil.example/page.html")])
    func browserHeaders(name: String, value: String) async throws {
        try await withRunningServer { _, port async throws in
            let response = try await OneShotHTTPClient(port: port).execute(
                uri: "/dump", method: .get, headers: Self.fields([(name, value)]), body: nil)
            Self.expectRefused(response, naming: name)
        }
    }

    @Test("allowedHosts admits a name for Host and Origin; the bound address is allowed; others stay refused")
    func allowedHosts() async throws {
        var configuration = Fixture.configuration()
        configuration.allowedHosts = ["frank.test", "Other.Test:9999"]
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample), configuration: configuration)
        try await withRunningServer(server) { _, port async throws in
            let client = OneShotHTTPClient(port: port)
            for name in ["frank.test", "other.test"] {
                let ok = try await client.execute(
                    uri: "/version", method: .post,
                    headers: Self.fields([("Host", "\(name):\(port)"), ("Origin", "http://\(name):\(port)")]), body: nil)
                #expect(ok.status == .ok, "\(name)")
            }
            let refused = try await client.execute(
                uri: "/version", method: .get, headers: Self.fields([("Host", "evil.test:\(port)")]), body: nil)
            Self.expectRefused(refused, naming: "Host")
        }
        // A bind address that is not loopback is a name of the server (checked without binding it).
        let policy = OriginPolicy(configuration: FranklyServerConfiguration(host: "192.0.2.7"), listeningPort: { 37265 })
        #expect(policy.refusal(authority: "192.0.2.7:37265", headers: [:]) == nil)
        #expect(policy.refusal(authority: "192.0.2.8:37265", headers: [:]) != nil)
        #expect(policy.refusal(authority: "localhost:37265", headers: Self.fields([("Origin", "http://192.0.2.7:37265")])) == nil)
    }

    @Test("allowedHosts \"*\" admits any Host, but a page elsewhere stays foreign")
    func anyHost() async throws {
        var configuration = Fixture.configuration()
        configuration.allowedHosts = ["*"]
        let server = Fixture.server(SnapshotHost(tree: Fixture.sample), configuration: configuration)
        try await withRunningServer(server) { _, port async throws in
            let client = OneShotHTTPClient(port: port)
            let proxied = try await client.execute(
                uri: "/version", method: .post,
                headers: Self.fields([("Host", "frank.example.com"), ("Origin", "https://frank.example.com")]), body: nil)
            #expect(proxied.status == .ok)
            // Same port as the server, another host: still another origin.
            let foreign = try await client.execute(
                uri: "/map", method: .post, headers: Self.fields([("Origin", "http://evil.example:\(port)")]),
                body: ByteBuffer(string: Self.setText))
            Self.expectRefused(foreign, naming: "Origin")
        }
    }

    @Test("Host values are parsed strictly")
    func authorityParsing() {
        #expect(Authority("LocalHost:37265").map { [$0.name, "\($0.port ?? -1)"] } == ["localhost", "37265"])
        #expect(Authority("[::1]:80").map { [$0.name, "\($0.port ?? -1)"] } == ["::1", "80"])
        #expect(Authority("[::1]").map { [$0.name, "\($0.port ?? -1)"] } == ["::1", "-1"])
        for bad in ["", ":80", "a:b", "a:99999", "a:80:80", "[::1", "a b", "a/b", "user@host"] {
            #expect(Authority(bad) == nil, "\(bad)")
        }
        #expect(OriginPolicy.isIPv4Loopback("127.0.0.1"))
        #expect(OriginPolicy.isIPv4Loopback("127.255.0.9"))
        for bad in ["127.0.0", "127.0.0.256", "128.0.0.1", "127.0.0.1.evil", "127.0.0.x"] {
            #expect(!OriginPolicy.isIPv4Loopback(bad), "\(bad)")
        }
    }
}
