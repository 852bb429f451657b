// KeyframeTimelineTests.swift — linear, move and cubic keyframes, holding, progress, and vectors.

import AnimationMath
import Testing
import _TestSupport

/// Values that come from the same floating-point operations on both sides of a comparison (a pair's
/// component against the scalar timeline; a knot value stored and read back): they agree exactly, so
/// the allowed difference is 0 ulps in practice; 2 ulps of the value's scale leaves room for an FMA
/// contraction the optimiser may apply on one side only.
private let sameOperationsULPs = 2.0

/// One-sided velocity limits at a knot are taken h = 1e-7 s away. Within a cubic segment the
/// velocity changes by at most |x″|·h, and |x″| ≤ (6|Δ| + 4d|v|)/d² ≤ 1e3 units/s² for the test
/// timelines (Δ ≤ 3, d ≥ 0.25, |v| ≤ 20), so each side is within 1e-4 of the knot velocity; both
/// sides together 2e-4. A Catmull-Rom formula in the uniform parameterisation instead of time (the
/// bug this guards against) jumps by ≥ 0.5 at the knots tested.
private let knotLimitStep = 1e-7
private let knotVelocityTolerance = 2e-4
/// A step h to the left of a knot, the value differs from the knot's by about |v|·h, and the knot
/// velocities of the test timelines are at most 20 in size. Achieved: 3h (the knot with v = 3).
private let knotValueTolerance = 20 * knotLimitStep
/// The Catmull-Rom slope in time, (Δ value)/(Δ time), rounds once or twice on the library's side and
/// once in the literal it is compared with. Achieved: exact.
private let knotVelocityULPs = 2.0
/// A linear segment just before its end (t = 1.0.nextDown) lies within an ulp of its end value.
/// Achieved: half an ulp of 1.
private let leftLimitULPs = 2.0

/// Central differences (x(t+h) − x(t−h))/2h with h = 1e-5 s: truncation h²|x‴|/6, where the stiffest
/// segment (a 0.4 s spring over 3 units, ω0 = 15.7/s) has |x‴| ≲ 3·ω0³ ≈ 1.2e4 units/s³, so ≤ 2e-7,
/// plus rounding 2ε|x|/2h ≈ 7e-11 for |x| ≤ 3: about 2e-7 in all (measured worst 4.4e-7, at a spring
/// segment's start where the spring's jerk peaks). 1e-6 allows twice the measured worst; a velocity
/// formula missing a 1/d factor is off by ≥ 1.
private let differenceStep = 1e-5
private let differenceTolerance = 1e-6

@Suite("Keyframes: KeyframeTimeline")
struct KeyframeTimelineTests {
    // MARK: Linear

    @Test("linear keyframes are exact at hand-computed times")
    func linearExact() {
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            LinearKeyframe(3.0, duration: 0.5)    // 1 → 3 over [0, 0.5): slope 4
            LinearKeyframe(-1.0, duration: 2.0)   // 3 → −1 over [0.5, 2.5): slope −2
        }
        #expect(timeline.duration == 2.5)
        // Dyadic times and values: every operation below is exact in binary floating point.
        #expect(timeline.value(time: 0) == 1)
        #expect(timeline.value(time: 0.125) == 1.5)
        #expect(timeline.value(time: 0.25) == 2)
        #expect(timeline.value(time: 0.5) == 3)
        #expect(timeline.value(time: 1.5) == 1)
        #expect(timeline.value(time: 2.25) == -0.5)
        #expect(timeline.value(time: 2.5) == -1)
        #expect(timeline.velocity(time: 0.25) == 4)
        #expect(timeline.velocity(time: 1.5) == -2)
        // Before the start: the initial value at rest; after the end: the last value at rest.
        #expect(timeline.value(time: -1) == 1)
        #expect(timeline.velocity(time: -1) == 0)
        #expect(timeline.value(time: 100) == -1)
        #expect(timeline.velocity(time: 100) == 0)
        // Progress: clamped to [0, 1], time = progress · duration.
        #expect(timeline.value(progress: 0.2) == 3)     // t = 0.5
        #expect(timeline.value(progress: 0.6) == 1)     // t = 1.5
        #expect(timeline.value(progress: -3) == 1)
        #expect(timeline.value(progress: 7) == -1)
    }

    @Test("a linear keyframe's timing curve paces it: x0 + Δ·curve(s), velocity Δ·curve′(s)/d")
    func linearTimingCurve() {
        let curve = UnitCurve.easeInOut
        let timeline = KeyframeTimeline(initialValue: 2.0) {
            LinearKeyframe(5.0, duration: 0.4, timingCurve: curve)
        }
        for time in stride(from: 0.0, to: 0.4, by: 0.01) {
            let s = time * (1 / 0.4)
            #expect(timeline.value(time: time) == 2 + 3 * curve.value(at: s))
            #expect(timeline.velocity(time: time) == 3 * (curve.velocity(at: s) * (1 / 0.4)))
        }
    }

    // MARK: Move

    @Test("a move keyframe jumps exactly, takes no time, and holds at rest")
    func moveJumps() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1.0, duration: 1.0)
            MoveKeyframe(-2.0)
            LinearKeyframe(0.0, duration: 1.0)
            MoveKeyframe(7.0)
        }
        #expect(timeline.duration == 2)
        #expect(timeline.value(time: 0.5) == 0.5)
        #expect(abs(timeline.value(time: 1.0.nextDown) - 1) <= leftLimitULPs * (1.0).ulp)  // left limit: 1
        #expect(timeline.value(time: 1) == -2)                                 // at the knot: the move
        #expect(timeline.value(time: 1.5) == -1)
        #expect(timeline.value(time: 2) == 7)                                  // a final move: held
        #expect(timeline.value(time: 50) == 7)
        // A move first: applied at time 0, the initial value is seen only before 0.
        let leading = KeyframeTimeline(initialValue: 3.0) { MoveKeyframe(4.0) }
        #expect(leading.duration == 0)
        #expect(leading.value(time: 0) == 4)
        #expect(leading.value(time: -0.001) == 3)
        // A spring after a move starts at rest from the moved-to value.
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let afterMove = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1.0, duration: 0.5)   // arrives with velocity 2
            MoveKeyframe(-1.0)
            SpringKeyframe(2.0, duration: 1, spring: spring)
        }
        for τ in stride(from: 0.0, to: 1.0, by: 0.125) {
            #expect(afterMove.value(time: 0.5 + τ) == -1 + spring.value(target: 3.0, time: τ))
        }
    }

    /// `KeyframeSegment.duration` is > 0 (a zero-length keyframe of any kind leaves no segment) and
    /// the start times the binary search reads increase strictly; the frame harness's keyframe
    /// kernel reads the segments as they are. The values these zero-length keyframes leave are
    /// verify's (keyframe-definitions: result-builder forms and zero-length keyframes).
    @Test("zero-length keyframes of every kind leave no segment; segment starts increase strictly")
    func zeroLengthKeyframesLeaveNoSegment() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1.0, duration: 0)
            SpringKeyframe(2.0, duration: 0, spring: .bouncy)
            CubicKeyframe(3.0, duration: 0)
            LinearKeyframe(4.0, duration: 0.5)
            CubicKeyframe(5.0, duration: 0)
            SpringKeyframe(6.0, duration: 0, spring: .bouncy)
            MoveKeyframe(7.0)
            CubicKeyframe(8.0, duration: 0.25)
            SpringKeyframe(9.0, duration: 0, spring: .bouncy)
            LinearKeyframe(10.0, duration: 0)
        }
        let segments = timeline.track.segments
        #expect(segments.map(\.start) == [0, 0.5])
        #expect(segments.allSatisfy { $0.duration > 0 })
    }

    // MARK: Cubic

    static let cubicTimeline = KeyframeTimeline(initialValue: 0.0) {
        CubicKeyframe(1.0, duration: 0.25)
        CubicKeyframe(3.0, duration: 0.75)   // knot at 0.25: Catmull-Rom (3 − 0)/(1.0 − 0) = 3
        CubicKeyframe(-1.0, duration: 0.5)   // knot at 1.0: (−1 − 1)/(1.5 − 0.25) = −1.6
        CubicKeyframe(2.0, duration: 0.25)   // knot at 1.5: (2 − 3)/(1.75 − 1.0) = −4/3; end: 0
    }
    static let knots: [(time: Double, value: Double, velocity: Double)] = [
        (0.25, 1, 3), (1.0, 3, -1.6), (1.5, -1, -4.0 / 3),
    ]

    @Test("cubic keyframes pass through every knot and their velocity is continuous there")
    func cubicKnots() {
        let timeline = Self.cubicTimeline
        #expect(timeline.value(time: 0) == 0)
        #expect(timeline.velocity(time: 0) == 0)          // the timeline starts at rest
        for knot in Self.knots {
            #expect(timeline.value(time: knot.time) == knot.value, "value at the knot \(knot.time)")
            let left = timeline.value(time: knot.time - knotLimitStep)
            #expect(abs(left - knot.value) <= knotValueTolerance, "left limit of the value at \(knot.time)")
            let leftVelocity = timeline.velocity(time: knot.time - knotLimitStep)
            let rightVelocity = timeline.velocity(time: knot.time + knotLimitStep)
            #expect(abs(leftVelocity - rightVelocity) <= knotVelocityTolerance,
                    "velocity at \(knot.time): \(leftVelocity) from the left, \(rightVelocity) from the right")
            #expect(abs(timeline.velocity(time: knot.time) - knot.velocity) <= knotVelocityULPs * abs(knot.velocity).ulp,
                    "Catmull-Rom velocity in time at \(knot.time)")
        }
        // The last knot: arrives at the final value with velocity 0, then holds.
        #expect(timeline.value(time: 1.75) == 2)
        #expect(abs(timeline.velocity(time: 1.75 - knotLimitStep)) <= knotVelocityTolerance / 2)
        #expect(abs(timeline.value(time: 1.75 - knotLimitStep) - 2) <= knotValueTolerance)
    }

    @Test("explicit cubic velocities are used, and the neighbour adopts them")
    func cubicExplicitVelocities() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(1.0, duration: 0.5, startVelocity: 5.0)     // end: the next start velocity
            CubicKeyframe(0.0, duration: 0.5, startVelocity: -2.0, endVelocity: 1.0)
        }
        #expect(timeline.velocity(time: 0) == 5)
        #expect(abs(timeline.velocity(time: 0.5 - knotLimitStep) - -2) <= knotVelocityTolerance / 2)
        #expect(timeline.velocity(time: 0.5) == -2)
        #expect(abs(timeline.velocity(time: 1 - knotLimitStep) - 1) <= knotVelocityTolerance / 2)
        #expect(timeline.velocity(time: 1) == 0)   // after the end the value holds
    }

    @Test("a cubic between other kinds takes their velocities (Apple's CubicKeyframe rule)")
    func cubicBetweenOtherKinds() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(1.0, duration: 0.5)    // velocity 2
            CubicKeyframe(2.0, duration: 0.5)     // starts at 2; ends with the next start velocity, 4
            LinearKeyframe(3.0, duration: 0.25)   // velocity 4
        }
        #expect(timeline.velocity(time: 0.5) == 2)
        #expect(abs(timeline.velocity(time: 1 - knotLimitStep) - 4) <= knotVelocityTolerance / 2)
        #expect(timeline.value(time: 1) == 2)
        #expect(timeline.velocity(time: 1) == 4)
    }

    @Test("velocity(time:) is the derivative of value(time:) inside every kind of segment")
    func velocityIsDerivative() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 0.5, spring: Spring(duration: 0.5, bounce: 0.3))
            LinearKeyframe(3.0, duration: 0.5, timingCurve: .easeInOut)
            CubicKeyframe(2.0, duration: 0.4)
            CubicKeyframe(2.5, duration: 0.4)
            MoveKeyframe(-2.0)
            SpringKeyframe(1.0, duration: 0.6, spring: Spring(duration: 0.4, bounce: -0.2))
        }
        var worst = 0.0
        for time in stride(from: 0.013, to: timeline.duration, by: 0.01) {
            // Skip samples whose difference stencil straddles a knot.
            let knots = [0.5, 1.0, 1.4, 1.8]
            if knots.contains(where: { abs($0 - time) <= differenceStep }) { continue }
            let difference = (timeline.value(time: time + differenceStep) - timeline.value(time: time - differenceStep))
                / (2 * differenceStep)
            worst = max(worst, abs(difference - timeline.velocity(time: time)))
        }
        #expect(worst <= differenceTolerance, "worst |central difference − velocity| \(worst)")
    }

    // MARK: Vectors

    @Test("a timeline of AnimatablePair agrees with the scalar timelines of its components")
    func pairAgreesPerComponent() {
        typealias Pair = AnimatablePair<Double, Double>
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let pair = KeyframeTimeline(initialValue: Pair(0, 10)) {
            SpringKeyframe(Pair(1, -4), duration: 0.6, spring: spring)
            LinearKeyframe(Pair(3, 2), duration: 0.5, timingCurve: .easeIn)
            CubicKeyframe(Pair(2, 8), duration: 0.4)
            CubicKeyframe(Pair(-1, 6), duration: 0.3, endVelocity: Pair(1, -1))
            MoveKeyframe(Pair(-2, 0))
            SpringKeyframe(Pair(0, 1), spring: spring, startVelocity: Pair(3, 0))
        }
        let first = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(1.0, duration: 0.6, spring: spring)
            LinearKeyframe(3.0, duration: 0.5, timingCurve: .easeIn)
            CubicKeyframe(2.0, duration: 0.4)
            CubicKeyframe(-1.0, duration: 0.3, endVelocity: 1)
            MoveKeyframe(-2.0)
            SpringKeyframe(0.0, spring: spring, startVelocity: 3)
        }
        let second = KeyframeTimeline(initialValue: 10.0) {
            SpringKeyframe(-4.0, duration: 0.6, spring: spring)
            LinearKeyframe(2.0, duration: 0.5, timingCurve: .easeIn)
            CubicKeyframe(8.0, duration: 0.4)
            CubicKeyframe(6.0, duration: 0.3, endVelocity: -1)
            MoveKeyframe(0.0)
            SpringKeyframe(1.0, spring: spring, startVelocity: 0)
        }
        #expect(pair.duration == first.duration)
        var worst = 0.0
        for time in stride(from: -0.1, through: pair.duration + 0.2, by: 0.007) {
            let value = pair.value(time: time), velocity = pair.velocity(time: time)
            worst = max(worst, ulpDistance(value.first, first.value(time: time), scale: 10))
            worst = max(worst, ulpDistance(value.second, second.value(time: time), scale: 10))
            worst = max(worst, ulpDistance(velocity.first, first.velocity(time: time), scale: 100))
            worst = max(worst, ulpDistance(velocity.second, second.velocity(time: time), scale: 100))
        }
        #expect(worst <= sameOperationsULPs, "worst difference \(worst) ulps")
    }
}

@Suite("KeyframeTimeline valueAndVelocity")
struct KeyframeValueAndVelocityTests {
    /// Every kind of keyframe, with times before, inside, on the knots of and after the timeline.
    static let timeline = KeyframeTimeline<Double>(initialValue: -1, keyframes: [
        .linear(LinearKeyframe(3, duration: 0.3, timingCurve: .easeInOut)),
        .spring(SpringKeyframe(1, duration: 0.45, spring: .bouncy)),
        .cubic(CubicKeyframe(2, duration: 0.25)),
        .move(MoveKeyframe(-2)),
        .spring(SpringKeyframe(0, duration: 0.3, spring: Spring(response: 0.3, dampingRatio: 2))),
        .linear(LinearKeyframe(5, duration: 0.2)),
    ])

    @Test("one evaluation gives exactly the separate value(time:) and velocity(time:)")
    func sameNumbers() {
        let timeline = Self.timeline
        var times = (-10...1_400).map { Double($0) / 1_000 }
        times += [0.3, 0.75, 1.0, 1.3, timeline.duration, .nan, .infinity, -.infinity]
        for time in times {
            let both = timeline.valueAndVelocity(time: time)
            let value = timeline.value(time: time), velocity = timeline.velocity(time: time)
            // Bit-for-bit: the same operations in the same order (NaN compared as NaN).
            #expect(both.value.bitPattern == value.bitPattern || (both.value.isNaN && value.isNaN), "value at \(time)")
            #expect(both.velocity.bitPattern == velocity.bitPattern || (both.velocity.isNaN && velocity.isNaN),
                    "velocity at \(time)")
        }
    }
}
