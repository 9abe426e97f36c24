internal import CSelectorPlugin
import SelectorCore

/// The host's side of `vs_plugin_node`: C functions that read a `ViewTree` a plug-in predicate
/// is looking at. `tree` points at the host's `ViewTree` for the duration of one call.
enum PluginNodeAccess {
    static func test(_ predicate: vs_plugin_predicate, tree: ViewTree, node: NodeID, arguments: [JSONValue]) -> Bool {
        let json = JSONValue.array(arguments).jsonString
        return withUnsafePointer(to: tree) { treePointer in
            var access = vs_plugin_node(tree: UnsafeRawPointer(treePointer), node: node, class_name: className,
                                        is_kind: isKind, string_property: stringProperty, number_property: numberProperty)
            return json.withCString { predicate.test(predicate.context, &access, $0) } != 0
        }
    }

    private static func tree(_ raw: UnsafeRawPointer?) -> ViewTree {
        raw!.assumingMemoryBound(to: ViewTree.self).pointee
    }

    private static let className: @convention(c) (UnsafeRawPointer?, Int32, UnsafeMutablePointer<CChar>?, Int) -> Int64 = {
        raw, node, buffer, capacity in
        copy(tree(raw).className(of: node), into: buffer, capacity: capacity)
    }

    private static let isKind: @convention(c) (UnsafeRawPointer?, Int32, UnsafePointer<CChar>?) -> Int32 = { raw, node, name in
        guard let name else { return 0 }
        return tree(raw).isKind(node, of: String(cString: name)) ? 1 : 0
    }

    private static let stringProperty: @convention(c) (UnsafeRawPointer?, Int32, UnsafePointer<CChar>?,
                                                        UnsafeMutablePointer<CChar>?, Int) -> Int64 = {
        raw, node, name, buffer, capacity in
        guard let name, let value = tree(raw).string(String(cString: name), of: node) else { return -1 }
        return copy(value, into: buffer, capacity: capacity)
    }

    private static let numberProperty: @convention(c) (UnsafeRawPointer?, Int32, UnsafePointer<CChar>?,
                                                        UnsafeMutablePointer<Double>?) -> Int32 = { raw, node, name, out in
        guard let name, let value = tree(raw).value(String(cString: name), of: node)?.numberValue else { return 0 }
        out?.pointee = value
        return 1
    }

    /// snprintf style: copies what fits, returns the full length.
    private static func copy(_ string: String, into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int64 {
        var s = string
        return s.withUTF8 { bytes in
            if let buffer, bytes.count > 0, bytes.count <= capacity {
                UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
            }
            return Int64(bytes.count)
        }
    }
}
