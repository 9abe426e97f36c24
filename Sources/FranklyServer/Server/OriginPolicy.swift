import Hummingbird
import NIOCore

/// Who may drive the server: the rules `OriginGuardMiddleware` applies (Docs/Frankly.md, "Security:
/// Origin and Host").
///
/// The protocol changes app state and has no authentication, and a browser will send requests to
/// loopback for any page it shows. Three things tell such a request from Frank's driver, which sends
/// none of them: a `Host` that is not a name of this server (a DNS-rebinding page reaches loopback
/// under its own name), an `Origin` or `Referer` from another origin, and `Sec-Fetch-Site`
/// `cross-site` or `same-site`.
struct OriginPolicy: Sendable {
    /// Host names accepted besides loopback (lowercased, IPv6 without brackets).
    let names: Set<String>
    /// The names whose origin, at the listening port, is this server's whatever the `Host`: the
    /// bound address (each interface address when bound to a wildcard) and `allowedHosts`. Not
    /// loopback in general: another process may serve a page on `127.0.0.2` or `[::1]` at this
    /// port (or on `localhost`, which browsers may resolve to `::1`) while this server holds only
    /// `127.0.0.1` (issue 28, item 12).
    let ownNames: Set<String>
    /// `allowedHosts` holds `*`: any `Host` (for a server reached through a proxy by names not known
    /// in advance); `Origin` must still be the `Host` or one of the names.
    let anyHost: Bool
    /// The port the server listens on, once it does.
    let listeningPort: @Sendable () -> Int?

    init(configuration: FranklyServerConfiguration, listeningPort: @escaping @Sendable () -> Int?) {
        var names = Set<String>()
        let bind = Self.bare(configuration.host)
        if Self.isWildcard(bind) {
            // Bound to every interface: each of this machine's addresses is "the bound address".
            // An IPv4 wildcard holds no IPv6 address, so another process may hold [::1] at this port.
            let ipv4Only = bind == "0.0.0.0" || bind.isEmpty
            for device in (try? System.enumerateDevices()) ?? [] {
                guard let ip = device.address?.ipAddress, !(ipv4Only && ip.contains(":")) else { continue }
                names.insert(Self.bare(ip))
            }
        } else {
            names.insert(bind)
        }
        var anyHost = false
        for entry in configuration.allowedHosts {
            if entry == "*" { anyHost = true } else { names.insert(Self.bare(Self.hostName(ofAllowed: entry))) }
        }
        self.names = names
        // Bound to "localhost", the server holds one of its addresses (127.0.0.1 or ::1), and
        // browsers try both.
        self.ownNames = names.subtracting(["localhost"])
        self.anyHost = anyHost
        self.listeningPort = listeningPort
    }

    /// Why the request is refused (with the header that gave it away), or nil when it may proceed.
    func refusal(authority: String?, headers: HTTPFields) -> String? {
        if headers[Self.hostField] != nil {
            return "the request has more than one Host header"
        }
        var hostAuthority: Authority?
        if let authority {
            guard let parsed = Authority(authority) else {
                return "the Host header \(quoted(authority)) is not a host name with an optional port"
            }
            guard allows(parsed.name) else {
                return "the Host header \(quoted(authority)) is not a name of this server (\(allowedDescription)); a web page reaching this server under another name (DNS rebinding) may not drive it. To reach the server by this name, add it with --allow-host (FranklyServerConfiguration.allowedHosts)"
            }
            hostAuthority = parsed
        }
        if let site = headers[Self.secFetchSite]?.lowercased(), site == "cross-site" || site == "same-site" {
            return "the Sec-Fetch-Site header is \(quoted(site)): the request comes from a page on another site, which may not drive this server"
        }
        if let origin = headers[.origin] {
            guard isOwn(origin: origin, host: hostAuthority) else {
                return "the Origin header \(quoted(origin)) is not this server's origin: a page on another origin may not drive this server"
            }
        } else if let referer = headers[.referer], !isOwn(origin: Self.origin(ofURL: referer), host: hostAuthority) {
            return "the Referer header \(quoted(referer)) is not a page of this server: a page on another origin may not drive this server"
        }
        return nil
    }

    /// Whether `name` (without port or brackets) may appear in `Host`.
    func allows(_ name: String) -> Bool {
        anyHost || isNamed(name)
    }

    /// Whether `name` is loopback, the bound address or an `allowedHosts` name (`*` aside).
    private func isNamed(_ name: String) -> Bool {
        let name = Self.bare(name)
        return name == "localhost" || name == "::1" || name == "0:0:0:0:0:0:0:1"
            || Self.isIPv4Loopback(name) || names.contains(name)
    }

    /// `scheme://host[:port]` is this server's: an http(s) origin equal to the request's (already
    /// checked) `Host` (what the browser connected to, port forwarding included), or one of
    /// `ownNames` with the port it listens on. `null` (sandboxed frames, `file:` pages) never is.
    /// `*` in `allowedHosts` does not widen this, so a page elsewhere stays foreign.
    ///
    /// A loopback name other than the `Host` is not enough: a browser sends `Host: 127.0.0.1:PORT`
    /// only to the socket at 127.0.0.1, which is this server, but a page's origin
    /// `http://127.0.0.2:PORT`, `http://[::1]:PORT` or `http://localhost:PORT` may be another
    /// local process's.
    private func isOwn(origin: String, host: Authority?) -> Bool {
        let lower = origin.lowercased()
        let scheme: String, rest: Substring
        if lower.hasPrefix("http://") { scheme = "http"; rest = lower.dropFirst(7) }
        else if lower.hasPrefix("https://") { scheme = "https"; rest = lower.dropFirst(8) }
        else { return false }
        guard let authority = Authority(String(rest)) else { return false }
        let defaultPort = scheme == "https" ? 443 : 80
        let port = authority.port ?? defaultPort
        if let host, Self.bare(host.name) == Self.bare(authority.name), port == (host.port ?? defaultPort) { return true }
        return ownNames.contains(Self.bare(authority.name)) && port == listeningPort()
    }

    private var allowedDescription: String {
        let extra = names.sorted().map { $0.contains(":") ? "[\($0)]" : $0 }
        return "allowed: " + (["localhost", "127.x.x.x", "[::1]"] + extra).joined(separator: ", ") + ", any port"
    }

    private static let secFetchSite = HTTPFields.Element.Name("Sec-Fetch-Site")!
    // The first Host became `authority`; one left among the fields is a second Host.
    private static let hostField = HTTPFields.Element.Name("Host")!

    private func quoted(_ s: String) -> String {
        "\"" + (s.count > 200 ? String(s.prefix(200)) + "..." : s) + "\""
    }

    /// `http://a.b:1/x?y` → `http://a.b:1`; anything that is no http(s) URL stays as it is (and
    /// then fails the origin check).
    static func origin(ofURL url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let afterScheme = url[schemeEnd.upperBound...]
        let end = afterScheme.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? afterScheme.endIndex
        return String(url[..<end])
    }

    /// Lowercased, without the brackets of an IPv6 literal or a trailing dot.
    static func bare(_ name: String) -> String {
        var s = Substring(name.lowercased())
        if s.hasPrefix("["), s.hasSuffix("]") { s = s.dropFirst().dropLast() }
        if s.hasSuffix("."), s.count > 1 { s = s.dropLast() }
        return String(s)
    }

    /// An `allowedHosts` entry may carry a port (`frank.local:37265`); the port is ignored.
    static func hostName(ofAllowed entry: String) -> String {
        if let parsed = Authority(entry) { return parsed.name }
        return entry  // a bare IPv6 address (`fe80::1`)
    }

    static func isWildcard(_ bare: String) -> Bool {
        bare == "0.0.0.0" || bare == "::" || bare == "0:0:0:0:0:0:0:0" || bare.isEmpty
    }

    /// `127.a.b.c`, four decimal parts of at most 255.
    static func isIPv4Loopback(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "127" else { return false }
        return parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCIIDigit) && Int(p)! <= 255
        }
    }
}

/// A `Host` header's value (or an origin's authority): `name`, `name:port`, `[v6]`, `[v6]:port`.
struct Authority: Equatable, Sendable {
    /// The host name, lowercased, IPv6 without brackets.
    var name: String
    /// The port, when given.
    var port: Int?

    init?(_ text: String) {
        let text = text.lowercased()
        let nameEnd: String.Index
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            name = String(text[text.index(after: text.startIndex)..<close])
            nameEnd = text.index(after: close)
            guard !name.isEmpty, name.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { return nil }
        } else {
            nameEnd = text.firstIndex(of: ":") ?? text.endIndex
            name = String(text[..<nameEnd])
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter && $0.isASCII || $0.isASCIIDigit || $0 == "." || $0 == "-" || $0 == "_" })
            else { return nil }
        }
        let rest = text[nameEnd...]
        if rest.isEmpty {
            port = nil
        } else {
            let digits = rest.dropFirst()
            guard rest.first == ":", !digits.isEmpty, digits.count <= 5, digits.allSatisfy(\.isASCIIDigit),
                  let p = Int(digits), p <= 65535 else { return nil }
            port = p
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}

/// Refuses, with HTTP 403 and Frank's ERROR envelope, requests that a web page sent rather than a
/// test driver (see `OriginPolicy`). First in the chain, so nothing runs for a refused request.
struct OriginGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let policy: OriginPolicy

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if let why = policy.refusal(authority: request.head.authority, headers: request.headers) {
            context.logger.notice("refused \(request.method) \(request.uri.path): \(why)")
            return FranklyResponse.refused(why)
        }
        return try await next(request, context)
    }
}
