import Hummingbird
import SelectorCore

/// Endpoints that change the device or app state: location, keyboard, app_exec, exit.
extension Endpoints {
    /// `POST /location {"latitude":59.33,"longitude":18.05}`.
    func location(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: FranklyError(
            reason: "get not supported", details: "this interface does not support getting the location"))
        let latitude = try object.number("latitude"), longitude = try object.number("longitude")
        guard let latitude, let longitude else {
            throw FranklyError(reason: "nil location", details: "you have to provide both longitude and latitude")
        }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw FranklyError.invalidRequest(
                "latitude must lie in -90...90 and longitude in -180...180, got \(latitude), \(longitude)")
        }
        host.setLocation(Location(latitude: latitude, longitude: longitude))
        return FranklyResponse.success()
    }

    /// `POST /type_into_keyboard {"text_to_type":"abc\n"}`: types into the first-responder text field.
    func typeIntoKeyboard(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: .invalidRequest(
            #"the request has no body: send {"text_to_type":"..."}"#))
        let text = try object.requiredString("text_to_type", "the text to type")
        let host = self.host
        let typed = try await writes.run(deadline: queryDeadline) { () throws -> Bool in
            try host.typeIntoKeyboard(text)
        }
        guard typed else {
            throw FranklyError(
                reason: "keyboard not present",
                details: "The iOS keyboard is not currently present, so Frank can't use it so simulate typing. You might want to simulate a tap on the thing you want to type into first.")
        }
        return FranklyResponse.success()
    }

    /// `POST /app_exec {"operation":{"method_name":M,"arguments":[...]}}`: runs M on the host's
    /// "app delegate" (see `SnapshotHost.appExec`).
    func appExec(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let object = try await requiredObject(request, missing: .invalidRequest(
            #"the request has no body: send {"operation":{"method_name":...,"arguments":[...]}}"#))
        let operation = try Operation(request: try object.requiredObject("operation", "the method to run"))
        try host.appExec(operation)
        return FranklyResponse.success()
    }

    /// `/exit`: answers SUCCESS, then shuts the server down gracefully (Frank's app calls
    /// `exit(0)` and answers nothing).
    ///
    /// Frank's driver sends `GET /exit` with no browser headers, so GET stays, but only without
    /// them: a page needs no script to send a GET (`<img src>`), and `OriginGuardMiddleware` cannot
    /// refuse a GET that carries neither Origin nor Sec-Fetch-Site. POST is always fine here: a
    /// browser sends Origin with every POST, and the middleware has checked it.
    func exit(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        if request.method != .post, let marker = Self.browserMarker(in: request.headers) {
            return FranklyResponse.refused(
                "\(request.method) /exit carries \(marker), so a browser sent it; a web page could shut the server down with an <img>. Send POST /exit instead")
        }
        await shutdown()
        return FranklyResponse.success()
    }

    /// The first header that only a browser sends (`Sec-Fetch-*`, `Origin`, `Referer`), if any.
    private static func browserMarker(in headers: HTTPFields) -> String? {
        for field in headers {
            let name = field.name.canonicalName
            if name.hasPrefix("sec-fetch-") || name == "origin" || name == "referer" { return field.name.rawName }
        }
        return nil
    }
}
