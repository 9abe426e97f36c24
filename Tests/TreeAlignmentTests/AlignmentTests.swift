import Testing
@testable import TreeAlignment

@Test func placeholder() { #expect(Bool(true)) }
