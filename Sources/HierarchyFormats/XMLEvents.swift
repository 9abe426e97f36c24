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
func parseXML(_ bytes: [UInt8], what: String, into handler: any XMLElementHandler) throws(FormatError) {
    // A stream, not `XMLParser(data:)`: given the whole document as one chunk, libxml2's push
    // parser stops at 10 MB ("Huge input lookup"); a stream feeds it in small chunks.
    let parser = XMLParser(stream: InputStream(data: Data(bytes)))
    parser.shouldResolveExternalEntities = false
    parser.shouldProcessNamespaces = false
    let delegate = SAXDelegate(handler: handler)
    parser.delegate = delegate
    let ok = parser.parse()
    if let failure = delegate.failure { throw failure }
    guard ok else {
        let reason = parser.parserError.map { describe($0) } ?? "unknown error"
        throw FormatError("malformed \(what) XML: \(reason)", line: max(1, parser.lineNumber),
                          column: max(1, parser.columnNumber))
    }
    guard delegate.sawElement else { throw FormatError("\(what) XML has no elements", line: 1, column: 1) }
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
    var failure: FormatError?
    var sawElement = false

    init(handler: any XMLElementHandler) { self.handler = handler }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        guard failure == nil else { return }
        sawElement = true
        do {
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
        handler.end(elementName)
    }
}
