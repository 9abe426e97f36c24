@testable import FranklyServer
import Audit
import Foundation
import HierarchyFormats
import Hummingbird
import SelectorCore
import Testing
import ViewSelectors

/// `/inspector/audit` (issue 46): `frankly audit` on the served tree, with node ids the inspector
/// selects by, through the Origin guard and within the query budget.
@Suite("Audit over HTTP")
struct AuditEndpointTests {
    /// Appium's TheApp login page (Tests/Fixtures/appium), served with every built-in engine.
    static func login() throws -> ViewTree {
        let path = "/" + #filePath.split(separator: "/").dropLast(2).joined(separator: "/")
            + "/Fixtures/appium/uiautomator2_theapp_login_appium.xml"
        return try HierarchyFormat.loadDetecting(try FileIO.read(path)).0
    }

    static func server(_ tree: ViewTree) -> FranklyServer {
        FranklyServer(host: SnapshotHost(tree: tree), registry: EngineRegistry.standard(),
                      configuration: Fixture.configuration(), logger: LogCapture().logger)
    }

    @Test("GET /inspector/audit: the served tree's findings by node id, named in Espresso")
    func auditFindings() async throws {
        let tree = try Self.login()
        try await withServer(Self.server(tree)) { client async throws in
            let json = try await client.get("/inspector/audit").json
            guard case .array(let findings)? = json["findings"] else { Issue.record("no findings: \(json)"); return }
            // The eight findings `frankly audit` reports on this page (AuditTests pins them by hand).
            #expect(json["count"] == 8)
            #expect(json["truncated"] == .bool(false))
            #expect(json["platform"] == "android")
            #expect(findings.compactMap { f -> String? in
                guard case .string(let rule)? = f["rule"], case .string(let uid)? = f["uid"] else { return nil }
                return "\(rule)@\(uid)"
            } == ["speakable-text@13", "missing-id@13", "touch-target@17", "editable-content-desc@17", "missing-id@17",
                  "touch-target@19", "editable-content-desc@19", "missing-id@19"])
            // Node ids are preorder positions: uid 17 is node 16, which the page selects.
            #expect(findings[2]["id"] == 16)
            #expect(findings[2]["selector"] == "onView(withContentDescription(\"username\"))")
            #expect(findings[2]["engine"] == "espresso")
            #expect(json["score"]?["actionable"] == 3)
            guard case .array(let rules)? = json["rules"] else { Issue.record("no rules"); return }
            #expect(rules.count == Rule.all.count)
        }
    }

    @Test("/inspector/audit?rules=…&density=…: only those rules, at that density; bad input answered, not crashed")
    func auditParameters() async throws {
        let tree = try Self.login()
        try await withServer(Self.server(tree)) { client async throws in
            let touch = try await client.get("/inspector/audit?rules=touch-target&density=1").json
            #expect(touch["count"] == 0)
            #expect(touch["densityOrigin"] == "given")
            let two = try await client.get("/inspector/audit?rules=touch-target,editable-content-desc").json
            #expect(two["count"] == 4)
            let unknown = try await client.get("/inspector/audit?rules=nope").json
            #expect(unknown["error"]?.stringValue?.contains("unknown rule 'nope'") == true)
            for bad in ["0", "-1", "abc", "1e400", "nan"] {
                let json = try await client.get("/inspector/audit?density=\(bad)").json
                #expect(json["error"] != nil, "density \(bad)")
            }
        }
    }

    @Test("a foreign Origin cannot ask /inspector/audit")
    func auditOrigin() async throws {
        try await withRunningServer { _, port async throws in
            var headers = HTTPFields()
            headers.append(HTTPFields.Element(name: HTTPFields.Element.Name("Origin")!, value: "http://evil.example"))
            let response = try await OneShotHTTPClient(port: port).execute(uri: "/inspector/audit", method: .get, headers: headers,
                                                                            body: ByteBuffer())
            #expect(response.status == .forbidden)
        }
    }
}
