/// Why a plug-in could not be loaded. Every failure is one of these, never a crash.
public struct PluginLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure.
    public enum Reason: Sendable, Equatable {
        /// No file at the path.
        case missingFile
        /// The dynamic linker refused the file (not a shared library, missing dependency, ...).
        case notLoadable
        /// The library exports no `viewselectors_plugin_register`.
        case missingEntryPoint
        /// The plug-in was built for another plug-in API version.
        case apiVersionMismatch(plugin: UInt32, host: UInt32)
        /// An engine or predicate name is invalid or already taken (built-in names included).
        case nameClash
        /// The plug-in reported a failure of its own.
        case registrationFailed
    }

    public var path: String
    public var reason: Reason
    /// The problem in words.
    public var message: String

    public init(path: String, reason: Reason, message: String) {
        self.path = path; self.reason = reason; self.message = message
    }

    public var description: String { "cannot load plug-in \(path): \(message)" }
}
