import AnimationMath
import Foundation
import Testing
@testable import Verification
import _TestSupport

/// A spring that is Hooke's plus an injected error of 1e-6 of the target in its position.
private struct InjectedErrorSpring: SpringEvaluating {
    var base: HookeSpring
    func value(target: Double, initialVelocity: Double, time: Double) -> Double {
        base.value(target: target, initialVelocity: initialVelocity, time: time) + 1e-6 * target
    }
    func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
        base.velocity(target: target, initialVelocity: initialVelocity, time: time)
    }
    func force(target: Double, initialVelocity: Double, time: Double) -> Double {
        base.force(target: target, initialVelocity: initialVelocity, time: time)
    }
    func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        base.update(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
    }
}

@Suite("the verifier")
struct VerifierTests {
    @Test("a spring with an injected 1e-6 error fails the position check, and only that")
    func injectedError() {
        let injected = SpringImplementation(name: "injected", isGated: true) { InjectedErrorSpring(base: HookeSpring($0.spring)) }
        let checks = SpringSuite.gridChecks(injected, cases: Array(SpringSuite.regimeGrid.prefix(4)), label: "grid",
                                            quickSet: true, seeded: false)
        let positions = checks.first { $0.name.hasPrefix("positions") }!
        let velocities = checks.first { $0.name.hasPrefix("velocities") }!
        #expect(positions.status == .fail, "\(positions.detail)")
        #expect(velocities.status == .pass, "\(velocities.detail)")
        let honest = SpringSuite.gridChecks(.hooke, cases: Array(SpringSuite.regimeGrid.prefix(4)), label: "grid",
                                            quickSet: true, seeded: false)
        #expect(honest.allSatisfy { $0.status == .pass }, "\(honest.map(\.detail))")
    }

    @Test("every planted fault is caught by at least one failing check, and the alternative implementations with no fault pass")
    func mutants() {
        let configuration = VerificationConfiguration(quick: true, recordingsDirectory: Self.recordings)
        let (report, controlFailures) = MutationTesting.run(configuration)
        #expect(report.planted >= 15)
        for mutant in report.mutants {
            #expect(mutant.caught, "\(mutant.name) (\(mutant.fault)) was not caught")
        }
        #expect(controlFailures.isEmpty, "the control failed: \(controlFailures)")
    }

    static let recordings = repositoryRoot.appendingPathComponent("data/swiftui-recordings")

    @Test("the baseline flags a metric worse than its noise band, and only then")
    func baselineBand() {
        let check = CheckReport(suite: "s", name: "c", kind: .reference, source: "-", implementation: "i", quickSet: true,
                                metrics: [Metric("maxRelError", 1e-13)], tolerance: nil, status: .pass, detail: "")
        let report = VerificationReport(seed: 1, quick: true, suites: [
            SuiteReport(name: "s", summary: "", status: .passed, seconds: 0, checks: [check])])
        var baseline = AccuracyBaseline(report: report)
        #expect(baseline.compare(report, path: "-").regressions.isEmpty)
        baseline.checks[check.key]?.metrics["maxRelError"] = 1e-15  // a better stored figure
        #expect(baseline.compare(report, path: "-").regressions.count == 1)
        baseline.checks[check.key]?.metrics["maxRelError"] = 2e-14  // within 10×
        #expect(baseline.compare(report, path: "-").regressions.isEmpty)
    }

    @Test("the integrator rule at 1/300 is the library's integrator, bit for bit")
    func ruleMatchesLibrary() throws {
        #expect(try IntegratorSuite.identicalCheck().status == .pass)
    }

    @Test("the report round-trips through JSON, non-finite numbers included")
    func reportCodable() throws {
        let check = CheckReport(suite: "s", name: "c", kind: .reference, source: "-", implementation: "i", quickSet: true,
                                metrics: [Metric("x", .infinity), Metric("y", .nan)], tolerance: nil, status: .info, detail: "d",
                                series: [SampleSeries(name: "n", xLabel: "t", yLabel: "y", x: Array(0..<500).map(Double.init),
                                                      y: Array(0..<500).map(Double.init))])
        let report = VerificationReport(seed: 9, quick: false, suites: [
            SuiteReport(name: "s", summary: "", status: .passed, seconds: 0, checks: [check])])
        let decoded = try VerificationReport.decode(report.jsonData())
        #expect(decoded.checks[0].metrics[0].value == .infinity)
        #expect(decoded.checks[0].metrics[1].value.isNaN)
        #expect(decoded.checks[0].series[0].x.count == SampleSeries.maximumCount)
    }
}
