import FranklyServer
import SelectorCore
import Testing

/// The operation rules that used to have copies elsewhere: the NAME/isNAME getter fallback (now
/// the core's `ViewTree.flagValue`, which UIQuery's `should be` compiles to) and the gesture list.
@Suite("Operation rules")
struct OperationRulesTests {
    /// A window with one `UIView` (uid `v`) holding `props`.
    static func one(_ props: [(String, JSONValue)]) -> (ViewTree, NodeID) {
        var b = ViewTreeBuilder()
        let w = b.addNode(className: "UIWindow")
        let v = b.addNode(className: "UIView", parent: w)
        b.setString("uid", "v", on: v)
        for (k, value) in props { b.set(k, value, on: v) }
        let tree = b.build()
        return (tree, tree.node(withUID: "v")!)
    }

    static func get(_ name: String, _ props: [(String, JSONValue)]) -> JSONValue {
        let (tree, v) = one(props)
        return OperationPerformer().get(name, of: v, in: tree)
    }

    @Test("a getter falls back to the is form, and NAME wins when both are recorded")
    func getterFallback() {
        #expect(Self.get("checked", [("isChecked", .bool(true))]) == .bool(true))
        #expect(Self.get("checked", [("checked", .bool(false)), ("isChecked", .bool(true))]) == .bool(false))
        #expect(Self.get("checked", []) == .null)
        // A UIKit BOOL: the same order, answered as a JSON boolean; UIKit's default when neither is recorded.
        #expect(Self.get("hidden", [("hidden", .bool(false)), ("isHidden", .bool(true))]) == .bool(false))
        #expect(Self.get("hidden", [("isHidden", .int(1))]) == .bool(true))
        #expect(Self.get("hidden", []) == .bool(false))
    }

    @Test("a getter answers what the core's flag predicate decides")
    func getterAgreesWithThePredicate() throws {
        let cases: [[(String, JSONValue)]] = [
            [("checked", .bool(true))], [("checked", .bool(false))], [("isChecked", .bool(true))],
            [("checked", .bool(false)), ("isChecked", .bool(true))], [("isChecked", .int(0))], [],
        ]
        for props in cases {
            let (tree, v) = Self.one(props)
            var b = ProgramBuilder(start: .roots)
            b.filter(.flag("checked"))
            let kept = try Matcher(configuration: .serial).select(b.build(), in: tree, from: [v])
            #expect((OperationPerformer().get("checked", of: v, in: tree).boolValue == true) == (kept == [v]),
                    "\(props.map(\.0))")
        }
    }

    @Test("gestures that focus a text input are gestures, and only they may change the tree without a setter")
    func oneGestureList() {
        #expect(OperationPerformer.focusingGestures.isSubset(of: OperationPerformer.gestures))
        for name in OperationPerformer.gestures {
            #expect(!OperationPerformer.isGetter(name), "\(name)")
            let arguments = [JSONValue](repeating: 0, count: Operation(name).arity)
            #expect(SnapshotHost.mayChangeTree(Operation(name, arguments))
                    == OperationPerformer.focusingGestures.contains(name), "\(name)")
        }
        #expect(SnapshotHost.mayChangeTree(Operation("setText:", ["x"])))
        #expect(OperationPerformer.isGetter("FEX_isVisible"))
    }

    @Test("a gesture's event is a HostEvent naming the view's uid and class")
    func gestureEvents() throws {
        let (tree, v) = Self.one([])
        let outcome = try OperationPerformer().perform(Operation("FEX_flash"), on: [v], in: tree)
        #expect(outcome.results == [.null])
        #expect(outcome.events == [HostEvent(name: "FEX_flash", uid: "v", className: "UIView")])
    }
}
