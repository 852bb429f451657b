// IntegratorRuleSuite.swift — the `.spring` integrator's own rules against FixedStepSpringReference,
// which writes each of them down apart from the library: the velocity it reports (the rule's state),
// the stiffness cap on both sides of it, the restart after a gap of more than 1 s, and the rest test
// that ends the animation. The step rule itself is matched to real recordings (RecordingSuite); the
// cap, the restart and the rest test come only from the open re-implementations and are marked
// unverified in every check's source.

import AnimationMath
import ReferenceSolver

enum IntegratorRuleSuite {
    static let name = "integrator-rules"

    /// Matrix powers (GSL BLAS) round differently from sequential steps: measured 1.1e-14 of Δ for
    /// positions (IntegratorSuite); velocities are relative to Δ·ω, the same order.
    static let stateTolerance = Tolerance(
        name: "stateVsRule", metric: "maxRelError", value: 5e-14,
        reason: "matrix powers vs sequential steps round differently; measured 1.2e-14 of the scale")
    /// The frame at which the animation ends must be the rule's, exactly.
    static let finishTolerance = Tolerance(
        name: "sameFinishFrame", metric: "maxAbsError", value: 0,
        reason: "the rest test is a comparison on states that agree to ~1e-14: the same frame unless a state sits on the threshold")
    /// The boundary from the spectral radius is bisected to 4 ulps; GSL's polynomial roots are
    /// accurate to a few ulps where the radius crosses 1 with a slope of order one.
    static let boundTolerance = Tolerance(
        name: "stabilityBoundVsEigenvalues", metric: "maxRelError", value: 1e-14,
        reason: "bisection to 4 ulps on GSL's eigenvalues (companion matrix) against the closed form; measured 7.8e-16")

    static let source = "SwiftUI's .spring rule written apart (FixedStepSpringReference: 1/300 s steps as matrix powers, "
        + "GSL BLAS); unverified — from open re-implementations only: the stiffness cap 45 000, the restart at t − 1/60 "
        + "after a gap > 1 s, the rest test max(v², F²) ≤ 0.06² and |Δ − x| ≤ 1 % of Δ"

    static let suite = VerificationSuite(
        name: name, summary: ".spring rules vs FixedStepSpringReference: velocity, cap, restart after a gap, rest test"
    ) { configuration in
        [try trajectoryCheck(configuration, gaps: false), try trajectoryCheck(configuration, gaps: true),
         try finishCheck(configuration), restBoundaryCheck(), try stabilityBoundCheck(), blendCheck()]
    }

    /// The response blend after a merge, by the documented rule (SpringAnimationIntegrator.md): p =
    /// clamp((t − blendStart)/blendDuration, 0, 1), r = r_new + (r_old − r_new)·(1 − p²(3 − 2p)) —
    /// the old response before the blend, the smoothstep during it, exactly the new one from its end
    /// on (the clamp). Blend from 0.8 to 0.3 over 0.5 s from t = 1; times where p is exact.
    static func blendCheck() -> CheckReport {
        var stats = ErrorStatistics()
        let new = 0.3, interval = 0.5, start = 1.0, duration = 0.5
        for t in [0.5, 1, 1.125, 1.25, 1.375, 1.5, 1.75, 3, 100] {
            let p = Swift.min(Swift.max((t - start) / duration, 0), 1)
            let expected = new + interval * (1 - p * p * (3 - 2 * p))
            let got = FluidSpringAnimation.blendedResponse(response: new, blendInterval: interval, blendStart: start,
                                                           blendDuration: duration, time: t)
            stats.add(got, expected, scale: 1, location: WorstCase("response \(got), rule \(expected)", time: t))
        }
        return gatedCheck(CheckSubject(suite: name, name: "response blend: the old response, the smoothstep, then exactly the new one",
                          kind: .reference, source: "the response blend of SpringAnimationIntegrator.md (p clamped to [0, 1]); unverified — from open re-implementations",
                          implementation: "FluidSpringAnimation.blendedResponse", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: blendTolerance)
    }

    /// The blend formula at times where p is exact (0, ¼, ½, ¾, 1): the same roundings on both sides.
    static let blendTolerance = Tolerance(
        name: "blendRule", metric: "maxAbsError", value: 0,
        reason: "p exact, the same operations in the same order: identical, or the rule differs")

    static let cases: [(response: Double, ζ: Double)] = [(0.5, 0.3), (0.5, 1), (1.8, 0.3), (0.025, 0.7), (0.035, 0.7)]

    /// Position and velocity at the given frame times (with `gaps`: frames at 60 Hz for 0.3 s, then a
    /// jump of 1.7 s, which restarts the clock, a jump of 0.9 s, which does not, 60 Hz again, a jump
    /// of 1.05 s, which restarts it, 60 Hz, a frame exactly 1 s after the integration clock, which
    /// does not — the gap must exceed 1 s — and 60 Hz).
    static func trajectoryCheck(_ configuration: VerificationConfiguration, gaps: Bool) throws -> CheckReport {
        var stats = ErrorStatistics()
        let delta = 100.0
        var frames: [Double] = (0...(gaps ? 18 : 90)).map { Double($0) / 60 }
        if gaps {
            frames += [2.0, 2.9]
            frames += (1...12).map { 2.9 + Double($0) / 60 }
            // A gap of 1.05 s, just past the threshold (less the step's overshoot of the last frame,
            // under 1/300 s): it restarts the clock.
            frames += [4.15] + (1...6).map { 4.15 + Double($0) / 60 }
            // Then a frame exactly 1 s after the clock (NaN stands for it: the clock is known only
            // as the run goes; clock + 1 is exact in its binade) and three at 60 Hz after it.
            frames += [.nan] + (1...3).map { -Double($0) / 60 }
        }
        // Animation.default runs the same rule as spring(response: 0.55, dampingFraction: 1) (Apple's
        // documented figures; PresetSuite checks them): its own trajectory is checked here too.
        let runs = cases.map { ($0.response, $0.ζ, false) } + (gaps ? [] : [(0.55, 1.0, true)])
        for (response, ζ, isDefault) in runs {
            let animation = isDefault ? Animation.default : configuration.fluidSpring(response, gaps ? Swift.min(ζ, 0.3) : ζ, 0)
            var context = AnimationContext<Double>()
            let rule = FixedStepSpringReference(stiffness: FixedStepSpringReference.stiffness(response: response),
                                                dampingRatio: gaps ? Swift.min(ζ, 0.3) : ζ)
            let omega = rule.stiffness.squareRoot()
            var state = FixedStepSpringReference.State(), clock = 0.0, exactGapFrame = 0.0
            for frame in frames {
                // NaN: exactly 1 s after the clock; −k/60: k frames at 60 Hz after that one.
                let t = frame.isNaN ? clock + FixedStepSpringReference.restartGap : frame < 0 ? exactGapFrame - frame : frame
                if frame.isNaN { exactGapFrame = t }
                let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: t)
                state = try rule.advance(state, toward: delta, steps: steps)
                clock = reached
                let location = WorstCase("\(isDefault ? "default: " : "")response \(response), ζ \(rule.dampingRatio)", time: t)
                guard let x = animation.animate(value: delta, time: t, context: &context) else {
                    // It may finish only on a frame where the rule's rest test holds.
                    stats.require(FixedStepSpringReference.isAtRest(state, interval: delta),
                                  WorstCase("\(location.description): finished while the rule still moves", time: t))
                    break
                }
                let v = animation.velocity(value: delta, time: t, context: context) ?? .nan
                stats.add(x, state.position, scale: delta, location: location)
                stats.add(v, state.velocity, scale: delta * omega, location: location)
            }
        }
        let label = gaps ? "after a gap > 1 s the clock restarts at t − 1/60 (not after 0.9 s, nor after exactly 1 s)"
                         : "velocity and position = the rule's state, below and above the stiffness cap"
        return gatedCheck(CheckSubject(suite: name, name: label, kind: .reference, source: source, implementation: "Animation.spring",
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: stateTolerance)
    }

    /// The first 60 Hz frame at which the animation returns nil against the first at which the
    /// rule's rest test holds, for targets of several sizes (the thresholds are absolute).
    static func finishCheck(_ configuration: VerificationConfiguration) throws -> CheckReport {
        var stats = ErrorStatistics()
        for (response, ζ) in [(0.5, 1.0), (0.5, 0.3), (0.3, 0.7)] {
            for delta in [1.0, 100.0, -1e4] {
                let animation = configuration.fluidSpring(response, ζ, 0)
                var context = AnimationContext<Double>()
                let rule = FixedStepSpringReference(stiffness: FixedStepSpringReference.stiffness(response: response), dampingRatio: ζ)
                var state = FixedStepSpringReference.State(), clock = 0.0
                var libraryFrame = -1, ruleFrame = -1
                for frame in 1...600 {
                    let t = Double(frame) / 60
                    let (steps, reached) = FixedStepSpringReference.stepCount(from: clock, to: t)
                    state = try rule.advance(state, toward: delta, steps: steps)
                    clock = reached
                    if ruleFrame < 0, FixedStepSpringReference.isAtRest(state, interval: delta) { ruleFrame = frame }
                    if libraryFrame < 0, animation.animate(value: delta, time: t, context: &context) == nil { libraryFrame = frame }
                    if ruleFrame >= 0, libraryFrame >= 0 { break }
                }
                stats.add(Double(libraryFrame), Double(ruleFrame), scale: 1,
                          location: WorstCase("response \(response), ζ \(ζ), Δ \(delta): frame \(libraryFrame) vs \(ruleFrame)"))
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "finishes at the first frame where the rule's rest test holds (Δ 1, 100, −1e4)",
                          kind: .reference, source: source, implementation: "Animation.spring", quickSet: true),
                          metrics: stats.metrics(absoluteUnit: "frames"), worst: stats.worst, tolerance: finishTolerance)
    }

    /// The rest test on its boundaries, state by state: velocity and force exactly ±0.06 (0.06² is
    /// 0.0036 in doubles, so the squared forms meet the threshold exactly) and one ulp beyond, the
    /// offset exactly 1 % of Δ from it and one ulp beyond, and Δ = 0 (any offset). A frame rarely
    /// lands on a boundary, so `finishCheck` alone cannot tell ≤ from <.
    static func restBoundaryCheck() -> CheckReport {
        let speeds = [0, 0.05, 0.06, -0.06, 0.06.nextUp, -(0.06.nextUp)]
        var stats = ErrorStatistics()
        for interval in [100.0, -100, 0] {
            let near = 0.99 * interval  // |Δ − x| = 1 % of Δ, exactly for Δ = ±100 (and 0)
            for offset in [interval, near, near.nextDown, near.nextUp, 0.5 * interval] {
                for velocity in speeds {
                    for force in speeds {
                        let said = SpringIntegratorState<Double>(offset: offset, velocity: velocity, force: force)
                            .isAtRest(interval: interval)
                        let rule = FixedStepSpringReference.isAtRest(
                            FixedStepSpringReference.State(position: offset, velocity: velocity, force: force), interval: interval)
                        stats.require(said == rule, WorstCase("Δ \(interval), x \(offset), v \(velocity), F \(force): at rest \(said), the rule says \(rule)"))
                    }
                }
            }
        }
        return gatedCheck(CheckSubject(suite: name, name: "rest test on its boundaries (|v|, |F| = 0.06, |Δ − x| = 1 % of Δ, Δ = 0) = the rule's",
                          kind: .reference, source: source, implementation: "SpringIntegratorState.isAtRest", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst,
                          tolerance: Tolerance(name: "sameRestVerdict", metric: "maxAbsError", value: 0,
                                               reason: "a state is at rest or not: no mismatch is allowed"))
    }

    /// The largest stable damping ratio the library states (`maximumStableDampingRatio`, and
    /// `isStable` just inside and outside it) against the ζ where the step matrix's spectral radius
    /// crosses 1, for responses below, at and above the stiffness cap.
    static func stabilityBoundCheck() throws -> CheckReport {
        var stats = ErrorStatistics()
        for response in [0.01, 0.0296, 0.05, 0.2, 0.5, 2.2, 5] {
            let k = FixedStepSpringReference.stiffness(response: response)
            let boundary = try FixedStepSpringReference.largestStableDampingRatio(stiffness: k)
            let stated = SpringIntegratorState<Double>.maximumStableDampingRatio(stiffness: k)
            stats.add(stated, boundary, scale: boundary, location: WorstCase("response \(response) (k \(k)): ζ_max \(stated), eigenvalues \(boundary)"))
            // ζ = 0 from the step's structure, not the eigenvalue solve (whose radius is 1 within
            // rounding there): with no damping the step is kick–drift–kick, a product of shears of
            // determinant 1, with trace 2 − a² in (−2, 2) for a = √k/300 in (0, 2), so its
            // eigenvalues are a conjugate pair on the unit circle: bounded, stable.
            for (ζ, stable) in [(boundary * (1 - 1e-9), true), (boundary * (1 + 1e-9), false), (0.5, true), (-0.1, false), (0, true)] {
                let said = SpringIntegratorState<Double>.isStable(stiffness: k, dampingRatio: ζ)
                stats.add(said == stable ? 0 : .nan, 0, scale: 1,
                          location: WorstCase("response \(response): isStable(ζ \(ζ)) = \(said), eigenvalues say \(stable)"))
            }
        }
        // k = 0 (a response beyond ~4e162 s, where (2π/r)² underflows): no restoring force, F stays
        // 0 and x gains v·h every step, so any motion with a velocity grows without bound — not
        // stable at any ζ, though every eigenvalue is 1 (a Jordan block, not a spectral radius
        // above 1).
        for ζ in [0, 0.5, 2] {
            let said = SpringIntegratorState<Double>.isStable(stiffness: 0, dampingRatio: ζ)
            stats.add(said ? .nan : 0, 0, scale: 1,
                      location: WorstCase("stiffness 0: isStable(ζ \(ζ)) = \(said), x drifts by v·h every step"))
        }
        return gatedCheck(CheckSubject(suite: name, name: "stability bound ζ_max(k) and isStable = where the step's spectral radius crosses 1",
                          kind: .reference, source: "the eigenvalues of FixedStepSpringReference's step matrix (GSL gsl_poly_complex_solve on its characteristic polynomial), bisected in ζ",
                          implementation: "SpringIntegratorState", quickSet: true),
                          metrics: stats.metrics(), worst: stats.worst, tolerance: boundTolerance)
    }
}
