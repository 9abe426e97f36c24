import HierarchyFormats
import Hummingbird
import LocatorGate
import SelectorCore
import TreeAlignment

// The inspector's "compare with another recording" mode (Docs/Inspector.md): the page posts a
// recording, the server aligns it with the tree it serves (`align(_:_:)`, the one `frankly diff`
// runs) and answers the edits, and, for the selected view, its suggestions ranked by how they
// survive on both (`robustSuggestions`, the one `frankly suggest` runs).
//
// Stateless: nothing posted outlives its request. The page keeps the file and posts it again for
// each view it ranks suggestions for, so no client can change what another one compares with, no
// memory stays pinned between requests, and the alignment is always with the tree served now
// (after a `touch` has changed it). The price is a load and an alignment per selected view:
// milliseconds for real recordings (a few thousand views), and bounded for any (below).
//
// Clients are not trusted. Both routes go through the Origin guard like every route; the body is
// read up to `maxRecordingBytes` (413 past it, while reading, and at once on a declared length:
// `DeclaredBodyLimitMiddleware`), at a rate and within a time and a shared memory bound
// (`RecordingUploadReader`: 408, 503); at most `maxConcurrentComparisons` run at once, a slot
// taken once the body has arrived (503 otherwise); loading, aligning and ranking run in the
// query lane, off the event loop, within `queryTimeBudget`, which the alignment checks as it
// goes (Docs/Alignment.md, "Complexity"); the recording is loaded with
// `maxRecordingViews` and `maxRecordingDepth` as its limits, and one that is malformed, of no
// known format or over a limit is answered 400 with the loader's message.

/// A posted recording that cannot be compared: answered 400 with the reason.
struct RecordingRefused: Error {
    let details: String

    var response: Response {
        FranklyResponse.error(FranklyError(reason: "invalid recording", details: details), status: .badRequest)
    }
}

extension Endpoints {
    /// `POST /inspector/diff` with a recording (any format `HierarchyFormat.detect` knows) as the
    /// body: the served tree aligned with it, as `frankly diff SERVED POSTED --format json` prints it
    /// (`AlignmentReport.json`: `matches`, `inserted`, `deleted`, `moved`, `changed`, by uid), plus
    /// what the page draws the recording from: `format`, `servedCount`, `tree` (the recording as
    /// `/inspector/tree` sends the served one), `counterpart` (per served view, its counterpart's
    /// node id in `tree`, or -1) and `edits` (`served`, `compared`: per view, 1 deleted or
    /// inserted, 2 moved, 4 changed, or'ed).
    func inspectorDiff(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let (bytes, held) = try await recordings.bytes(of: request)
        guard let slot = comparisons.take() else { return comparisons.busy() }
        defer { withExtendedLifetime((slot, held)) {} }
        let served = host.tree
        let configuration = self.configuration
        let deadline = queryDeadline
        let outcome = try await reads.run(deadline: deadline) { () -> Result<[UInt8], RecordingRefused> in
            let compared: (tree: ViewTree, format: HierarchyFormat)
            do throws(RecordingRefused) { compared = try Self.loadRecording(bytes, configuration) } catch { return .failure(error) }
            try Self.checkBudget(deadline, "loading the recording")
            let alignment = try Self.aligned(served, compared.tree, deadline)
            return .success(Self.diffJSON(alignment, served: served, compared: compared.tree, format: compared.format))
        }
        switch outcome {
        case .success(let json): return FranklyResponse.jsonBytes(json)
        case .failure(let refused): return refused.response
        }
    }

    /// `POST /inspector/survival/<id>` with a recording as the body: served view `id`'s suggestions
    /// in every engine, ranked by how they survive on the served tree and the recording (selecting
    /// exactly the view, and exactly its counterpart: `robustSuggestions`), `{"id", "counterpart":
    /// node id in the recording or null, "recordings": 2, "suggestions": [{"engine", "selector",
    /// "survives": [Bool, Bool], "rate"}]}` in `robustSuggestions`' order (engine by engine, each
    /// engine's by rate, then in its own order; those surviving nowhere left out); `selectorsStopped` when the
    /// budget ran out before every engine was ranked (none is then sent: a partial ranking would
    /// mislead). 404 outside the served tree.
    func inspectorSurvival(_ request: Request, _ context: BasicRequestContext) async throws -> Response {
        let served = host.tree
        guard let text = context.parameters.get("id"), let id = Int32(text), id >= 0, Int(id) < served.count else {
            return FranklyResponse.notFound
        }
        let (bytes, held) = try await recordings.bytes(of: request)
        guard let slot = comparisons.take() else { return comparisons.busy() }
        defer { withExtendedLifetime((slot, held)) {} }
        let configuration = self.configuration
        let registry = self.registry
        let deadline = queryDeadline
        let outcome = try await reads.run(deadline: deadline) { () -> Result<JSONValue, RecordingRefused> in
            let compared: ViewTree
            do throws(RecordingRefused) { compared = try Self.loadRecording(bytes, configuration).tree } catch { return .failure(error) }
            try Self.checkBudget(deadline, "loading the recording")
            let counterpart = try Self.aligned(served, compared, deadline).newCounterpart(of: id)
            var pairs: [(String, JSONValue)] = [
                ("id", .int(Int64(id))), ("counterpart", counterpart.map { .int(Int64($0)) } ?? .null),
                ("recordings", .int(2)),
            ]
            do throws(SelectorError) {
                let ranked = try registry.robustSuggestions(for: id, in: [served, compared], counterparts: [id, counterpart],
                                                            deadline: deadline)
                pairs.append(("suggestions", .array(ranked.map(\.json))))
            } catch {
                pairs.append(("suggestions", .array([])))
                pairs.append(("selectorsStopped", .string(error.message)))
            }
            return .success(.object(pairs))
        }
        switch outcome {
        case .success(let json): return FranklyResponse.json(json)
        case .failure(let refused): return refused.response
        }
    }

    /// The posted recording, in the format its content shows, within the configured limits; a
    /// `RecordingRefused` naming what is wrong otherwise.
    static func loadRecording(_ bytes: [UInt8], _ configuration: FranklyServerConfiguration)
        throws(RecordingRefused) -> (tree: ViewTree, format: HierarchyFormat) {
        // The generic `xml` format is never detected: any other XML document is no recording.
        let known = HierarchyFormat.allCases.filter { $0 != .xml }.map(\.rawValue).joined(separator: ", ")
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            throw RecordingRefused(details: "the request body is empty: send a recording (\(known)) as the body")
        }
        guard let format = HierarchyFormat.detect(bytes) else {
            throw RecordingRefused(details: "cannot tell the format of this recording: it is none of the formats read from their content (\(known))")
        }
        let maxViews = max(1, configuration.maxRecordingViews), maxDepth = max(1, configuration.maxRecordingDepth)
        let tree: ViewTree
        do throws(FormatError) {
            var limits = FormatLimits()
            limits.maxNodes = maxViews
            limits.maxViewDepth = maxDepth
            // JSON views nest two levels each (an object, then its `children` array).
            limits.maxJSONDepth = min(limits.maxJSONDepth, 2 * maxDepth + 8)
            limits.maxInputBytes = configuration.maxRecordingBytes
            tree = try format.load(bytes, limits: limits)
        } catch {
            // The loader's message names the fault and its place, or the limit passed.
            throw RecordingRefused(details: "cannot load this \(format.rawValue) recording: \(error.description)")
        }
        guard tree.count > 0 else { throw RecordingRefused(details: "the \(format.rawValue) recording holds no views") }
        // Whatever each loader counts as nesting, one rule for all formats.
        if let deepest = tree.depths.max(), Int(deepest) >= maxDepth {
            throw RecordingRefused(details: "the recording nests views \(deepest + 1) deep; the limit is \(maxDepth) (FranklyServerConfiguration.maxRecordingDepth)")
        }
        return (tree, format)
    }

    /// Throws `time budget exceeded` once `deadline` has passed, naming the `phase` that used it up.
    static func checkBudget(_ deadline: ContinuousClock.Instant, _ phase: String) throws {
        guard ContinuousClock.now >= deadline else { return }
        throw budgetExceeded(phase)
    }

    /// The served tree aligned with `compared`; the alignment checks `deadline` as it goes and
    /// stops there (`time budget exceeded`, naming the alignment).
    static func aligned(_ served: ViewTree, _ compared: ViewTree, _ deadline: ContinuousClock.Instant) throws -> ViewTreeAlignment {
        do {
            return try align(served, compared, deadline: QueryDeadline(deadline))
        } catch where error.kind == .deadline {
            throw budgetExceeded("aligning the recordings")
        }
    }

    static func budgetExceeded(_ phase: String) -> FranklyError {
        FranklyError(reason: "time budget exceeded",
                     details: "\(phase) used up the request's time budget (FranklyServerConfiguration.queryTimeBudget)")
    }

    /// `inspectorDiff`'s answer, written straight into bytes: the recording's tree is
    /// `/inspector/tree`'s document as is, not parsed back into values.
    static func diffJSON(_ a: ViewTreeAlignment, served: ViewTree, compared: ViewTree, format: HierarchyFormat) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 64 * (served.count + compared.count) + 1024)
        guard case .object(let report) = AlignmentReport.json(a, old: served, new: compared) else { return [] }
        w.bytes.append(UInt8(ascii: "{"))
        func key(_ name: String) {
            if w.bytes.count > 1 { w.bytes.append(UInt8(ascii: ",")) }
            w.string(name)
            w.bytes.append(UInt8(ascii: ":"))
        }
        func ints(_ values: [Int32]) {
            w.bytes.append(UInt8(ascii: "["))
            for (k, v) in values.enumerated() {
                if k > 0 { w.bytes.append(UInt8(ascii: ",")) }
                w.integer(Int64(v))
            }
            w.bytes.append(UInt8(ascii: "]"))
        }
        for (name, value) in report { key(name); w.value(value) }
        key("format"); w.string(format.rawValue)
        key("servedCount"); w.integer(Int64(served.count))
        key("tree"); w.bytes.append(contentsOf: compared.inspectorTreeJSON())
        var counterpart = [Int32](repeating: -1, count: served.count)
        for p in a.matches { counterpart[Int(p.old)] = p.new }
        key("counterpart"); ints(counterpart)
        var servedEdits = [Int32](repeating: 0, count: served.count)
        var comparedEdits = [Int32](repeating: 0, count: compared.count)
        for v in a.deleted { servedEdits[Int(v)] |= 1 }
        for v in a.inserted { comparedEdits[Int(v)] |= 1 }
        for p in a.moved { servedEdits[Int(p.old)] |= 2; comparedEdits[Int(p.new)] |= 2 }
        for c in a.changed { servedEdits[Int(c.old)] |= 4; comparedEdits[Int(c.new)] |= 4 }
        key("edits")
        w.bytes.append(UInt8(ascii: "{"))
        w.string("served"); w.bytes.append(UInt8(ascii: ":")); ints(servedEdits)
        w.bytes.append(UInt8(ascii: ","))
        w.string("compared"); w.bytes.append(UInt8(ascii: ":")); ints(comparedEdits)
        w.bytes.append(UInt8(ascii: "}"))
        w.bytes.append(UInt8(ascii: "}"))
        return w.bytes
    }
}
