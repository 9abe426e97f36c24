#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole-file reads and writes without Foundation (the core stays Foundation-free so static
/// binaries for the scaling runs stay small).
public enum FileIO {
    /// A file that could not be read or written.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The bytes of the file at `path`.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        guard let f = fopen(path, "rb") else { throw Failure(description: "cannot open \(path): \(errnoText())") }
        defer { fclose(f) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, f) }
            if n > 0 { out.append(contentsOf: chunk[0..<n]) }
            if n < chunk.count {
                if ferror(f) != 0 { throw Failure(description: "cannot read \(path): \(errnoText())") }
                break
            }
        }
        return out
    }

    /// Writes `bytes` to `path`, replacing it.
    public static func write(_ bytes: [UInt8], to path: String) throws(Failure) {
        guard let f = fopen(path, "wb") else { throw Failure(description: "cannot create \(path): \(errnoText())") }
        defer { fclose(f) }
        let n = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, f) }
        guard n == bytes.count else { throw Failure(description: "cannot write \(path): \(errnoText())") }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
