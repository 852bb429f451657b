// CompletionSuite.swift — when an animator's completions fire (`AnimationCompletion`,
// `AnimationCompletionCriteria`, `AnimationCompletionEvent`), against the instants worked out apart
// from the animator: an interpolating spring's logical completion at 2π/√k and its end where the
// documented finish rule (the envelope of the remaining distance ≤ 1e-3 of the interval) holds,
// solved here in closed form (ζ < 1) or by bisection (ζ ≥ 1), each rounded up to the next frame, and
// no earlier than the true 1e-3 settle time from GSL; linear ramps ending at the first frame past
// their duration; Apple's criteria for chained and merged changes and for changes that create no
// animation; and the animator's accessors (model, interval, chain length, latest time).

import AnimationMath
import Foundation
import ReferenceSolver

enum CompletionSuite {
    static let name = "completions"

    /// Event times are frame times, equal as numbers when the rule holds; counts and identities are
    /// mismatches that count 1. A wrong rule misses by at least a frame (1/60 s).
    static let eventTolerance = Tolerance(
        name: "completionInstants", metric: "maxAbsError", value: 1e-12,
        reason: "an event carries the frame time it fired at, the same double as the expected frame; a wrong rule misses by ≥ 1/60 s")

    /// The instant the animation stops is the root of the same envelope, computed in another order:
    /// a few ulps of the instant.
    static let finishTolerance = Tolerance(
        name: "finishInstant", metric: "maxRelError", value: 5e-15,
        reason: "the envelope's root by the animation and by this suite differ by rounding only; measured 4.8e-16")

    static let source = "Apple's AnimationCompletionCriteria and withAnimation(_:completionCriteria:_:completion:) pages; "
        + "an interpolating spring's 2π/√k and its documented finish rule (envelope ≤ 1e-3) solved in closed form or by "
        + "bisection, no earlier than GSL's 1e-3 settle time; linear ramps in closed form"

    static let suite = VerificationSuite(
        name: name, summary: "completion instants vs closed-form and GSL settling, Apple's criteria for chains, merges and no-ops"
    ) { _ in
        [try springCheck(), finishInstantCheck(), logicalCompletionBoundaryCheck(), criteriaCheck()]
    }

    static let frameRate = 60.0

    /// The first frame time n/60 at or after `instant`.
    static func frame(atOrAfter instant: Double) -> Double {
        var n = (instant * frameRate).rounded(.up)
        if (n - 1) / frameRate >= instant { n -= 1 }
        if n / frameRate < instant { n += 1 }
        return n / frameRate
    }

    /// When the documented finish rule first holds for an interpolating spring (m 1): the envelope
    /// of the remaining distance, (1 + |A|)e^{−λt} for ζ < 1 with A = (λ − v₀)/ω_d, and
    /// (1 + |ω₀ − v₀|t)e^{−ω₀t} for ζ ≥ 1, falls to ε = 1e-3.
    static func finishInstant(stiffness k: Double, damping c: Double, initialVelocity v0: Double) -> Double {
        let omega0 = k.squareRoot(), zeta = c / (2 * omega0), epsilon = 1e-3
        if zeta < 1 {
            let lambda = zeta * omega0, omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            return log((1 + Swift.abs((lambda - v0) / omegaD)) / epsilon) / lambda
        }
        // Past its peak (t ≥ 1/ω₀) the envelope only falls: bisect there.
        let slope = Swift.abs(omega0 - v0)
        func envelope(_ t: Double) -> Double { (1 + slope * t) * exp(-omega0 * t) }
        var low = 1 / omega0, high = 100 / omega0
        for _ in 0..<200 where high - low > 1e-15 * high {
            let middle = (low + high) / 2
            if envelope(middle) > epsilon { low = middle } else { high = middle }
        }
        return high
    }

    /// The finish rule holds from the instant this suite solves for, not merely on the same frame: the
    /// time at which `animate` starts returning nil, found by bisection on the animation, against
    /// `finishInstant` (closed form or bisection on the documented envelope), for springs under-,
    /// critically and overdamped, with initial velocities toward and away from the target.
    static func finishInstantCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let springs: [(k: Double, c: Double, v0: Double)] = [
            (100, 10, 0), (100, 10, 3), (40, 2, -1), (100, 30, 0), (64, 16, 2), (64, 16, -3), (25, 40, 1), (400, 40, 25),
        ]
        for (k, c, v0) in springs {
            let animation = Animation.interpolatingSpring(stiffness: k, damping: c, initialVelocity: v0)
            func running(_ t: Double) -> Bool {
                var context = AnimationContext<Double>()
                return animation.animate(value: 1.0, time: t, context: &context) != nil
            }
            let expected = finishInstant(stiffness: k, damping: c, initialVelocity: v0)
            var low = 0.0, high = 4 * expected  // running at 0, finished by then
            stats.require(running(low) && !running(high), WorstCase("k \(k), c \(c), v0 \(v0): no switch in [0, \(high)] s"))
            for _ in 0..<200 where high - low > 2 * high.ulp {
                let middle = (low + high) / 2
                if running(middle) { low = middle } else { high = middle }
            }
            stats.add(high, expected, scale: expected, location: WorstCase("k \(k), c \(c), v0 \(v0): finishes at \(high) s, rule \(expected) s"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "interpolating spring finish instant = the documented finish rule's root",
                          kind: .reference, source: "an interpolating spring's documented finish rule (envelope of the remaining distance ≤ 1e-3) "
                              + "solved in closed form (ζ < 1) or by bisection (ζ ≥ 1)",
                          implementation: "InterpolatingSpringAnimation", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: finishTolerance)
    }

    /// The documented rule is "logically complete at t ≥ 2π/√k", boundary included: at the Double
    /// 2π/√k itself (2π and √k each rounded, then divided, as the rule reads) the animation is
    /// complete and one Double earlier it is not — through `animate` (the context's flag) and through
    /// an animator's frame (the `.logicallyComplete` event), for springs under-, critically and
    /// overdamped, none of them settled by then.
    static func logicalCompletionBoundaryCheck() -> CheckReport {
        var stats = ErrorStatistics()
        for (k, c) in [(100.0, 10.0), (40, 2), (64, 16), (100, 30), (2.5, 0.5)] {
            let animation = Animation.interpolatingSpring(stiffness: k, damping: c)
            let boundary = 2 * Double.pi / k.squareRoot()
            let label = "interpolatingSpring k \(k), c \(c), 2π/√k = \(boundary) s"
            for (time, expected) in [(boundary.nextDown, false), (boundary, true)] {
                var context = AnimationContext<Double>()
                _ = animation.animate(value: 1.0, time: time, context: &context)
                stats.require(context.isLogicallyComplete == expected,
                              WorstCase("\(label): animate at \(time) s says complete \(context.isLogicallyComplete)"))
            }
            var animator = Animator(value: 0.0)
            animator.setValue(1, transaction: Transaction(animation: animation, completion: AnimationCompletion(id: 1)), at: 0)
            _ = animator.frame(at: 0)
            _ = animator.frame(at: boundary.nextDown)
            stats.require(animator.completionEvents.isEmpty, WorstCase("\(label): the animator fired one Double before 2π/√k"))
            _ = animator.frame(at: boundary)
            let event = animator.completionEvents.first
            stats.require(event?.time == boundary && event?.criteria == .logicallyComplete,
                          WorstCase("\(label): the animator's event \(event.map { "\($0.time) s, \($0.criteria)" } ?? "none") at the frame 2π/√k"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "interpolating spring logically complete at exactly 2π/√k, not one Double before",
                          kind: .reference, source: "the documented rule \"logical completion at t ≥ 2π/√k\" (InterpolatingSpringAnimation, "
                              + "AnimationMath.docc/InterpolatingSprings.md; SwiftUI's 2π/√stiffness as OpenSwiftUI re-implements it)",
                          implementation: "InterpolatingSpringAnimation, Animator completions", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "s"), worst: stats.worst, tolerance: eventTolerance)
    }

    /// Interpolating springs in each regime: `.logicallyComplete` at the first frame at or after
    /// 2π/√k, `.removed` at the first frame at or after the finish instant (and not before the true
    /// settle time). Each change carries both completions, with handlers counting their calls.
    static func springCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        let springs: [(k: Double, c: Double, v0: Double)] = [(100, 10, 0), (100, 10, 3), (40, 2, -1), (100, 30, 0), (64, 16, 2)]
        var margins: [Double] = []
        for (k, c, v0) in springs {
            let label = "interpolatingSpring k \(k), c \(c), v0 \(v0)"
            let logical = frame(atOrAfter: 2 * Double.pi / k.squareRoot())
            let finish = finishInstant(stiffness: k, damping: c, initialVelocity: v0)
            margins.append(Swift.min(finish * frameRate - (finish * frameRate).rounded(.down),
                                     (finish * frameRate).rounded(.up) - finish * frameRate))
            let removed = frame(atOrAfter: finish)
            // For ζ ≥ 1 the curve is the critically damped one (SwiftUI's), so its settle time is too.
            let curveDamping = c >= 2 * k.squareRoot() ? 2 * k.squareRoot() : c
            let settled = try OscillatorReference.settleTime(stiffness: k, damping: curveDamping, target: 1,
                                                             initialVelocity: v0, epsilon: 1e-3)
            let handled = EventLog()
            var animator = Animator(value: 0.0)
            animator.setValue(10, transaction: Transaction(
                animation: .interpolatingSpring(stiffness: k, damping: c, initialVelocity: v0),
                completion: AnimationCompletion(id: 1) { handled.add($0) }), at: 0)
            var events: [AnimationCompletionEvent] = []
            // A second completion on a change of the same value at frame 0 (no change: fires at once).
            animator.setValue(10, transaction: Transaction(completion: AnimationCompletion(id: 9, criteria: .removed)), at: 0)
            events += animator.completionEvents
            animator.removeAllCompletionEvents()
            stats.require(animator.completionEvents.isEmpty, WorstCase("\(label): events left after removeAll"))
            // The .removed completion rides on a second, animated change of the same run.
            animator.setValue(20, transaction: Transaction(
                animation: .interpolatingSpring(stiffness: k, damping: c, initialVelocity: v0),
                completion: AnimationCompletion(id: 2, criteria: .removed) { handled.add($0) }), at: 0)
            var n = 0
            while animator.isAnimating || n == 0, n < 60 * 30 {
                _ = animator.frame(at: Double(n) / frameRate)
                n += 1
            }
            events += animator.completionEvents
            let byID = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            stats.require(events.count == 3 && handled.events.count == 2, WorstCase("\(label): \(events.count) events, \(handled.events.count) handler calls"))
            stats.add(byID[9]?.time ?? .nan, 0, scale: 1, location: WorstCase("\(label): a change that creates no animation fires at once"))
            // Both changes start at 0, so the first (chained before the second) is logically complete at 2π/√k.
            stats.add(byID[1]?.time ?? .nan, logical, scale: 1, location: WorstCase("\(label): logicallyComplete at \(byID[1]?.time ?? .nan) s"))
            stats.add(byID[2]?.time ?? .nan, removed, scale: 1,
                      location: WorstCase("\(label): removed at \(byID[2]?.time ?? .nan) s, finish rule \(finish) s"))
            stats.add(Swift.max(0, settled - (byID[2]?.time ?? .nan)), 0, scale: 1,
                      location: WorstCase("\(label): removed before GSL's settle time \(settled) s"))
            stats.require(byID[2]?.criteria == .removed && byID[1]?.criteria == .logicallyComplete, WorstCase("\(label): criteria \(byID[1].map { "\($0.criteria)" } ?? "-"), \(byID[2].map { "\($0.criteria)" } ?? "-")"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "interpolating spring completions = 2π/√k and the finish rule, per frame",
                          kind: .reference, source: source, implementation: "Animator completions", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "s") + [Metric("closestFrameMargin", margins.min() ?? 0, unit: "frames", better: .none)],
                          worst: stats.worst, tolerance: eventTolerance)
    }

    /// Apple's criteria on chains and merges, with frames every 1/8 s (exact binary times):
    /// - a chained change does not delay the older one's `.logicallyComplete` ("ignoring the new
    ///   animations"); its entry finishes at the first frame past its end and fires then;
    /// - `.removed` fires for every change of the run when the newest animation ends ("only fire when
    ///   *all* of the created animations are complete");
    /// - a change whose animation is merged away fires `.logicallyComplete` at the merging change
    ///   ("logical completion will be reported immediately", `logicallyComplete(after:)`);
    /// - a change that creates no animation — not animated, animations disabled, or no change —
    ///   fires at once ("the callback will be called immediately after body").
    static func criteriaCheck() -> CheckReport {
        var stats = ErrorStatistics()
        func expect(_ events: [AnimationCompletionEvent], _ expected: [(Int, Double, AnimationCompletionCriteria)], _ label: String) {
            stats.require(events.count == expected.count, WorstCase("\(label): \(events)"))
            for (id, time, criteria) in expected {
                let event = events.first { $0.id == id }
                stats.add(event?.time ?? .nan, time, scale: 1, location: WorstCase("\(label): completion \(id) at \(event.map { "\($0.time)" } ?? "never")"))
                stats.require(event?.criteria == criteria, WorstCase("\(label): completion \(id) criteria"))
            }
        }
        // Chain: linear(1) at 0 (1: logicallyComplete, 3: removed), linear(1) at 0.5 (2: removed).
        var chain = Animator(value: 0.0)
        chain.setValue(4, animation: .linear(duration: 1), completion: AnimationCompletion(id: 1), at: 0)
        chain.setValue(4, transaction: Transaction(animation: .linear(duration: 1)), at: 0)  // no change: no completion, no animation
        var accessors: [(String, Double, Double)] = [("model", chain.modelValue, 4), ("interval", chain.interval, 4),
                                                     ("chain length", Double(chain.chainCount), 1)]
        var events: [AnimationCompletionEvent] = []
        for step in 0...20 {
            let t = Double(step) / 8
            if t == 0.5 {
                chain.setValue(12, animation: .linear(duration: 1), completion: AnimationCompletion(id: 2, criteria: .removed), at: t)
                accessors += [("model after the chained change", chain.modelValue, 12), ("interval", chain.interval, 12),
                              ("chain length", Double(chain.chainCount), 2), ("latest time", chain.latestTime, 0.5)]
            }
            if t == 0.25 {
                chain.setValue(4, transaction: Transaction(animation: .linear(duration: 1),
                                                           completion: AnimationCompletion(id: 3, criteria: .removed)), at: t)
            }
            _ = chain.frame(at: t)
            events += chain.completionEvents
            chain.removeAllCompletionEvents()
        }
        accessors += [("interval at rest", chain.interval, 0), ("animating at rest", chain.isAnimating ? 1 : 0, 0)]
        // Entry 1 ends at the first frame past 1 (1.125), entry 2 at the first past 1.5 (1.625). Completion 3
        // rides on a change that changed nothing: it fires at once, at 0.25.
        expect(events, [(1, 1.125, .logicallyComplete), (2, 1.625, .removed), (3, 0.25, .removed)], "linear(1) chained at 0.5")
        // A removed completion on the first change of a chained run waits for the newest animation.
        var run = Animator(value: 0.0)
        run.setValue(1, animation: .linear(duration: 1), completion: AnimationCompletion(id: 4, criteria: .removed), at: 0)
        events = []
        for step in 0...20 {
            let t = Double(step) / 8
            if t == 0.75 { run.setValue(3, animation: .linear(duration: 0.5), at: t) }
            _ = run.frame(at: t)
        }
        events = run.completionEvents
        expect(events, [(4, 1.375, .removed)], "removed waits for the chained linear(0.5) from 0.75")
        // Merge: .spring at 0 (5) merged away by a .spring at 0.25: fires at the merging change.
        var merged = Animator(value: 0.0)
        merged.setValue(1, animation: .spring(response: 0.47, dampingFraction: 0.8), completion: AnimationCompletion(id: 5), at: 0)
        for step in 0...2 { _ = merged.frame(at: Double(step) / 8) }
        merged.setValue(2, animation: .spring(response: 0.47, dampingFraction: 0.8), completion: AnimationCompletion(id: 6), at: 0.25)
        for step in 2...8 { _ = merged.frame(at: Double(step) / 8) }
        // The merged spring starts a new logical life, 0.47 s after the merge: the first frame at or after 0.72.
        expect(merged.completionEvents, [(5, 0.25, .logicallyComplete), (6, 0.75, .logicallyComplete)], ".spring merged at 0.25")
        // Changes that create no animation fire at once: not animated, disabled, no change.
        var idle = Animator(value: 0.0)
        idle.setValue(1, transaction: Transaction(completion: AnimationCompletion(id: 7)), at: 0.5)
        idle.setValue(2, transaction: Transaction(animation: .linear(duration: 1), disablesAnimations: true,
                                                  completion: AnimationCompletion(id: 8, criteria: .removed)), at: 0.625)
        idle.setValue(2, animation: .linear(duration: 1), completion: AnimationCompletion(id: 9), at: 0.75)
        expect(idle.completionEvents, [(7, 0.5, .logicallyComplete), (8, 0.625, .removed), (9, 0.75, .logicallyComplete)],
               "no animation created")
        let idleFrame = idle.frame(at: 1).value
        let clamped = idle.frame(at: 0.5).time
        accessors += [("idle model", idle.modelValue, 2), ("idle frame", idleFrame, 2),
                      ("a time earlier than the latest is clamped", clamped, 1)]
        for (label, got, expected) in accessors {
            stats.add(got, expected, scale: 1, location: WorstCase("accessor: \(label) = \(got)"))
        }
        // An event names what fired, when and under which criteria.
        let event = AnimationCompletionEvent(id: 3, time: 0.5, criteria: .removed)
        stats.require(event.description == "completion 3 (removed) at 0.5", WorstCase("description \(event)"))
        return gatedCheck(CheckSubject(suite: name, name: "completion criteria on chains, merges and changes without animation",
                          kind: .reference, source: source, implementation: "Animator completions", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "s"), worst: stats.worst, tolerance: eventTolerance)
    }

    /// The events a completion handler received.
    final class EventLog: @unchecked Sendable {
        var events: [AnimationCompletionEvent] = []
        func add(_ event: AnimationCompletionEvent) { events.append(event) }
    }
}
