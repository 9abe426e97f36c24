import SelectorCore
import Testing
import ViewSelectors
import XCUITestEngine

@Suite("xcuitest")
struct XCUITestTests {
    @Test("the engine is registered")
    func registered() {
        #expect(EngineRegistry.standard().names.contains("xcuitest"))
    }
}
