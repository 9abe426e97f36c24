import SelectorCore

/// A decoded `/map` request body, the typed command the server runs:
/// `{"query":S,"selector_engine":E,"operation":{"method_name":M,"arguments":[...]}}`, its
/// operation's action (`Operation.action`: get, set, gesture, flash) read once, and its arity and
/// setter argument type checked as it is decoded (Frank's `encountered error while attempting…`
/// envelope), so no selection runs for an operation that cannot be applied.
///
/// Public so the fuzz targets (Fuzz/) can drive exactly the decoder the server uses.
///
/// ```swift
/// let request = try MapRequest(decoding: Array(#"{"query":"button","operation":{"method_name":"touch"}}"#.utf8))
/// // request.query == "button", request.engine == nil, request.operation.methodName == "touch"
/// ```
public struct MapRequest: Sendable, Equatable {
    /// The selector.
    public var query: String
    /// `selector_engine`; nil means the registry's default engine.
    public var engine: String?
    /// What to do with each selected view.
    public var operation: Operation
    /// `strict`: an empty or ambiguous selection is an error carrying the explanation, not an
    /// operation on none or on several views. Frank's drivers never send it, so it is off.
    public var strict: Bool

    /// Decodes a body, throwing the `invalid request` error the server answers with.
    public init(decoding body: [UInt8]) throws(FranklyError) {
        guard !body.allSatisfy(RequestJSON.isWhitespace) else {
            throw .invalidRequest(
                #"the request has no body: send {"query":...,"selector_engine":...,"operation":{"method_name":...,"arguments":[...]}}"#)
        }
        let object = try RequestJSON.parseObject(body)
        query = try object.requiredString("query", "the selector")
        engine = try object.string("selector_engine")
        strict = try object.bool("strict") ?? false
        operation = try Operation(request: try object.requiredObject(
            "operation", #"what to do with each selected view, e.g. {"method_name":"touch","arguments":[]}"#))
        do throws(OperationError) { try operation.checked() } catch { throw FranklyError(error) }
    }
}
