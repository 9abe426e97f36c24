import Hummingbird

/// Answers 413 at once when the declared `Content-Length` is over the limit, without waiting for a
/// body the client may never send (collecting it would sit until the idle timeout), and ends the
/// connection. Bodies without a declared length are still cut off by `RequestBodyReader`.
///
/// Each route group has its own (`FranklyServer.makeRouter`): the routes that take a whole
/// recording `maxRecordingBytes`, the others `maxBodyBytes`.
struct DeclaredBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxBytes: Int

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength], let length = Int(declared), length > maxBytes {
            return BodyTooLarge(limit: maxBytes).response
        }
        return try await next(request, context)
    }
}
