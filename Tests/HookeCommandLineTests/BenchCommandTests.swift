import FrameBench
import Foundation
import Testing

/// `hooke bench` and `hooke profile` from the test runner, which is a debug build: every valid
/// invocation must be refused with exit 2 and a message pointing at the release build; invalid
/// ones fail validation first, naming the flag and value.
@Suite("hooke bench and hooke profile")
struct BenchCommandTests {
    @Test("bench refuses a debug build")
    func refusesADebugBuild() {
        let run = hooke("bench", "--quick")
        #expect(run.status == 2)
        #expect(run.standardOutput.isEmpty)
        #expect(run.standardError.contains("debug build"))
        #expect(run.standardError.contains("swift build -c release"))
        #expect(run.standardError.contains("scripts/run bench"))
    }

    @Test("profile refuses a debug build")
    func profileRefusesADebugBuild() {
        let run = hooke("profile", "spring", "--strategy", "fast", "--animations", "100", "--frames", "2")
        #expect(run.status == 2)
        #expect(run.standardError.contains("debug build"))
    }

    @Test("bad arguments exit 2 naming the flag", arguments: [
        (["bench", "--animations", "0"], ["--animations", "'0'"]),
        (["bench", "--animations", "1000,abc"], ["--animations", "'abc'"]),
        (["bench", "--animations", "2000000"], ["--animations", "2000000"]),
        (["bench", "--frame-rate", "90"], ["--frame-rate", "'90'"]),
        (["bench", "--workload", "springs"], ["--workload", "'springs'"]),
        (["bench", "--strategy", "simd"], ["--strategy", "'simd'"]),
        (["bench", "--threads", "0"], ["--threads", "'0'"]),
        (["bench", "--seconds", "-1"], ["--seconds"]),
        (["bench", "--json"], ["--json"]),
        (["bench", "--runs", "3"], ["--runs", "--update-baseline"]),
        (["bench", "--update-baseline", "--runs", "0"], ["--runs", "'0'"]),
        (["bench", "--update-baseline", "--runs", "21"], ["--runs", "21"]),
        (["bench", "--results", "a.json"], ["--results", "--baseline"]),
        (["bench", "--results", "a.json,", "--update-baseline"], ["--results", "empty"]),
        (["bench", "--baseline", "b.json", "--results", "a.json,c.json"], ["--results", "2 files"]),
        (["export"], ["--format"]),
        (["export", "--format", "csv", "--bench", "a.json"], ["--format", "'csv'"]),
        (["export", "--format", "bencher"], ["--bench", "--verify"]),
        (["export", "--format", "influx", "--bench", "/nonexistent-hooke.json"], ["--bench", "/nonexistent-hooke.json"]),
        (["profile"], ["WORKLOAD"]),
        (["profile", "cats"], ["WORKLOAD", "'cats'"]),
        (["profile", "curve", "--strategy", "euler"], ["--strategy", "'euler'"]),
        (["profile", "spring", "--frames", "0"], ["--frames", "'0'"]),
    ])
    func rejectsBadArguments(_ arguments: [String], _ needles: [String]) {
        expectUsageError(arguments, mentions: needles)
    }

    @Test("help lists workloads and strategies")
    func helpListsWorkloadsAndStrategies() {
        let run = hooke("bench", "--help")
        #expect(run.status == 0)
        for word in ["swiftui-spring", "curve", "mixed", "keyframes", "naive", "fast", "euler", "rk4", "gsl", "--baseline"] {
            #expect(run.standardOutput.contains(word), "help lacks \(word)")
        }
        #expect(hooke("profile", "--help").status == 0)
    }
}

@Test("bench and profile accept the same --threads range")
func threadLimitsAgree() {
    let bench = hooke("bench", "--threads", "1000")
    let profile = hooke("profile", "spring", "--threads", "1000")
    #expect(bench.status == 2 && profile.status == 2)
    let range = { (text: String) in text.split(separator: " ").first { $0.hasPrefix("1…") } }
    #expect(range(bench.standardError) != nil)
    #expect(range(bench.standardError) == range(profile.standardError), "\(bench.standardError) vs \(profile.standardError)")
}

/// A stored bench run is read as it is written (`BenchReport.decode`): a diverged fast path's
/// infinite consistency, stored as the string "Infinity", is read back by every command that takes
/// a stored run, not refused as "not a hooke bench --json file" (`bench --results` reads it with the
/// same call, but refuses a debug build before it reads anything).
@Test("a stored run with an infinite consistency is read by export --bench, and pooled and judged by bench --results in a debug build")
func aStoredRunWithAnInfiniteConsistencyIsRead() throws {
    let diverged = BenchResult(workload: .spring, strategy: .euler, animations: 10, threads: 1, frameRate: 120,
                               frameNanoseconds: Percentiles(of: [1_000]), samples: 1, allocationsPerFrame: 0,
                               maxError: nil, consistencyWithNaive: .infinity, stateBytesPerAnimation: 8)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-infinite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let run = folder.appendingPathComponent("run.json").path
    let data = try BenchReport(environment: .current(frameRate: 120, hookeVersion: "test"), results: [diverged]).encoded()
    #expect(String(decoding: data, as: UTF8.self).contains(#""Infinity""#))
    try data.write(to: URL(fileURLWithPath: run))

    let export = hooke("export", "--format", "bencher", "--bench", run)
    #expect(export.status == 0, "\(export.standardError)")
    #expect(export.standardOutput.contains("spring/euler/10/1t/120Hz"), "\(export.standardOutput)")

    // Pooling and judging a stored run measure nothing, so a debug build may do them.
    let baseline = folder.appendingPathComponent("baseline.json").path
    let pooled = hooke("bench", "--results", run, "--update-baseline", "--baseline", baseline)
    #expect(pooled.status == 0, "\(pooled.standardError)")
    #expect(try String(contentsOfFile: baseline, encoding: .utf8).contains("spring/euler/10/1t/120Hz"))
    let judged = hooke("bench", "--results", run, "--baseline", baseline)
    #expect(judged.status == 0, "\(judged.standardError)")
}
