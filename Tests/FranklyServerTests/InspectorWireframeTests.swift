import FranklyServer
import SelectorCore
import Testing

/// The frames `/inspector/tree` sends are absolute, whatever the dump recorded: the wireframe
/// draws them as they come.
@Suite("The inspector's wireframe frames")
struct InspectorWireframeTests {
    /// A table scrolled by 100 points, as a Frank dump of an app without accessibility records it:
    /// `frame` only, each relative to its superview's bounds.
    ///
    ///     UIWindow (0,0) 320×480
    ///       UIViewControllerWrapperView (0,64)
    ///         UITableView (0,0), contentOffset (0,100)
    ///           UITableViewCell (0,176)
    ///             UITableViewCellContentView (0,0)
    ///               UILabel "Row 4" (10,0) 300×43      → on screen at (10, 64 - 100 + 176) = (10, 140)
    ///         UIView without a frame
    ///           UIButton (20,30) 40×40                   → (20, 94): the frameless view adds nothing
    ///         UIView with accessibilityFrame (200,300) and frame (0,0)
    ///           UILabel (5,5) 50×20                      → (205, 305): measured from the absolute frame
    static func scrolledTable() -> ViewTree {
        var b = ViewTreeBuilder()
        func node(_ cls: String, _ parent: ViewTreeBuilder.Handle?, _ frame: (Double, Double, Double, Double)?,
                  label: String? = nil) -> ViewTreeBuilder.Handle {
            let h = b.addNode(className: cls, parent: parent)
            if let f = frame { b.setFrame(PropertyName.frame, Rect(x: f.0, y: f.1, width: f.2, height: f.3), on: h) }
            if let label { b.setString(PropertyName.accessibilityLabel, label, on: h) }
            return h
        }
        let window = node("UIWindow", nil, (0, 0, 320, 480))
        let wrapper = node("UIViewControllerWrapperView", window, (0, 64, 320, 416))
        let table = node("UITableView", wrapper, (0, 0, 320, 416))
        b.set("contentOffset", .object([("x", .int(0)), ("y", .int(100))]), on: table)
        let cell = node("UITableViewCell", table, (0, 176, 320, 44))
        let content = node("UITableViewCellContentView", cell, (0, 0, 320, 43))
        _ = node("UILabel", content, (10, 0, 300, 43), label: "Row 4")
        let frameless = node("UIView", wrapper, nil)
        _ = node("UIButton", frameless, (20, 30, 40, 40), label: "Go")
        let accessible = node("UIView", wrapper, (0, 0, 100, 100))
        b.setFrame(PropertyName.accessibilityFrame, Rect(x: 200, y: 300, width: 100, height: 100), on: accessible)
        _ = node("UILabel", accessible, (5, 5, 50, 20), label: "Inside")
        return b.build()
    }

    /// The `frame` column of `/inspector/tree`, four numbers per view.
    static func frames(of json: JSONValue) throws -> [[Double]] {
        guard case .array(let values)? = json["frame"] else { throw WireframeTestError("no frame column") }
        let numbers = values.compactMap(\.numberValue)
        #expect(numbers.count == values.count)
        return stride(from: 0, to: numbers.count, by: 4).map { Array(numbers[$0..<$0 + 4]) }
    }

    @Test("a cell's content in a scrolled table is drawn where UIKit shows it")
    func nestedFramesAreAbsolute() async throws {
        let tree = Self.scrolledTable()
        try await withServer(tree: tree) { client, _ async throws in
            let frames = try Self.frames(of: try await client.get("/inspector/tree").json)
            try #require(frames.count == tree.count)
            let label = try #require(tree.node(withLabel: "Row 4"))
            #expect(frames[Int(label)] == [10, 140, 300, 43])
            let cell = try #require(tree.firstNode(ofClass: "UITableViewCell"))
            #expect(frames[Int(cell)] == [0, 140, 320, 44])
            #expect(frames[0] == [0, 0, 320, 480])
            let button = try #require(tree.node(withLabel: "Go"))
            #expect(frames[Int(button)] == [20, 94, 40, 40])
            let frameless = Int(tree.parents[Int(button)])
            #expect(frames[frameless] == [0, 0, -1, -1], "a view without a frame has none drawn")
            let inside = try #require(tree.node(withLabel: "Inside"))
            #expect(frames[Int(inside)] == [205, 305, 50, 20])
            #expect(frames[Int(tree.parents[Int(inside)])] == [200, 300, 100, 100])
        }
    }

    @Test("a contentOffset written as NSStringFromCGPoint is subtracted too")
    func stringOffset() async throws {
        var b = ViewTreeBuilder()
        let window = b.addNode(className: "UIWindow")
        b.setFrame(PropertyName.frame, Rect(x: 0, y: 20, width: 320, height: 460), on: window)
        let scroll = b.addNode(className: "UIScrollView", parent: window)
        b.setFrame(PropertyName.frame, Rect(x: 0, y: 0, width: 320, height: 460), on: scroll)
        b.set("contentOffset", .string("{15, 250.5}"), on: scroll)
        let label = b.addNode(className: "UILabel", parent: scroll)
        b.setFrame(PropertyName.frame, Rect(x: 20, y: 300, width: 100, height: 20), on: label)
        try await withServer(tree: b.build()) { client, _ async throws in
            let frames = try Self.frames(of: try await client.get("/inspector/tree").json)
            #expect(frames[2] == [5, 69.5, 100, 20])
        }
    }

    @Test("UICatalog without accessibilityFrame: every composed frame is the one iOS recorded")
    func uicatalogFramesOnly() async throws {
        let recorded = try ViewTree.loadDump(try Self.uicatalogBytes())
        let stripped = try ViewTree.loadDump(JSONWriter.bytes(of: Self.removing("accessibilityFrame", from:
            try JSONReader.parse(try Self.uicatalogBytes()))))
        #expect(stripped.columns[PropertyName.accessibilityFrame] == nil)
        try await withServer(tree: stripped) { client, _ async throws in
            let frames = try Self.frames(of: try await client.get("/inspector/tree").json)
            try #require(frames.count == recorded.count && recorded.count == 40)
            var cellContents = 0
            for i in 0..<recorded.count {
                let expected = try #require(recorded.value(PropertyName.accessibilityFrame, of: NodeID(i)).flatMap(Rect.init(json:)))
                #expect(frames[i] == [expected.x, expected.y, expected.width, expected.height],
                        "\(recorded.className(of: NodeID(i))) #\(i)")
                if recorded.className(of: NodeID(i)) == "UILabel", recorded.isKind(NodeID(recorded.parents[i]), of: "UITableViewCellContentView") {
                    cellContents += 1
                }
            }
            #expect(cellContents == 5, "the fixture's table cells hold labels, the case the issue reports")
        }
    }

    static func uicatalogBytes() throws -> [UInt8] {
        let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
        return try FileIO.read("/" + tests + "/Fixtures/frank-dump-uicatalog.json")
    }

    static func removing(_ key: String, from value: JSONValue) -> JSONValue {
        switch value {
        case .object(let pairs): return .object(pairs.filter { $0.0 != key }.map { ($0.0, removing(key, from: $0.1)) })
        case .array(let items): return .array(items.map { removing(key, from: $0) })
        default: return value
        }
    }
}

struct WireframeTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension JSONWriter {
    static func bytes(of value: JSONValue) -> [UInt8] {
        var w = JSONWriter()
        w.value(value)
        return w.bytes
    }
}

extension ViewTree {
    func node(withLabel label: String) -> NodeID? {
        (0..<count).first { value(PropertyName.accessibilityLabel, of: NodeID($0))?.stringValue == label }.map { NodeID($0) }
    }

    func firstNode(ofClass name: String) -> NodeID? {
        (0..<count).first { className(of: NodeID($0)) == name }.map { NodeID($0) }
    }
}
