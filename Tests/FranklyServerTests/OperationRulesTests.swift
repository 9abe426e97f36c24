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
            let action = Operation(name).action
            #expect(!action.onlyReads, "\(name)")
            #expect(action.mayChangeTree == OperationPerformer.focusingGestures.contains(name), "\(name)")
        }
        #expect(Operation("setText:", ["x"]).action == .set(property: "text"))
        #expect(Operation("setText:", ["x"]).action.mayChangeTree)
        #expect(Operation("FEX_isVisible").action == .get)
        #expect(Operation("FEX_flash").action == .flash && Operation("flash").action == .flash)
        #expect(Operation("touch").action == .gesture(focusing: true))
        #expect(Operation("swipeInDirection:", ["up"]).action == .gesture(focusing: false))
    }

    /// Issue 43, item 1: the command is typed once, as it is decoded: the action, the arity and a
    /// setter's argument type; a malformed operation is Frank's error before any selection runs.
    @Test("/map's command is decoded once: its action, arity and argument types checked at decode")
    func typedCommand() throws {
        func decode(_ operation: String) throws(FranklyError) -> MapRequest {
            try MapRequest(decoding: Array(#"{"query":"button","strict":true,"operation":\#(operation)}"#.utf8))
        }
        let set = try decode(#"{"method_name":"setText:","arguments":["hi"]}"#)
        #expect(set.operation.action == .set(property: "text") && set.strict && set.operation.textArgument == "hi")
        #expect(try decode(#"{"method_name":"accessibilityLabel"}"#).operation.action == .get)
        for (body, details) in [
            (#"{"method_name":"setText:","arguments":[]}"#, "setText: takes 1 arguments, but 0 were supplied"),
            (#"{"method_name":"touch","arguments":[1]}"#, "touch takes 0 arguments, but 1 were supplied"),
            (#"{"method_name":"setHidden:","arguments":["yes"]}"#, #"setHidden: expects a boolean (true, false, 0 or 1), got "yes""#),
            (#"{"method_name":"setAlpha:","arguments":[null]}"#, "setAlpha: expects a finite number, got null"),
        ] {
            #expect {
                _ = try decode(body)
            } throws: { error in
                let e = error as? FranklyError
                return e?.reason.hasPrefix("encountered error while attempting to perform") == true && e?.details == details
            }
        }
    }

    @Test("a gesture's event is a HostEvent naming the view's uid and class")
    func gestureEvents() throws {
        let (tree, v) = Self.one([])
        let outcome = try OperationPerformer().perform(Operation("FEX_flash"), on: [v], in: tree)
        #expect(outcome.results == [.null])
        #expect(outcome.events == [HostEvent(name: "FEX_flash", uid: "v", className: "UIView")])
    }
}
