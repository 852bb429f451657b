// Fixtures.swift — small synthetic verification and bench models (no suite or bench is run),
// and the golden-file helper.

import Foundation
import FrameBench
@testable import Reporting
import Testing
import Verification

enum Fixtures {
    static let environment = ReportEnvironment(
        machine: Machine(cpuModel: "Test CPU @ 2.0GHz", cores: 2, isa: "unknown", operatingSystem: "Debian GNU/Linux 12 (bookworm)",
                         swiftVersion: "6.3", gslVersion: "2.7.1"),
        buildConfiguration: "release", gitCommit: "abc1234", date: "2025-01-02T03:04:05Z",
        hookeVersion: "0.1.0")

    static var verification: VerificationReport {
        let relative = "relative to distance"
        func errors(max: Double, rms: Double, absolute: Double, unit: String = "") -> [Metric] {
            [Metric("maxAbsError", absolute, unit: unit), Metric("rmsAbsError", absolute / 3, unit: unit),
             Metric("maxRelError", max, unit: relative), Metric("rmsRelError", rms, unit: relative)]
        }
        let closedForm = Tolerance(name: "closedFormVsReference", metric: "maxRelError", value: 1e-11, reason: "test")
        let spring = SuiteReport(name: "spring", summary: "closed-form springs vs GSL", status: .passed, seconds: 0.5, checks: [
            CheckReport(suite: "spring", name: "positions: regime grid", kind: .reference, source: "GSL", implementation: "hooke.Spring", quickSet: true,
                        metrics: errors(max: 3.1e-15, rms: 4.2e-16, absolute: 3.1e-15),
                        worst: WorstCase("ζ 1.000000001: response 0.5", time: 0.35), tolerance: closedForm, status: .pass,
                        detail: "maxRelError 3.1e-15 (tolerance 1e-11)"),
            CheckReport(suite: "spring", name: "positions: regime grid", kind: .finding, source: "GSL", implementation: "swiftui-model.Spring", quickSet: true,
                        metrics: errors(max: 2.5e-9, rms: 1e-10, absolute: 2.5e-9),
                        worst: WorstCase("ζ 0.999999999 | near critical", time: 1.25), tolerance: nil, status: .info,
                        detail: "SwiftUI's own error vs physics"),
            CheckReport(suite: "spring", name: "erratum: overdamped velocity adds the target", kind: .finding, source: "Spring.velocity", implementation: "swiftui-model.Spring",
                        quickSet: true, metrics: errors(max: 1e-13, rms: 1e-14, absolute: 1e-13)
                            + [Metric("errorVsPhysics", 0.16, unit: "relative to ω0·distance")],
                        tolerance: nil, status: .info, detail: "reproduced to 1e-13"),
            CheckReport(suite: "spring", name: "energy never increases (c ≥ 0)", kind: .invariant, source: "physics",
                        implementation: "hooke.Spring", quickSet: true, metrics: errors(max: 0, rms: 0, absolute: 0),
                        tolerance: Tolerance(name: "energyNonIncreasing", metric: "maxRelError", value: 1e-15, reason: "test"),
                        status: .pass, detail: "no gain"),
        ])
        var convergence: [Metric] = []
        for (tag, p) in [("ζ0", 1.0), ("ζ0.3", 1.02)] {
            convergence.append(Metric("error[h=1/300,\(tag)]", 4e-3, unit: "relative to Δ"))
            convergence.append(Metric("error[h=1/2400,\(tag)]", 5e-4, unit: "relative to Δ"))
            for j in 0..<3 { convergence.append(Metric("order[\(j),\(tag)]", p + Double(j) * 0.01, unit: "log2 ratio", better: .none)) }
        }
        let integrator = SuiteReport(name: "integrator", summary: "the .spring 1/300 s integrator", status: .passed, seconds: 0.2, checks: [
            CheckReport(suite: "integrator", name: "library = rule at h = 1/300", kind: .consistency, source: "IntegratorRule",
                        implementation: "SpringIntegratorState", quickSet: true, metrics: errors(max: 0, rms: 0, absolute: 0),
                        tolerance: Tolerance(name: "sameOperations", metric: "maxAbsError", value: 0, reason: "test"),
                        status: .pass, detail: "maxAbsError 0"),
            CheckReport(suite: "integrator", name: "departure from the exact ODE (60 Hz frames)", kind: .finding, source: "GSL", implementation: "Animation.spring",
                        quickSet: true, metrics: errors(max: 4e-3, rms: 1e-3, absolute: 4e-3), worst: WorstCase("response 0.5, ζ 0", time: 0.1),
                        tolerance: nil, status: .info, detail: "departs by up to 0.004"),
            CheckReport(suite: "integrator", name: "convergence order, F₀ = 0 (SwiftUI)", kind: .finding, source: "GSL", implementation: "IntegratorRule",
                        quickSet: true, metrics: convergence, tolerance: nil, status: .info, detail: "p ≈ 1"),
        ])
        let holds = Tolerance(name: "claimHolds", metric: "maxRelError", value: 1e-12, reason: "test")
        let claims = SuiteReport(name: "claims", summary: "documentation claims", status: .passed, seconds: 0.01, checks: [
            CheckReport(suite: "claims", name: "stiffness = (2π/response)²", kind: .finding, source: "claims", implementation: "hooke.Spring", quickSet: true,
                        metrics: errors(max: 2e-16, rms: 1e-16, absolute: 1e-14), tolerance: holds, status: .pass, verdict: .holds,
                        detail: "holds: max relative error 2e-16"),
            CheckReport(suite: "claims", name: ".spring animations are the closed form", kind: .finding, source: "claims", implementation: "Animation.spring",
                        quickSet: true, metrics: errors(max: 0.004, rms: 0.001, absolute: 0.004), tolerance: holds, status: .pass,
                        verdict: .fails, detail: "fails: the integrator differs by up to 0.4% of Δ"),
        ])
        let times = (0..<50).map { Double($0) / 60 }
        let recordings = SuiteReport(name: "recordings", summary: "real SwiftUI recordings", status: .passed, seconds: 0.05, checks: [
            CheckReport(suite: "recordings", name: ".spring(response: 1.8, dampingFraction: 0.3) vs recording",
                        kind: .reference, source: "recording", implementation: "Animation.spring", quickSet: true,
                        metrics: errors(max: 4.7e-8, rms: 1.6e-8, absolute: 4.7e-6, unit: "pt"),
                        tolerance: Tolerance(name: "recordedSpring", metric: "maxAbsError", value: 2e-5, reason: "test"),
                        status: .pass, detail: "maxAbsError 4.7e-6"),
            CheckReport(suite: "recordings", name: "interrupted interpolatingSpring (chain) vs recording", kind: .reference, source: "recording", implementation: "Animator",
                        quickSet: true, metrics: errors(max: 1e-5, rms: 2.4e-6, absolute: 1e-3, unit: "pt"), tolerance: nil,
                        status: .info, detail: "rms 2.4e-4 pt",
                        series: [SampleSeries(name: "residual, chain vs recording", xLabel: "t since interruption (s)", yLabel: "pt",
                                              x: times, y: times.map { 1e-4 * sin(7 * $0) })]),
        ])
        let keyframes = SuiteReport(name: "keyframes", summary: "keyframe timelines", status: .skipped,
                                    skipReason: "keyframes not implemented yet", seconds: 0, checks: [])
        let ulps = SuiteReport(name: "ulps", summary: "closed forms vs a double-double reference", status: .passed, seconds: 0.3, checks: [
            CheckReport(suite: "ulps", name: "value: ulps over the regime grid", kind: .reference, source: "double-double",
                        implementation: "hooke.Spring", quickSet: true,
                        metrics: errors(max: 2.4e-15, rms: 2e-16, absolute: 2.4e-15) + [Metric("maxUlps", 11, unit: "ulps of distance", ulpEquivalent: 1)],
                        worst: WorstCase("ζ 0.0: response 0.5", time: 2.65),
                        tolerance: Tolerance(name: "springValueUlps", metric: "maxUlps", value: 64, reason: "test"),
                        status: .pass, detail: "worst 11 ulps"),
        ])
        var report = VerificationReport(seed: 42, quick: true, suites: [spring, integrator, claims, recordings, keyframes, ulps])
        report.mutants = MutationReport(mutants: [
            MutantResult(name: "bezier-1e-7", fault: "Bézier solved only to 1e-7 in x", suites: ["curves", "ulps"],
                         caughtBy: ["curves/Bézier inversion vs GSL Brent: presets [UnitCurve]", "ulps/Bézier inversion [UnitCurve]",
                                    "curves/x [UnitCurve]"]),
            MutantResult(name: "missed", fault: "a fault nothing catches", suites: ["curves"], caughtBy: []),
        ])
        report.baseline = BaselineComparison(
            path: "reports/baselines/accuracy.json", state: .compared, comparedChecks: 9, newChecks: ["spring/new [x]"],
            regressions: [MetricChange(check: "spring/positions: regime grid [hooke.Spring]", metric: "maxRelError",
                                     baseline: 1e-15, current: 3.1e-15, allowed: 2e-15)],
            noiseBand: "max(4 × baseline, baseline + 64 ulp-equivalents)")
        return report
    }

    static var benchEnvironment: BenchEnvironment {
        let json = """
        {"cpuModel": "Test CPU @ 2.0GHz", "cores": 2, "operatingSystem": "Debian GNU/Linux 12 (bookworm)",
         "swiftVersion": "6.3", "gslVersion": "2.7.1", "buildConfiguration": "release",
         "peakResidentMemoryBytes": 104857600, "frameRate": 120, "hookeVersion": "0.1.0"}
        """
        return try! JSONDecoder().decode(BenchEnvironment.self, from: Data(json.utf8))
    }

    /// Costs (ns per animation per frame) that look like this machine's, with cache effects at
    /// large N and a 1.2× second thread.
    static var bench: BenchReport { bench() }

    /// `bench` with every time × `scale` and the `fast` strategies' × `fastScale` on top (a
    /// slower machine, a regression).
    static func bench(scale: Double = 1, fastScale: Double = 1) -> BenchReport {
        let costs: [(Workload, Strategy, Double, Double?)] = [
            (.spring, .naive, 55, 2e-15), (.spring, .fast, 2.6, 1e-15), (.spring, .euler, 4, 0.04), (.spring, .rk4, 9, 2e-4),
            (.spring, .gsl, 21000, 0), (.swiftUISpring, .naive, 80, 0), (.swiftUISpring, .fast, 12, 0),
        ]
        var results: [BenchResult] = []
        for (workload, strategy, cost, error) in costs {
            for n in [1_000, 10_000, 100_000] {
                for threads in [1, 2] {
                    if strategy == .gsl && (n > 1_000 || threads > 1) { continue }
                    let perAnimation = cost * (n >= 100_000 ? 1.3 : 1) / (threads == 2 ? 1.2 : 1) * scale
                        * (strategy == .fast ? fastScale : 1)
                    let p50 = perAnimation * Double(n)
                    let frame = Percentiles(p0: p50 * 0.9, p25: p50 * 0.97, p50: p50, p75: p50 * 1.04, p90: p50 * 1.1,
                                            p99: p50 * 1.6, p100: p50 * 2.5)
                    results.append(BenchResult(
                        workload: workload, strategy: strategy, animations: n, threads: threads, frameRate: 120,
                        frameNanoseconds: frame, samples: 200, allocationsPerFrame: strategy == .naive ? 0.5 : 0,
                        maxError: error, consistencyWithNaive: strategy == .naive ? nil : 1e-14,
                        stateBytesPerAnimation: strategy == .fast ? 48 : 40,
                        note: strategy == .gsl ? "slow | by design" : nil))
                }
            }
        }
        results.linkRelativeFigures()
        let equalAccuracy = [
            EqualAccuracyRow(target: 1e-3, strategy: .fast, substeps: 1, error: 1e-15, nsPerAnimationFrame: 2.6,
                             nsPerAnimationFrameP75: 2.7, animations: 10_000),
            EqualAccuracyRow(target: 1e-3, strategy: .euler, substeps: 40, error: 9e-4, nsPerAnimationFrame: 60,
                             nsPerAnimationFrameP75: 62, animations: 10_000),
            EqualAccuracyRow(target: 1e-6, strategy: .fast, substeps: 1, error: 1e-15, nsPerAnimationFrame: 2.6,
                             nsPerAnimationFrameP75: 2.7, animations: 10_000),
            EqualAccuracyRow(target: 1e-6, strategy: .euler, substeps: nil, error: 4e-4, animations: 10_000),
        ]
        func percentiles(_ p50: Double) -> Percentiles {
            Percentiles(p0: p50 * 0.8, p25: p50 * 0.9, p50: p50, p75: p50 * 1.1, p90: p50 * 1.5, p99: p50 * 4, p100: p50 * 9)
        }
        let handOff = [
            HandOffRow(kind: .emptyFrame, pool: nil, threads: 1, samples: 1_000, nanoseconds: percentiles(30)),
            HandOffRow(kind: .emptyFrame, pool: .spin, threads: 2, samples: 1_000, nanoseconds: percentiles(900)),
            HandOffRow(kind: .semaphoreRoundTrip, pool: nil, threads: 2, samples: 500, nanoseconds: percentiles(50_000)),
        ]
        return BenchReport(environment: benchEnvironment, results: results, equalAccuracy: equalAccuracy, handOff: handOff)
    }

    /// A scratch directory, removed by the caller.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-report-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Compares `text` with `Golden/<name>`; writes the file instead only when HOOKE_RECORD_GOLDEN=1.
/// A missing golden file fails the test (it is never recorded silently).
func expectGolden(_ text: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/\(name)")
    if ProcessInfo.processInfo.environment["HOOKE_RECORD_GOLDEN"] == "1" {
        try Data(text.utf8).write(to: url)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("golden file \(url.path) is missing; record it with HOOKE_RECORD_GOLDEN=1", sourceLocation: sourceLocation)
        return
    }
    if text != expected {
        let got = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
        Issue.record("""
            \(name) differs from its golden file at line \(line + 1) (re-record with HOOKE_RECORD_GOLDEN=1 if intended):
              golden: \(line < want.count ? String(want[line]) : "<end>")
              actual: \(line < got.count ? String(got[line]) : "<end>")
            """, sourceLocation: sourceLocation)
    }
}
