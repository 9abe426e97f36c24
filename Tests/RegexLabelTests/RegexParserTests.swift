@testable import RegexLabelEngine
import SelectorCore
import Testing

/// The parser layer: what each selector parses to, before any pattern is compiled.
@Suite struct RegexParserTests {
    private func parse(_ s: String) throws -> [ParsedStep] { try RegexParser.parse(s) }

    @Test func aBarePatternIsOneStepOverTheDefaultLabel() throws {
        let steps = try parse(#"/^Row \d+-3$/"#)
        #expect(steps.count == 1)
        #expect(steps[0].className == nil)
        #expect(steps[0].property == nil)
        #expect(steps[0].pattern?.text == #"^Row \d+-3$"#)
        #expect(steps[0].pattern?.flags == [])
    }

    @Test func aClassNameFollowedByAPatternIsOneStep() throws {
        let steps = try parse("UIButton /^(save|submit)$/i")
        #expect(steps.count == 1)
        #expect(steps[0].className == "UIButton")
        #expect(steps[0].pattern?.flags == [.caseless])
    }

    @Test func aClassNameFollowedByAClassNameIsABareStep() throws {
        let steps = try parse("UITableViewCell /^Row 7-/ UIImageView")
        #expect(steps.map(\.className) == ["UITableViewCell", "UIImageView"])
        #expect(steps[1].pattern == nil)
        #expect(steps[1].offset == 26)
    }

    @Test func aPropertyNamesTheStringThePatternReads() throws {
        let steps = try parse("UITextField @placeholder /e-?mail/i")
        #expect(steps.count == 1)
        #expect(steps[0].className == "UITextField")
        #expect(steps[0].property == "placeholder")
        #expect(steps[0].pattern?.text == "e-?mail")
    }

    @Test func thePartsOfAStepNeedNoWhitespaceBetweenThem() throws {
        let steps = try parse("UITextField@placeholder/mail/")
        #expect(steps.count == 1)
        #expect(steps[0].property == "placeholder")
    }

    @Test func moduleQualifiedClassNamesKeepTheirDots() throws {
        #expect(try parse("MyApp.CardView").map(\.className) == ["MyApp.CardView"])
    }

    @Test func allFlagsParseInAnyOrder() throws {
        #expect(try parse("/a/uxsmi")[0].pattern?.flags == [.caseless, .multiline, .dotAll, .extended, .unicodeProperties])
        #expect(try parse("/a/uxsmi")[0].pattern?.flags.description == "imsxu")
    }

    @Test func anEscapedSlashIsASlashInThePattern() throws {
        let p = try #require(try parse(#"/^a\/b$/"#)[0].pattern)
        #expect(p.text == "^a/b$")
        #expect(p.written == #"/^a\/b$/"#)
        // Pattern bytes ^ a / b $ come from selector bytes 1 2 3(the backslash) 5 6; the end is the slash at 7.
        #expect(p.selectorOffsets == [1, 2, 3, 5, 6, 7])
    }

    @Test func otherEscapesPassThroughUntouched() throws {
        #expect(try parse(#"/\d\.\\/"#)[0].pattern?.text == #"\d\.\\"#)
    }

    @Test func whitespaceInsideAPatternBelongsToIt() throws {
        let steps = try parse("  /Row 7 - 3/x   UIView ")
        #expect(steps.count == 2)
        #expect(steps[0].pattern?.text == "Row 7 - 3")
        #expect(steps[0].offset == 2)
    }

    @Test func anEmptyPatternIsAllowed() throws {
        #expect(try parse("//")[0].pattern?.text == "")
    }
}
