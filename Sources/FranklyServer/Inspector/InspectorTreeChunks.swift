import SelectorCore

/// `ViewTree.inspectorTreeJSON()` (`GET /inspector/tree`) in chunks of `chunkBytes` (the last may be
/// shorter), so the server holds one chunk per request rather than the whole document (about 48
/// bytes a view). `inspectorTreeJSON` writes its document with this type too (`writeAll`), so the
/// whole and the chunked answers are the same bytes by construction.
struct InspectorTreeChunks: IteratorProtocol, Sendable {
    private enum Column: Int, CaseIterable, Sendable {
        case classID, parent, uid, label, hidden, frame
        var key: String {
            switch self {
            case .classID: "class"
            case .parent: "parent"
            case .uid: "uid"
            case .label: "label"
            case .hidden: "hidden"
            case .frame: "frame"
            }
        }
    }

    private let tree: ViewTree
    private let chunkBytes: Int
    private let uids: PropertyColumn?
    private let labels: PropertyColumn?
    private let hidden: PropertyColumn?
    /// Each view's absolute frame (`wireframeRects()`), composed as the frame column is written:
    /// only the current view's ancestors are kept, not a frame per view held until the client
    /// has read the document (issue 28, item 10).
    private var frames: WireframeWalk
    private var started = false
    private var done = false
    private var column = Column.classID
    private var row = 0
    private var pending: [UInt8] = []

    init(tree: ViewTree, chunkBytes: Int = ViewTree.defaultDumpChunkBytes) {
        precondition(chunkBytes > 0, "chunkBytes must be positive")
        self.tree = tree
        self.chunkBytes = chunkBytes
        uids = tree.columns[PropertyName.uid]
        labels = tree.columns[PropertyName.accessibilityLabel]
        hidden = tree.columns[PropertyName.isHidden]
        frames = WireframeWalk(tree: tree)
    }

    /// Writes the rest of the document into `w` at once (what `inspectorTreeJSON` does).
    mutating func writeAll(into w: inout JSONWriter) {
        w.bytes.append(contentsOf: pending)
        pending = []
        while !done { step(&w) }
    }

    /// The next chunk, or nil once the whole document has been handed out.
    mutating func next() -> [UInt8]? {
        if pending.count < chunkBytes && !done {
            var w = JSONWriter()
            swap(&w.bytes, &pending)
            while w.bytes.count < chunkBytes && !done { step(&w) }
            swap(&w.bytes, &pending)
        }
        if pending.isEmpty { return nil }
        let n = min(chunkBytes, pending.count)
        let chunk = Array(pending[..<n])
        pending.removeFirst(n)
        return chunk
    }

    private mutating func step(_ w: inout JSONWriter) {
        if !started {
            started = true
            w.bytes.append(UInt8(ascii: "{"))
            key("count", &w); w.integer(Int64(tree.count))
            open("classes", &w)
            for (i, name) in tree.classes.names.enumerated() { comma(i, &w); w.string(name) }
            w.bytes.append(UInt8(ascii: "]"))
            open(column.key, &w)
            return
        }
        if row < tree.count {
            comma(row, &w)
            element(row, &w)
            row += 1
            return
        }
        w.bytes.append(UInt8(ascii: "]"))
        if let nextColumn = Column(rawValue: column.rawValue + 1) {
            column = nextColumn
            row = 0
            open(column.key, &w)
        } else {
            w.bytes.append(UInt8(ascii: "}"))
            done = true
        }
    }

    private mutating func element(_ i: Int, _ w: inout JSONWriter) {
        switch column {
        case .classID: w.integer(Int64(tree.classIDs[i]))
        case .parent: w.integer(Int64(tree.parents[i]))
        case .uid: w.value(uids?.value(at: i) ?? .null)
        case .label:
            if let s = labels?.value(at: i)?.stringValue { w.string(s) } else { w.value(.null) }
        case .hidden: w.integer(hidden?.value(at: i)?.boolValue == true ? 1 : 0)
        case .frame:
            if let f = frames.next() {
                w.number(f.x); w.bytes.append(UInt8(ascii: ",")); w.number(f.y); w.bytes.append(UInt8(ascii: ","))
                w.number(f.width); w.bytes.append(UInt8(ascii: ",")); w.number(f.height)
            } else {
                w.bytes.append(contentsOf: "0,0,-1,-1".utf8)
            }
        }
    }

    private func key(_ k: String, _ w: inout JSONWriter) { w.string(k); w.bytes.append(UInt8(ascii: ":")) }
    private func comma(_ i: Int, _ w: inout JSONWriter) { if i > 0 { w.bytes.append(UInt8(ascii: ",")) } }
    private func open(_ k: String, _ w: inout JSONWriter) {
        w.bytes.append(UInt8(ascii: ",")); key(k, &w); w.bytes.append(UInt8(ascii: "["))
    }
}
