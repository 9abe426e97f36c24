import Hummingbird

/// Answers unknown paths with Frank's 404 page (`<html><body>Error 404 - Not Found</body></html>`)
/// instead of Hummingbird's JSON error body. An unknown path is in no route group, so no body limit
/// looked at its request: when it came with a body (declared or chunked), the answer ends the
/// connection, so that body is never read.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            var response = FranklyResponse.notFound
            let declared = request.headers[.contentLength].flatMap { Int($0) } ?? 0
            if declared > 0 || request.headers[.transferEncoding] != nil {
                response.headers[.connection] = "close"
            }
            return response
        }
    }
}
