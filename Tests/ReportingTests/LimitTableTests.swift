import FrameBench
import Foundation
@testable import Reporting
import Testing

/// The performance page's table of `fast` beside the machine's limits.
struct LimitTableTests {
    /// From the fixture bench plus a `limit` row (2.6 × 1.3 ns at 100k, 1 thread: half of fast's),
    /// the page shows fast at 2× the limit and "—" for the limits not measured; without limits, no table.
    @Test func fastBesideItsLimits() throws {
        var results = Fixtures.bench.results
        #expect(PerformancePage.limitTable(results) == nil)
        let fast = try #require(results.first { $0.workload == .spring && $0.strategy == .fast && $0.animations == 100_000 && $0.threads == 1 })
        var limit = fast
        limit.strategy = .limit
        limit.nsPerAnimationFrame = fast.nsPerAnimationFrame.scaled(by: 0.5)
        results.append(limit)
        for index in results.indices { results[index].ratioToLimit = nil }
        results.linkRelativeFigures()
        let table = try #require(PerformancePage.limitTable(results)).render()
        let row = table.split(separator: "\n")[2].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(row == ["spring", "100,000", "1", "3.38", "1.69", "—", "—", "2.00×", "—", "—"], "\(table)")
    }
}
