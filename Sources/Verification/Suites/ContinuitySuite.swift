// ContinuitySuite.swift — interruptions across kinds: for every ordered pair among `.spring`, an
// interpolating spring, a timing curve, keyframes and a custom animation, the first runs 0 → 1, the
// second takes over mid-motion (never at t = 0), and the presentation just before and just after
// the change at the same instant must agree. Position continuity is a law of the API (a change
// never makes the value jump); velocity continuity is reported, not required (a timing curve that
// takes over starts with its own velocity profile).

import AnimationMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

enum ContinuitySuite {
    static let name = "continuity"

    /// The presentation before and after a change at the same instant: the chain adds a zero-time
    /// term (exactly 0) and a merge hands over the sampled offset; measured identical; 1e-12 of the
    /// distance (~4500 ulps) allows reordered roundings only.
    static let positionTolerance = Tolerance(
        name: "positionContinuity", metric: "maxRelError", value: 1e-12,
        reason: "a change must not move the value; measured identical, 1e-12 of the distance allows reordered roundings only")

    /// A custom animation: a raised cosine over 0.6 s, Δ·(1 − cos(πt/d))/2.
    struct RaisedCosine: CustomAnimation {
        var duration = 0.6
        func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
            time >= duration ? nil : value.scaled(by: (1 - cos(Double.pi * time / duration)) / 2)
        }
        func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
            time >= duration ? .zero : value.scaled(by: Double.pi / (2 * duration) * sin(Double.pi * time / duration))
        }
    }

    /// Keyframes as an animation: a cubic keyframe timeline over unit progress, scaled by the
    /// interval (overshoot to 1.15 at 0.25 s, back to 0.95, settling at 1 by 0.7 s).
    struct KeyframeProgress: CustomAnimation {
        static let timeline = KeyframeTimeline<Double>(initialValue: 0, keyframes: [
            .cubic(CubicKeyframe(1.15, duration: 0.25)), .cubic(CubicKeyframe(0.95, duration: 0.2)),
            .cubic(CubicKeyframe(1, duration: 0.25)),
        ])
        static func == (lhs: Self, rhs: Self) -> Bool { true }
        func hash(into hasher: inout Hasher) {}
        func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
            time >= Self.timeline.duration ? nil : value.scaled(by: Self.timeline.value(time: time))
        }
        func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
            time >= Self.timeline.duration ? .zero : value.scaled(by: Self.timeline.velocity(time: time))
        }
    }

    static func kinds(_ configuration: VerificationConfiguration) -> [(String, Animation)] {
        [(".spring", configuration.fluidSpring(0.5, 0.7, 0)),
         ("interpolatingSpring", configuration.interpolatingSpring(1, 150, 12, 0)),
         ("easeInOut", .easeInOut(duration: 0.6)),
         ("keyframes", Animation(KeyframeProgress())),
         ("custom", Animation(RaisedCosine()))]
    }

    static let suite = VerificationSuite(
        name: name, summary: "interruptions across kinds (.spring, interpolating, timing curve, keyframes, custom): continuity"
    ) { configuration in
        var position = ErrorStatistics(), velocity = ErrorStatistics()
        let kinds = kinds(configuration)
        for (firstName, first) in kinds {
            for (secondName, second) in kinds {
                for (time, target) in [(0.137, -1.0), (0.31, 2.0)] {
                    var animator = configuration.animator.make(0)
                    animator.setValue(1, animation: first, at: 0)
                    var t = 0.0
                    while t < time {
                        _ = animator.frame(at: t)
                        t += 1.0 / 60
                    }
                    let before = animator.frame(at: time)
                    animator.setValue(target, animation: second, at: time)
                    let after = animator.frame(at: time)
                    let distance = Swift.max(1, Swift.abs(target - before.value))
                    let location = WorstCase("\(firstName) interrupted by \(secondName) at \(time) s", time: time)
                    position.add(after.value, before.value, scale: distance, location: location)
                    velocity.add(after.velocity ?? .nan, before.velocity ?? .nan, scale: distance * 2 * Double.pi / 0.5,
                                 location: location)
                }
            }
        }
        return [
            gatedCheck(CheckSubject(suite: name, name: "position continuous at interruptions, every pair of kinds", kind: .invariant,
                       source: CheckSource.api + ": a change never moves the presented value", implementation: "Animator",
                       quickSet: true), metrics: position.metrics(), worst: position.worst, tolerance: positionTolerance,
                       detail: "\(position.count) interruptions: max \(short(position.maxRelative)) of the distance"),
            infoCheck(suite: name, name: "velocity across interruptions, every pair of kinds", source: CheckSource.none,
                      implementation: "Animator", quickSet: true, metrics: velocity.metrics(), worst: velocity.worst,
                      detail: "velocity jumps by up to \(short(velocity.maxRelative)) of ω0·distance (\(velocity.worst?.description ?? "-"))"),
        ]
    }
}
