import Hummingbird

/// Answers 413 at once when the declared `Content-Length` is over the limit, without waiting for a
/// body the client may never send (collecting it would sit until the idle timeout), and ends the
/// connection. Bodies without a declared length are still cut off by `RequestBodyReader`.
///
/// The limit depends on the route: the ones that take a whole recording have a larger one
/// (`FranklyServerConfiguration.maxBodyBytes(forPath:)`).
struct DeclaredBodyLimitMiddleware<Context: RequestContext>: RouterMiddleware {
    let configuration: FranklyServerConfiguration

    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        let maxBytes = configuration.maxBodyBytes(forPath: request.uri.path)
        if let declared = request.headers[.contentLength], let length = Int(declared), length > maxBytes {
            return BodyTooLarge(limit: maxBytes).response
        }
        return try await next(request, context)
    }
}
