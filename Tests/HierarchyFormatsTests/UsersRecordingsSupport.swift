import HierarchyFormats
import SelectorCore
import Testing

/// A fixture of issue 45's formats, by its path under `Tests/Fixtures/` (`espresso/…`, `detox/…`;
/// each folder's README says where it comes from).
func usersFixture(_ path: String) throws -> [UInt8] {
    let tests = #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
    return try FileIO.read("/" + tests + "/Fixtures/" + path)
}

/// Reads of one loaded tree by uid, for pinned expectations.
struct Pinned {
    let tree: ViewTree
    func node(_ uid: Int) throws -> NodeID { try #require(tree.node(withUID: String(uid)), "no uid \(uid)") }
    func className(_ uid: Int) throws -> String { tree.className(of: try node(uid)) }
    func string(_ name: String, _ uid: Int) throws -> String? { tree.string(name, of: try node(uid)) }
    func value(_ name: String, _ uid: Int) throws -> JSONValue? { tree.value(name, of: try node(uid)) }
    func frame(_ name: String, _ uid: Int) throws -> Rect? { try value(name, uid).flatMap { Rect(json: $0) } }
    func parent(_ uid: Int) throws -> Int? { tree.parent(of: try node(uid)).flatMap { tree.uidString(of: $0) }.flatMap { Int($0) } }
    /// Every node's class, in preorder.
    var classes: [String] { (0..<tree.count).map { tree.className(of: NodeID($0)) } }
}

/// A deterministic generator for the mutation tests (SplitMix64).
struct Mutator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }

    /// `bytes` with one to four random edits: a byte changed to one the formats give meaning to,
    /// a range deleted, duplicated or cut short.
    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        var b = bytes
        let specials = Array("{}[]<>\"'|+-,:=()#\n\\ /0x→".utf8)
        for _ in 0...below(4) {
            guard !b.isEmpty else { break }
            let at = below(b.count)
            switch below(5) {
            case 0: b[at] = specials[below(specials.count)]
            case 1: b.removeSubrange(at..<min(b.count, at + 1 + below(40)))
            case 2: let end = min(b.count, at + 1 + below(200)); b.insert(contentsOf: b[at..<end], at: below(b.count))
            case 3: b = Array(b[..<at])
            default: b.insert(UInt8(truncatingIfNeeded: next()), at: at)
            }
        }
        return b
    }
}
