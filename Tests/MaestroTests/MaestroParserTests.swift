import MaestroEngine
import ViewSelectors
import ViewSelectorsTesting
import SelectorCore
import Testing
import Foundation

/// How selectors are read: every way a flow writes one gives the same selector, every key is
/// typed as Maestro's YAML reader types it, and every mistake is an error naming the key at its
/// column.
@Suite struct MaestroParserTests {
    /// The fields of a parsed selector that tests compare, as text.
    static func summary(_ s: MaestroSelector) -> String {
        var parts: [String] = []
        if let t = s.text { parts.append("text=\(t.source)") }
        if let i = s.id { parts.append("id=\(i.source)") }
        if let w = s.width { parts.append("width=\(w)") }
        if let h = s.height { parts.append("height=\(h)") }
        if let t = s.tolerance { parts.append("tolerance=\(t)") }
        if !s.traits.isEmpty { parts.append("traits=" + s.traits.map(\.yamlName).joined(separator: "+")) }
        for (name, v) in [("enabled", s.enabled), ("selected", s.selected), ("checked", s.checked), ("focused", s.focused)] {
            if let v { parts.append("\(name)=\(v)") }
        }
        if let i = s.index { parts.append("index=\(i)") }
        for a in s.anchors { parts.append("\(a.relation.rawValue)(\(summary(a.selector)))") }
        for c in s.containsChild { parts.append("containsChild(\(summary(c)))") }
        if let d = s.containsDescendants { parts.append("containsDescendants[" + d.map(summary).joined(separator: "; ") + "]") }
        for p in s.childOf { parts.append("childOf(\(summary(p)))") }
        return parts.joined(separator: " ")
    }

    static func parse(_ text: String) throws -> String { summary(try MaestroSelector.parse(text)) }

    @Test("one selector, every spelling", arguments: [
        #"{text: "Log.*", below: {id: "header"}, index: 1}"#,
        #"{"text": "Log.*", "below": {"id": "header"}, "index": 1}"#,
        #"{"text":"Log.*","below":{"id":"header"},"index":"1"}"#,
        "{ text: 'Log.*' , below: { id: header } , index: 1.0 }",
        "text: Log.*\nbelow:\n  id: header\nindex: 1",
        "  text: \"Log.*\"   # the button\n  below: {id: header}\n  index: 1\n",
        "---\ntext: Log.*\nbelow:\n    id: header\nindex: 1\n",
        "{text: Log.*,\n below: {id: header},\n index: 1,}",
        "text: Log.*\r\nbelow:\r\n  id: header\r\nindex: 1\r\n",
    ])
    func spellings(text: String) throws {
        #expect(try Self.parse(text) == "text=Log.* index=1 below(id=header)")
    }

    @Test func scalarsAreText() throws {
        #expect(try Self.parse("Login") == "text=Login")
        #expect(try Self.parse("  Log In  ") == "text=Log In")
        #expect(try Self.parse("\"Log In\"") == "text=Log In")
        #expect(try Self.parse("'It''s'") == "text=It's")
        #expect(try Self.parse("2022") == "text=2022")
        #expect(try Self.parse("true") == "text=true")
        #expect(try Self.parse(#"\+123456"#) == #"text=\+123456"#)
        #expect(try Self.parse(".*Reply 1.*") == "text=.*Reply 1.*")
        // YAML: a `#` after a blank starts a comment.
        #expect(try Self.parse("Item#1") == "text=Item#1")
        #expect(try Self.parse("Item #1") == "text=Item")
        #expect(try Self.parse(#""Tab\tstop \u00e9 \\d""#) == "text=Tab\tstop é \\d")
        #expect(try Self.parse("{text: 2022, id: 7}") == "text=2022 id=7")
    }

    /// YAML the hand-written reader refused and libyaml reads, as Maestro's SnakeYAML does.
    @Test func multiLinePlainTexts() throws {
        #expect(try Self.parse("text:\n  Login") == "text=Login")
        #expect(try Self.parse("containsDescendants:\n  - a\n   - b") == "containsDescendants[text=a - b]")
        #expect(try Self.parse("text: Log\n  In\nid: x") == "text=Log In id=x")
    }

    @Test func everyKey() throws {
        #expect(try Self.parse("{id: submit, enabled: true}") == "id=submit enabled=true")
        #expect(try Self.parse("{width: 100, height: 50, tolerance: 2}") == "width=100 height=50 tolerance=2")
        #expect(try Self.parse("{width: 100.7}") == "width=100")
        #expect(try Self.parse("{traits: text square}") == "traits=text+square")
        #expect(try Self.parse("{traits: long-text}") == "traits=long-text")
        #expect(try Self.parse("{selected: false, checked: True, focused: 'false', enabled: FALSE}")
                == "enabled=false selected=false checked=true focused=false")
        // In Maestro's order (Orchestra.buildFilter L1588-1606), whatever the order written.
        #expect(try Self.parse("{rightOf: {text: D}, leftOf: C, above: A, below: B}")
                == "below(text=B) above(text=A) leftOf(text=C) rightOf(text=D)")
        #expect(try Self.parse("{containsChild: {text: Share}}") == "containsChild(text=Share)")
        #expect(try Self.parse("{childOf: {id: list}}") == "childOf(id=list)")
        #expect(try Self.parse("{containsDescendants: [a, {id: b}]}") == "containsDescendants[text=a; id=b]")
        #expect(try Self.parse("{rightOf: \"Name\", traits: [text]}") == "traits=text rightOf(text=Name)")
        #expect(try Self.parse("{index: -1}") == "index=-1")
        #expect(try Self.parse("{index: '-1.5'}") == "index=-1")
        #expect(try Self.parse("{index: 1e10}") == "index=2147483647")
        #expect(try Self.parse("{index: NaN}") == "index=0")
        // Keys that are no filters are read and left out.
        #expect(try Self.parse(#"{text: Card A, point: "50%, 85%", label: "swipe", optional: true, retryTapIfNoChange: false, waitUntilVisible: true, repeat: 2, delay: 100, waitToSettleTimeoutMs: 500, start: "10%, 10%", end: "90%, 90%"}"#)
                == "text=Card A")
        // A null value is an absent key.
        #expect(try Self.parse("{text: ~, id: null, index: }") == "")
        #expect(try Self.parse("{}") == "")
    }

    /// Each mistake, with its message and 1-based column.
    static let errors: [(String, String, Int)] = [
        ("", "expected a selector: a text, or a mapping such as {text: \"Login\"}", 1),
        ("   # only a comment", "expected a selector: a text, or a mapping such as {text: \"Login\"}", 20),
        ("{txt: Login}", "unknown key 'txt' (Maestro's keys: text, id, width, height, tolerance, optional, retryTapIfNoChange, waitUntilVisible, point, start, end, below, above, leftOf, rightOf, containsChild, containsDescendants, traits, index, enabled, selected, checked, focused, repeat, delay, waitToSettleTimeoutMs, childOf, label, css)", 2),
        ("Time: 10:30", "unknown key 'Time' (Maestro's keys: text, id, width, height, tolerance, optional, retryTapIfNoChange, waitUntilVisible, point, start, end, below, above, leftOf, rightOf, containsChild, containsDescendants, traits, index, enabled, selected, checked, focused, repeat, delay, waitToSettleTimeoutMs, childOf, label, css)", 1),
        // Yams refuses a repeated key before the selector is read, naming its first occurrence.
        ("{text: a, text: b}", "the key 'text' is given twice", 2),
        ("{text: a, \"text\": b}", "the key 'text' is given twice", 2),
        ("{text: {id: x}}", "'text' takes a text, not a mapping", 8),
        ("{id: [a]}", "'id' takes a text, not a list", 6),
        ("{enabled: yes}", "'enabled' takes true or false", 11),
        ("{checked: 1}", "'checked' takes true or false", 11),
        ("{width: wide}", "'width' takes a whole number", 9),
        ("{tolerance: 99999999999}", "'tolerance' takes a whole number", 13),
        ("{index: first}", "'index' takes a number", 9),
        ("{index: [1]}", "'index' takes a number, not a list", 9),
        ("index: ${0 + 1}", "'index' holds a JavaScript expression (${…}), which Maestro evaluates first; write its value", 8),
        ("text: ${MAESTRO_USER}", "'text' holds a JavaScript expression (${…}), which Maestro evaluates before matching; write its value", 7),
        // In flow style a `{` ends a plain text, as YAML reads it. YAML syntax errors are libyaml's
        // words (with its context in parentheses).
        ("{text: ${X}}", "did not find expected ',' or '}' (while parsing a flow mapping)", 9),
        ("{traits: round}", "unknown trait 'round' (Maestro's traits: text, square, long-text)", 10),
        ("{traits: {a: b}}", "'traits' takes names of traits (text, square, long-text), not a mapping", 10),
        ("{below: [a]}", "expected a selector (a text or a mapping), got a list", 9),
        ("{containsDescendants: a}", "'containsDescendants' takes a list of selectors", 23),
        ("{containsDescendants: [{text: a, below: b}]}", "an entry of 'containsDescendants' may hold text, id, size, traits and state keys only (Maestro evaluates relations and index there against a single view)", 24),
        ("{containsDescendants: [a, {text: b, index: 0}]}", "an entry of 'containsDescendants' may hold text, id, size, traits and state keys only (Maestro evaluates relations and index there against a single view)", 27),
        ("{css: .test}", "'css' is answered by the browser (Maestro asks the web page); this engine cannot evaluate it", 2),
        ("{point: \"50%, 50%\"}", "a 'point' without other keys taps the screen, not a view", 2),
        ("[Login]", "a selector is a text or a mapping of keys, not a list", 1),
        ("- Login", "a selector is a text or a mapping of keys, not a list", 1),
        // What runs to the end unclosed is shown where it opens.
        ("{text: Login", "did not find expected ',' or '}' (while parsing a flow mapping)", 1),
        ("{text: Login]", "did not find expected ',' or '}' (while parsing a flow mapping)", 13),
        ("{text:Login}", "expected a space after ':' (YAML reads 'text:Login' as one word)", 6),
        ("{text}", "expected ':' after the key 'text'", 6),
        ("{, text: a}", "did not find expected node content (while parsing a flow node)", 2),
        ("{{a: b}: c}", "a key must be a text, not a mapping or a list", 2),
        ("{text: \"Login}", "found unexpected end of stream (while scanning a quoted scalar)", 8),
        ("{text: 'Login}", "found unexpected end of stream (while scanning a quoted scalar)", 8),
        (#"{text: "\+1"}"#, "found unknown escape character (while parsing a quoted scalar)", 9),
        // libyaml points past the digits it read.
        (#"{text: "\u12"}"#, "did not find expected hexdecimal number (while parsing a quoted scalar)", 11),
        ("{text: &a Login}", "YAML anchors, aliases and tags are not supported in a selector", 8),
        ("{text: *a}", "YAML anchors, aliases and tags are not supported in a selector", 8),
        ("!tag Login", "YAML anchors, aliases and tags are not supported in a selector", 1),
        // In flow style `|` is no block scalar, and nothing can start with it.
        ("{text: |}", "found character that cannot start any token (while scanning for the next token)", 8),
        ("text: |\n  Login", "YAML block scalars ('|', '>') are not supported in a selector; quote the text", 7),
        ("text: >-\n  Login", "YAML block scalars ('|', '>') are not supported in a selector; quote the text", 7),
        ("{text: a} b", "did not find expected <document start>", 11),
        ("\"a\" b", "did not find expected <document start>", 5),
        // `a` and `id` are one plain text over two lines, which cannot be a key.
        ("text: a\n  id: b", "mapping values are not allowed in this context", 13),
        ("text: a b: c", "mapping values are not allowed in this context", 10),
        // Columns count from the selector's start, line breaks included.
        ("containsDescendants:\n  - a\n - b", "did not find expected key (while parsing a block mapping)", 29),
        ("{text: é, id: *a}", "YAML anchors, aliases and tags are not supported in a selector", 15),
        ("text: &a x\nid: *a", "YAML anchors, aliases and tags are not supported in a selector", 7),
        ("{text: !!str a}", "YAML anchors, aliases and tags are not supported in a selector", 8),
        ("{\"text\"}", "expected ':' after the key 'text'", 8),
        ("\u{FEFF}{text: é\r\n, enabled: nope}", "'enabled' takes true or false", 22),
        ("text: a\u{2028}enabled: nope", "'enabled' takes true or false", 18),
        ("text: a\n---\ntext: b", "but found another document (expected a single document in the stream)", 9),
        ("{text: é, enabled: nope}", "'enabled' takes true or false", 20),
    ]

    @Test("errors name the key and its column", arguments: errors)
    func error(selector: String, message: String, column: Int) {
        do {
            _ = try MaestroSelector.parse(selector)
            Issue.record("\(selector) parsed")
        } catch {
            #expect(error.kind == .syntax || error.kind == .limit)
            #expect(error.message == message, "\(selector)")
            #expect(error.column == column, "\(selector): column \(error.column.map(String.init) ?? "none")")
        }
    }

    @Test func nestingLimit() throws {
        let deep = String(repeating: "{below: ", count: 40) + "x" + String(repeating: "}", count: 40)
        #expect(throws: SelectorError.self) { try MaestroSelector.parse(deep) }
        let list = String(repeating: "[", count: 100_000)
        #expect(throws: SelectorError.self) { try MaestroSelector.parse(list) }
        let ok = String(repeating: "{below: ", count: 20) + "x" + String(repeating: "}", count: 20)
        #expect(throws: Never.self) { try MaestroSelector.parse(ok) }
    }

    /// Yams builds its tree by recursion to libyaml's cap of 1,000 levels: deep selectors are
    /// refused on a 512 KiB stack (a Darwin dispatch thread's) without overflowing it.
    @Test(arguments: [("[", "]"), ("{a: ", "}"), ("- ", "")])
    func deepNestingOnASmallStack(open: String, close: String) {
        for depth in [700, 1_001, 100_000] {
            let selector = String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
            final class Outcome: @unchecked Sendable { var kind: SelectorError.Kind? }
            let outcome = Outcome()
            let done = DispatchSemaphore(value: 0)
            let thread = Thread {
                do throws(SelectorError) { _ = try MaestroSelector.parse(selector) } catch { outcome.kind = error.kind }
                done.signal()
            }
            thread.stackSize = 512 * 1024
            thread.start()
            done.wait()
            #expect(outcome.kind == .limit, "\(open) × \(depth)")
        }
    }

    /// Relations repeat their `childOf` parent's steps, so parents nested with relations at each
    /// level would multiply what a query runs: refused with the limit error, at once.
    @Test func relationsUnderNestedParentsAreBounded() throws {
        var selector = "x"
        for _ in 0..<12 { selector = "{below: a, above: b, leftOf: c, rightOf: d, childOf: \(selector)}" }
        do {
            _ = try MaestroEngine().compile(selector)
            Issue.record("compiled")
        } catch {
            #expect(error.kind == .limit)
            #expect(error.message == "the selector runs more than 4096 steps: each relation repeats its childOf parent's steps")
        }
        var three = "x"
        for _ in 0..<3 { three = "{below: a, above: b, leftOf: c, rightOf: d, childOf: \(three)}" }
        #expect(throws: Never.self) { _ = try MaestroEngine().compile(three) }
    }

    /// Through the registry, a part of a `>>` chain reports its column in the whole selector.
    @Test func errorsThroughTheRegistry() {
        do {
            _ = try registry.select("maestro:{txt: a}", in: screen())
            Issue.record("selected")
        } catch {
            #expect(error.message.hasPrefix("unknown key 'txt'"))
            #expect(error.column == 10)
            #expect(error.engine == "maestro")
        }
    }
}


/// Mutated selectors (bytes replaced, inserted, cut; YAML's indicators spliced in) never crash
/// the reader, the compiler or the matcher: each either selects or throws a `SelectorError`.
@Suite struct MaestroRobustnessTests {
    static let seeds = [
        #"{text: "Log.*", below: {id: "header"}, index: 1}"#, "text: a\nbelow:\n  id: b\ncontainsDescendants:\n  - x\n  - {id: y}",
        #"{"text": "a\u00e9\n", "childOf": {"containsChild": "b"}}"#, "'It''s' # c", "{traits: [text, square], enabled: true}",
    ]
    static let splices = ["{", "}", "[", "]", ",", ": ", "- ", "\n", "\n  ", "'", "\"", "\\", "#", "&", "*", "!", "|", "${", "\u{0}", "é", ">>"]

    @Test func mutationsNeverCrash() throws {
        var rng = SeededRandom(seed: 33)
        let tree = try SampleApp.tree()
        var selected = 0, refused = 0
        for _ in 0..<3_000 {
            var bytes = Array(Self.seeds[rng.below(Self.seeds.count)].utf8)
            for _ in 0..<(1 + rng.below(4)) {
                let at = bytes.isEmpty ? 0 : rng.below(bytes.count + 1)
                switch rng.below(4) {
                case 0 where !bytes.isEmpty && at < bytes.count: bytes.remove(at: at)
                case 1: bytes.insert(contentsOf: Array(Self.splices[rng.below(Self.splices.count)].utf8), at: at)
                case 2 where at < bytes.count: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                default: bytes = Array(bytes[..<at])
                }
            }
            let text = String(decoding: bytes, as: UTF8.self)
            do { _ = try registry.select(text, engine: "maestro", in: tree); selected += 1 } catch { refused += 1 }
        }
        #expect(selected > 100)
        #expect(refused > 100)
    }
}
