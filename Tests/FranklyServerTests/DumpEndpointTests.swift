import FranklyServer
import Hummingbird
import SelectorCore
import Testing

@Suite("GET /dump and friends")
struct DumpEndpointTests {
    /// An application root with two windows; the second is key.
    static let twoWindows = try! ViewTree.loadDump(#"""
        {"class":"UIApplication","uid":"1","subviews":[
          {"class":"UIWindow","uid":"2","isKeyWindow":false,"frame":{"origin":{"x":0,"y":0},"size":{"width":320,"height":480}},"subviews":[]},
          {"class":"UIWindow","uid":"3","isKeyWindow":true,"frame":{"origin":{"x":0,"y":0},"size":{"width":768,"height":1024}},"subviews":[
            {"class":"UILabel","uid":"4","text":"hi","subviews":[]}]}]}
        """#)

    @Test("/dump is the key window with its subtree, exactly as the tree writes it")
    func keyWindow() async throws {
        try await withServer { client, host async throws in
            let response = try await client.get("/dump")
            #expect(response.status == .ok)
            #expect(Array(response.body.readableBytesView) == host.tree.dumpJSON(from: 0))
            #expect(response.json["class"] == "UIWindow")
            #expect(response.json["uid"] == 1092)
        }
    }

    @Test("/dump picks the key window under an application root")
    func keyWindowOfApplication() async throws {
        try await withServer(tree: Self.twoWindows) { client, _ async throws in
            #expect(try await client.get("/dump").json["uid"] == "3")
            #expect(try await client.get("/resolution").json == JSONValue.object([("width", 768), ("height", 1024)]))
            let all = try await client.get("/dump/allwindows").json
            #expect(all["class"] == "UIApplication")
            guard case .array(let windows)? = all["subviews"] else { Issue.record("no subviews"); return }
            #expect(windows.map { $0["uid"] } == ["2", "3"])
        }
    }

    @Test("/dump/allwindows wraps a window root in an application")
    func allWindows() async throws {
        try await withServer { client, _ async throws in
            let all = try await client.get("/dump/allwindows").json
            #expect(all["class"] == "UIApplication")
            guard case .array(let windows)? = all["subviews"] else { Issue.record("no subviews"); return }
            #expect(windows.count == 1)
            #expect(windows.first?["uid"] == 1092)
        }
    }

    @Test("/dump/view/<uid> is the view alone; /dump/views/<uid> has its subtree")
    func oneView() async throws {
        try await withServer { client, _ async throws in
            let view = try await client.get("/dump/view/1059").json
            #expect(view["class"] == "UIButton")
            #expect(view["accessibilityLabel"] == "Log In")
            #expect(view["subviews"] == nil)
            let views = try await client.get("/dump/views/1059").json
            guard case .array(let children)? = views["subviews"] else { Issue.record("no subviews"); return }
            #expect(children.map { $0["uid"] } == [1058])
        }
    }

    @Test("an unknown uid is 404")
    func unknownUID() async throws {
        try await withServer { client, _ async throws in
            for path in ["/dump/view/99999", "/dump/views/99999", "/dump/view/abc"] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path)")
                #expect(response.text == "<html><body>Error 404 - Not Found</body></html>")
            }
        }
    }

    @Test("a dump reflects a mutation made through /map")
    func dumpAfterMutation() async throws {
        try await withServer { client, _ async throws in
            try await client.map("1056", "setText:", ["carol"])
            #expect(try await client.get("/dump/view/1056").json["text"] == "carol")
        }
    }
}
