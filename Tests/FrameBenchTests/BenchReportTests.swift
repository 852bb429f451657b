import FrameBench
import Foundation
import Testing

/// The `--json` document of `hooke bench`, which is encoded on every run (also without `--json`).
@Suite("BenchReport")
struct BenchReportTests {
    /// A diverged fast path can differ from naive by an infinite amount; the document must still
    /// be written — with the JSONEncoder defaults it threw (`Double.inf` is not JSON) and the run
    /// ended in exit 2 after measuring — and read back with the same value.
    @Test("a non-finite consistency is written and read back")
    func aNonFiniteConsistencyIsWrittenAndReadBack() throws {
        let frames = Percentiles(of: [1_000, 2_000, 3_000])
        let results = [
            BenchResult(workload: .spring, strategy: .naive, animations: 10, threads: 1, frameRate: 120,
                        frameNanoseconds: frames, samples: 3, allocationsPerFrame: 0, maxError: 1e-15,
                        stateBytesPerAnimation: 8),
            BenchResult(workload: .spring, strategy: .euler, animations: 10, threads: 1, frameRate: 120,
                        frameNanoseconds: frames, samples: 3, allocationsPerFrame: 0, maxError: nil,
                        consistencyWithNaive: .infinity, stateBytesPerAnimation: 8),
        ]
        let report = BenchReport(environment: .current(frameRate: 120, hookeVersion: "test"), results: results)
        let data = try report.encoded()
        #expect(String(decoding: data, as: UTF8.self).contains(#""consistencyWithNaive" : "Infinity""#))
        let decoded = try BenchReport.decode(data)
        #expect(decoded.results[1].consistencyWithNaive == .infinity)
        #expect(decoded.results == report.results)
    }
}
