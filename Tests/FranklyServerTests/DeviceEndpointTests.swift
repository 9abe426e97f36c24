import FranklyServer
import Hummingbird
import SelectorCore
import Testing

@Suite("device, version, engines, orientation")
struct DeviceEndpointTests {
    @Test("/engines lists the registered names")
    func engines() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.get("/engines").json == JSONValue.array(["kind", "uids", "uiquery"]))
            // Frank answers commands whatever the method.
            #expect(try await client.post("/engines", "").json == JSONValue.array(["kind", "uids", "uiquery"]))
        }
    }

    @Test("/version, /accessibility_check and /device answer as Frank")
    func facts() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.get("/version").json
                == JSONValue.object([("version", .string(FranklyServerConfiguration.defaultVersion))]))
            #expect(try await client.get("/accessibility_check").json == JSONValue.object([("accessibility_enabled", "true")]))
            #expect(try await client.get("/device").json == JSONValue.object([("device", "iphone"), ("os_version", "17.0")]))
        }
    }

    @Test("/resolution is the key window's size")
    func resolution() async throws {
        try await withServer { client, _ async throws in
            #expect(try await client.get("/resolution").json == JSONValue.object([("width", 390), ("height", 844)]))
        }
    }

    @Test("/resolution without a window frame is an error")
    func resolutionWithoutFrame() async throws {
        let bare = try ViewTree.loadDump(#"{"class":"UIWindow","uid":1,"subviews":[]}"#)
        try await withServer(tree: bare) { client, _ async throws in
            #expect(try await client.get("/resolution").json == JSONValue.franklyError("no window", "the hierarchy has no window with a frame"))
        }
    }

    @Test("GET /orientation reads; POST with a raw-text body sets")
    func orientation() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.get("/orientation").json == JSONValue.object([
                ("orientation", "portrait"), ("detailed_orientation", "portrait"), ("detailed_description", "portrait"),
            ]))
            #expect(try await client.post("/orientation", "landscape_left").json == JSONValue.success)
            #expect(host.orientation == .landscapeLeft)
            #expect(try await client.get("/orientation").json["orientation"] == "landscape")
            #expect(try await client.get("/orientation").json["detailed_orientation"] == "landscape_left")
            // Frank lowercases; we also trim and accept a JSON string.
            #expect(try await client.post("/orientation", "PORTRAIT_UPSIDE_DOWN\n").json == JSONValue.success)
            #expect(try await client.post("/orientation", #""landscape_right""#).json == JSONValue.success)
            #expect(host.orientation == .landscapeRight)
            // An empty POST reads, as in Frank.
            #expect(try await client.post("/orientation", "").json["detailed_orientation"] == "landscape_right")
        }
    }

    @Test("an unknown orientation is Frank's error")
    func badOrientation() async throws {
        try await withServer { client, host async throws in
            #expect(try await client.post("/orientation", "sideways").json == JSONValue.franklyError(
                "unrecognized orientation",
                "orientation 'sideways' is invalid. Use 'landscape_right','landscape_left','portrait', or 'portrait_upside_down'"))
            #expect(host.orientation == .portrait)
        }
    }
}
