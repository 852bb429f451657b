import FrameBench
import Foundation
import Testing
import HookeSupport

@Suite("PerformanceBaseline")
struct PerformanceBaselineTests {
    /// A synthetic result: frames whose time per animation is `nanoseconds` × (1 + `jitter`·u), u
    /// uniform in [−1, 1) from `seed`, the last third × `tail`; `samples` frames.
    static func result(_ strategy: Strategy, nanoseconds: Double, tail: Double = 1, samples: Int = 40,
                       allocations: Double = 0, error: Double? = 1e-15, jitter: Double = 0.02, seed: UInt64 = 1) -> BenchResult {
        var generator = SplitMix64(seed: seed &+ UInt64(strategy.rawValue.count))
        let frame = nanoseconds * 1_000
        let frames = (0..<samples).map { ($0 < samples * 2 / 3 ? frame : frame * tail) * (1 + jitter * generator.uniform(-1, 1)) }
        return BenchResult(workload: .spring, strategy: strategy, animations: 1_000, threads: 1, frameRate: 120,
                           frameNanoseconds: Percentiles(of: frames), samples: samples, allocationsPerFrame: allocations,
                           maxError: error, consistencyWithNaive: 0, stateBytesPerAnimation: 56, frameSamples: frames)
    }

    static func run(fast: Double, tail: Double = 1, samples: Int = 40, allocations: Double = 0,
                    error: Double = 1e-15, seed: UInt64 = 1) -> [BenchResult] {
        var results = [result(.naive, nanoseconds: 50, seed: seed),
                       result(.fast, nanoseconds: fast, tail: tail, samples: samples, allocations: allocations, error: error,
                              seed: seed)]
        results.linkRelativeFigures()
        return results
    }

    /// Three runs whose fast medians differ by up to 10 % between runs: the spring workload's
    /// minimum effect is that spread.
    static let baseline = PerformanceBaseline(runs: [run(fast: 2.5, seed: 1), run(fast: 2.75, seed: 2), run(fast: 2.6, seed: 3)])

    /// A ratio of two medians of 40 frames jittered by ±2 %: about 0.2 % of the ratio 0.05, 1e-4
    /// (achieved 1.1e-4).
    static let ratioTolerance = 5e-4
    /// The runs' spread from medians of jittered frames: 10 % give or take 2 points (achieved 0.006).
    static let effectTolerance = 0.02
    /// The bootstrap estimate of a 1.5× slowdown, each side's median jittered (achieved 0.004).
    static let slowdownTolerance = 0.04

    @Test("ratios are to naive")
    func ratiosAreToNaive() {
        let results = Self.run(fast: 2.5)
        #expect(results[0].ratioToNaive == nil)
        #expect(abs(results[1].ratioToNaive! - 0.05) < Self.ratioTolerance)
        #expect(Self.baseline.entries.count == 2 && Self.baseline.runs == 3)
        #expect(Self.baseline.entries[1].runRatios.count == 3 && Self.baseline.entries[1].samples == 120)
    }

    /// The minimum effect is the median between-run spread of the workload's configurations
    /// (here one): medians 2.5, 2.75 and 2.6 ns over naive's 50 give 2.75/2.5 − 1 = 10 %, give or
    /// take the jitter's effect on each median (±2 % frames, 40 of them); the configuration itself
    /// uses twice its own spread, 20 %.
    @Test("the minimum effect is the runs' spread")
    func theMinimumEffectIsTheRunsSpread() throws {
        let effect = try #require(Self.baseline.minimumEffect["spring"])
        #expect(abs(effect - 0.10) < Self.effectTolerance, "\(effect)")
        #expect(Self.baseline.effect(for: Self.baseline.entries[1]) == 2 * effect, "twice the configuration's spread, exactly")
        #expect(PerformanceBaseline(results: Self.run(fast: 2.5)).effect(for: "spring")
                == PerformanceBaseline.Thresholds.standard.singleRunEffect)
        // Runs that agree closely still leave the floor.
        let tight = PerformanceBaseline(runs: [Self.run(fast: 2.5, seed: 1), Self.run(fast: 2.5, seed: 2)])
        #expect(tight.effect(for: "spring") == PerformanceBaseline.Thresholds.standard.effectFloor)
    }

    @Test("within the noise exits 0")
    func withinTheNoiseExitsZero() {
        // Up to 2.9 ns (1.115× the pooled 2.6) is inside twice the runs' own spread; a new seed is
        // a new run of the same code.
        #expect(Self.baseline.compare(Self.run(fast: 2.75, seed: 9)).verdict == .equal)
        #expect(Self.baseline.compare(Self.run(fast: 2.6, seed: 10)).verdict == .equal)
        #expect(Self.baseline.compare(Self.run(fast: 2.9, seed: 11)).verdict == .equal)
    }

    @Test("a slowdown past the effect exits 1")
    func aSlowdownPastTheEffectExitsOne() throws {
        // 1.5× the pooled median (2.6): past 1 + 20 % with 99 % confidence.
        let comparison = Self.baseline.compare(Self.run(fast: 3.9, seed: 12))
        #expect(comparison.verdict == .regression)
        let finding = try #require(comparison.regressions.first)
        #expect(finding.metric == "timeRatioToNaive")
        let interval = try #require(finding.interval)
        #expect(interval.lower > 1.2 && interval.lower < interval.estimate && interval.estimate < interval.upper)
        #expect(abs(interval.estimate - 3.9 / 2.6) < Self.slowdownTolerance, "\(interval)")
    }

    /// The verdict is a statement about the whole distribution: a median that moved while most
    /// frames did not cannot clear the bar when the interval is wide. Here the slowdown is 25 %,
    /// past the 20 % effect, but with ±30 % frames the interval reaches below 1.2.
    @Test("a noisy shift is not called without confidence")
    func aNoisyShiftIsNotCalledWithoutConfidence() {
        var results = [Self.result(.naive, nanoseconds: 50, seed: 13),
                       Self.result(.fast, nanoseconds: 2.6 * 1.25, jitter: 0.3, seed: 13)]
        results.linkRelativeFigures()
        #expect(Self.baseline.compare(results).verdict == .equal)
    }

    /// Too few samples on either side: the timing is listed as not judged, never as a regression.
    @Test("too few samples are not judged")
    func tooFewSamplesAreNotJudged() {
        let comparison = Self.baseline.compare(Self.run(fast: 12.5, samples: 10))
        #expect(comparison.verdict == .equal)
        #expect(comparison.tooFewSamples == ["spring/fast/1000/1t/120Hz"])
        let thin = PerformanceBaseline(results: Self.run(fast: 2.5, samples: 19))
        #expect(thin.compare(Self.run(fast: 12.5)).tooFewSamples == ["spring/fast/1000/1t/120Hz"])
    }

    @Test("faster exits 4")
    func fasterExitsFour() {
        let comparison = Self.baseline.compare(Self.run(fast: 1.5))
        #expect(comparison.verdict == .improvement)
        #expect(comparison.improvements.map(\.metric) == ["timeRatioToNaive"])
    }

    @Test("allocations and errors regress")
    func allocationsAndErrorsRegress() {
        #expect(Self.baseline.compare(Self.run(fast: 2.5, allocations: 1)).verdict == .regression)
        #expect(Self.baseline.compare(Self.run(fast: 2.5, error: 1e-9)).verdict == .regression)
        // Below the 1e-13 floor the error is rounding noise: equal.
        #expect(Self.baseline.compare(Self.run(fast: 2.5, error: 5e-14)).verdict == .equal)
    }

    @Test("allocations are judged only where the baseline allocates nothing")
    func allocationsAreJudgedOnlyWhereTheBaselineAllocatesNothing() {
        // A naive path that restarts `.spring` objects allocates a sample-dependent amount: the
        // stored 37.5 per frame against 356 now is reported, not a regression, and 0 now is not an
        // improvement; an allocation-free baseline still regresses at one allocation per frame.
        let allocating = PerformanceBaseline(thresholds: .standard, entries: [
            .init(key: "spring/fast/1000/1t/120Hz", timeRatioToNaive: 0.05, allocationsPerFrame: 37.5, maxError: 1e-15)])
        let run = Self.run(fast: 2.5, allocations: 356)
        #expect(allocating.compare(run).findings.allSatisfy { $0.verdict == .equal })
        #expect(allocating.compare(Self.run(fast: 2.5, allocations: 0)).verdict == .equal)
        #expect(Self.baseline.compare(Self.run(fast: 2.5, allocations: 1)).verdict == .regression)
    }

    @Test("regression wins over improvement")
    func regressionWinsOverImprovement() {
        // Faster but allocating: any regression makes the verdict a regression.
        #expect(Self.baseline.compare(Self.run(fast: 1.0, allocations: 3)).verdict == .regression)
    }

    @Test("unmeasured configurations are not compared")
    func unmeasuredConfigurationsAreNotCompared() {
        let other = PerformanceBaseline(thresholds: .standard, entries: [
            .init(key: "curve/fast/1000/1t/120Hz", timeRatioToNaive: 0.5, allocationsPerFrame: 0, maxError: 0)])
        let comparison = other.compare(Self.run(fast: 2.5))
        #expect(comparison.verdict == .equal)
        #expect(comparison.unmeasured == ["curve/fast/1000/1t/120Hz"])
    }

    @Test("round trips through an atomic write")
    func roundTripsThroughAnAtomicWrite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-baseline-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("nested/performance.json").path
        try writeAtomically(try Self.baseline.encoded(), toPath: path)
        #expect(try PerformanceBaseline.load(fromPath: path) == Self.baseline)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("nested").path)
        #expect(leftovers == ["performance.json"])
    }

    /// A bad baseline is one line naming the file and what is wrong where (the shared reader of
    /// HookeSupport's StoredBaseline, which `hooke verify`'s accuracy baseline uses too).
    @Test("bad baselines name the file and the JSON path")
    func badBaselinesNameTheFileAndTheJSONPath() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-bad-baseline-\(getpid()).json").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let cases: [(String, String)] = [
            (#"{"version": 2, "entries": []}"#, "version: 2, expected 3"),
            (#"{"entries": []}"#, "version: missing, expected 3"),
            ("[1, 2]", "not a JSON object"),
            ("{", "not JSON"),
            (#"{"version": 3, "runs": 1, "minimumEffect": {}, "thresholds": {}, "entries": []}"#, "thresholds.confidence: missing"),
        ]
        for (text, problem) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(throws: BaselineError(document: "performance baseline", path: path, problem: problem)) {
                try PerformanceBaseline.load(fromPath: path)
            }
        }
        var object = try #require(try JSONSerialization.jsonObject(with: Self.baseline.encoded()) as? [String: Any])
        var entries = try #require(object["entries"] as? [[String: Any]])
        entries[1]["samples"] = "many"
        object["entries"] = entries
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: BaselineError.self) { try PerformanceBaseline.load(fromPath: path) }
        #expect(error.problem?.hasPrefix("entries[1].samples: ") == true, "\(error)")
        #expect(!error.description.contains("\n"))
        try? FileManager.default.removeItem(atPath: path)
        #expect(throws: BaselineError(document: "performance baseline", path: path, problem: nil)) {
            try PerformanceBaseline.load(fromPath: path)
        }
        #expect(try PerformanceBaseline.read(fromPath: path) == nil)
    }

    @Test("the report has the contract's shape")
    func reportHasTheContractShape() throws {
        let environment = BenchEnvironment.current(frameRate: 120, hookeVersion: "test")
        let data = try BenchReport(environment: environment, results: Self.run(fast: 2.5)).encoded()
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["environment"] is [String: Any])
        let results = try #require(object["results"] as? [[String: Any]])
        for key in ["workload", "strategy", "animations", "threads", "frameRate", "nsPerAnimationFrame", "samples",
                    "framesPerSecond", "allocationsPerFrame", "maxError", "reference", "consistencyWithNaive",
                    "assumptions", "workerThreads"] {
            #expect(results[1][key] != nil, "results[] lacks \(key)")
        }
        let percentiles = try #require(results[1]["nsPerAnimationFrame"] as? [String: Any])
        #expect(Set(percentiles.keys) == ["p0", "p25", "p50", "p75", "p90", "p99", "p100"])
        let benchmarks = try #require(object["benchmarks"] as? [[String: Any]])
        #expect(benchmarks.allSatisfy { $0["name"] is String && $0["unit"] is String && $0["value"] is Double })
    }

    /// One `Machine` describes the machine, but the JSON keeps its two blocks: `environment` holds the
    /// machine's facts flat beside the run's (no name, no ISA), a stamped run's `machine` the whole
    /// record; reading them back gives the same machine (named after its hardware, ISA `unknown`,
    /// from an environment block alone).
    @Test("machine blocks keep their shape")
    func machineBlocksKeepTheirShape() throws {
        var report = BenchReport(environment: .current(frameRate: 120, hookeVersion: "test"), results: Self.run(fast: 2.5))
        report.stamp(machineName: "runner", commit: BenchCommit(id: "abc1234", date: nil), shard: nil)
        let object = try #require(try JSONSerialization.jsonObject(with: report.encoded()) as? [String: Any])
        let environment = try #require(object["environment"] as? [String: Any])
        let environmentKeys: Set = ["cpuModel", "cores", "operatingSystem", "swiftVersion", "gslVersion", "buildConfiguration",
                                    "buildISA", "peakResidentMemoryBytes", "frameRate", "hookeVersion", "transparentHugePages"]
        #expect(Set(environment.keys)
                == environmentKeys.subtracting(report.environment.transparentHugePages == nil ? ["transparentHugePages"] : []))
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(Set(machine.keys) == ["name", "cpuModel", "cores", "isa", "operatingSystem", "swiftVersion", "gslVersion"])
        #expect(machine["name"] as? String == "runner")
        let decoded = try BaselineJSON.decoder().decode(BenchReport.self, from: report.encoded())
        #expect(decoded.machine == report.machine)
        let facts = report.environment.machine
        #expect(decoded.environment.machine == Machine(cpuModel: facts.cpuModel, cores: facts.cores, isa: "unknown",
                                                       operatingSystem: facts.operatingSystem, swiftVersion: facts.swiftVersion,
                                                       gslVersion: facts.gslVersion))
        #expect(decoded.environment.machine.name == "unknown, \(facts.cores) cores, \(facts.cpuModel)")
    }
}
