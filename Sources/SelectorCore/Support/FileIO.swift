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
        /// Whether the file was refused for its size (`read(_:maxBytes:)`), so a caller can name
        /// its own way of raising the limit.
        public var exceedsLimit = false
    }

    /// The bytes of the file at `path`, which must be a regular file of at most `maxBytes` bytes.
    ///
    /// A device, pipe, socket or directory is refused before anything is read (`/dev/zero` would
    /// be read until memory ran out, a FIFO would block the open), and so is a file larger than
    /// `maxBytes`, from its size; a file that grows while it is read stops at `maxBytes + 1` bytes
    /// and is refused too. Files of `/proc` are regular files of size 0 and read as before.
    public static func read(_ path: String, maxBytes: Int = .max) throws(Failure) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO must not wait for a writer before the type check refuses it.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(errnoText())") }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let text = errnoText()
            close(fd)
            throw Failure(description: "cannot read \(path): \(text)")
        }
        if let kind = nonRegularKind(info.st_mode) {
            close(fd)
            throw Failure(description: "cannot read \(path): it is \(kind), not a regular file")
        }
        if Int(info.st_size) > maxBytes {
            close(fd)
            throw Failure(description: tooLarge(path, "is \(info.st_size) bytes long", maxBytes), exceedsLimit: true)
        }
        // Back to blocking reads (a regular file never blocks, but fread must not see EAGAIN).
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        guard let f = fdopen(fd, "rb") else {
            let text = errnoText()
            close(fd)
            throw Failure(description: "cannot open \(path): \(text)")
        }
        defer { fclose(f) }
        var out: [UInt8] = []
        // A regular file is read at once into an array of its size: appending 1 MiB chunks
        // reallocated and copied the growing array, about a quarter of `frankly select`'s load
        // of a 232 MB dump. What a growing file holds beyond that size is read below.
        if info.st_size > 0 {
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
            if n > 0 {
                if n > maxBytes - out.count {
                    throw Failure(description: tooLarge(path, "grew past \(maxBytes) bytes while it was read", maxBytes),
                                  exceedsLimit: true)
                }
                out.append(contentsOf: chunk[0..<n])
            }
            if n < chunk.count {
                if ferror(f) != 0 { throw Failure(description: "cannot read \(path): \(errnoText())") }
                break
            }
        }
        return out
    }

    private static func tooLarge(_ path: String, _ what: String, _ maxBytes: Int) -> String {
        "cannot read \(path): it \(what); the limit is \(maxBytes) bytes"
    }

    /// What a file of mode `mode` is, when it is not a regular file.
    private static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
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
