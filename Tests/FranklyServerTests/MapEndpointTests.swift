import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// `POST /map` over a real socket, on the embedded sample app.
@Suite("POST /map")
struct MapEndpointTests {
    @Test("a request without selector_engine uses uiquery")
    func defaultEngine() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1055", "accessibilityLabel").results == ["Sign in"])
        }
    }

    @Test("a named engine selects, and results follow document order")
    func namedEngine() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1056, 1055", "text", engine: "uids").results == ["Sign in", ""])
            #expect(try await client.map("UISwitch", "isOn", engine: "kind").results == [false, true])
        }
    }

    @Test("property getters answer by name; frames as {origin,size}")
    func getters() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1056", "placeholder").results == ["Username"])
            #expect(try await client.map("1055", "tag").results == [0])
            #expect(try await client.map("1055", "isHidden").results == [false])
            #expect(try await client.map("1055", "frame").results == [Rect(x: 0, y: 0, width: 358, height: 30).json])
            #expect(try await client.map("1055", "class").results == ["UILabel"])
        }
    }

    @Test("Frank's FEX_ helpers")
    func helpers() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1055", "FEX_accessibilityLabel").results == ["Sign in"])
            #expect(try await client.map("1055", "FEX_accessibilityFrame").results
                == [Rect(x: 16, y: 88, width: 358, height: 30).json])
            #expect(try await client.map("1055", "FEX_isVisible").results == [true])
            #expect(try await client.map("1055", "FEX_isFullyVisible").results == [true])
            #expect(try await client.map("1059, 1060", "FEX_canTouch").results == [true, false])
        }
    }

    @Test("a view that does not respond yields null in its slot")
    func unsupportedIsNull() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1055, 1056", "noSuchMethod").results == [.null, .null])
            #expect(try await client.map("1055", "setIsOn:", [true]).results == [.null])
        }
    }

    @Test("nothing selected is an empty result list")
    func nothingSelected() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("424242", "touch").results == [])
        }
    }

    @Test("gestures answer true and land in the host's event log")
    func gestures() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.map("1059", "touch").results == [true])
            #expect(try await client.map("1059", "touchx:y:", [1, 2]).results == [true])
            #expect(try await client.map("1059", "doubleTap").results == [true])
            #expect(try await client.map("1059", "touchAndHold:", [1]).results == [true])
            let swipe = try await client.map("1059", "swipeInDirection:", ["left"]).results
            #expect(swipe?.count == 1 && swipe?[0].stringValue?.contains("=>") == true)
            #expect(try await client.map("1059", "FEX_flash").results == [.null])
            // A disabled button cannot be touched: false, and no event.
            #expect(try await client.map("1060", "touch").results == [false])
            let names = host.events.map(\.name)
            #expect(names == ["touch", "touchx:y:", "doubleTap", "touchAndHold:", "swipeInDirection:", "FEX_flash"])
            #expect(host.events.first?.uid == "1059")
            #expect(host.events.first?.className == "UIButton")
        }
    }

    @Test("mutators change the snapshot the next request reads")
    func mutators() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.map("1056", "setText:", ["alice"]).results == [.null])
            #expect(try await client.map("1056", "text").results == ["alice"])
            #expect(try await client.map("1014", "setIsOn:", [true]).results == [.null])
            #expect(try await client.map("1014", "isOn").results == [true])
            #expect(try await client.map("1055", "setAccessibilityLabel:", ["Hello"]).results == [.null])
            #expect(try await client.map("1055", "accessibilityLabel").results == ["Hello"])
            #expect(try await client.map("1055", "setHidden:", [true]).results == [.null])
            #expect(try await client.map("1055", "FEX_isVisible").results == [false])
            #expect(host.tree.string("text", of: host.tree.node(withUID: "1056")!) == "alice")
        }
    }

    @Test("a wrong number of arguments fails the whole request with Frank's text")
    func arity() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1056", "setText:") == JSONValue.franklyError(
                "encountered error while attempting to perform setText: on selected elements",
                "setText: takes 1 arguments, but 0 were supplied"))
            #expect(try await client.map("1059", "touch", [1]) == JSONValue.franklyError(
                "encountered error while attempting to perform touch on selected elements",
                "touch takes 0 arguments, but 1 were supplied"))
            #expect(try await client.map("1056", "setHidden:", ["yes"])["reason"]
                == "encountered error while attempting to perform setHidden: on selected elements")
        }
    }

    @Test("an unknown engine is an invalid selector")
    func unknownEngine() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1055", "touch", engine: "shelley_compat") == JSONValue.franklyError(
                "invalid selector", "unknown selector engine 'shelley_compat'; registered engines: kind, uids, uiquery"))
        }
    }

    @Test("a selector syntax error is an invalid selector naming the column")
    func syntaxError() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.map("1055,x", "touch") == JSONValue.franklyError(
                "invalid selector", "expected a uid (a number), found 'x' at column 6"))
        }
    }
}
