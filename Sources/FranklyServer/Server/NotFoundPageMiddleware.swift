import Hummingbird

/// Answers unknown paths with Frank's 404 page (`<html><body>Error 404 - Not Found</body></html>`)
/// instead of Hummingbird's JSON error body.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context,
                next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return FranklyResponse.notFound
        }
    }
}
