import SelectorCore
import Testing
@testable import UIQueryEngine

@Suite struct PropertyMatchTests {
    let tree = Trees.properties

    @Test func stringsMatchByCaseSensitiveContains() throws {
        #expect(try select("view text:'lo w'", in: tree) == ["v1"])
        #expect(try select("view text:'o'", in: tree) == ["v2", "v1"])
        #expect(try select("view text:'hello'", in: tree) == [])
        #expect(try select("view marked:'world'", in: tree) == ["v1"])
    }

    @Test func anEmptyStringMatchesNothingAsWithRangeOfString() throws {
        #expect(try select("view text:''", in: tree) == [])
    }

    @Test func integersMatchByEqualityAndBooleansCompareAsZeroOrOne() throws {
        #expect(try select("view tag:3", in: tree) == ["v1"])
        #expect(try select("view tag:2", in: tree) == [])
        #expect(try select("view hidden:1", in: tree) == ["v1"])
        #expect(try select("view hidden:0", in: tree) == ["v2"])
        #expect(try select("view hidden:2", in: tree) == [])
    }

    @Test func yesAndNoMatchBooleans() throws {
        #expect(try select("view hidden:YES", in: tree) == ["v1"])
        #expect(try select("view hidden:NO", in: tree) == ["v2"])
    }

    @Test func aViewWithoutThePropertyOrOfAnotherTypeDoesNotMatch() throws {
        #expect(try select("view missing:'x'", in: tree) == [])
        #expect(try select("view tag:'3'", in: tree) == [])
        // `text:3` crashes UISpec (3 reaches UIFilter as an object pointer): an error here.
        #expect(throws: SelectorError.self) { try select("view text:3", in: tree) }
    }

    @Test func severalMatchesMustAllHold() throws {
        #expect(try select("view tag:3 hidden:YES", in: tree) == ["v1"])
        #expect(try select("view with tag:3 with hidden:NO", in: tree) == [])
    }
}
