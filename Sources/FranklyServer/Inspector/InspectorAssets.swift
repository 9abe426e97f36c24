import Foundation
import Hummingbird

/// The inspector page's static files (`Inspector/Assets`, shipped as package resources): read once
/// from `Bundle.module`, then served from memory.
enum InspectorAssets {
    /// File name → (content type, bytes). Only these names are served, so a request can never
    /// reach another file.
    static let files: [String: (type: String, bytes: [UInt8])] = {
        let types = ["index.html": "text/html; charset=utf-8",
                     "inspector.css": "text/css; charset=utf-8",
                     "inspector.js": "text/javascript; charset=utf-8"]
        var out: [String: (type: String, bytes: [UInt8])] = [:]
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil) else { return out }
        for (name, type) in types {
            if let data = try? Data(contentsOf: folder.appendingPathComponent(name)) {
                out[name] = (type, Array(data))
            }
        }
        return out
    }()

    /// The file as a response; nil when there is no such asset.
    static func response(_ name: String) -> Response? {
        guard let file = files[name] else { return nil }
        return Response(status: .ok,
                        headers: [.contentType: file.type, .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: file.bytes)))
    }
}
