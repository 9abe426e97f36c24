internal import CSelectorPlugin

/// A custom predicate a dynamically loaded plug-in registers (statically linked code registers a
/// `CustomPredicate` instead): it reads the host's node through `PluginNode`.
public struct PluginPredicate: Sendable {
    /// The name selectors call (Shelley form, e.g. `hasBadge:`).
    public let name: String
    /// Number of arguments, or nil for any.
    public let arity: Int?
    /// The test; runs once per candidate node, possibly on several threads at once.
    public let test: @Sendable (PluginNode, [JSONValue]) -> Bool

    public init(name: String, arity: Int? = nil, test: @escaping @Sendable (PluginNode, [JSONValue]) -> Bool) {
        self.name = name; self.arity = arity; self.test = test
    }
}

/// One node of the host's tree, seen from a plug-in. Valid only during the predicate call.
public struct PluginNode {
    private let raw: UnsafeRawPointer

    init(_ raw: UnsafeRawPointer) { self.raw = raw }

    private var access: vs_plugin_node { raw.assumingMemoryBound(to: vs_plugin_node.self).pointee }

    /// The node's class name.
    public var className: String {
        let a = access
        return Self.read { a.class_name(a.tree, a.node, $0, $1) } ?? ""
    }

    /// Whether the node's class is `className` or a subclass.
    public func isKind(of className: String) -> Bool {
        let a = access
        return className.withCString { a.is_kind(a.tree, a.node, $0) } != 0
    }

    /// A string property, or nil when the node has none there.
    public func string(_ property: String) -> String? {
        let a = access
        return property.withCString { name in Self.read { a.string_property(a.tree, a.node, name, $0, $1) } }
    }

    /// A numeric (or boolean) property, or nil.
    public func number(_ property: String) -> Double? {
        let a = access
        var value = 0.0
        return property.withCString { a.number_property(a.tree, a.node, $0, &value) } != 0 ? value : nil
    }

    /// Calls an snprintf-style accessor, growing the buffer once if needed.
    private static func read(_ call: (UnsafeMutablePointer<CChar>?, Int) -> Int64) -> String? {
        var capacity = 256
        while true {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: capacity)
            defer { buffer.deallocate() }
            let length = Int(call(buffer, capacity))
            if length < 0 { return nil }
            if length <= capacity {
                return String(decoding: UnsafeRawBufferPointer(start: buffer, count: length), as: UTF8.self)
            }
            capacity = length
        }
    }
}
