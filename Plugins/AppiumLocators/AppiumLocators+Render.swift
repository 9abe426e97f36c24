public import SelectorCore

// Printers for Appium's simple strategies: each is one exact value over every view, so only a
// one-step path from the whole tree whose filter is that one test renders.

/// The value of a one-step path whose whole filter is `property == value` for one of `properties`.
func simpleRendering(_ path: SearchPath, _ properties: Set<String>, strategy: String) -> Rendering {
    guard path.steps.count == 1, path.steps[0].link == .descendant, path.pick == nil else {
        return .cannotSay("a path with more than one test: \(strategy) matches one value over every view")
    }
    guard case let .string(property, test) = path.steps[0].filter, properties.contains(property),
          test.operation == .equals, test.options.isEmpty, !test.value.isEmpty else {
        return .cannotSay("the test \(path.steps[0].filter): \(strategy) matches only \(properties.sorted().joined(separator: ", ")) exactly")
    }
    return .selector(test.value)
}

extension AccessibilityIDEngine {
    public func render(_ path: SearchPath) -> Rendering? {
        simpleRendering(path, ["content-desc", "name", "accessibilityIdentifier", PropertyName.accessibilityLabel],
                        strategy: "accessibility id")
    }
}

extension AppiumIDEngine {
    public func render(_ path: SearchPath) -> Rendering? {
        simpleRendering(path, ["resource-id", "name", "accessibilityIdentifier"], strategy: "id")
    }
}

extension ClassNameEngine {
    public func render(_ path: SearchPath) -> Rendering? {
        guard path.steps.count == 1, path.steps[0].link == .descendant, path.pick == nil,
              case .memberOf(let c) = path.steps[0].filter else {
            return .cannotSay("a test other than the class: class name matches one class over every view")
        }
        return .selector(c)
    }
}
