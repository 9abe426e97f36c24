import FranklyServer
import Hummingbird
import SelectorCore
import Testing
import ViewSelectors

@Suite("The inspector page and its endpoints")
struct InspectorEndpointTests {
    @Test("GET / is the inspector page, and its script and style sheet are served")
    func page() async throws {
        try await withServer { client, _ async throws in
            let page = try await client.get("/")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType]?.hasPrefix("text/html") == true)
            #expect(page.text.contains("<title>Frankly Inspector</title>"))
            for (path, type) in [("/inspector/inspector.js", "text/javascript"), ("/inspector/inspector.css", "text/css")] {
                let asset = try await client.get(path)
                #expect(asset.status == .ok, "\(path)")
                #expect(asset.headers[.contentType]?.hasPrefix(type) == true, "\(path)")
                #expect(page.text.contains(path), "the page links \(path)")
            }
            for path in ["/inspector/nope.js", "/inspector/index.html", "/inspector/..%2FPackage.swift"] {
                #expect(try await client.get(path).status == .notFound, "\(path)")
            }
        }
    }

    @Test("/inspector/tree has one entry per view in every column")
    func tree() async throws {
        try await withServer { client, host async throws in
            let json = try await client.get("/inspector/tree").json
            let n = host.tree.count
            #expect(json["count"] == .int(Int64(n)))
            for column in ["class", "parent", "uid", "label", "hidden"] {
                guard case .array(let values)? = json[column] else { Issue.record("no \(column)"); continue }
                #expect(values.count == n, "\(column)")
            }
            guard case .array(let frames)? = json["frame"], case .array(let classes)? = json["classes"],
                  case .array(let ids)? = json["class"], case .array(let labels)? = json["label"],
                  case .array(let parents)? = json["parent"]
            else { Issue.record("missing columns"); return }
            #expect(frames.count == 4 * n)
            #expect(parents.first == -1)
            // Node 8 of the sample app is the Username text field at (16, 128) 358×44.
            #expect(labels[8] == "Username")
            if case .int(let c) = ids[8] { #expect(classes[Int(c)] == "UITextField") }
            #expect(Array(frames[32..<36]) == [16, 128, 358, 44])
        }
    }

    @Test("/inspector/select answers node ids, their count and the time taken")
    func select() async throws {
        try await withServer { client, host async throws in
            let json = try await client.post("/inspector/select", #"{"query":"1056, 1058","engine":"uids"}"#).json
            let ids = ["1056", "1058"].compactMap { host.tree.node(withUID: $0) }.map { JSONValue.int(Int64($0)) }
            #expect(json["nodes"] == .array(ids) && ids.count == 2)
            #expect(json["count"] == 2)
            #expect(json["treeCount"] == .int(Int64(host.tree.count)))
            guard case .double(let ms)? = json["ms"] ?? .double(0) else { return }
            #expect(ms >= 0)
        }
    }

    @Test("/inspector/select reports a parse error with its column apart from the message")
    func selectError() async throws {
        try await withServer { client, _ async throws in
            let json = try await client.post("/inspector/select", #"{"query":"1056,x","engine":"uids"}"#).json
            #expect(json["error"] == "expected a uid (a number), found 'x'")
            #expect(json["column"] == 6)
            #expect(json["details"] == "expected a uid (a number), found 'x' at column 6")
            let unknown = try await client.post("/inspector/select", #"{"query":"x","engine":"nope"}"#).json
            #expect(unknown["column"] == nil)
            #expect(unknown["error"] != nil)
            let bad = try await client.post("/inspector/select", #"{"engine":"uids"}"#).json
            #expect(bad["reason"] == "invalid request")
        }
    }

    @Test("/inspector/node shows every property and the class chain; 404 outside the tree")
    func node() async throws {
        try await withServer { client, host async throws in
            let json = try await client.get("/inspector/node/8").json
            #expect(json["class"] == "UITextField")
            #expect(json["properties"]?["uid"] == 1056)
            #expect(json["properties"]?["placeholder"] == "Username")
            #expect(json["properties"]?["subviews"] == nil)
            guard case .array(let chain)? = json["classChain"] else { Issue.record("no chain"); return }
            #expect(chain.first == "UITextField")
            #expect(chain.contains("UIView"))
            for path in ["/inspector/node/\(host.tree.count)", "/inspector/node/-1", "/inspector/node/x"] {
                #expect(try await client.get(path).status == .notFound, "\(path)")
            }
        }
    }
}

@Suite("Ready-made selectors in /inspector/node")
struct InspectorSelectorTests {
    @Test("each suggested selector selects exactly its view in its engine, on every view of the sample app")
    func everyViewOfTheSample() async throws {
        let tree = Fixture.sample
        let registry = EngineRegistry.standard()
        let server = FranklyServer(host: SnapshotHost(tree: tree), registry: registry,
                                   configuration: Fixture.configuration(), logger: LogCapture().logger)
        try await withServer(server) { client async throws in
            var unique: [String: Int] = [:]
            for id in 0..<tree.count {
                let json = try await client.get("/inspector/node/\(id)").json
                guard case .array(let suggestions)? = json["selectors"] else { Issue.record("no selectors"); return }
                for s in suggestions {
                    guard case .string(let engine)? = s["engine"], case .string(let selector)? = s["selector"] else {
                        Issue.record("malformed \(s)"); continue
                    }
                    let selected = try registry.select(selector, engine: engine, in: tree)
                    #expect(s["count"] == .int(Int64(selected.count)), "\(engine) \(selector)")
                    #expect(selected.contains(NodeID(id)), "\(engine) \(selector) misses node \(id)")
                    if s["unique"] == true {
                        #expect(selected == [NodeID(id)], "\(engine) \(selector)")
                        unique[engine, default: 0] += 1
                    }
                }
            }
            // Every view but the root window has a unique selector in the engines with an index.
            for engine in ["shelley", "shelley_compat", "uiquery"] {
                #expect((unique[engine] ?? 0) >= tree.count - 1, "\(engine): \(unique[engine] ?? 0) of \(tree.count)")
            }
            #expect((unique["regex"] ?? 0) > tree.count / 3, "regex: \(unique["regex"] ?? 0)")
        }
    }
}
