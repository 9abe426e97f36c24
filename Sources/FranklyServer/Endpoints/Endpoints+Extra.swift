import Hummingbird
import NIOCore

extension Endpoints {
    /// The handler of an embedder's route (`FranklyExtraRoute`): the body read within the limit of
    /// the route's group (the Origin guard and the declared-length check ran before, as
    /// middleware), then handed over whole. A recording-sized body is read as posted recordings
    /// are, and its bytes stay counted against `maxRecordingBytesInFlight` until the route has
    /// answered, since the route holds them that long.
    func extra(_ route: FranklyExtraRoute) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
        let body = self.body, recordings = self.recordings
        return { request, _ in
            let bytes: [UInt8]
            var held: UploadBytes.Account?
            switch route.bodyLimit {
            case .request:
                bytes = try await body.bytes(of: request)
            case .recording:
                (bytes, held) = try await recordings.bytes(of: request)
            }
            defer { withExtendedLifetime(held) {} }
            var headers: [String: String] = [:]
            for field in request.headers {
                let name = field.name.canonicalName
                headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
            }
            if let authority = request.head.authority { headers["host"] = authority }
            let answer = await route.respond(FranklyExtraRoute.Request(method: request.method.rawValue, headers: headers, body: bytes))
            return Self.response(answer)
        }
    }

    /// Names the server sets itself, from the body it sends and the connection's state.
    private static let framingFields: Set<String> = ["content-length", "transfer-encoding", "connection"]

    static func response(_ answer: FranklyExtraRoute.Response) -> Response {
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            guard let name = HTTPFields.Element.Name(name), !framingFields.contains(name.canonicalName) else { continue }
            fields.append(HTTPFields.Element(name: name, value: value))
        }
        let status = (100...599).contains(answer.status) ? HTTPResponse.Status(code: answer.status) : .internalServerError
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }
}
