// DerivativeSuite.swift — every velocity against the derivative of its own value: curves, timing-curve
// and interpolating-spring animations (every regime, with and without an initial velocity), the
// modifiers, the closed-form Spring (velocity and force), and every keyframe kind. The derivative is
// Richardson-extrapolated central differences in double-double (RichardsonDerivative, with its error
// bound), so a velocity formula cannot drift from its value unnoticed. Times are kept clear of the
// kinks (a keyframe's knot, a curve's ends, a circular curve's vertical tangent) by more than the
// coarsest step.
//
// The `.spring` family (integrated in 1/300 s steps) has no smooth value to differentiate: its
// velocity is the integrator's state, checked against the rule in `IntegratorRuleSuite`.

import AnimationMath
import Foundation

enum DerivativeSuite {
    static let name = "derivatives"

    /// |velocity − d/dt value| relative to the velocity scale. The derivative's own bound (values
    /// rounded to 8 ulps, finest step h/16) is ~1e-13 of the scale; the velocity formulas round
    /// differently from the values they differentiate.
    static let tolerance = Tolerance(
        name: "velocityIsDerivative", metric: "maxRelError", value: 5e-12,
        reason: "the Richardson bound (~1e-13 of the scale) plus the values' rounding; measured 5.0e-13 (animations)")

    static let source = "d/dt of the implementation's own value: central differences Richardson-extrapolated "
        + "in double-double (5 levels, error bound = truncation estimate + 2δ/h_min)"

    static let suite = VerificationSuite(
        name: name, summary: "every velocity = d/dt of its value (Richardson extrapolation in double-double)"
    ) { configuration in
        [curveCheck(), animationCheck(configuration), endTangentCheck(), springCheck(), keyframeCheck()]
    }

    /// A timing curve's velocity at its first and last instants against its end tangents.
    static let endTangentTolerance = Tolerance(
        name: "endTangent", metric: "maxRelError", value: 5e-15,
        reason: "a ratio of two few-ulp derivatives against the same ratio of control-point differences; measured 5.0e-16")

    /// A timing-curve animation runs through t = d inclusive (its value there is the curve's at 1,
    /// not yet the model's), so its velocity at t = 0 and at t = d is the one-sided derivative there:
    /// Δ/d times the Bézier's end tangent, (y₁/x₁) at the start and (1 − y₂)/(1 − x₂) at the end (the
    /// control polygon's first and last legs, from the definition of a cubic Bézier), 1 for linear.
    /// The Richardson check above keeps clear of these kinks; this one takes them exactly.
    static func endTangentCheck() -> CheckReport {
        let delta = 100.0
        let cases: [(String, Animation, Double, start: Double, end: Double)] = [
            ("linear 0.5 s", .linear(duration: 0.5), 0.5, 1, 1),
            ("timingCurve (0.2, 0.9)(0.3, 1.2) 1 s", .timingCurve(0.2, 0.9, 0.3, 1.2, duration: 1), 1, 0.9 / 0.2, (1 - 1.2) / (1 - 0.3)),
            ("timingCurve (0.6, −0.3)(0.75, 0.5) 0.8 s", .timingCurve(0.6, -0.3, 0.75, 0.5, duration: 0.8), 0.8, -0.3 / 0.6, (1 - 0.5) / (1 - 0.75)),
        ]
        var stats = ErrorStatistics()
        for (label, animation, d, start, end) in cases {
            for (t, tangent) in [(0.0, start), (d, end)] {
                let velocity = animation.velocity(value: delta, time: t, context: AnimationContext<Double>()) ?? .nan
                let expected = delta / d * tangent
                stats.add(velocity, expected, scale: Swift.abs(expected), location: WorstCase("\(label) at t = \(t)", time: t))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "timing-curve velocity at t = 0 and t = d = Δ/d × the curve's end tangents",
                          kind: .reference, source: "the cubic Bézier's end tangents from its control points (P₁ − P₀, P₃ − P₂); linear: slope 1",
                          implementation: "Animation.velocity (timing curves)", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: endTangentTolerance)
    }

    /// One comparison site: value and velocity functions over the same variable.
    struct Case {
        var label: String
        /// The size of the velocity (the check's relative errors are measured against it).
        var velocityScale: Double
        var valueScale: Double
        /// The coarsest step (the times are farther than this from any kink).
        var step: Double
        var times: [Double]
        var value: (Double) -> Double
        var velocity: (Double) -> Double
    }

    static func run(_ cases: [Case], checkName: String, implementation: String) -> CheckReport {
        var stats = ErrorStatistics()
        var worstBound = 0.0
        for item in cases {
            let reference = RichardsonDerivative(step: item.step)
            for t in item.times {
                let (derivative, bound) = reference.derivative(at: t, valueScale: item.valueScale, item.value)
                worstBound = Swift.max(worstBound, bound / item.velocityScale)
                stats.add(item.velocity(t), derivative, scale: item.velocityScale, location: WorstCase(item.label, time: t))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: checkName, kind: .invariant, source: source, implementation: implementation,
                          quickSet: true), metrics: stats.metrics() + [Metric("referenceBound", worstBound, better: .none)],
                          worst: stats.worst, tolerance: tolerance)
    }

    static func grid(_ from: Double, _ to: Double, _ count: Int) -> [Double] {
        (0..<count).map { from + (to - from) * Double($0) / Double(count - 1) }
    }

    // MARK: Curves

    static func curveCheck() -> CheckReport {
        let curves: [(String, UnitCurve, [Double])] = [
            ("linear", .linear, grid(0.05, 0.95, 19)),
            ("easeIn", .easeIn, grid(0.05, 0.95, 19)),
            ("easeOut", .easeOut, grid(0.05, 0.95, 19)),
            ("easeInOut", .easeInOut, grid(0.05, 0.95, 19)),
            ("bezier (0.25, 0.1)(0.25, 1)", .bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1)), grid(0.05, 0.95, 19)),
            ("bezier (0.3, −0.4)(0.7, 1.4)", .bezier(startControlPoint: UnitPoint(x: 0.3, y: -0.4), endControlPoint: UnitPoint(x: 0.7, y: 1.4)), grid(0.05, 0.95, 19)),
            ("circularEaseIn", .circularEaseIn, grid(0.05, 0.85, 17)),
            ("circularEaseOut", .circularEaseOut, grid(0.15, 0.95, 17)),
            ("circularEaseInOut", .circularEaseInOut, grid(0.05, 0.4, 8) + grid(0.6, 0.95, 8)),
        ]
        var cases = curves.map { label, curve, progress in
            Case(label: label, velocityScale: 2, valueScale: 1.5, step: 0.01, times: progress,
                 value: { curve.value(at: $0) }, velocity: { curve.velocity(at: $0) })
        }
        // circularEaseInOut on both sides of its vertical tangent at ½, with a step 15 times smaller
        // than the distance to it.
        let inOut = UnitCurve.circularEaseInOut
        cases.append(Case(label: "circularEaseInOut near ½", velocityScale: 3, valueScale: 1.5, step: 0.002, times: [0.44, 0.47, 0.53, 0.56],
                          value: { inOut.value(at: $0) }, velocity: { inOut.velocity(at: $0) }))
        return run(cases, checkName: "curve velocity = d/dp value (Bézier, presets, circular)", implementation: "UnitCurve")
    }

    // MARK: Animations

    /// Value and velocity of a stateless animation toward `delta` (a fresh context each time).
    static func animationCase(_ label: String, _ animation: Animation, delta: Double, velocityScale: Double,
                              step: Double, times: [Double]) -> Case {
        Case(label: label, velocityScale: velocityScale, valueScale: Swift.abs(delta) * 2, step: step, times: times,
             value: { t in
                 var context = AnimationContext<Double>()
                 return animation.animate(value: delta, time: t, context: &context) ?? .nan
             },
             velocity: { t in
                 let context = AnimationContext<Double>()
                 return animation.velocity(value: delta, time: t, context: context) ?? .nan
             })
    }

    static func animationCheck(_ configuration: VerificationConfiguration) -> CheckReport {
        let delta = 100.0
        var cases: [Case] = [
            animationCase("easeInOut 0.35 s", .easeInOut(duration: 0.35), delta: delta, velocityScale: 600, step: 0.002,
                          times: grid(0.02, 0.33, 12)),
            animationCase("linear 0.5 s", .linear(duration: 0.5), delta: delta, velocityScale: 200, step: 0.002,
                          times: grid(0.02, 0.48, 8)),
            animationCase("timingCurve (0.2, 0.9)(0.3, 1.2) 1 s", .timingCurve(0.2, 0.9, 0.3, 1.2, duration: 1), delta: delta,
                          velocityScale: 500, step: 0.005, times: grid(0.05, 0.95, 12)),
            animationCase("circularEaseOut 0.8 s", .timingCurve(.circularEaseOut, duration: 0.8), delta: delta,
                          velocityScale: 400, step: 0.005, times: grid(0.1, 0.75, 10)),
        ]
        // Interpolating springs: every regime (ζ 0, < 1, 1, > 1: SwiftUI's critically damped stand-in),
        // with and without an initial velocity (relative to the interval, per second).
        let springs: [(k: Double, c: Double, v0: Double)] = [
            (100, 0, 0), (100, 0, 3), (157.9, 8, 0), (157.9, 8, -4), (40, 2, 1.5),
            (100, 20, 0), (100, 20, 5), (100, 40, 0), (100, 40, -2), (10, 40, 2),
        ]
        for (k, c, v0) in springs {
            let animation = configuration.interpolatingSpring(1, k, c, v0)
            let omega = k.squareRoot()
            cases.append(animationCase("interpolatingSpring k \(k), c \(c), v0 \(v0)", animation, delta: delta,
                                       velocityScale: delta * (omega + Swift.abs(v0)), step: 0.02 / omega,
                                       times: grid(0.1 / omega, 6 / omega, 14)))
        }
        // Modifiers: the chain rule through delay, speed and repeat (away from their switch times).
        let base = Animation.easeInOut(duration: 0.4)
        cases += [
            animationCase("easeInOut 0.4 s .delay(0.25)", configuration.delay(base, 0.25), delta: delta, velocityScale: 500,
                          step: 0.002, times: grid(0.28, 0.62, 8)),
            animationCase("easeInOut 0.4 s .speed(2)", configuration.speed(base, 2), delta: delta, velocityScale: 1000,
                          step: 0.001, times: grid(0.01, 0.19, 8)),
            animationCase("easeInOut 0.4 s .speed(0.5)", configuration.speed(base, 0.5), delta: delta, velocityScale: 250,
                          step: 0.004, times: grid(0.04, 0.76, 8)),
            animationCase("interpolatingSpring k 100, c 10 .speed(1.5)",
                          configuration.speed(configuration.interpolatingSpring(1, 100, 10, 1), 1.5), delta: delta,
                          velocityScale: 1650, step: 0.001, times: grid(0.01, 0.5, 10)),
            animationCase("easeInOut 0.4 s .repeatCount(3) first pass", configuration.repeatCount(base, 3, true), delta: delta,
                          velocityScale: 500, step: 0.002, times: grid(0.02, 0.38, 8)),
            animationCase("easeInOut 0.4 s .logicallyComplete(after: 0.1)", base.logicallyComplete(after: 0.1), delta: delta,
                          velocityScale: 500, step: 0.002, times: grid(0.02, 0.38, 8)),
            // While the delay runs the value holds at 0: velocity 0.
            animationCase("easeInOut 0.4 s .delay(0.25) waiting", configuration.delay(base, 0.25), delta: delta, velocityScale: 500,
                          step: 0.002, times: grid(0.01, 0.24, 4)),
        ]
        // After its end a timing curve has finished and the model shows: a constant, velocity 0.
        let finished = Animation.easeInOut(duration: 0.35)
        cases.append(Case(label: "easeInOut 0.35 s after its end", velocityScale: 600, valueScale: 2 * delta, step: 0.002,
                          times: grid(0.4, 0.6, 4),
                          value: { t in
                              var context = AnimationContext<Double>()
                              return finished.animate(value: delta, time: t, context: &context) ?? delta
                          },
                          velocity: { t in finished.velocity(value: delta, time: t, context: AnimationContext()) ?? .nan }))
        return run(cases, checkName: "animation velocity = d/dt value (timing curves, interpolating springs, modifiers)",
                   implementation: "Animation.velocity")
    }

    // MARK: Springs

    static func springCheck() -> CheckReport {
        let springs: [(String, Spring)] = [
            ("duration 0.5, bounce 0.3", Spring(duration: 0.5, bounce: 0.3)),
            ("response 0.4, ζ 0", Spring(response: 0.4, dampingRatio: 0)),
            ("response 0.5, ζ 1", Spring(response: 0.5, dampingRatio: 1)),
            ("response 0.5, ζ 1 + 1e-9", Spring(response: 0.5, dampingRatio: 1 + 1e-9)),
            ("m 2, k 50, c 40 overdamped", Spring(mass: 2, stiffness: 50, damping: 40, allowOverDamping: true)),
        ]
        var cases: [Case] = []
        for (label, spring) in springs {
            let omega = (spring.stiffness / spring.mass).squareRoot()
            for v0 in [0.0, 4.0] {
                let times = grid(0.05 / omega, 5 / omega, 12)
                let target = 1.0
                cases.append(Case(label: "\(label), v0 \(v0): velocity", velocityScale: omega + v0, valueScale: 2,
                                  step: 0.02 / omega, times: times,
                                  value: { spring.value(target: target, initialVelocity: v0, time: $0) },
                                  velocity: { spring.velocity(target: target, initialVelocity: v0, time: $0) }))
                cases.append(Case(label: "\(label), v0 \(v0): force = m·d/dt velocity",
                                  velocityScale: omega * (omega + v0), valueScale: omega + v0, step: 0.02 / omega, times: times,
                                  value: { spring.velocity(target: target, initialVelocity: v0, time: $0) },
                                  velocity: { spring.force(target: target, initialVelocity: v0, time: $0) / spring.mass }))
            }
        }
        // The fromValue/toValue forms, and the force at a state: m·x'' = −k(x − target) − c·x' (Hooke's law).
        for (label, spring) in springs {
            let omega = (spring.stiffness / spring.mass).squareRoot()
            let times = grid(0.05 / omega, 5 / omega, 12)
            let (from, to, v0) = (-1.0, 2.0, 1.5)
            cases.append(Case(label: "\(label): fromValue/toValue velocity", velocityScale: 3 * omega + v0, valueScale: 4,
                              step: 0.02 / omega, times: times,
                              value: { spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: $0) },
                              velocity: { spring.velocity(fromValue: from, toValue: to, initialVelocity: v0, time: $0) }))
            cases.append(Case(label: "\(label): fromValue/toValue force, force at a state", velocityScale: omega * (3 * omega + v0),
                              valueScale: 3 * omega + v0, step: 0.02 / omega, times: times,
                              value: { spring.velocity(fromValue: from, toValue: to, initialVelocity: v0, time: $0) },
                              velocity: { t in
                                  let x = spring.value(fromValue: from, toValue: to, initialVelocity: v0, time: t)
                                  let v = spring.velocity(fromValue: from, toValue: to, initialVelocity: v0, time: t)
                                  let atState = spring.force(fromValue: from, toValue: to, position: x, velocity: v)
                                  let hooke = -spring.stiffness * (x - to) - spring.damping * v
                                  let along = spring.force(fromValue: from, toValue: to, initialVelocity: v0, time: t)
                                  // Both forces must be Hooke's law; any departure shows in the returned value.
                                  return (along + (atState - hooke) + (spring.force(target: to - from, position: x - from, velocity: v) - hooke))
                                      / spring.mass
                              }))
        }
        return run(cases, checkName: "Spring velocity and force = derivatives of value (every regime, v0 0 and 4)",
                   implementation: "Spring")
    }

    // MARK: Keyframes

    static func keyframeCheck() -> CheckReport {
        let timelines: [(String, KeyframeTimeline<Double>, [Double])] = [
            ("linear with curves", KeyframeTimeline(initialValue: 0, keyframes: [
                .linear(LinearKeyframe(3, duration: 0.5, timingCurve: .easeInOut)),
                .linear(LinearKeyframe(1, duration: 0.25)),
                .linear(LinearKeyframe(-1, duration: 0.4, timingCurve: .circularEaseOut)),
            ]), [0.4, 0.5, 0.75, 1.15]),
            ("cubic (Catmull-Rom)", KeyframeTimeline(initialValue: 0, keyframes: [
                .cubic(CubicKeyframe(1, duration: 0.4)), .cubic(CubicKeyframe(3, duration: 0.3)),
                .cubic(CubicKeyframe(2, duration: 0.5, endVelocity: -1)), .cubic(CubicKeyframe(2.5, duration: 0.2, startVelocity: 4)),
            ]), [0.4, 0.7, 1.2, 1.4]),
            ("spring keyframes", KeyframeTimeline(initialValue: 0, keyframes: [
                .spring(SpringKeyframe(1, duration: 0.4, spring: Spring(duration: 0.5, bounce: 0.3))),
                .spring(SpringKeyframe(-0.5, duration: 0.3, spring: Spring(response: 0.4, dampingRatio: 1), startVelocity: 2)),
                .spring(SpringKeyframe(2, duration: 0.6, spring: Spring(response: 0.6, dampingRatio: 2.5))),
            ]), [0.4, 0.7, 1.3]),
            ("mixed: move, linear, cubic, spring (result builder)", KeyframeTimeline(initialValue: 0) {
                MoveKeyframe(1.0)
                LinearKeyframe(2.0, duration: 0.3, timingCurve: .easeIn)
                CubicKeyframe(0.5, duration: 0.4)
                SpringKeyframe(1.5, duration: 0.5, spring: .bouncy)
            }, [0, 0.3, 0.7, 1.2]),
        ]
        var cases: [Case] = []
        for (label, timeline, knots) in timelines {
            // Eight times inside each segment, 10 % of its length clear of both knots.
            var times: [Double] = []
            for (start, end) in zip(knots, knots.dropFirst()) {
                let margin = 0.1 * (end - start)
                times += grid(start + margin, end - margin, 8)
            }
            cases.append(Case(label: label, velocityScale: 20, valueScale: 4, step: 0.005, times: times,
                              value: { timeline.value(time: $0) }, velocity: { timeline.velocity(time: $0) }))
            // valueAndVelocity and value(progress:) say the same as value(time:) and velocity(time:).
            cases.append(Case(label: "\(label): valueAndVelocity, value(progress:)", velocityScale: 20, valueScale: 4, step: 0.005,
                              times: times, value: { timeline.value(progress: $0 / timeline.duration) },
                              velocity: { timeline.valueAndVelocity(time: $0).velocity }))
        }
        return run(cases, checkName: "keyframe velocity = d/dt value (linear, cubic, spring, move)",
                   implementation: "KeyframeTimeline")
    }
}
