import Foundation
import Yams

// The YAML a Maestro selector is written in, read by libyaml through Yams (the package's YAML
// library) into a tree of nodes that remember where they start, as UTF-8 offsets of the text.
//
// Why Yams and not a reader of our own: libyaml is YAML's reference reader in C, so a selector
// reads here as Maestro's own YAML reader (SnakeYAML) reads it — block
// style, multi-line plain and quoted texts, flow style and JSON alike — where the hand-written
// reader this replaced (493 lines) refused what it did not implement (multi-line plain texts in
// block style, `%YAML` directives, explicit `?` keys). It costs time, measured and accepted: in a
// debug build on Linux (parse only, shared machine, two runs each; hand-written → Yams) a test
// selector took 16-24 µs → 60-87 µs, 3,000 fuzzed selectors 82-85 ms → 246-350 ms, a 40 KB
// quoted text 4.4-5.4 ms → 6.5-7.4 ms, and 100,000 `[` 0.07-0.56 ms → 13-21 ms (libyaml reads to
// its cap of 1,000 levels where the old reader stopped at 33). About 4× on small selectors, but
// under 0.1 ms each even unoptimized, and the fuzz and limit tests still pass in seconds: no
// reason to keep a reader of our own.
//
// What Yams gives and what this file adds:
// - Yams composes a whole document before returning it, so its checks come first: libyaml's
//   syntax errors (passed through in libyaml's words), its nesting cap of 1000 and Yams' refusal of
//   duplicate keys (reported at the key's first occurrence, the only one Yams names). It composes
//   by recursion, so a text that could nest deeply is read on a thread with a large stack
//   (`indicatorsOnCallersStack`).
// - Marks are lines and columns counted in Unicode scalars; `offset(of:)` turns them into UTF-8
//   offsets of the text, counting lines as libyaml does (LF, CR, CRLF, NEL, LS, PS).
// - Anchors, aliases and tags: Yams resolves an alias to its anchor's node and keeps only a weak
//   reference to the anchor, so each node's properties are read at its mark in the text, where
//   libyaml starts a node that has them (`&`, `!`); an undefined alias is libyaml's error, renamed.
// - Our nesting cap (32), block scalars, keys that are no text, and a flow key without its `:`
//   (`{text}`, which YAML reads as `text: null` and a user means otherwise) are checked on the tree.

/// A YAML value as read, with the offset (UTF-8 bytes into the selector) where it starts.
struct YAMLNode: Equatable, Sendable {
    /// What the node holds.
    indirect enum Value: Equatable, Sendable {
        /// A scalar; `plain` when it was written without quotes (only plain scalars can be
        /// `null`, `true` or a number to YAML).
        case scalar(String, plain: Bool)
        /// A mapping, its entries in the order written.
        case mapping([Entry])
        /// A sequence.
        case sequence([YAMLNode])
    }

    /// One key and its value.
    struct Entry: Equatable, Sendable {
        var key: String
        /// Where the key starts.
        var keyOffset: Int
        var value: YAMLNode
    }

    var value: Value
    var offset: Int

    /// Whether YAML reads the node as null: an empty or `~`/`null` plain scalar.
    var isNull: Bool {
        if case .scalar(let s, plain: true) = value { return s.isEmpty || s == "~" || s == "null" || s == "Null" || s == "NULL" }
        return false
    }

    /// What the node is, for errors.
    var kind: MaestroParseErrorKind.ValueKind {
        switch value {
        case .scalar: return .text
        case .mapping: return .mapping
        case .sequence: return .list
        }
    }
}

/// Reads one YAML document holding a selector.
struct YAMLReader {
    /// Deepest nesting of mappings and sequences accepted: well past any real selector, and
    /// shallow enough that the recursive conversion and compiler stay far from the stack's end.
    static let maxNesting = 32

    private let text: String
    private let bytes: [UInt8]
    /// The UTF-8 offset of each Unicode scalar, then the text's end: a mark's column counts
    /// scalars, and a table keeps each conversion O(1) on a long one-line selector.
    private let scalarOffsets: [Int]
    /// The index in `scalarOffsets` where each line starts, lines broken as libyaml breaks them.
    private let lineStarts: [Int]

    private init(_ text: String) {
        self.text = text
        let bytes = Array(text.utf8)
        self.bytes = bytes
        var scalars: [Int] = []
        scalars.reserveCapacity(bytes.count + 1)
        // libyaml skips a byte order mark without counting it as a column.
        var k = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [0]
        while k < bytes.count {
            scalars.append(k)
            let b = bytes[k]
            var width = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2
            let isBreak = b == 0x0A || b == 0x0D
                || (b == 0xC2 && k + 1 < bytes.count && bytes[k + 1] == 0x85)
                || (b == 0xE2 && k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9))
            // CR LF is one break.
            if b == 0x0D && k + 1 < bytes.count && bytes[k + 1] == 0x0A { scalars.append(k + 1); width = 2 }
            k = min(k + width, bytes.count)
            if isBreak { starts.append(scalars.count) }
        }
        scalars.append(bytes.count)
        self.scalarOffsets = scalars
        self.lineStarts = starts
    }

    /// Most bytes among `[ { - ? :` that a selector read on the caller's stack may hold. Yams
    /// builds its tree by recursion, as deep as libyaml's cap of 1,000 levels, and at 700 levels
    /// that overflowed a 512 KiB stack (a Darwin dispatch thread's) in a debug build; 400 fitted.
    /// Every level of nesting starts at one of these bytes, so fewer of them bound the depth.
    static let indicatorsOnCallersStack = 128

    /// The document's one node.
    static func read(_ text: String) throws(MaestroParseError) -> YAMLNode {
        var indicators = 0
        for b in text.utf8 where b == UInt8(ascii: "[") || b == UInt8(ascii: "{") || b == UInt8(ascii: "-")
            || b == UInt8(ascii: "?") || b == UInt8(ascii: ":") {
            indicators += 1
        }
        return indicators <= indicatorsOnCallersStack ? try readHere(text) : try readOnLargeStack(text)
    }

    /// `readHere` on a thread of its own with a stack that holds libyaml's deepest nesting.
    private static func readOnLargeStack(_ text: String) throws(MaestroParseError) -> YAMLNode {
        // Written by the thread before it signals, read after the wait.
        final class Outcome: @unchecked Sendable { var result: Result<YAMLNode, MaestroParseError>? }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do throws(MaestroParseError) { outcome.result = .success(try readHere(text)) } catch { outcome.result = .failure(error) }
            done.signal()
        }
        thread.stackSize = 16 << 20
        thread.start()
        done.wait()
        return try outcome.result!.get()
    }

    /// The document's one node, read on this thread.
    private static func readHere(_ text: String) throws(MaestroParseError) -> YAMLNode {
        let reader = YAMLReader(text)
        let root: Node?
        do {
            let parser = try Parser(yaml: text, encoding: .utf8)
            root = try parser.singleRoot()
        } catch let error as YamlError {
            throw reader.translate(error)
        } catch {
            throw MaestroParseError(.yaml(problem: "\(error)", context: nil), at: 0)
        }
        // No document, or `---` alone (an empty plain scalar).
        guard let root, root.scalar.map({ !($0.string.isEmpty && $0.style == .plain) }) ?? true else {
            throw MaestroParseError(.noSelector, at: reader.bytes.count)
        }
        return try reader.convert(root, depth: 1)
    }

    // MARK: positions

    /// The UTF-8 offset of a libyaml mark (1-based line, and column in Unicode scalars).
    private func offset(of mark: Mark?) -> Int {
        guard let mark else { return 0 }
        let line = min(max(mark.line - 1, 0), lineStarts.count - 1)
        return scalarOffsets[min(lineStarts[line] + max(mark.column - 1, 0), scalarOffsets.count - 1)]
    }

    /// Yams' error as ours, at its UTF-8 offset.
    private func translate(_ error: YamlError) -> MaestroParseError {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let at = offset(of: mark)
            if problem.hasPrefix("Maximum nesting level reached") { return MaestroParseError(.nestingTooDeep, at: at) }
            if problem == "found undefined alias" || problem == "found undefined tag handle" { return MaestroParseError(.anchorOrAliasOrTag, at: at) }
            // What runs to the text's end without closing (a quote, a mapping) is shown where it opens.
            if at >= bytes.count, let context { return MaestroParseError(.yaml(problem: problem, context: context.text), at: offset(of: context.mark)) }
            return MaestroParseError(.yaml(problem: problem, context: context?.text), at: at)
        case .reader(let problem, let characters, _, _):
            // Yams counts this offset in Characters.
            let at = characters.flatMap { text.index(text.startIndex, offsetBy: $0, limitedBy: text.endIndex) }
                .map { text.utf8.distance(from: text.utf8.startIndex, to: $0) } ?? 0
            return MaestroParseError(.yaml(problem: problem, context: nil), at: at)
        case .duplicatedKeysInMapping(let duplicates, let context):
            return MaestroParseError(.duplicateKey(duplicates.first ?? ""), at: offset(of: context.mark))
        default:
            return MaestroParseError(.yaml(problem: "\(error)", context: nil), at: 0)
        }
    }

    // MARK: the tree

    private func convert(_ node: Node, depth: Int) throws(MaestroParseError) -> YAMLNode {
        let at = offset(of: node.mark)
        // A node with an anchor or a tag starts at its `&` or `!`.
        if at < bytes.count && (bytes[at] == UInt8(ascii: "&") || bytes[at] == UInt8(ascii: "!") || bytes[at] == UInt8(ascii: "*")) {
            throw MaestroParseError(.anchorOrAliasOrTag, at: at)
        }
        switch node {
        case .scalar(let scalar):
            if scalar.style == .literal || scalar.style == .folded { throw MaestroParseError(.blockScalar, at: at) }
            return YAMLNode(value: .scalar(scalar.string, plain: scalar.style == .plain || scalar.style == .any), offset: at)
        case .alias:
            throw MaestroParseError(.anchorOrAliasOrTag, at: at)
        case .sequence(let sequence):
            guard depth <= Self.maxNesting else { throw MaestroParseError(.nestingTooDeep, at: at) }
            var items: [YAMLNode] = []
            for item in sequence { items.append(try convert(item, depth: depth + 1)) }
            return YAMLNode(value: .sequence(items), offset: at)
        case .mapping(let mapping):
            guard depth <= Self.maxNesting else { throw MaestroParseError(.nestingTooDeep, at: at) }
            var entries: [YAMLNode.Entry] = []
            for (key, value) in mapping {
                let keyOffset = offset(of: key.mark)
                guard case .scalar(let k) = key else { throw MaestroParseError(.keyNotText, at: keyOffset) }
                let v = try convert(value, depth: depth + 1)
                // Yams reads a mapping's style from its end event, so flow style is read from the text.
                if at < bytes.count && bytes[at] == UInt8(ascii: "{"), case .scalar(let s, plain: true) = v.value, s.isEmpty {
                    try requireColon(after: k, at: keyOffset)
                }
                entries.append(.init(key: k.string, keyOffset: keyOffset, value: v))
            }
            return YAMLNode(value: .mapping(entries), offset: at)
        }
    }

    /// Refuses a flow mapping's key written without its `:` (`{text}`, `{text:Login}`): YAML
    /// reads it as a key with a null value, which Maestro would take as no filter at all.
    private func requireColon(after key: Node.Scalar, at keyOffset: Int) throws(MaestroParseError) {
        guard let end = scalarEnd(key, at: keyOffset) else { return }
        var k = end
        while k < bytes.count {
            let b = bytes[k]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { k += 1; continue }
            if b == UInt8(ascii: "#") && (k == 0 || [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k - 1])) {
                while k < bytes.count && bytes[k] != 0x0A && bytes[k] != 0x0D { k += 1 }
                continue
            }
            break
        }
        if k < bytes.count && bytes[k] == UInt8(ascii: ":") { return }
        if key.style == .plain, let colon = key.string.utf8.firstIndex(of: UInt8(ascii: ":")) {
            throw MaestroParseError(.missingSpaceAfterColon(key: key.string), at: keyOffset + key.string.utf8.distance(from: key.string.utf8.startIndex, to: colon))
        }
        throw MaestroParseError(.missingColon(key: key.string), at: min(k, bytes.count))
    }

    /// Where a key scalar's text ends: a plain key is its own text; a quoted one ends at its
    /// closing quote. Nil when the text there is not the key as read (a plain key folded over lines).
    private func scalarEnd(_ key: Node.Scalar, at start: Int) -> Int? {
        switch key.style {
        case .plain, .any:
            let utf8 = Array(key.string.utf8)
            guard start + utf8.count <= bytes.count, Array(bytes[start..<(start + utf8.count)]) == utf8 else { return nil }
            return start + utf8.count
        case .singleQuoted, .doubleQuoted:
            guard start < bytes.count else { return nil }
            let quote = bytes[start]
            var k = start + 1
            while k < bytes.count {
                if quote == UInt8(ascii: "\"") && bytes[k] == UInt8(ascii: "\\") { k += 2; continue }
                if bytes[k] == quote {
                    if quote == UInt8(ascii: "'") && k + 1 < bytes.count && bytes[k + 1] == quote { k += 2; continue }
                    return k + 1
                }
                k += 1
            }
            return nil
        case .literal, .folded:
            return nil
        }
    }
}
