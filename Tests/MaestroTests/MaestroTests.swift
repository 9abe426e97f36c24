import Testing
@testable import MaestroEngine

@Test func placeholder() { #expect(Bool(true)) }
