import Hummingbird
import SelectorCore

/// Frank's dumps: bare view-tree JSON, no envelope.
extension Endpoints {
    /// `GET /dump`: the key window and its subviews.
    func dump(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let tree = host.tree
        guard let window = tree.keyWindow else { return FranklyResponse.jsonBytes(Array("null".utf8)) }
        return FranklyResponse.jsonBytes(tree.dumpJSON(from: window))
    }

    /// `GET /dump/allwindows`: the application and every window.
    func dumpAllWindows(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        FranklyResponse.jsonBytes(host.tree.allWindowsDumpJSON())
    }

    /// `GET /dump/view/<uid>` (the view alone) and `GET /dump/views/<uid>` (with its subtree);
    /// 404 when no view has that uid.
    func dumpView(includeSubviews: Bool) -> @Sendable (Request, BasicRequestContext) async throws -> Response {
        { [host] _, context in
            let tree = host.tree
            guard let uid = context.parameters.get("uid"), let node = tree.node(withUID: uid) else {
                return FranklyResponse.notFound
            }
            return FranklyResponse.jsonBytes(tree.dumpJSON(from: node, includeSubviews: includeSubviews))
        }
    }
}
