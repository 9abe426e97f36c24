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
        // A regular file is read at once into an array of its size: appending 1 MiB chunks
        // reallocated and copied the growing array, about a quarter of `frankly select`'s load
        // of a 232 MB dump. What a pipe or a growing file holds beyond that size is read below.
        var info = stat()
        if fstat(fileno(f), &info) == 0, info.st_size > 0 {
            let size = Int(info.st_size)
            out = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                count = fread(buffer.baseAddress, 1, size, f)
            }
            if out.count < size {
                if ferror(f) != 0 { throw Failure(description: "cannot read \(path): \(errnoText())") }
                return out
            }
        }
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
