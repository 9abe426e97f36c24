public import Hummingbird

/// A thrown `FranklyError` becomes Frank's ERROR envelope with HTTP 200, so handlers can simply
/// `throw` protocol errors.
extension FranklyError: HTTPResponseError {
    public var status: HTTPResponse.Status { .ok }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        FranklyResponse.error(self)
    }
}
