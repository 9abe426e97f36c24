// Docs/Library.md's quick start: every code block there is a copy of a part of this file, and
// `make test-examples` checks that they match (Examples/check-doc-blocks.py) and runs it.
//
//     swift run --package-path Examples QuickStart [recording | -] [plugin.so]   (- : the sample app)
import ClassPathEngine
import HierarchyFormats
import PluginLoader
import SelectorCore
import SyntheticHierarchy
import ViewSelectors

let arguments = CommandLine.arguments.dropFirst()

// Step 1: a registry
let registry = EngineRegistry.standard()         // uiquery (the default), shelley, regex, predicate, fry, xpath, ...
try registry.register(ClassPathEngine())         // your own engine, in-process
print("engines:", registry.names.joined(separator: ", "), "default:", registry.defaultEngine ?? "none")

// Step 2: a tree
let sample = try SampleApp.tree()                              // the sample app ViewSelectors embeds
let fromDump = try ViewTree.loadDump(try SampleApp.dumpBytes()) // Frank's /dump JSON, as bytes or text
let tree: ViewTree
if let path = arguments.first, path != "-" {
    // Any recording: /dump JSON, XCUITest or UIAutomator XML, Calabash or UIAutomation JSON.
    let (loaded, format) = try HierarchyFormat.loadDetecting(try FileIO.read(path))
    print("loaded \(path) as \(format.rawValue)")
    tree = loaded
} else {
    tree = sample
}
print("nodes:", tree.count, "- the sample from its dump:", fromDump.count)

// Step 3: select
let nodes: [NodeID] = try registry.select("tableViewCell button", in: tree)   // default engine
print("uiquery:", tree.uids(of: nodes).prefix(3).joined(separator: " "), "…", nodes.count, "buttons")
let deletes = try registry.selectUIDs("UITableViewCell UIButton'Delete'", engine: "class_path", in: tree)
print("class_path:", deletes.count, "Delete buttons")
let chained = try registry.selectUIDs("shelley:label marked:'Row 7-3' parent tableViewCell >> class_path:UIButton",
                                      in: tree)
print("chained:", chained)                                   // ["1054"] on the sample
for node in nodes.prefix(1) {
    print(tree.className(of: node), tree.label(of: node) ?? "-", tree.value("frame", of: node)?.jsonString ?? "-")
}

// Step 4: errors
do {
    _ = try registry.select("UIButton'Delete", engine: "class_path", in: tree)
} catch {
    print(error.message, "at column", error.column ?? 0)     // unterminated label at column 9
}

// Step 5: statistics
var stats = MatchStatistics()
for _ in 1...2 {   // the second run finds the compiled selector in the cache
    _ = try registry.select("view:'UILabel' marked:'Row 7-3'", engine: "shelley", in: tree, statistics: &stats)
}
print("scanned \(stats.nodesScanned) nodes, \(stats.stringEvaluations) string tests in two runs")
let cache = registry.cache.statistics
print("cache: \(cache.hits) hits, \(cache.misses) misses, \(cache.count) selectors")

// Step 6: a tree in code
var builder = ViewTreeBuilder()
let window = builder.addNode(className: "UIWindow")
let button = builder.addNode(className: "UIButton", parent: window)
builder.setString(PropertyName.uid, "ok", on: button)
builder.setString(PropertyName.accessibilityLabel, "OK", on: button)
builder.set(PropertyName.isHidden, .bool(false), on: button)
let small = builder.build()
print("built:", try registry.selectUIDs("button marked:'OK'", in: small))   // ["ok"]

// Step 7: a generated tree
let big = SyntheticApp.generate(nodes: 100_000, seed: 1)
let start = ContinuousClock.now
let rows = try registry.select("UITableViewCell UILabel'Row 7-3'", engine: "class_path", in: big)
print("generated \(big.count) nodes; \(rows.count) matches in \(ContinuousClock.now - start)")

// Step 8: a plug-in
if arguments.count > 1 {
    let names = try PluginLoader.load(arguments[arguments.startIndex + 1], into: registry)
    print("plug-in engines:", names, try registry.selectUIDs("**/UITableViewCell[-1]/*/UIButton",
                                                          engine: "class_chain", in: tree))
}
