import PredicateFormat
public import SelectorCore

/// Parses the path part of a class chain: steps, axes, classes, indexes; predicates go to the
/// shared NSPredicate parser (`PredicateFormat`). Offsets are UTF-8 bytes of the whole selector.
public struct ChainParser {
    let selector: String
    let bytes: [UInt8]
    var position = 0

    public init(_ selector: String) { self.selector = selector; self.bytes = Array(selector.utf8) }

    /// Parses the whole selector.
    public static func parse(_ selector: String) throws(SelectorError) -> ParsedChain {
        var parser = ChainParser(selector)
        do throws(ClassChainParseError) {
            return try parser.parseChain()
        } catch {
            throw error.selectorError(in: selector)
        }
    }

    mutating func parseChain() throws(ClassChainParseError) -> ParsedChain {
        guard !bytes.isEmpty else { throw error(.emptyChain, at: 0) }
        var steps: [ParsedChain.Step] = []
        var axis: ParsedChain.Step.Axis = .child
        if consume("**/") { axis = .descendant }
        while true {
            steps.append(try parseStep(axis))
            if position == bytes.count { return ParsedChain(steps: steps) }
            if consume("/**/") { axis = .descendant; continue }
            if consume("/") { axis = .child; continue }
            throw error(.expectedSeparator, at: position)
        }
    }

    private mutating func parseStep(_ axis: ParsedChain.Step.Axis) throws(ClassChainParseError) -> ParsedChain.Step {
        let start = position
        var className: String? = nil
        if consume("*") {
            if peek(UInt8(ascii: "*")) { throw error(.doubleStarNeedsSlash, at: start) }
        } else {
            while position < bytes.count && Self.isClassByte(bytes[position]) { position += 1 }
            guard position > start else {
                throw error(.expectedClassName(atEnd: position == bytes.count), at: position)
            }
            className = String(decoding: bytes[start..<position], as: UTF8.self)
        }
        var filters: [ParsedChain.Filter] = []
        var indexed = false
        while consume("[") {
            let open = position - 1
            let filter = try parseFilter()
            // WebDriverAgent's FBClassChainQueryParser: one position per step, after its predicates.
            if case .index = filter {
                if indexed { throw error(.secondIndex, at: open) }
                indexed = true
            } else if indexed {
                throw error(.predicateAfterIndex, at: open)
            }
            filters.append(filter)
        }
        return ParsedChain.Step(axis: axis, className: className, filters: filters)
    }

    private mutating func parseFilter() throws(ClassChainParseError) -> ParsedChain.Filter {
        let open = position - 1
        let filter: ParsedChain.Filter
        if let marker = [UInt8(ascii: "`"), UInt8(ascii: "$")].first(where: { peek($0) }) {
            position += 1
            let predicate = try parsePredicate(closedBy: marker)
            filter = marker == UInt8(ascii: "`") ? .predicate(predicate) : .descendantPredicate(predicate)
        } else {
            let start = position
            if peek(UInt8(ascii: "-")) { position += 1 }
            while position < bytes.count && bytes[position] >= 0x30 && bytes[position] <= 0x39 { position += 1 }
            guard let n = Int(String(decoding: bytes[start..<position], as: UTF8.self)) else {
                throw error(.expectedIndexOrPredicate, at: start)
            }
            guard n != 0 else { throw error(.zeroIndex, at: start) }
            filter = .index(n > 0 ? n - 1 : n)
        }
        guard consume("]") else { throw error(.unclosedBracket(openedAtColumn: column(open)), at: position) }
        return filter
    }

    /// The NSPredicate between the markers (the opening one consumed): WebDriverAgent's
    /// `FBAbstractPredicateToken` reads a doubled marker inside as one literal marker
    /// (`` `name == "a``b"` `` is the name a`b), so only a single marker closes the predicate.
    private mutating func parsePredicate(closedBy marker: UInt8) throws(ClassChainParseError) -> Predicate {
        let symbol = marker == UInt8(ascii: "`") ? "`" : "$"
        let start = position
        // The predicate's bytes, and for each the offset it came from in the selector.
        var text: [UInt8] = []
        var origin: [Int] = []
        while true {
            guard position < bytes.count else {
                throw error(.unterminatedPredicate(marker: symbol), at: start - 1)
            }
            if bytes[position] == marker {
                guard position + 1 < bytes.count, bytes[position + 1] == marker else { break }
                text.append(marker); origin.append(position)
                position += 2
                continue
            }
            text.append(bytes[position]); origin.append(position)
            position += 1
        }
        guard start < position else { throw error(.emptyPredicate, at: start) }
        defer { position += 1 }
        if text.count == position - start {
            do throws(PredicateFormatParseError) {
                return try PredicateFormat().parse(selector, bytes: bytes, range: start..<position)
            } catch {
                throw ClassChainParseError(.predicate(error), at: error.offset)
            }
        }
        // Doubled markers: compile the unescaped text, then point errors back into the selector.
        do throws(PredicateFormatParseError) {
            return try PredicateFormat().parse(String(decoding: text, as: UTF8.self), bytes: text, range: 0..<text.count)
        } catch var e {
            let offset = e.offset
            e.offset = offset < origin.count ? origin[max(0, offset)] : position
            if case .evaluation(var inner) = e.kind {
                inner.offset = e.offset
                inner.selector = selector
                e.kind = .evaluation(inner)
            }
            throw ClassChainParseError(.predicate(e), at: e.offset)
        }
    }

    private func peek(_ byte: UInt8) -> Bool { position < bytes.count && bytes[position] == byte }

    private mutating func consume(_ literal: StaticString) -> Bool {
        let n = literal.utf8CodeUnitCount
        guard position + n <= bytes.count else { return false }
        let p = literal.utf8Start
        for i in 0..<n where bytes[position + i] != p[i] { return false }
        position += n
        return true
    }

    private func column(_ offset: Int) -> Int { SelectorError.syntax("", at: offset, in: selector).column ?? offset + 1 }

    private func error(_ kind: ClassChainParseError.Kind, at offset: Int) -> ClassChainParseError {
        ClassChainParseError(kind, at: offset)
    }

    /// Letters, digits, `_` and `.` (module-qualified Swift classes), as the other engines.
    static func isClassByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2E
    }
}
