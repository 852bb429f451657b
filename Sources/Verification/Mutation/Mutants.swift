// Mutants.swift — planted faults: each mutant puts one deliberately wrong implementation into one
// slot of the configuration (a closed-form spring, the `.spring` animation, the animator, the Bézier
// solver, a modifier, the settling search), runs every suite's quick checks on it, and counts as
// caught when at least one check fails. The checks do not know which mutant runs: they are the
// same checks `hooke verify` runs on the library.
//
// The control runs the alternative implementations with every switch right (FluidSpringVariant,
// ChainingAnimator): it must pass, which shows that a mutant is caught for its fault and not for
// something else the alternative gets wrong.

import AnimationMath
import Dispatch
import Foundation

/// One planted fault.
struct Mutant: Sendable {
    var name: String
    /// The fault, in words.
    var fault: String
    var plant: @Sendable (inout VerificationConfiguration) -> Void
}

public enum MutationTesting {
    static func spring(_ name: String, _ make: @escaping @Sendable (SpringParameters) -> any SpringEvaluating)
        -> @Sendable (inout VerificationConfiguration) -> Void
    {
        { $0.springImplementations = [SpringImplementation(name: name, isGated: true, make: make)] }
    }

    static func fluid(_ adjust: @escaping @Sendable (inout FluidSpringVariant) -> Void)
        -> @Sendable (inout VerificationConfiguration) -> Void
    {
        { configuration in
            configuration.fluidSpring = { response, dampingFraction, blendDuration in
                var variant = FluidSpringVariant(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
                adjust(&variant)
                return Animation(variant)
            }
        }
    }

    static func animator(_ mergeSample: ChainingAnimator.MergeSample, _ combination: ChainingAnimator.Combination)
        -> @Sendable (inout VerificationConfiguration) -> Void
    {
        { configuration in
            configuration.animator = AnimatorImplementation(name: "ChainingAnimator") {
                ChainingAnimator(value: $0, mergeSample: mergeSample, combination: combination)
            }
        }
    }

    /// The alternative implementations with every switch right.
    static let control = Mutant(name: "control", fault: "none: the alternative implementations, every switch right") {
        fluid { _ in }(&$0)
        animator(.intervalBeforeChange, .chained)(&$0)
    }

    /// Every planted fault.
    static let all: [Mutant] = [
        Mutant(name: "near-critical-cancelling", fault: "near-critical and overdamped closed form written as exp(r₁t)·a + exp(r₂t)·b (cancels)",
               plant: spring("mutant.Spring") { TwoExponentialSpring(spring: $0.spring) }),
        Mutant(name: "overdamped-wrong-root", fault: "overdamped branch: coefficient built from the wrong root",
               plant: spring("mutant.Spring") { TwoExponentialSpring(spring: $0.spring, wrongRoot: true) }),
        Mutant(name: "overdamped-velocity-sign", fault: "velocity with the wrong sign at ζ > 1",
               plant: spring("mutant.Spring") { FlippedOverdampedVelocitySpring(spring: $0.spring) }),
        Mutant(name: "frequency-1e-9", fault: "undamped frequency off by one part in 10⁹",
               plant: spring("mutant.Spring") { HookeSpring($0.withFrequencyError.spring) }),
        Mutant(name: "merge-drops-force", fault: ".spring merge drops the force (keeps offset and velocity)",
               plant: fluid { $0.keepsForceOnMerge = false }),
        Mutant(name: "spring-step-1/240", fault: ".spring integrator stepped at 1/240 s instead of 1/300 s",
               plant: fluid { $0.step = 1.0 / 240.0 }),
        Mutant(name: "stiffness-cap-removed", fault: ".spring without the 45 000 stiffness cap",
               plant: fluid { $0.capsStiffness = false }),
        Mutant(name: "blend-linear", fault: ".spring response blend linear instead of smoothstep",
               plant: fluid { $0.blend = .linear }),
        Mutant(name: "merge-new-interval", fault: "merge samples the previous .spring with the new interval (after the change)",
               plant: animator(.newInterval, .chained)),
        Mutant(name: "chain-summed", fault: "chained interruptions summed instead of chained",
               plant: animator(.intervalBeforeChange, .summed)),
        Mutant(name: "bezier-1e-7", fault: "Bézier solved only to 1e-7 in x",
               plant: { $0.bezier = { coarseBezier($0, $1, $2, $3) } }),
        Mutant(name: "delay-after-speed", fault: "delay applied after speed (not sped up)",
               plant: { $0.speed = { speedKeepingDelay($0, $1) } }),
        Mutant(name: "repeat-off-by-one", fault: "repeatCount(n) plays n + 1 passes",
               plant: { configuration in
                   configuration.repeatCount = { base, count, autoreverses in
                       Animation(RepeatAnimation(base: base, repeatCount: count.map { $0 + 1 }, autoreverses: autoreverses))
                   }
               }),
        Mutant(name: "settling-grid-0.01", fault: "settlingDuration searched on a 0.01 s grid instead of 0.1 s",
               plant: { $0.settlingDuration = { settlingDurationOnFineGrid($0) } }),
        Mutant(name: "interpolating-overdamped", fault: "interpolating spring with ζ > 1 evaluated overdamped, not as critical",
               plant: { configuration in
                   let library = configuration.interpolatingSpring
                   configuration.interpolatingSpring = { mass, stiffness, damping, velocity in
                       damping > 2 * (stiffness * mass).squareRoot()
                           ? Animation(OverdampedInterpolatingSpring(mass: mass, stiffness: stiffness, damping: damping,
                                                                     initialVelocity: velocity))
                           : library(mass, stiffness, damping, velocity)
                   }
               }),
    ]

    /// The keys of the checks that fail with `mutant` planted (quick set, every suite).
    static func failures(_ mutant: Mutant, base: VerificationConfiguration) -> (suites: [String], failed: [String]) {
        var configuration = base
        configuration.quick = true
        configuration.probesPreconditions = false  // a child hooke would not carry the fault
        mutant.plant(&configuration)
        let report = Verifier.run(configuration)
        return (report.suites.filter { $0.status != .skipped }.map(\.name),
                report.checks.filter { $0.status == .fail }.map(\.key))
    }

    /// Runs every mutant (concurrently, one per Dispatch iteration) and the control; the control's
    /// failures, if any, are reported as a mutant named "control" that must not be caught.
    public static func run(_ base: VerificationConfiguration) -> (report: MutationReport, controlFailures: [String]) {
        let control = failures(Self.control, base: base).failed
        let mutants = all
        let results = MutantSlots(count: mutants.count)
        DispatchQueue.concurrentPerform(iterations: mutants.count) { index in
            let (suites, failed) = failures(mutants[index], base: base)
            results.store(MutantResult(name: mutants[index].name, fault: mutants[index].fault, suites: suites, caughtBy: failed),
                          at: index)
        }
        var report = MutationReport(mutants: results.all())
        report.controlFailures = control
        return (report, control)
    }
}

private final class MutantSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [MutantResult?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ result: MutantResult, at index: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
    }

    func all() -> [MutantResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.map { $0! }
    }
}
