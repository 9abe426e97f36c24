@testable import FranklyServer
import Hummingbird
import SelectorCore
import SyntheticHierarchy
import Testing
import ViewSelectors

/// Issue 16, item 13: dumps go out in bounded chunks, byte for byte what the whole-document writers
/// produce, so concurrent `/dump`s of 10^6 views no longer hold 230 MB each.
@Suite("Dumps in chunks")
struct DumpStreamTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var tree: ViewTree
    }

    /// Two windows side by side (no application root), a class chain and strings that need escapes.
    static let twoRoots: ViewTree = {
        var b = ViewTreeBuilder()
        let w1 = b.addNode(className: "UIWindow")
        b.set("uid", 1, on: w1)
        b.set("isKeyWindow", false, on: w1)
        let label = b.addNode(className: "UILabel", parent: w1)
        b.setString("accessibilityLabel", "quote \" slash \\ newline \n tab \t é", on: label)
        _ = b.addNode(className: "UIView", parent: label)
        let w2 = b.addNode(className: "UIWindow")
        b.set("uid", "two", on: w2)
        _ = b.addNode(className: "UIButton", parent: w2)
        return b.build()
    }()

    static let withChain = try! ViewTree.loadDump(#"""
        {"class":"MyWindow","classChain":["MyWindow","UIWindow","UIView","NSObject"],"uid":1,"subviews":[
          {"class":"MyView","classChain":["MyView","UIView","NSObject"],"text":"a","subviews":[
            {"class":"MyView","frame":{"origin":{"x":1.5,"y":2},"size":{"width":3,"height":4}},"subviews":[]}]},
          {"class":"UILabel","accessibilityLabel":"b","isHidden":true,"subviews":[]}]}
        """#)

    static let application = try! ViewTree.loadDump(#"""
        {"class":"UIApplication","uid":"1","subviews":[
          {"class":"UIWindow","uid":"2","isKeyWindow":false,"subviews":[]},
          {"class":"UIWindow","uid":"3","isKeyWindow":true,"subviews":[{"class":"UILabel","uid":"4","text":"hi","subviews":[]}]}]}
        """#)

    static let cases: [Case] = [
        Case(testDescription: "sample app", tree: Fixture.sample),
        Case(testDescription: "two roots", tree: twoRoots),
        Case(testDescription: "class chains", tree: withChain),
        Case(testDescription: "application root", tree: application),
        Case(testDescription: "empty", tree: ViewTreeBuilder().build()),
        Case(testDescription: "generated 1", tree: SyntheticApp.generate(nodes: 1)),
        Case(testDescription: "generated 5000", tree: SyntheticApp.generate(nodes: 5000, seed: 3)),
        Case(testDescription: "generated 20000", tree: SyntheticApp.generate(nodes: 20000, seed: 11)),
    ]

    static func collect<Chunks: IteratorProtocol>(_ chunks: Chunks) -> [[UInt8]] where Chunks.Element == [UInt8] {
        var chunks = chunks
        var out: [[UInt8]] = []
        while let chunk = chunks.next() { out.append(chunk) }
        return out
    }

    @Test("dumpJSONChunks joined is dumpJSON, for every start, with and without subviews, at any chunk size", arguments: cases)
    func sameBytes(_ c: Case) {
        let tree = c.tree
        var starts: [NodeID?] = [nil]
        if tree.count > 0 { starts += [0, Int32(tree.count / 2), Int32(tree.count - 1)] }
        let sizes = tree.count <= 200 ? [1, 7, 4096, ViewTree.defaultDumpChunkBytes] : [4093, ViewTree.defaultDumpChunkBytes]
        for start in starts {
            for includeSubviews in [true, false] {
                let whole = tree.dumpJSON(from: start, includeSubviews: includeSubviews)
                for size in sizes {
                    let joined = Self.collect(tree.dumpJSONChunks(from: start, includeSubviews: includeSubviews, chunkBytes: size))
                        .flatMap { $0 }
                    #expect(joined == whole, "from \(String(describing: start)), subviews \(includeSubviews), chunks of \(size)")
                }
                var viaCallback: [UInt8] = []
                tree.writeDumpJSON(from: start, includeSubviews: includeSubviews, chunkBytes: 1000) { viaCallback += $0 }
                #expect(viaCallback == whole)
            }
        }
    }

    @Test("every chunk but the last has exactly chunkBytes, even around a view larger than a chunk")
    func boundedChunks() throws {
        var b = ViewTreeBuilder()
        let window = b.addNode(className: "UIWindow")
        for k in 0..<50 {
            let label = b.addNode(className: "UILabel", parent: window)
            // Every tenth label is 3 chunks long on its own.
            b.setString("accessibilityLabel", String(repeating: "x", count: k % 10 == 0 ? 3 * 4096 : 10), on: label)
        }
        for tree in [b.build(), SyntheticApp.generate(nodes: 20000, seed: 5)] {
            let whole = tree.dumpJSON()
            for size in [4096, ViewTree.defaultDumpChunkBytes] {
                let chunks = Self.collect(tree.dumpJSONChunks(chunkBytes: size))
                #expect(chunks.dropLast().allSatisfy { $0.count == size })
                let last = try #require(chunks.last)
                #expect(last.count >= 1 && last.count <= size)
                #expect(chunks.count == (whole.count + size - 1) / size)
            }
        }
    }

    @Test("/dump/allwindows in chunks is allWindowsDumpJSON", arguments: cases)
    func allWindows(_ c: Case) {
        #expect(Self.collect(AllWindowsChunks(tree: c.tree, chunkBytes: 1000)).flatMap { $0 } == c.tree.allWindowsDumpJSON())
        #expect(Self.collect(AllWindowsChunks(tree: c.tree)).flatMap { $0 } == c.tree.allWindowsDumpJSON())
    }

    @Test("/inspector/tree in chunks is inspectorTreeJSON, chunks bounded", arguments: cases)
    func inspectorTree(_ c: Case) {
        let whole = c.tree.inspectorTreeJSON()
        for size in [1000, ViewTree.defaultDumpChunkBytes] {
            let chunks = Self.collect(InspectorTreeChunks(tree: c.tree, chunkBytes: size))
            #expect(chunks.flatMap { $0 } == whole)
            #expect(chunks.dropLast().allSatisfy { $0.count == size })
        }
    }

    @Test("a large /dump, /dump/allwindows and /inspector/tree are streamed, and are the same bytes")
    func streamedOverHTTP() async throws {
        let tree = SyntheticApp.generate(nodes: 30000, seed: 2)
        try await withServer(tree: tree) { client, _ async throws in
            let window = try #require(tree.keyWindow)
            let expected: [(String, [UInt8])] = [
                ("/dump", tree.dumpJSON(from: window)),
                ("/dump/allwindows", tree.allWindowsDumpJSON()),
                ("/inspector/tree", tree.inspectorTreeJSON()),
            ]
            for (path, bytes) in expected {
                let response = try await client.get(path)
                #expect(response.status == .ok, "\(path)")
                #expect(Array(response.body.readableBytesView) == bytes, "\(path)")
                // Sent as it was written: chunked, no length known up front.
                #expect(response.headers[.contentLength] == nil, "\(path)")
                #expect(response.headers[.transferEncoding] == "chunked", "\(path)")
                #expect(response.headers[.contentType] == "application/json; charset=utf-8", "\(path)")
            }
        }
    }

    @Test("a small dump still goes out whole, with its length")
    func smallDumpHasLength() async throws {
        try await withServer { client, host async throws in
            let response = try await client.get("/dump/view/1059")
            #expect(response.headers[.contentLength] == String(host.tree.dumpJSON(from: host.tree.node(withUID: "1059"), includeSubviews: false).count))
        }
    }
}
