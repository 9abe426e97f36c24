import LocatorGate
import SelectorCore
import Testing

/// Line numbers for sources and selector files edited anywhere: LF, CRLF (Windows) and lone CR
/// (classic Mac) end a line alike (issue 40, item 6; Swift reads CRLF as one `Character`).
@Suite struct LineEndingTests {
    static let lines = [
        #"driver.findElement(AppiumBy.accessibilityId("Login")).click();"#,
        "// nothing here",
        #"driver.findElement(By.xpath("//XCUIElementTypeButton[@name='OK']"));"#,
        "",
        #"driver.findElement(By.id("com.x:id/search"));"#,
    ]

    @Test(arguments: ["\n", "\r\n", "\r"])
    func sourcesAreNumberedByLine(_ end: String) {
        let found = LocatorExtraction.locators(in: Self.lines.joined(separator: end) + end, file: "T.java")
        #expect(found.map(\.source) == ["T.java:1", "T.java:3", "T.java:5"])
        #expect(found.map(\.line) == [1, 3, 5])
        #expect(found.map(\.selector) == ["Login", "//XCUIElementTypeButton[@name='OK']", "com.x:id/search"])
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func selectorFilesAreNumberedByLine(_ end: String) {
        let text = ["# selectors", "accessibility_id:Login", "", "nonsense", "xpath://XCUIElementTypeButton"].joined(separator: end)
        let (locators, errors) = LocatorList.parse(text, named: "s.txt", engines: ["accessibility_id", "xpath"])
        #expect(locators.map(\.source) == ["s.txt:2", "s.txt:5"])
        #expect(locators.map(\.selector) == ["Login", "//XCUIElementTypeButton"])
        #expect(errors.map(\.line) == [4])
    }

    /// A file mixing its ends (an editor that kept what it found) still counts each end once.
    @Test func mixedEndsCountOnce() {
        let text = "accessibility_id:a\r\naccessibility_id:b\naccessibility_id:c\raccessibility_id:d"
        let (locators, _) = LocatorList.parse(text, named: "m", engines: ["accessibility_id"])
        #expect(locators.map(\.line) == [1, 2, 3, 4])
    }
}
