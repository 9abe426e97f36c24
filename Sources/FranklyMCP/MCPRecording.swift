public import HierarchyFormats
public import SelectorCore

/// A recording the server holds: given on the command line, offered as a resource, and named by
/// the tools' `recording` argument.
public struct MCPRecording: Sendable {
    /// The name tools take (the file's name, made unique among the recordings).
    public var name: String
    /// The file it was read from, if any.
    public var path: String?
    public var format: HierarchyFormat
    public var tree: ViewTree
    /// The recording's own bytes, served as the resource's text.
    public var bytes: [UInt8]
    /// Whether `resources/list` offers it (and `resources/read` reads it): not a live server's
    /// tree, which has no bytes of its own and may be any size (its server streams it, within its
    /// limits, at `GET /dump`).
    public var isResource = true

    public init(name: String, path: String?, format: HierarchyFormat, tree: ViewTree, bytes: [UInt8]) {
        self.name = name; self.path = path; self.format = format; self.tree = tree; self.bytes = bytes
    }

    /// The tree a server serves now, named `name` for the tools, offered as no resource.
    public static func live(name: String, tree: ViewTree) -> MCPRecording {
        var recording = MCPRecording(name: name, path: nil, format: .dump, tree: tree, bytes: [])
        recording.isResource = false
        return recording
    }

    /// `frankly://recording/NAME`, the name percent-encoded.
    public var uri: String { Self.uriPrefix + Self.percentEncoded(name) }

    static let uriPrefix = "frankly://recording/"

    /// The resource's MIME type, by the recording's first byte (the formats are XML, JSON or text).
    public var mimeType: String { Self.mimeType(of: bytes) }

    static func mimeType(of bytes: [UInt8]) -> String {
        switch bytes.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }) {
        case UInt8(ascii: "<")?: "application/xml"
        case UInt8(ascii: "{")?, UInt8(ascii: "[")?: "application/json"
        default: "text/plain"
        }
    }

    /// Reads `bytes` in `format`, or the format its content shows.
    public static func load(_ bytes: [UInt8], name: String, path: String?, format: HierarchyFormat?,
                            maxBytes: Int) throws(FormatError) -> MCPRecording {
        var limits = FormatLimits()
        limits.maxInputBytes = maxBytes
        if let format {
            return MCPRecording(name: name, path: path, format: format, tree: try format.load(bytes, limits: limits), bytes: bytes)
        }
        guard let detected = HierarchyFormat.detect(bytes) else {
            // An agent holds whatever XML its tool printed: any XML document is read as one
            // (`--tree-format xml`), each element a view, rather than refused.
            if mimeType(of: bytes) == "application/xml" {
                return MCPRecording(name: name, path: path, format: .xml, tree: try HierarchyFormat.xml.load(bytes, limits: limits), bytes: bytes)
            }
            throw FormatError("cannot tell the format of this recording; name one with \"format\" (\(HierarchyFormat.names))")
        }
        return MCPRecording(name: name, path: path, format: detected, tree: try detected.load(bytes, limits: limits), bytes: bytes)
    }

    /// Reads the regular file at `path` (at most `maxBytes` bytes; `/dev/zero` is refused unread).
    public static func load(path: String, name: String? = nil, format: HierarchyFormat?, maxBytes: Int) throws -> MCPRecording {
        let bytes = try FileIO.read(path, maxBytes: maxBytes)
        let base = name ?? String(path.split(separator: "/").last ?? Substring(path))
        return try load(bytes, name: base, path: path, format: format, maxBytes: maxBytes)
    }

    /// Names made unique by a `-2`, `-3`… suffix, in order.
    public static func uniqueNames(_ recordings: [MCPRecording]) -> [MCPRecording] {
        var seen: Set<String> = []
        return recordings.map { r in
            var r = r
            var name = r.name, k = 2
            while seen.contains(name) { name = "\(r.name)-\(k)"; k += 1 }
            seen.insert(name)
            r.name = name
            return r
        }
    }

    static func percentEncoded(_ s: String) -> String {
        var out = ""
        for b in s.utf8 {
            let c = Character(Unicode.Scalar(b))
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "-._~".utf8.contains(b) {
                out.append(c)
            } else {
                out += "%" + String(b >> 4, radix: 16, uppercase: true) + String(b & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}
