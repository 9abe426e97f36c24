import Foundation
public import SelectorCore

/// The embedded sample app: a small hand-made hierarchy (sign-in form, settings table, navigation
/// and tab bars) that `frankly select` and `make run` use when no tree is given.
public enum SampleApp {
    /// The sample's `/dump` JSON.
    public static func dumpBytes() throws -> [UInt8] {
        guard let url = Bundle.module.url(forResource: "sample-app", withExtension: "json") else {
            throw DumpError("the embedded sample app resource is missing from the bundle")
        }
        return [UInt8](try Data(contentsOf: url))
    }

    /// The sample as a tree.
    public static func tree() throws -> ViewTree {
        try ViewTree.loadDump(dumpBytes())
    }
}
