public import SelectorCore
import AppiumLocators
import ComposeEngine
import DetoxEngine
import EspressoEngine
import FRYEngine
import MaestroEngine
import PredicateEngine
import RegexLabelEngine
import ShelleyCompatEngine
import ShelleyEngine
import UIQueryEngine
import UiSelectorEngine
import WebdriverIOEngine
import XCUITestEngine
import XPathEngine

/// The engines this package ships, registered together.
public enum BuiltinEngines {
    /// Every built-in engine, in registration order.
    public static var all: [any SelectorEngine] {
        [ShelleyEngine(), ShelleyCompatEngine(), UIQueryEngine(), RegexEngine(), PredicateEngine(), FRYEngine(),
         XPathEngine(), UiSelectorEngine(), AccessibilityIDEngine(), AppiumIDEngine(), ClassNameEngine(), MaestroEngine(),
         DetoxEngine(), XCUITestEngine(), EspressoEngine(), ComposeEngine()]
    }

    /// Registers every built-in engine in `registry` (names that cannot be replaced later) and
    /// makes `uiquery` its default engine.
    public static func register(in registry: EngineRegistry) throws(RegistryError) {
        for var engine in all {
            // Strict Shelley refuses unknown names, so it must see the predicates plug-ins register.
            if engine.name == "shelley" { engine = ShelleyEngine(predicates: registry.predicates) }
            try registry.register(engine, builtIn: true)
        }
        // WebdriverIO's strings name the other engines' strategies: it finds them in this registry
        // when it compiles (weakly: the registry holds it).
        try registry.register(WebdriverIOEngine(lookup: { [weak registry] in registry?.registeredEngine($0) }), builtIn: true)
        // Frank's drivers send no engine and mean UIQuery; the server and the CLI read this
        // default rather than keeping one of their own, so there is exactly one.
        try registry.setDefaultEngine(UIQueryEngine.engineName)
    }
}

extension EngineRegistry {
    /// A registry with every built-in engine, `uiquery` the default.
    public static func standard(cache: SelectorCache = SelectorCache(), matcher: Matcher = Matcher()) -> EngineRegistry {
        let registry = EngineRegistry(cache: cache, matcher: matcher)
        // Built-in names are distinct and valid, so this cannot fail.
        try! BuiltinEngines.register(in: registry)
        return registry
    }
}
