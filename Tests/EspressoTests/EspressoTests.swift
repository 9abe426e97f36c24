import SelectorCore
import Testing
import ViewSelectors
import EspressoEngine

@Suite("espresso")
struct EspressoTests {
    @Test("the engine is registered")
    func registered() {
        #expect(EngineRegistry.standard().names.contains("espresso"))
    }
}
