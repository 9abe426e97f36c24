internal import MCP

/// The tools as `tools/list` describes them: what each answers and its arguments' JSON Schema
/// (every schema closed with `additionalProperties: false`, as `ToolArguments` enforces).
enum ToolCatalog {
    static func tools(_ toolbox: MCPToolbox) -> [Tool] {
        let engines = Value.array(toolbox.registry.names.map { .string($0) })
        let recordingNote = toolbox.recordings.isEmpty
            ? "a file path to a recording"
            : "a recording's name (\(toolbox.recordings.prefix(8).map(\.name).joined(separator: ", ")))" + (toolbox.allowPaths ? " or a file path" : "")
        let leftOut = toolbox.defaultRecording.map { "left out: \"\($0)\", the server's current tree" }
            ?? "may be left out when frankly mcp was given exactly one"
        let recording: Value = ["type": "string", "description": .string("The recording: \(recordingNote); \(leftOut).")]
        let source: Value = ["type": "string", "description": "The page source itself (XCUITest or UiAutomator XML, Maestro, Calabash or UIAutomation JSON, Frank /dump), instead of \"recording\"."]
        let format: Value = ["type": "string", "enum": ["dump", "xcuitest", "uiautomator", "calabash", "uiautomation", "maestro", "xml"],
                             "description": "The recording's format (default: read from its content)."]
        let selector: Value = ["type": "string", "description": "The selector, in the engine's language."]
        let engine: Value = ["type": "string", "enum": engines,
                             "description": "The selector's language (default: the platform's most robust one for the recording: predicate on iOS page sources, uiselector on Android, maestro on Maestro hierarchies)."]
        let readOnly = Tool.Annotations(readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false)
        func schema(_ properties: [String: Value], required: [String] = []) -> Value {
            ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }),
             "additionalProperties": false]
        }
        return [
            Tool(name: "screen", title: "Screen, compact",
                 description: """
                    A compact view of a recorded screen: its actionable views (buttons, fields, cells, switches, clickable or \
                    scrollable views), then its text views, one row each, [node, role, text, bounds [x,y,w,h], selector], the \
                    selector proven unique on the recording in the requested language (a trailing object says when it is \
                    another engine's, positional ("fragile"), or not unique). Rows fit a budget of estimated tokens (bytes/4, \
                    default \(MCPToolbox.defaultScreenTokens)); "next" is the cursor for the rest. "full": true lists every view \
                    in preorder with its depth, paged the same way. Hidden views (visible=false) are left out.
                    """,
                 inputSchema: schema([
                    "recording": recording, "source": source, "format": format,
                    "engine": ["type": "string", "enum": engines,
                               "description": "The language of the selectors (default: the platform's most robust, with others where it has no unique selector)."],
                    "budget": ["type": "integer", "minimum": 200, "maximum": .int(toolbox.limits.maxScreenTokens),
                               "description": .string("Most estimated tokens (UTF-8 bytes / 4) the answer may take; default \(MCPToolbox.defaultScreenTokens).")],
                    "full": ["type": "boolean", "description": "Every view, in preorder with its depth, not only actionable and text views."],
                    "cursor": ["type": "integer", "minimum": 0, "description": "Where to go on: the \"next\" of the previous page."],
                 ]),
                 annotations: readOnly),
            Tool(name: "validate", title: "Validate a selector",
                 description: """
                    Run a selector on a recording before writing it into a test: whether it compiles (else the error and its \
                    column), how many views it selects and whether that is exactly one, the matches; when it selects none, the \
                    nearest misses and a fix checked on the recording; when it selects several, a unique selector for each \
                    candidate; and whether the language runs in the tool that made the recording (worksThere), with the Appium \
                    strategy to send it with.
                    """,
                 inputSchema: schema(["recording": recording, "source": source, "format": format, "selector": selector, "engine": engine],
                                     required: ["selector"]),
                 annotations: readOnly),
            Tool(name: "select", title: "Select",
                 description: "The views a selector selects, as `frankly select --format json` prints them: {\"outcome\":\"SUCCESS\",\"results\":[uids]}.",
                 inputSchema: schema(["recording": recording, "source": source, "format": format, "selector": selector, "engine": engine],
                                     required: ["selector"]),
                 annotations: readOnly),
            Tool(name: "explain", title: "Explain a selector",
                 description: "A selector explained step by step (views kept per step, nearest misses and a fix when it selects nothing, the candidates when it selects several), as `frankly explain --format json` prints it.",
                 inputSchema: schema(["recording": recording, "source": source, "format": format, "selector": selector, "engine": engine],
                                     required: ["selector"]),
                 annotations: readOnly),
            Tool(name: "translate", title: "Translate a selector",
                 description: "A selector in other engines' languages, each translation proved to select the same views on every recording given, as `frankly translate --format json` prints it.",
                 inputSchema: schema([
                    "recording": ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"], "maxItems": 16]],
                                  "description": .string("The recording, or several, to prove on: \(recordingNote).")],
                    "source": source, "format": format, "selector": selector, "engine": engine,
                    "to": ["type": "array", "items": ["type": "string"], "maxItems": 64,
                           "description": "Target engines (default: every other; those whose tool does not read the recording answer why)."],
                    "allCandidates": ["type": "boolean", "description": "Every proved candidate with its timing, not only the chosen one."],
                 ], required: ["selector"]),
                 annotations: readOnly),
            Tool(name: "diff", title: "Diff two recordings",
                 description: "Two recordings of a screen aligned: which view is which, and the edits (inserted, deleted, moved, changed), as `frankly diff --format json` prints them.",
                 inputSchema: schema([
                    "old": ["type": "string", "description": .string("The old recording: \(recordingNote).")],
                    "new": ["type": "string", "description": .string("The new recording: \(recordingNote).")],
                    "format": format,
                 ], required: ["old", "new"]),
                 annotations: readOnly),
            Tool(name: "check", title: "Check a suite's selectors",
                 description: "A suite's selectors checked against old and new recordings: ok, broken, ambiguous, moved or fragile, with a checked fix, as `frankly check --format json` prints it.",
                 inputSchema: schema([
                    "selectors": ["type": "string", "description": "The selectors, one ENGINE:SELECTOR a line (# starts a comment line)."],
                    "old": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 16, "description": "The old recordings."],
                    "new": ["type": "array", "items": ["type": "string"], "minItems": 1, "maxItems": 16,
                            "description": "The new recordings (new N is aligned with old N, or the last)."],
                    "format": format,
                 ], required: ["selectors", "old", "new"]),
                 annotations: readOnly),
            Tool(name: "audit", title: "Audit recordings",
                 description: "Accessibility and testability findings on recordings (speakable text, touch targets, duplicate or missing identifiers…), each view named by a selector proven unique there; with baseline recordings, which findings are new. As `frankly audit --format json` prints it.",
                 inputSchema: schema([
                    "recording": ["anyOf": [["type": "string"], ["type": "array", "items": ["type": "string"], "maxItems": 16]],
                                  "description": .string("The recording, or several: \(recordingNote).")],
                    "source": source, "format": format,
                    "baseline": ["type": "array", "items": ["type": "string"], "maxItems": 16,
                                 "description": "Old recordings to compare with (recording N with baseline N, or the last): findings they had are not new."],
                    "rules": ["type": "array", "items": ["type": "string"], "description": "Rule ids to run (default: all)."],
                    "density": ["type": "number", "minimum": 0.1, "maximum": 16, "description": "Android px per dp (default: inferred from the screen width)."],
                    "engine": ["type": "array", "items": ["type": "string"], "description": "Engines to name views in, tried in order (default: the platform's own)."],
                 ]),
                 annotations: readOnly),
        ]
    }
}
