// Verifier.swift — suites, the configuration of a run, and the concurrent runner.
//
// A suite is a function from the configuration to checks. Suites run concurrently on Dispatch
// (`concurrentPerform`, one suite per iteration); each suite's checks run in sequence, in a fixed
// order, and results are stored by suite index, so the report's order never depends on timing.

import AnimationMath
import Dispatch
import Foundation

/// How a verification run is set up.
public struct VerificationConfiguration: Sendable {
    /// Only the quick set of checks (each identical to its full-run counterpart).
    public var quick: Bool
    /// The seed of the random cases.
    public var seed: UInt64
    /// The directory holding the real SwiftUI recordings; nil skips that suite.
    public var recordingsDirectory: URL?
    /// The spring implementations that go through the spring checks.
    public var springImplementations: [SpringImplementation]
    /// The cubic timing Bézier under test: control points → progress → value.
    public var bezier: @Sendable (Double, Double, Double, Double) -> @Sendable (Double) -> Double
    /// `.spring(response:dampingFraction:blendDuration:)` under test.
    public var fluidSpring: @Sendable (Double, Double, Double) -> Animation
    /// `.interpolatingSpring(mass:stiffness:damping:initialVelocity:)` under test.
    public var interpolatingSpring: @Sendable (Double, Double, Double, Double) -> Animation
    /// The `delay`, `speed` and `repeatCount(_:autoreverses:)` modifiers under test (nil count: forever).
    public var delay: @Sendable (Animation, Double) -> Animation
    public var speed: @Sendable (Animation, Double) -> Animation
    public var repeatCount: @Sendable (Animation, Int?, Bool) -> Animation
    /// `Spring.settlingDuration` under test.
    public var settlingDuration: @Sendable (Spring) -> Double
    /// The animator under test (merges and chains).
    public var animator: AnimatorImplementation

    /// The seed used when `--seed` is not given.
    public static let defaultSeed: UInt64 = 0x484F_4F4B_45  // "HOOKE"

    /// The library's implementations in every slot.
    public init(quick: Bool = false, seed: UInt64 = VerificationConfiguration.defaultSeed,
                recordingsDirectory: URL? = nil,
                springImplementations: [SpringImplementation] = SpringImplementation.standard) {
        self.quick = quick
        self.seed = seed
        self.recordingsDirectory = recordingsDirectory
        self.springImplementations = springImplementations
        bezier = { x1, y1, x2, y2 in
            let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
            return { curve.value(at: $0) }
        }
        fluidSpring = { .spring(response: $0, dampingFraction: $1, blendDuration: $2) }
        interpolatingSpring = { .interpolatingSpring(mass: $0, stiffness: $1, damping: $2, initialVelocity: $3) }
        delay = { $0.delay($1) }
        speed = { $0.speed($1) }
        repeatCount = { base, count, autoreverses in
            count.map { base.repeatCount($0, autoreverses: autoreverses) } ?? base.repeatForever(autoreverses: autoreverses)
        }
        settlingDuration = { $0.settlingDuration }
        animator = .library
    }
}

/// A named group of checks.
public struct VerificationSuite: Sendable {
    public var name: String
    public var summary: String
    /// Produces the suite's checks, or throws `SuiteSkipped` to report the suite as skipped.
    public var run: @Sendable (VerificationConfiguration) throws -> [CheckReport]

    public init(name: String, summary: String, run: @escaping @Sendable (VerificationConfiguration) throws -> [CheckReport]) {
        self.name = name
        self.summary = summary
        self.run = run
    }
}

/// Thrown by a suite that cannot run here (missing data, a feature that does not exist yet).
public struct SuiteSkipped: Error, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// A suite that finished, for progress lines.
public struct SuiteProgress: Sendable {
    public var suite: String
    public var completed: Int
    public var total: Int
    public var status: SuiteReport.Status
    public var checkCount: Int
    public var failedCount: Int
    public var seconds: Double
}

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
    ]

    /// The names of every suite, for `--suite` validation.
    public static var suiteNames: [String] { suites.map(\.name) }

    /// Runs `suites` concurrently and returns the report in suite order.
    ///
    /// - Parameter progress: called once per finished suite, serially (under a lock), from
    ///   whichever worker finished it.
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
