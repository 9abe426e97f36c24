import Testing
import ViewSelectors

/// `frankly translate --appium`'s client code: each strategy's call in Java and Python, and the
/// string literals escaped so the pasted line compiles and means the selector.
@Suite("Appium client code for a translation")
struct AppiumCodeTests {
    @Test("each Appium strategy's call, in Java and in Python")
    func calls() {
        let cases: [(String, String, String)] = [
            ("accessibility_id", "driver.findElement(AppiumBy.accessibilityId(\"Login\"))",
             "driver.find_element(AppiumBy.ACCESSIBILITY_ID, \"Login\")"),
            ("id", "driver.findElement(AppiumBy.id(\"Login\"))", "driver.find_element(AppiumBy.ID, \"Login\")"),
            ("class_name", "driver.findElement(AppiumBy.className(\"Login\"))",
             "driver.find_element(AppiumBy.CLASS_NAME, \"Login\")"),
            ("xpath", "driver.findElement(AppiumBy.xpath(\"Login\"))", "driver.find_element(AppiumBy.XPATH, \"Login\")"),
            ("predicate", "driver.findElement(AppiumBy.iOSNsPredicateString(\"Login\"))",
             "driver.find_element(AppiumBy.IOS_PREDICATE, \"Login\")"),
            ("class_chain", "driver.findElement(AppiumBy.iOSClassChain(\"Login\"))",
             "driver.find_element(AppiumBy.IOS_CLASS_CHAIN, \"Login\")"),
            ("uiselector", "driver.findElement(AppiumBy.androidUIAutomator(\"Login\"))",
             "driver.find_element(AppiumBy.ANDROID_UIAUTOMATOR, \"Login\")"),
        ]
        for (engine, java, python) in cases {
            #expect(AppiumCode.code(engine: engine, selector: "Login", language: .java) == java)
            #expect(AppiumCode.code(engine: engine, selector: "Login", language: .python) == python)
        }
        #expect(AppiumCode.code(engine: "shelley", selector: "view", language: .java) == nil)
    }

    @Test("string literals: quotes, backslashes, control characters, separators, emoji")
    func escaping() {
        let selector = "label == \"Say \\\"hi\\\"\"\n\t\u{1}\u{2028}é😀"
        #expect(AppiumCode.javaLiteral(selector)
                == #""label == \"Say \\\"hi\\\"\"\n\t\u0001\u2028é\ud83d\ude00""#)
        #expect(AppiumCode.pythonLiteral(selector)
                == #""label == \"Say \\\"hi\\\"\"\n\t\x01\u2028é😀""#)
        #expect(AppiumCode.javaLiteral("new UiSelector().text(\"OK\")") == #""new UiSelector().text(\"OK\")""#)
        #expect(AppiumCode.pythonLiteral("//a[@b='c']") == #""//a[@b='c']""#)
    }
}
