internal import CLibXML2
import SelectorCore

/// One attribute of the start tag being reported. The value points into libxml2's buffers: it is
/// valid only until `XMLElementHandler.start` returns.
struct XMLAttribute {
    /// The attribute's qualified name, numbered per parse (`XMLNames`).
    let name: Int32
    /// The value as UTF-8, with character and predefined entity references replaced.
    let value: UnsafeBufferPointer<UInt8>
}

/// A start tag as `parseXML` reports it; valid only during `XMLElementHandler.start`.
struct XMLStartTag {
    /// The element's qualified name, numbered per parse.
    let name: Int32
    /// The attributes in document order, then namespace declarations as `xmlns`/`xmlns:p`
    /// attributes (as Foundation's `XMLParser` reported them without namespace processing).
    let attributes: UnsafeBufferPointer<XMLAttribute>
}

/// What an XML loader does with the document's elements, in document order.
protocol XMLElementHandler: AnyObject {
    /// An element opened; `names` says what the name numbers in `tag` stand for. Throwing stops
    /// the parse with the error at the element's position.
    func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError)
    /// The element most recently opened and not yet closed has closed.
    func end()
}

/// A loader's per-document state, driven through `ReaderHandler`.
protocol XMLElementReader {
    mutating func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError)
    mutating func end()
}

/// Hands the parser's callbacks to a `Reader` struct, so each element costs one exclusivity check
/// on this object instead of one per field the reader touches.
final class ReaderHandler<Reader: XMLElementReader>: XMLElementHandler {
    var reader: Reader
    init(_ reader: Reader) { self.reader = reader }
    func start(_ tag: XMLStartTag, names: borrowing XMLNames) throws(FormatError) { try reader.start(tag, names: names) }
    func end() { reader.end() }
}

/// Runs libxml2's SAX2 push parser over `bytes`, handing elements to `handler`. Malformed XML, and
/// any error the handler throws, comes back as a `FormatError` with the parser's line and column.
/// Nothing is loaded from outside the document and no entity but the predefined ones is expanded.
func parseXML(_ bytes: [UInt8], what: String, limits: FormatLimits,
              into handler: any XMLElementHandler) throws(FormatError) {
    // libxml2 reports invalid UTF-8 without the byte's offset (and may read on as Latin-1); the
    // fuzz regressions (FuzzRegressionTests) expect the offset, line and column.
    if let bad = firstInvalidUTF8(bytes) {
        let (line, column) = endPosition(bytes[..<bad])
        throw FormatError("malformed \(what) XML: invalid UTF-8 at byte \(bad)", line: line, column: column)
    }
    _ = LibXML2.initialized
    let parse = SAXParse(SAXState(handler: handler, maxDepth: limits.maxViewDepth))
    let error: FormatError? = bytes.withUnsafeBufferPointer { parse.run($0, what: what) }
    if let error { throw error }
}

/// libxml2's one-time global set-up, which is not safe to race.
private enum LibXML2 {
    static let initialized: Bool = { xmlInitParser(); return true }()
}

/// Element and attribute names of one parse, numbered from 0 in order of first appearance, so
/// handlers keep what a name means in arrays instead of hashing it per element.
struct XMLNames {
    /// Name `k`.
    private var strings: [String] = []
    /// Name `k` as UTF-8.
    private var utf8: [[UInt8]] = []
    private var byString: [String: Int32] = [:]
    // libxml2 hands names out of the parser's dictionary, where each distinct name has one address
    // for the whole parse. Looking names up by address skips reading them: an open-addressing
    // table of (local name, prefix) addresses. Only addresses the dictionary owns go in, so an
    // address never stands for two names.
    private var locals: [UnsafeRawPointer?] = Array(repeating: nil, count: 256)
    private var prefixes: [UnsafeRawPointer?] = Array(repeating: nil, count: 256)
    private var ids: [Int32] = Array(repeating: -1, count: 256)
    private var filled = 0

    /// Number of names so far.
    var count: Int { strings.count }

    subscript(id: Int32) -> String { strings[Int(id)] }

    /// Whether name `id` is exactly `bytes`.
    func equals(_ id: Int32, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8[Int(id)].withUnsafeBufferPointer { sameBytes($0, bytes) }
    }

    /// The number of `name`, given a new one when unseen.
    mutating func id(_ name: String) -> Int32 {
        if let id = byString[name] { return id }
        let id = Int32(strings.count)
        strings.append(name)
        utf8.append(Array(name.utf8))
        byString[name] = id
        return id
    }

    /// The number of the qualified name `prefix:local` (or `local`), from libxml2's strings.
    @inline(__always)
    mutating func id(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, dict: xmlDictPtr?) -> Int32 {
        let mask = locals.count - 1
        let l = UnsafeRawPointer(local), p = prefix.map(UnsafeRawPointer.init)
        var h = Self.hash(l, p) & mask
        while let known = locals[h] {
            if known == l && prefixes[h] == p { return ids[h] }
            h = (h + 1) & mask
        }
        return add(local: local, prefix: prefix, dict: dict, at: h)
    }

    private mutating func add(local: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?, dict: xmlDictPtr?, at h: Int) -> Int32 {
        let localName = String(cString: local)
        let id = id(prefix.map { String(cString: $0) + ":" + localName } ?? localName)
        if let dict, xmlDictOwns(dict, local) == 1, prefix.map({ xmlDictOwns(dict, $0) == 1 }) ?? true {
            locals[h] = UnsafeRawPointer(local)
            prefixes[h] = prefix.map(UnsafeRawPointer.init)
            ids[h] = id
            filled += 1
            if filled * 2 > locals.count { grow() }
        }
        return id
    }

    private static func hash(_ local: UnsafeRawPointer, _ prefix: UnsafeRawPointer?) -> Int {
        let bits = UInt(bitPattern: local) &+ UInt(bitPattern: prefix) &* 31
        return Int(truncatingIfNeeded: (bits &* 0x9E37_79B9_7F4A_7C15) >> 20)
    }

    private mutating func grow() {
        let (oldLocals, oldPrefixes, oldIDs) = (locals, prefixes, ids)
        let size = locals.count * 2
        locals = Array(repeating: nil, count: size)
        prefixes = Array(repeating: nil, count: size)
        ids = Array(repeating: -1, count: size)
        for k in oldLocals.indices {
            guard let l = oldLocals[k] else { continue }
            var h = Self.hash(l, oldPrefixes[k]) & (size - 1)
            while locals[h] != nil { h = (h + 1) & (size - 1) }
            locals[h] = l
            prefixes[h] = oldPrefixes[k]
            ids[h] = oldIDs[k]
        }
    }
}

/// Whether two byte strings are equal (short ones: no call into the C library).
@inline(__always)
func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    var i = 0
    while i < a.count {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}

/// One parse: the libxml2 context's user data. Swift errors never cross libxml2's frames: the
/// callbacks record them and stop the parser.
private final class SAXParse {
    /// Everything the callbacks change, in a struct so that each callback makes one exclusive
    /// access to the object instead of one per field (the profile showed those checks at ~15%).
    var state: SAXState

    init(_ state: SAXState) { self.state = state }

    /// Bytes fed to libxml2 per call: big enough that the per-call cost vanishes, small enough
    /// that libxml2's buffer stays far below its 10 MB lookup limit.
    static let chunkSize = 256 << 10

    func run(_ bytes: UnsafeBufferPointer<UInt8>, what: String) -> FormatError? {
        var sax = xmlSAXHandler()
        sax.initialized = UInt32(truncatingIfNeeded: XML_SAX2_MAGIC)
        sax.startElementNs = { user, local, prefix, _, nbNamespaces, namespaces, nbAttributes, _, attributes in
            Unmanaged<SAXParse>.fromOpaque(user!).takeUnretainedValue().state.start(
                local!, prefix, Int(nbNamespaces), namespaces, Int(nbAttributes), attributes)
        }
        sax.endElementNs = { user, _, _, _ in
            Unmanaged<SAXParse>.fromOpaque(user!).takeUnretainedValue().state.end()
        }
        sax.serror = { user, error in
            guard let user, let error else { return }
            Unmanaged<SAXParse>.fromOpaque(user).takeUnretainedValue().state.record(error.pointee)
        }
        // The first 4 bytes go in with the context: libxml2 reads the encoding (and a BOM) from them.
        let head = min(4, bytes.count)
        let user = Unmanaged.passUnretained(self).toOpaque()
        // Errors raised without the parser context (an encoding declaration libxml2 converts with
        // iconv, such as EBCDIC, fails in the converter) skip `sax.serror` and go to the thread's
        // structured handler, or else are printed to stderr: route them to this parse for its
        // life. The handler is thread-local in libxml2, so parses on other threads keep theirs.
        let savedHandler = __xmlStructuredError().pointee
        let savedContext = __xmlStructuredErrorContext().pointee
        xmlSetStructuredErrorFunc(user) { user, error in
            guard let user, let error else { return }
            Unmanaged<SAXParse>.fromOpaque(user).takeUnretainedValue().state.record(error.pointee)
        }
        defer { xmlSetStructuredErrorFunc(savedContext, savedHandler) }
        let created = head == 0 ? xmlCreatePushParserCtxt(&sax, user, nil, 0, nil)
            : bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: head) {
                xmlCreatePushParserCtxt(&sax, user, $0, Int32(head), nil)
            }
        guard let context = created else { return FormatError("cannot create an XML parser (out of memory)") }
        state.context = context
        defer {
            // libxml2 keeps entity declarations in a document of its own even in SAX mode.
            if let doc = context.pointee.myDoc { xmlFreeDoc(doc) }
            xmlFreeParserCtxt(context)
            state.context = nil
        }
        // The handler has no entity callbacks, so the parser knows only the five predefined
        // entities: a declared entity is never looked up, loaded or expanded. XML_PARSE_NOENT then
        // only makes `&amp;` arrive as `&` (without it libxml2 hands attribute values over as
        // `&#38;`, for a tree builder to re-parse). Not DTDLOAD or DTDATTR (nothing is read from a
        // DTD), RECOVER (the first fatal error ends the parse) or HUGE (it lifts the entity guards
        // along with the size limits; feeding chunks keeps big documents under the size limits).
        xmlCtxtUseOptions(context, Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOENT.rawValue))

        var offset = head
        var status: Int32 = 0
        while offset < bytes.count && status == 0 && state.failure == nil {
            let n = min(Self.chunkSize, bytes.count - offset)
            status = (bytes.baseAddress! + offset).withMemoryRebound(to: CChar.self, capacity: n) {
                xmlParseChunk(context, $0, Int32(n), 0)
            }
            offset += n
        }
        if let failure = state.failure { return failure }
        if status != 0 { return state.malformed(what, status) }
        status = xmlParseChunk(context, nil, 0, 1)
        if let failure = state.failure { return failure }
        // libxml2 reports a document that stops inside an element only as "extra content" or
        // "premature end": say which element is unclosed, at the end of the text.
        if let open = state.openNames.last {
            let (line, column) = endPosition(bytes)
            return FormatError("malformed \(what) XML: the document ends inside <\(state.names[open])>", line: line, column: column)
        }
        if !state.sawElement { return FormatError("\(what) XML has no elements", line: 1, column: 1) }
        if status != 0 { return state.malformed(what, status) }
        return nil
    }
}

/// What the SAX callbacks of one parse read and change.
private struct SAXState {
    let handler: any XMLElementHandler
    let maxDepth: Int
    var names = XMLNames()
    var context: xmlParserCtxtPtr?
    var failure: FormatError?
    /// The first error libxml2 reported (fatal errors preferred; see `record`).
    var firstError: (message: String, line: Int, column: Int, fatal: Bool)?
    var sawElement = false
    /// Names of the open elements, innermost last.
    var openNames: [Int32] = []
    /// Each start tag's attributes, reused.
    var attributes: [XMLAttribute] = []

    init(handler: any XMLElementHandler, maxDepth: Int) {
        self.handler = handler
        self.maxDepth = maxDepth
    }

    func malformed(_ what: String, _ status: Int32) -> FormatError {
        if let e = firstError {
            return FormatError("malformed \(what) XML: \(e.message)", line: max(1, e.line), column: max(1, e.column))
        }
        let line = Int(xmlSAX2GetLineNumber(context)), column = Int(xmlSAX2GetColumnNumber(context))
        return FormatError("malformed \(what) XML: libxml2 error \(status)", line: max(1, line), column: max(1, column))
    }

    /// Keeps the first fatal error (what stopped the parse), else the first error; warnings are ignored.
    mutating func record(_ error: xmlError) {
        let level = error.level
        guard level == XML_ERR_ERROR || level == XML_ERR_FATAL else { return }
        let fatal = level == XML_ERR_FATAL
        if let first = firstError, first.fatal || !fatal { return }
        var message = error.message.map { String(cString: $0) } ?? "libxml2 error \(error.code)"
        while let last = message.last, last.isWhitespace { message.removeLast() }
        firstError = (message, Int(error.line), Int(error.int2), fatal)
    }

    mutating func start(_ local: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?,
                        _ nbNamespaces: Int, _ namespaces: UnsafeMutablePointer<UnsafePointer<UInt8>?>?,
                        _ nbAttributes: Int, _ raw: UnsafeMutablePointer<UnsafePointer<UInt8>?>?) {
        guard failure == nil, let context else { return }
        sawElement = true
        let dict = context.pointee.dict
        let name = names.id(local: local, prefix: prefix, dict: dict)
        openNames.append(name)
        attributes.removeAll(keepingCapacity: true)
        if let raw {
            // Five pointers per attribute: local name, prefix, namespace URI, value, value end.
            for k in 0..<nbAttributes {
                let a = raw + 5 * k
                guard let attrLocal = a[0], let value = a[3], let valueEnd = a[4] else { continue }
                let id = names.id(local: attrLocal, prefix: a[1], dict: dict)
                attributes.append(XMLAttribute(name: id, value: UnsafeBufferPointer(start: value, count: valueEnd - value)))
            }
        }
        if let namespaces {
            for k in 0..<nbNamespaces {
                let declared = namespaces[2 * k].map { "xmlns:" + String(cString: $0) } ?? "xmlns"
                let value = namespaces[2 * k + 1].map { UnsafeBufferPointer(start: $0, count: Int(xmlStrlen($0))) }
                attributes.append(XMLAttribute(name: names.id(declared), value: value ?? UnsafeBufferPointer(start: nil, count: 0)))
            }
        }
        do throws(FormatError) {
            guard openNames.count <= maxDepth else { throw FormatError("elements nested deeper than \(maxDepth) levels") }
            try attributes.withUnsafeBufferPointer { (buffer) throws(FormatError) in
                try handler.start(XMLStartTag(name: name, attributes: buffer), names: names)
            }
        } catch {
            var e = error
            if e.line == nil {
                e.line = max(1, Int(xmlSAX2GetLineNumber(context)))
                e.column = max(1, Int(xmlSAX2GetColumnNumber(context)))
            }
            failure = e
            xmlStopParser(context)
        }
    }

    mutating func end() {
        guard failure == nil else { return }
        openNames.removeLast()
        handler.end()
    }
}

/// Offset of the first byte that does not start a valid UTF-8 sequence, or nil.
///
/// Eight ASCII bytes at a time: documents are nearly all ASCII, and this runs over all of them.
private func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
        guard let p = buffer.baseAddress else { return nil }
        let n = buffer.count
        var i = 0
        while i < n {
            if i + 8 <= n && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
                continue
            }
            let b0 = p[i]
            if b0 < 0x80 { i += 1; continue }
            func continuation(_ k: Int, _ lo: UInt8 = 0x80, _ hi: UInt8 = 0xBF) -> Bool {
                i + k < n && p[i + k] >= lo && p[i + k] <= hi
            }
            switch b0 {
            case 0xC2...0xDF:
                guard continuation(1) else { return i }
                i += 2
            case 0xE0...0xEF:
                // No overlong forms (E0 80...9F) and no surrogates (ED A0...BF).
                let lo: UInt8 = b0 == 0xE0 ? 0xA0 : 0x80, hi: UInt8 = b0 == 0xED ? 0x9F : 0xBF
                guard continuation(1, lo, hi), continuation(2) else { return i }
                i += 3
            case 0xF0...0xF4:
                // No overlong forms (F0 80...8F) and nothing past U+10FFFF (F4 90...).
                let lo: UInt8 = b0 == 0xF0 ? 0x90 : 0x80, hi: UInt8 = b0 == 0xF4 ? 0x8F : 0xBF
                guard continuation(1, lo, hi), continuation(2), continuation(3) else { return i }
                i += 4
            default:
                return i
            }
        }
        return nil
    }
}

/// Line and column just past the last byte (columns count characters, as JSONReader's do).
private func endPosition(_ bytes: some Sequence<UInt8>) -> (Int, Int) {
    var line = 1, column = 1
    for b in bytes {
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }
    return (line, column)
}
