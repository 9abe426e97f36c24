import SelectorCore

/// Where a hierarchy dump sits inside a longer text: a failure log or test output that quotes
/// one (Espresso's `NoMatchingViewException` message, Detox's error with its `<ViewHierarchy>`, a
/// pasted `debugDescription`, a Compose `printToLog` in logcat), so that `--tree` takes the log
/// as it is and says which lines it read.
///
/// ```swift
/// let loaded = try HierarchyFormat.loadFindingDump(bytes)
/// if let found = loaded.extraction { print("read lines \(found.lines.lowerBound)–\(found.lines.upperBound)") }
/// ```
public struct LogExtraction: Sendable, Equatable {
    /// The dump's format.
    public var format: HierarchyFormat
    /// The 1-based first and last lines of the file the dump was read from.
    public var lines: ClosedRange<Int>
    /// The bytes handed to the loader, from the dump's start to the end of the file (the loader
    /// stops where the dump does).
    public var bytes: Range<Int>

    /// `lines 12–40` (or `line 7`), for the note a command prints.
    public var lineDescription: String {
        lines.count == 1 ? "line \(lines.lowerBound)" : "lines \(lines.lowerBound)–\(lines.upperBound)"
    }

    /// Where the first dump of a known text format starts: its format, first line (0-based) and byte.
    static func find(_ lines: TextLines) -> (format: HierarchyFormat, line: Int, offset: Int)? {
        for k in 0..<lines.count {
            let line = lines.line(k)
            if EspressoDumpLoader.recordHead(line) != nil { return (.espresso, k, line.startIndex) }
            // Espresso's message as logcat prints it (`… E TestRunner: +>DecorView{…`).
            if let plus = line.firstIndex(of: UInt8(ascii: "+")), plus > line.startIndex,
               EspressoDumpLoader.recordHead(line[plus...]) != nil,
               ComposeSemanticsLoader.logcatSignature(line[line.startIndex..<plus]) != nil {
                return (.espresso, k, plus)
            }
            if let at = TextLines.find(Array("<ViewHierarchy".utf8), in: line),
               at + 14 == line.endIndex || line[at + 14] == UInt8(ascii: ">") || TextLines.isSpace(line[at + 14])
                || line[at + 14] == UInt8(ascii: "/") {
                // Include an XML declaration on the same line or the line before.
                if let decl = TextLines.find(Array("<?xml".utf8), in: line), decl < at { return (.detox, k, decl) }
                if k > 0, TextLines.hasPrefix(TextLines.trimmed(lines.line(k - 1)), "<?xml") {
                    let prev = lines.line(k - 1)
                    return (.detox, k - 1, TextLines.find(Array("<?xml".utf8), in: prev) ?? prev.startIndex)
                }
                return (.detox, k, at)
            }
            if XCUISnapshotLoader.literalStart(line) != nil { return (.xcuisnapshot, k, line.startIndex) }
            let trimmed = TextLines.trimmed(line)
            if TextLines.hasPrefix(trimmed, "Attributes: "), k + 1 < lines.count,
               TextLines.hasPrefix(TextLines.trimmed(lines.line(k + 1)), "Element subtree:") {
                return (.xcuisnapshot, k, line.startIndex)
            }
            if TextLines.hasPrefix(trimmed, "Element subtree:") { return (.xcuisnapshot, k, line.startIndex) }
            if let at = ComposeSemanticsLoader.dumpStart(line) { return (.compose, k, at) }
        }
        return nil
    }

    /// The tree of the first dump in `bytes`, or nil when there is none.
    static func load(_ bytes: [UInt8], hierarchy: ClassHierarchy, limits: FormatLimits) throws(FormatError) -> LoadedRecording? {
        let all = TextLines(bytes)
        guard let found = find(all) else { return nil }
        // The compose reader finds its own start (and logcat prefix) on the line.
        let offset = found.format == .compose || found.format == .xcuisnapshot ? all.range(found.line).lowerBound : found.offset
        var slice = Array(bytes[offset...])
        // A logcat prefix before the first record is cut from every line that has it (the lines
        // stay where they were, so the lines read are the file's).
        let lineStart = all.range(found.line).lowerBound
        if found.format == .espresso, found.offset > lineStart,
           let signature = ComposeSemanticsLoader.logcatSignature(bytes[lineStart..<found.offset]) {
            slice = []
            for k in found.line..<all.count {
                let r = all.range(k)
                var s = k == found.line ? found.offset : r.lowerBound
                if k != found.line, let at = TextLines.find(signature, in: bytes[r]), at - r.lowerBound < 160 { s = at + signature.count }
                slice += bytes[s..<r.upperBound]
                if k + 1 < all.count { slice.append(0x0A) }
            }
        }
        let startLine = found.line
        var tree: ViewTree
        let read: ClosedRange<Int>
        do {
            switch found.format {
            case .espresso:
                let r = try EspressoDumpLoader.read(slice, hierarchy: hierarchy, limits: limits)
                (tree, read) = (r.tree, r.lines)
            case .detox:
                let r = try DetoxXMLLoader.read(slice, hierarchy: hierarchy, limits: limits)
                let sliceLines = TextLines(slice)
                (tree, read) = (r.tree, 0...sliceLines.line(containing: max(0, r.end - 1)))
            case .xcuisnapshot:
                let r = try XCUISnapshotLoader.read(slice, hierarchy: hierarchy, limits: limits)
                (tree, read) = (r.tree, r.lines)
            default:
                let r = try ComposeSemanticsLoader.read(slice, hierarchy: hierarchy, limits: limits)
                (tree, read) = (r.tree, r.lines)
            }
        } catch {
            throw FormatError(error.message + " (in the \(found.format.rawValue) dump found in this text from line \(startLine + 1))",
                              line: error.line.map { $0 + startLine }, column: error.column)
        }
        if found.format != .detox { tree.recordingSource = found.format.recordingSource }
        let extraction = LogExtraction(format: found.format, lines: (read.lowerBound + startLine + 1)...(read.upperBound + startLine + 1),
                                       bytes: offset..<bytes.count)
        return LoadedRecording(tree: tree, format: found.format, extraction: extraction)
    }
}

extension ComposeSemanticsLoader {
    /// Where a Compose dump starts on `line`: `printToLog:`, `Printing with useUnmergedTree`, or a
    /// root `Node #n at (l=` (after a prefix or a collection's `1) `).
    static func dumpStart(_ line: ArraySlice<UInt8>) -> Int? {
        for marker in ["printToLog:", "Printing with useUnmergedTree = '"] {
            if let at = TextLines.find(Array(marker.utf8), in: line) { return at }
        }
        guard let at = TextLines.find(Array("Node #".utf8), in: line), nodeLineShape(line, at: at),
              TextLines.find(Array("|-".utf8), in: line) == nil else { return nil }
        return at
    }
}
