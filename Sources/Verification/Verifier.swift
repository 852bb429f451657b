// Verifier.swift — every suite, and the concurrent runner.
//
// A suite is a function from the configuration to checks. Suites run concurrently on Dispatch
// (`concurrentPerform`, one suite per iteration); each suite's checks run in sequence, in a fixed
// order, and results are stored by suite index, so the report's order never depends on timing.

import AnimationMath
import Dispatch
import Foundation

public enum Verifier {
    /// Every suite, in report order.
    public static let suites: [VerificationSuite] = [
        SpringSuite.suite,
        IntegratorSuite.suite,
        StabilitySuite.suite,
        InterpolatingSpringSuite.suite,
        CurveSuite.suite,
        ModifierSuite.suite,
        AnimatorSuite.suite,
        InvariantSuite.suite,
        ContinuitySuite.suite,
        SettlingSuite.suite,
        ClaimSuite.suite,
        RecordingSuite.suite,
        KeyframeSuite.suite,
        PrecisionSuite.suite,
        DerivativeSuite.suite,
        PresetSuite.suite,
        IntegratorRuleSuite.suite,
        KeyframeDefinitionSuite.suite,
        VectorLawSuite.suite,
        SpringDefinitionSuite.suite,
        CurveEdgeSuite.suite,
        TransactionSuite.suite,
        PhaseSuite.suite,
        CompletionSuite.suite,
        CustomAnimationSuite.suite,
        IdentitySuite.suite,
        PreconditionSuite.suite,
    ]

    /// The names of every suite, against which a requested name is checked.
    public static var suiteNames: [String] { suites.map(\.name) }

    /// Runs `suites` concurrently and returns the report in suite order.
    ///
    /// - Parameters:
    ///   - configuration: the implementations under test, the seed and the quick set.
    ///   - suites: the suites to run (default: every suite).
    ///   - progress: called once per finished suite, serially (under a lock), from whichever worker
    ///     finished it.
    public static func run(
        _ configuration: VerificationConfiguration, suites: [VerificationSuite] = Verifier.suites,
        progress: @escaping @Sendable (SuiteProgress) -> Void = { _ in }
    ) -> VerificationReport {
        let results = ResultSlots(count: suites.count)
        DispatchQueue.concurrentPerform(iterations: suites.count) { index in
            let suite = suites[index]
            let start = DispatchTime.now().uptimeNanoseconds
            var report: SuiteReport
            do {
                let checks = try suite.run(configuration)
                let failed = checks.contains { $0.status == .fail }
                report = SuiteReport(name: suite.name, summary: suite.summary, status: failed ? .failed : .passed,
                                     seconds: 0, checks: checks)
            } catch let skip as SuiteSkipped {
                report = SuiteReport(name: suite.name, summary: suite.summary, status: .skipped,
                                     skipReason: skip.reason, seconds: 0, checks: [])
            } catch {
                // An unexpected error (a reference failure outside any check) fails the suite.
                let check = CheckReport(
                    suite: suite.name, name: "suite ran", kind: .reference, source: "-", implementation: "-", quickSet: true, metrics: [],
                    tolerance: nil, status: .fail, detail: "the suite stopped with an error: \(error)")
                report = SuiteReport(name: suite.name, summary: suite.summary, status: .failed, seconds: 0,
                                     checks: [check])
            }
            report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let finished = report
            results.store(finished, at: index) { completed in
                progress(SuiteProgress(
                    suite: finished.name, completed: completed, total: suites.count, status: finished.status,
                    checkCount: finished.checks.count,
                    failedCount: finished.checks.filter { $0.status == .fail }.count, seconds: finished.seconds))
            }
        }
        return VerificationReport(seed: configuration.seed, quick: configuration.quick, suites: results.all())
    }
}

/// Suite results by index, filled from several threads.
private final class ResultSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [SuiteReport?]
    private var completed = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ report: SuiteReport, at index: Int, then notify: (Int) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = report
        completed += 1
        notify(completed)
    }

    func all() -> [SuiteReport] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
