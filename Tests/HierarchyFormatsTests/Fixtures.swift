import SelectorCore

/// A recording from `shared/fixtures/real/`, beside the project root.
func realFixture(_ name: String) throws -> [UInt8] {
    let root = #filePath.split(separator: "/").dropLast(3).joined(separator: "/")
    return try FileIO.read("/" + root + "/../shared/fixtures/real/" + name)
}
