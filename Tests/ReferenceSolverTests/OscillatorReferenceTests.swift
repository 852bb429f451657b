// OscillatorReferenceTests.swift — the GSL reference against hand-written closed forms.
//
// Errors are measured relative to the motion's scale: position error / D and velocity error /
// (D ω), with D = max(|u0|, |v0|/ω) (or the largest target jump with retargets). That is the
// scale the reference's tolerance is defined on (see ScaledOscillator.swift).

import Dispatch
import Foundation
import ReferenceSolver
import Testing
import HookeSupport

/// The reference contract (AccuracyContracts.md: the GSL reference within 1e−12). rk8pd at the default
/// 1e−13 measures ~1e−15…1e−14 here; the closed forms add a few ulps from exp/sin/cos at
/// arguments below ~100 (≤ ~1e−14), so 1e−12 leaves room without hiding a real defect (a wrong
/// coefficient or a lost event would show as ≥ 1e−8).
let referenceTolerance = 1e-12

/// Worst relative errors of a reference trajectory against a closed form.
struct ErrorReport: CustomStringConvertible {
    var position = 0.0
    var velocity = 0.0
    mutating func add(position p: Double, velocity v: Double) {
        position = max(position, p)
        velocity = max(velocity, v)
    }
    var description: String { "position \(position), velocity \(velocity)" }
}

func measure(
    _ exact: ExactOscillator, x0: Double, v0: Double, target: Double, times: [Double],
    stepper: ReferenceStepper? = nil
) throws -> (ErrorReport, ReferenceTrajectory) {
    let problem = OscillatorProblem(
        mass: exact.mass, stiffness: exact.stiffness, damping: exact.damping,
        initialPosition: x0, initialVelocity: v0, target: target)
    let solution = try OscillatorReference.solve(problem, at: times, stepper: stepper)
    let u0 = x0 - target
    let distance = max(abs(u0), abs(v0) / exact.omega)
    var report = ErrorReport()
    for (i, t) in times.enumerated() {
        let (u, v) = exact.state(u0: u0, v0: v0, after: t)
        report.add(
            position: abs(solution.positions[i] - (target + u)) / distance,
            velocity: abs(solution.velocities[i] - v) / (distance * exact.omega))
    }
    return (report, solution)
}

/// 0, 0.01, …, `end`, plus a few long times.
func sampleTimes(until end: Double, step: Double = 0.01, extra: [Double] = []) -> [Double] {
    var times: [Double] = []
    var i = 0
    while Double(i) * step <= end * (1 + 1e-12) {
        times.append(Double(i) * step)
        i += 1
    }
    return times + extra.filter { $0 > end }.sorted()
}

@Suite("the oscillator reference against closed forms")
struct OscillatorReferenceTests {
    /// The solver scales the state by its distance D and back, x = T + D·((x0 − T)/D), which rounds
    /// twice: ulps of D. Achieved: exact.
    static let initialStateRoundingULPs = 2.0

    /// (m, k, c, regime). 157.91… with 17.59… is Apple's duration 0.5, bounce 0.3 (ζ = 0.7).
    @Test("every regime, nonzero initial velocity", arguments: [
        (1.0, 157.91367041742973, 17.59291886010284, Regime.underdamped),
        (1.0, 157.91367041742973, 0.5, Regime.underdamped),
        (2.5, 40.0, 3.0, Regime.underdamped),
        (1.0, 100.0, 20.0, Regime.critical),
        (4.0, 100.0, 40.0, Regime.critical),  // √(km) = 20, c = 2√(km)
        (1.0, 157.91367041742973, 60.0, Regime.overdamped),  // ζ ≈ 2.39
        (1.0, 100.0, 30.0, Regime.overdamped),  // ζ = 1.5
        (1.0, 157.91367041742973, 0.0, Regime.undamped),
    ])
    func regimes(mass: Double, stiffness: Double, damping: Double, regime: Regime) throws {
        let exact = ExactOscillator(mass: mass, stiffness: stiffness, damping: damping, regime: regime)
        let times = sampleTimes(until: 3, extra: [5, 10, 20])
        for (x0, v0, target) in [(0.0, 3.0, 1.0), (2.0, -7.5, -1.0), (100.0, 40.0, 100.5)] {
            let (report, solution) = try measure(exact, x0: x0, v0: v0, target: target, times: times)
            #expect(solution.stepper == .rk8pd)
            #expect(report.position < referenceTolerance, "\(regime) \(x0)→\(target), v0 \(v0): \(report)")
            #expect(report.velocity < referenceTolerance, "\(regime) \(x0)→\(target), v0 \(v0): \(report)")
            print("[reference] \(regime) m=\(mass) k=\(stiffness) c=\(damping) x0=\(x0) v0=\(v0): \(report), \(solution.evaluations) evaluations")
        }
    }

    @Test("stiff springs choose bsimp and stay accurate", arguments: [100.0, 1000.0])
    func stiff(zeta: Double) throws {
        let omega = 2 * Double.pi / 0.5
        let exact = ExactOscillator(
            mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, regime: .overdamped)
        // The slow mode decays at ω/(2ζ): 0.06/s for ζ = 100, 0.006/s for ζ = 1000, so the long
        // samples cover the whole decay.
        let times = sampleTimes(until: 2, extra: [10, 100, 1000, 10_000])
        let (report, solution) = try measure(exact, x0: 0, v0: 5, target: 1, times: times)
        #expect(solution.stepper == .bsimp)
        #expect(report.position < referenceTolerance, "ζ = \(zeta): \(report)")
        #expect(report.velocity < referenceTolerance, "ζ = \(zeta): \(report)")
        print("[reference] stiff ζ=\(zeta): \(report), \(solution.evaluations) evaluations")
    }

    @Test("1000 retargets follow the piecewise closed form without drift")
    func retargets() throws {
        var rng = SplitMix64(seed: 0x484F_4F4B_45)
        let omega = 2 * Double.pi / 0.5
        let exact = ExactOscillator(mass: 1, stiffness: omega * omega, damping: 2 * 0.6 * omega, regime: .underdamped)
        var events: [OscillatorProblem.Retarget] = []
        var t = 0.0
        var previousTarget = 0.0
        var largestJump = 0.0
        for _ in 0..<1000 {
            t += Double.random(in: 0.005...0.08, using: &rng)
            let target = Double.random(in: -100...100, using: &rng)
            largestJump = max(largestJump, abs(target - previousTarget))
            previousTarget = target
            events.append(.init(time: t, target: target))
        }
        let x0 = 0.0, v0 = 50.0, target0 = 10.0
        let problem = OscillatorProblem(
            stiffness: exact.stiffness, damping: exact.damping, initialPosition: x0,
            initialVelocity: v0, target: target0, retargets: events)
        // Samples: each event time, the midpoint before it, and 1 s past the last event.
        var times: [Double] = []
        var start = 0.0
        for e in events {
            times.append((start + e.time) / 2)
            times.append(e.time)
            start = e.time
        }
        times.append(start + 1)
        let solution = try OscillatorReference.solve(problem, at: times)

        // The closed form carried from event to event.
        let distance = max(largestJump, abs(x0 - target0), abs(v0) / omega)
        var x = x0, v = v0, segmentStart = 0.0, target = target0
        var next = 0
        var report = ErrorReport(), lastHundred = ErrorReport()
        for (i, time) in times.enumerated() {
            while next < events.count, events[next].time <= time {
                let (u, vv) = exact.state(u0: x - target, v0: v, after: events[next].time - segmentStart)
                x = target + u
                v = vv
                segmentStart = events[next].time
                target = events[next].target
                next += 1
            }
            let (u, vv) = exact.state(u0: x - target, v0: v, after: time - segmentStart)
            let pe = abs(solution.positions[i] - (target + u)) / distance
            let ve = abs(solution.velocities[i] - vv) / (distance * omega)
            report.add(position: pe, velocity: ve)
            if next > 900 { lastHundred.add(position: pe, velocity: ve) }
        }
        #expect(solution.stepper == .rk8pd)
        #expect(report.position < referenceTolerance, "\(report)")
        #expect(report.velocity < referenceTolerance, "\(report)")
        print("[reference] 1000 retargets: worst \(report); last 100 events \(lastHundred); \(solution.evaluations) evaluations")
    }

    @Test("a sample at an event time reports the state at that time; retarget at t = 0")
    func eventSamples() throws {
        let exact = ExactOscillator(mass: 1, stiffness: 100, damping: 20, regime: .critical)
        let problem = OscillatorProblem(
            stiffness: 100, damping: 20, target: 5,
            retargets: [.init(time: 0, target: 1), .init(time: 0.3, target: 2), .init(time: 0.3, target: -1)])
        let solution = try OscillatorReference.solve(problem, at: [0, 0.3, 0.3, 0.5])
        // The solver's distance scale: the largest of |x0 − 5| and the target jumps.
        let distance = 5.0
        // At t = 0 the state is the initial one, pulled toward 1 (the retarget at 0 replaced 5).
        #expect(abs(solution.positions[0] - 0) <= Self.initialStateRoundingULPs * Double.ulpOfOne * distance)
        #expect(solution.velocities[0] == 0)
        let (u, v) = exact.state(u0: -1, v0: 0, after: 0.3)
        // Both retargets at 0.3 apply in order: the state there is pulled toward −1 from then on.
        let (u2, v2) = exact.state(u0: 1 + u - -1, v0: v, after: 0.2)
        #expect(abs(solution.positions[1] - (1 + u)) / distance < referenceTolerance)
        #expect(abs(solution.velocities[1] - v) / (distance * 10) < referenceTolerance)
        #expect(abs(solution.positions[3] - (-1 + u2)) / distance < referenceTolerance)
        #expect(abs(solution.velocities[3] - v2) / (distance * 10) < referenceTolerance)
    }
}
