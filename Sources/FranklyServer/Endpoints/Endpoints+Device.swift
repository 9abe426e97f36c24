import Hummingbird
import SelectorCore

/// Read-mostly facts about the app and device: engines, version, accessibility, device,
/// resolution, orientation.
extension Endpoints {
    /// `/engines` → `["shelley","uiquery",...]`.
    func engines(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        FranklyResponse.json(.array(registry.names.map { .string($0) }))
    }

    /// `/version` → `{"version":...}`.
    func version(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        FranklyResponse.json(.object([("version", .string(configuration.version))]))
    }

    /// `/accessibility_check` → `{"accessibility_enabled":"true"}` (a string, as Frank sends it).
    func accessibilityCheck(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        FranklyResponse.json(.object([("accessibility_enabled", "true")]))
    }

    /// `/device` → `{"device":"iphone","os_version":"17.0"}`.
    func device(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let d = host.device
        return FranklyResponse.json(.object([("device", .string(d.device)), ("os_version", .string(d.osVersion))]))
    }

    /// `/resolution` → `{"width":w,"height":h}`: the key window's frame size, in points.
    func resolution(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        guard let window = tree.keyWindow,
              let frame = (tree.value(PropertyName.frame, of: window) ?? tree.value(PropertyName.accessibilityFrame, of: window))
                .flatMap(Rect.init(json:))
        else {
            throw FranklyError(reason: "no window", details: "the hierarchy has no window with a frame")
        }
        return FranklyResponse.json(.object([("width", .number(frame.width)), ("height", .number(frame.height))]))
    }

    /// `GET /orientation` (or an empty body) →
    /// `{"orientation":"portrait","detailed_orientation":"portrait","detailed_description":"portrait"}`
    /// (both generations' key for the detail). `POST /orientation` with a raw-text body
    /// (`landscape_left`, ...) sets it.
    func orientation(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        var text = Self.trimmed(try await body.text(of: request))
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\"") { text = String(text.dropFirst().dropLast()) }
        if request.method == .get || text.isEmpty {
            let o = host.orientation
            return FranklyResponse.json(.object([
                ("orientation", .string(o.coarse)), ("detailed_orientation", .string(o.rawValue)),
                ("detailed_description", .string(o.rawValue)),
            ]))
        }
        guard let o = DeviceOrientation(rawValue: text.lowercased()) else {
            throw FranklyError(
                reason: "unrecognized orientation",
                details: "orientation '\(text)' is invalid. Use 'landscape_right','landscape_left','portrait', or 'portrait_upside_down'")
        }
        host.setOrientation(o)
        return FranklyResponse.success()
    }

    static func trimmed(_ s: String) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\n" || $0 == "\r" || $0 == "\t" || $0 == "\r\n" }
        guard let first = s.firstIndex(where: { !isSpace($0) }), let last = s.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(s[first...last])
    }
}
