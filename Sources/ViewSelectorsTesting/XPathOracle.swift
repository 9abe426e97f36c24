#if canImport(Glibc)
import Glibc
#endif
public import SelectorCore

/// What libxml2 answered for one expression, through the lxml oracle script
/// (Tests/XPathTests/Oracle/xpath_oracle.py).
public enum OracleAnswer: Equatable, Sendable {
    case nodes([Int])
    /// An error, a non-node-set value, or nodes other than elements: the engine must refuse it.
    case refused(String)
}

/// The oracle script failed or answered something it never answers.
public struct OracleFailure: Error, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}

/// Runs the lxml oracle `script` with `python` on `file` for `expressions`: the element count and
/// one answer per expression. `renameByClass` reads a UiAutomator dump with class-named tags, as
/// Appium serves it; `unwrapAppiumAUT` roots the document at the application, as WebDriverAgent
/// does. The one runner for XPathTests' differential tests and the suggestion proofs.
public func runXPathOracle(python: String, script: String, file: String, expressions: [String],
                           renameByClass: Bool, unwrapAppiumAUT: Bool = false) throws -> (Int, [OracleAnswer]) {
    // Plain files and a shell rather than Foundation's Process: Foundation's ICU headers clash
    // with libxml2's, which HierarchyFormats brings into the test modules.
    var fields: [(String, JSONValue)] = [("file", .string(file)), ("expressions", .array(expressions.map { .string($0) })),
                                         ("rename_by_class", .bool(renameByClass))]
    if unwrapAppiumAUT { fields.append(("unwrap_appium_aut", .bool(true))) }
    let base = "/tmp/xpath-oracle-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
    try FileIO.write(Array(JSONValue.object(fields).jsonString.utf8), to: base + ".in")
    defer { for ext in [".in", ".out", ".err"] { unlink(base + ext) } }
    func quoted(_ s: String) -> String { "'" + s.replacing("'", with: "'\\''") + "'" }
    let command = [python, script].map(quoted).joined(separator: " ")
        + " < " + quoted(base + ".in") + " > " + quoted(base + ".out") + " 2> " + quoted(base + ".err")
    let status = system(command)
    guard status == 0 else {
        let errors = (try? FileIO.read(base + ".err")).map { String(decoding: $0, as: UTF8.self) } ?? ""
        throw OracleFailure(message: "oracle exited with status \(status): " + errors)
    }
    let object = try JSONReader.parse(try FileIO.read(base + ".out"), maxDepth: 64)
    guard case .int(let count)? = object["count"], case .array(let results)? = object["results"] else {
        throw OracleFailure(message: "oracle answered without count and results")
    }
    let answers: [OracleAnswer] = results.map { r in
        if case .array(let items) = r {
            var list: [Int] = []
            for item in items { guard case .int(let i) = item else { return .refused(r.jsonString) }; list.append(Int(i)) }
            return .nodes(list)
        }
        return .refused(r.jsonString)
    }
    return (Int(count), answers)
}
