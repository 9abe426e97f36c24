/// One more route a `FranklyServer` serves, for a protocol this module does not know: how
/// `frankly serve` adds the MCP tools at `/mcp` without FranklyServer depending on FranklyMCP
/// (which pulls in the whole engine registry). The server stays the one that faces the client:
/// its Origin guard refuses a web page's request, and the body is read within the limit of the
/// route group `bodyLimit` names (413 on a declared length at once, or as soon as the body read so
/// far passes it), before `respond` sees anything. What `respond` then runs, it bounds itself
/// (time, concurrency); `shutdown` lets it stop that work when the server shuts down, as the
/// server cancels its own queries.
public struct FranklyExtraRoute: Sendable {
    /// Which of the server's body limits a route's requests get (they are the route groups'
    /// limits, so an operator sets one number for every route of a kind).
    public enum BodyLimit: Sendable, Equatable {
        /// `FranklyServerConfiguration.maxBodyBytes`, as the protocol's commands.
        case request
        /// `maxRecordingBytes`, read as a posted recording is (a minimum rate, a total time, the
        /// bytes all uploads may hold together): for a route whose body may carry a whole
        /// recording.
        case recording
    }

    /// What the route is handed: the body is whole, and the server's guards have passed it.
    public struct Request: Sendable {
        /// `GET`, `POST` or `DELETE` (the methods the route is registered for).
        public var method: String
        /// Header fields by lowercased name, repeated fields joined with ", "; `host` is the
        /// request's authority (HTTP/1.1's Host header).
        public var headers: [String: String]
        public var body: [UInt8]

        public init(method: String, headers: [String: String], body: [UInt8]) {
            self.method = method; self.headers = headers; self.body = body
        }
    }

    /// What the server sends back. The server sets the length and the connection's framing
    /// itself, so `Content-Length`, `Transfer-Encoding` and `Connection` here are dropped, as
    /// are names HTTP does not allow; a status outside 100...599 is sent as 500.
    public struct Response: Sendable {
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public init(status: Int, headers: [(String, String)], body: [UInt8]) {
            self.status = status; self.headers = headers; self.body = body
        }
    }

    /// The path, from `/`; it must be one no protocol route has (`/mcp`).
    public var path: String
    public var bodyLimit: BodyLimit
    public var respond: @Sendable (Request) async -> Response
    /// Called when the server starts shutting down (it then waits for requests in flight, this
    /// route's too); it may come more than once.
    public var shutdown: @Sendable () async -> Void

    public init(path: String, bodyLimit: BodyLimit = .request,
                respond: @escaping @Sendable (Request) async -> Response,
                shutdown: @escaping @Sendable () async -> Void = {}) {
        self.path = path; self.bodyLimit = bodyLimit; self.respond = respond; self.shutdown = shutdown
    }

    /// The methods the route is registered for: MCP's Streamable HTTP uses all three, and a
    /// stateless endpoint must see GET and DELETE to refuse them in its own protocol's words
    /// rather than with the server's 404 page.
    static let methods = ["GET", "POST", "DELETE"]
}
