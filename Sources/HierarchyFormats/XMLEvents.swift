import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SelectorCore

/// What an XML loader does with the document's elements, in document order.
protocol XMLElementHandler: AnyObject {
    /// An element opened. Throwing stops the parse with the error at the element's position.
    func start(_ name: String, attributes: [String: String]) throws(FormatError)
    /// The element most recently opened and not yet closed has closed.
    func end(_ name: String)
}

/// Runs Foundation's `XMLParser` (libxml2's SAX parser underneath) over `bytes`, handing elements
/// to `handler`. Malformed XML, and any error the handler throws, comes back as a `FormatError`
/// with the parser's line and column; nothing is resolved from outside the document.
func parseXML(_ bytes: [UInt8], what: String, limits: FormatLimits,
              into handler: any XMLElementHandler) throws(FormatError) {
    // Foundation's XMLParser traps (crashes the process) on some invalid UTF-8 that libxml2 passes
    // through in attribute values (found by Fuzz/ `formats`; MalformedInputTests keeps the input),
    // so refuse such documents before it sees them.
    if let bad = firstInvalidUTF8(bytes) {
        let (line, column) = endPosition(bytes[..<bad])
        throw FormatError("malformed \(what) XML: invalid UTF-8 at byte \(bad)", line: line, column: column)
    }
    // A stream, not `XMLParser(data:)`: given the whole document as one chunk, libxml2's push
    // parser stops at 10 MB ("Huge input lookup"); a stream feeds it in small chunks.
    let parser = XMLParser(stream: InputStream(data: Data(bytes)))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    let delegate = SAXDelegate(handler: handler, maxDepth: limits.maxViewDepth)
    parser.delegate = delegate
    let ok = parser.parse()
    if let failure = delegate.failure { throw failure }
    guard ok else {
        let reason = parser.parserError.map { describe($0) } ?? "unknown error"
        // The position libxml2 had when it reported the error; afterwards it may point elsewhere.
        let (line, column) = delegate.errorPosition ?? (parser.lineNumber, parser.columnNumber)
        throw FormatError("malformed \(what) XML: \(reason)", line: max(1, line), column: max(1, column))
    }
    guard delegate.sawElement else { throw FormatError("\(what) XML has no elements", line: 1, column: 1) }
    // Fed from a stream, libxml2 accepts a document that stops inside an element: refuse it here.
    if let open = delegate.openNames.last {
        let (line, column) = endPosition(bytes[...])
        throw FormatError("malformed \(what) XML: the document ends inside <\(open)>", line: line, column: column)
    }
}

/// Offset of the first byte that does not start a valid UTF-8 sequence, or nil.
private func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    if String(validating: bytes, as: UTF8.self) != nil { return nil }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    while true {
        switch parser.parseScalar(from: &iterator) {
        case .valid(let scalar): offset += scalar.count
        case .error: return offset
        case .emptyInput: return nil
        }
    }
}

/// Line and column just past the last byte (columns count characters, as JSONReader's do).
private func endPosition(_ bytes: ArraySlice<UInt8>) -> (Int, Int) {
    var line = 1, column = 1
    for b in bytes {
        if b == 0x0A { line += 1; column = 1 } else if b & 0xC0 != 0x80 { column += 1 }
    }
    return (line, column)
}

/// libxml2's message when Foundation kept it, else the error code.
private func describe(_ error: any Error) -> String {
    let ns = error as NSError
    if let text = ns.userInfo[NSLocalizedDescriptionKey] as? String, !text.isEmpty {
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return "XMLParser error \(ns.code)"
}

private final class SAXDelegate: NSObject, XMLParserDelegate {
    let handler: any XMLElementHandler
    let maxDepth: Int
    var failure: FormatError?
    var errorPosition: (Int, Int)?
    var sawElement = false
    /// Names of the open elements, innermost last.
    var openNames: [String] = []

    init(handler: any XMLElementHandler, maxDepth: Int) { self.handler = handler; self.maxDepth = maxDepth }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        if errorPosition == nil { errorPosition = (parser.lineNumber, parser.columnNumber) }
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        sawElement = true
        openNames.append(elementName)
        do throws(FormatError) {
            guard openNames.count <= maxDepth else { throw FormatError("elements nested deeper than \(maxDepth) levels") }
            try handler.start(elementName, attributes: attributeDict)
        } catch {
            var e = error
            if e.line == nil { e.line = max(1, parser.lineNumber); e.column = max(1, parser.columnNumber) }
            failure = e
            parser.abortParsing()
        }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?) {
        guard failure == nil else { return }
        openNames.removeLast()
        handler.end(elementName)
    }
}
