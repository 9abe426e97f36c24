import Hummingbird

/// `GET /`: a placeholder page naming the endpoints (a live inspector comes later). Frank's
/// drivers ping this path to see whether the server is up.
extension Endpoints {
    static let endpointList: [(String, String)] = [
        ("POST /map", #"{"query":S,"selector_engine":E,"operation":{"method_name":M,"arguments":[...]}}"#),
        ("GET /dump", "the key window as JSON"),
        ("GET /dump/allwindows", "the application and every window"),
        ("GET /dump/view/&lt;uid&gt;", "one view, without subviews"),
        ("GET /dump/views/&lt;uid&gt;", "one view with its subtree"),
        ("GET /engines", "registered selector engines"),
        ("GET /version", "server version"),
        ("GET /accessibility_check", "always enabled"),
        ("GET /device", "device kind and OS version"),
        ("GET /resolution", "key window size"),
        ("GET|POST /orientation", "read, or set with a raw-text body such as landscape_left"),
        ("POST /location", #"{"latitude":..,"longitude":..}"#),
        ("POST /type_into_keyboard", #"{"text_to_type":"..."}"#),
        ("POST /app_exec", "ping, clearEvents, resetApp"),
        ("GET /exit", "shut the server down"),
    ]

    func index(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        var html = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Frankly</title></head><body>\n"
        html += "<h1>Frankly</h1>\n<p>Frank's wire protocol, served by ViewSelectors. Engines: "
        html += registry.names.joined(separator: ", ") + ".</p>\n<ul>\n"
        for (endpoint, what) in Self.endpointList {
            html += "<li><code>\(endpoint)</code> — \(Self.escape(what))</li>\n"
        }
        html += "</ul>\n</body></html>\n"
        return FranklyResponse.html(html)
    }

    static func escape(_ s: String) -> String {
        var out = ""
        for ch in s {
            switch ch {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            default: out.append(ch)
            }
        }
        return out
    }
}
