import FranklyServer
import Hummingbird
import SelectorCore
import Testing

/// Readers racing `setText:` writers see one snapshot per request: all old or all new.
@Suite("concurrent /map")
struct ConcurrencyTests {
    /// Labels of the settings table: one `setText:` rewrites them all at once.
    static let labels = "1001, 1002, 1007, 1008, 1013, 1019, 1024, 1029, 1035, 1040, 1045, 1050"
    static let labelCount = 12

    @Test("concurrent /map reads interleaved with setText: never see a mix of two snapshots")
    func snapshotConsistencyOverHTTP() async throws {
        let generations = 25
        try await withRunningServer { _, port async throws in
            // One text for every label first, so any mix below is two snapshots' worth.
            try await withClient(port: port) { client async throws in
                try await client.map(Self.labels, "setText:", ["gen-0"])
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await withClient(port: port) { client async throws in
                        for g in 1...generations {
                            let written = try await client.map(Self.labels, "setText:", [.string("gen-\(g)")])
                            #expect(written.results?.count == Self.labelCount)
                        }
                    }
                }
                for _ in 0..<4 {
                    group.addTask {
                        try await withClient(port: port) { client async throws in
                            var last = -1
                            for _ in 0..<60 {
                                let results = try #require(try await client.map(Self.labels, "text").results)
                                #expect(results.count == Self.labelCount)
                                let distinct = Set(results)
                                #expect(distinct.count == 1, "a mix of snapshots: \(distinct)")
                                // Generations never go backwards for one reader.
                                let g = Int(results[0].stringValue?.dropFirst(4) ?? "") ?? 0
                                #expect(g >= last)
                                last = g
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            try await withClient(port: port) { client async throws in
                let final = try await client.map(Self.labels, "text").results
                #expect(final == Array(repeating: .string("gen-\(generations)"), count: Self.labelCount))
            }
        }
    }
}
