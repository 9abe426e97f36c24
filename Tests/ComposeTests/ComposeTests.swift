import SelectorCore
import Testing
import ViewSelectors
import ComposeEngine

@Suite("compose")
struct ComposeTests {
    @Test("the engine is registered")
    func registered() {
        #expect(EngineRegistry.standard().names.contains("compose"))
    }
}
