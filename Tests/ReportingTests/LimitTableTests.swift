import FrameBench
import Foundation
@testable import Reporting
import Testing

/// The performance page's table of `fast` beside the machine's limits.
@Suite("limit table")
struct LimitTableTests {
    /// From the fixture bench plus a `limit` row (2.6 × 1.3 ns at 100k, 1 thread: half of fast's),
    /// the page shows fast at 2× the limit and "—" for the limits not measured; without limits, no table.
    @Test("fast beside its limits")
    func fastBesideItsLimits() throws {
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

    /// "What limits each workload" gives fast's ratio to its limit at the largest N and at the
    /// smaller ones (a limit row at half of fast's time at 100k, at 0.8 of it at 1k and 10k).
    @Test("the limit line gives the ratio at every N")
    func limitLineGivesTheRatioAtEveryN() throws {
        var results = Fixtures.bench.results
        for fast in results where fast.workload == .spring && fast.strategy == .fast && fast.threads == 1 {
            var limit = fast
            limit.strategy = .limit
            limit.nsPerAnimationFrame = fast.nsPerAnimationFrame.scaled(by: fast.animations == 100_000 ? 0.5 : 0.8)
            results.append(limit)
        }
        results.linkRelativeFigures()
        let section = PerformancePage.limitsSection(results, handOff: nil)
        let line = try #require(section.split(separator: "\n").first { $0.hasPrefix("- **spring**") })
        #expect(line.contains("2.00× the C limit doing the same work (1.69 ns/anim; 1.25× at N = 1,000, 1.25× at N = 10,000)"),
                "\(line)")
    }
}
