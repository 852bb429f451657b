// ClaimSuite.swift — claims common in documentation and blog posts, each marked holds or fails
// with the numbers. A check passes when the verdict is the one AnimationMath.docc leads us to expect
// (and a claim expected to fail misses by at least 1e-3 of the distance); a changed verdict means
// the model changed and fails the run. These are findings about the documentation, not accuracy:
// the conversion claims are settled by Hooke's own definitions, and the source says so.

import AnimationMath

enum ClaimSuite {
    static let name = "claims"

    /// A claim "holds" when it is true to within 1e-12 relative (conversions round a few times; a
    /// claim that is merely approximate misses by far more).
    static let holdsTolerance = Tolerance(
        name: "claimHolds", metric: "maxRelError", value: 1e-12,
        reason: "conversions round a few ulps; a false claim misses by orders of magnitude more")

    static let suite = VerificationSuite(name: name, summary: "documentation claims, marked holds / fails with numbers") { _ in
        [bounceClaim(negative: false), bounceClaim(negative: true), stiffnessClaim(swiftUIModel: false),
         stiffnessClaim(swiftUIModel: true), dampingClaim(), springIsClosedFormClaim(), timingCurvesAddUpClaim(),
         repeatClaim()]
    }

    /// The conversion and repeat claims are decided by Hooke's (and the SwiftUI model's) own
    /// definitions: they document what the code does, they are no evidence that it is right.
    static let ownDefinitions = CheckSource.documentation + ", settled by the code's own definitions (not evidence of accuracy)"

    static func verdict(_ stats: ErrorStatistics) -> Bool { stats.maxRelative <= holdsTolerance.value }

    static func bounceClaim(negative: Bool) -> CheckReport {
        var stats = ErrorStatistics()
        let bounces = negative ? stride(from: -0.9, through: -0.05, by: 0.05).map { $0 } : stride(from: 0, through: 1, by: 0.05).map { $0 }
        for b in bounces {
            let spring = Spring(duration: 0.5, bounce: b)
            stats.add(spring.bounce, 1 - spring.dampingRatio, scale: 1, location: WorstCase("bounce \(b): ζ = \(spring.dampingRatio)"))
        }
        let holds = verdict(stats)
        let range = negative ? "bounce < 0" : "0 ≤ bounce ≤ 1"
        return claimCheck(suite: name, name: "bounce = 1 − dampingFraction (\(range))", source: ownDefinitions, implementation: "hooke.Spring",
                          holds: holds, expected: negative ? .fails : .holds, metrics: stats.metrics(), worst: stats.worst,
                          tolerance: holdsTolerance,
                          detail: holds ? "max |bounce − (1 − ζ)| = \(short(stats.maxAbsolute))"
                              : "negative bounce maps to ζ = 1/(1 + b), so 1 − ζ misses by up to \(short(stats.maxAbsolute)) (\(stats.worst?.description ?? ""))")
    }

    static func stiffnessClaim(swiftUIModel: Bool) -> CheckReport {
        var stats = ErrorStatistics()
        for r in [0.2, 0.5, 1.3] {
            for ζ in [0.0, 0.5, 1, 1.25, 3] {
                let stiffness = swiftUIModel ? SwiftUISpringModel(response: r, dampingRatio: ζ).stiffness
                    : Spring(response: r, dampingRatio: ζ).stiffness
                let claimed = (2 * Double.pi / r) * (2 * Double.pi / r)
                stats.add(stiffness, claimed, scale: claimed, location: WorstCase("response \(r), ζ \(ζ)"))
            }
        }
        let holds = verdict(stats)
        return claimCheck(suite: name, name: "stiffness = (2π/response)²",
                          source: ownDefinitions, implementation: swiftUIModel ? SpringImplementation.swiftUIModel.name : "hooke.Spring",
                          holds: holds, expected: swiftUIModel ? .fails : .holds, metrics: stats.metrics(), worst: stats.worst,
                          tolerance: holdsTolerance,
                          detail: holds ? "max relative error \(short(stats.maxRelative))"
                              : "SwiftUI's getter is off by up to \(short(stats.maxRelative * 100))% for overdamped springs (\(stats.worst?.description ?? ""))")
    }

    static func dampingClaim() -> CheckReport {
        var stats = ErrorStatistics()
        for r in [0.2, 0.5, 1.3] {
            for ζ in [0.0, 0.5, 1, 1.25, 3] {
                let claimed = 4 * Double.pi * ζ / r
                stats.add(Spring(response: r, dampingRatio: ζ).damping, claimed, scale: Swift.max(claimed, 4 * Double.pi / r),
                          location: WorstCase("response \(r), ζ \(ζ)"))
            }
        }
        let holds = verdict(stats)
        return claimCheck(suite: name, name: "damping = 4πζ/response", source: ownDefinitions, implementation: "hooke.Spring", holds: holds,
                          expected: .holds, metrics: stats.metrics(), worst: stats.worst, tolerance: holdsTolerance,
                          detail: "max relative error \(short(stats.maxRelative))")
    }

    static func springIsClosedFormClaim() -> CheckReport {
        var stats = ErrorStatistics()
        for (r, ζ) in [(0.5, 1.0), (0.5, 0.825), (0.5, 0.7), (1.8, 0.3), (0.15, 0.86)] {
            let animation = Animation.spring(response: r, dampingFraction: ζ)
            let spring = Spring(response: r, dampingRatio: ζ)
            var context = AnimationContext<Double>()
            for i in 0...180 {
                let t = Double(i) / 60
                let x = animation.animate(value: 1.0, time: t, context: &context) ?? 1
                stats.add(x, spring.value(target: 1.0, time: t), scale: 1, location: WorstCase("response \(r), ζ \(ζ)", time: t))
            }
        }
        let holds = verdict(stats)
        return claimCheck(suite: name, name: ".spring animations are the closed form", source: CheckSource.documentation, implementation: "Animation.spring",
                          holds: holds, expected: .fails, metrics: stats.metrics(), worst: stats.worst, tolerance: holdsTolerance,
                          detail: "the 1/300 s integrator differs from the closed form by up to \(short(stats.maxRelative * 100))% of Δ (rms \(short(stats.rmsRelative * 100))%)")
    }

    static func timingCurvesAddUpClaim() -> CheckReport {
        // 0 → 100 with easeInOut(0.5), interrupted at 0.2 s toward 40: the claim says the
        // presentation is a₁(100, t) + a₂(−60, t − 0.2).
        let d = 0.5, s2 = 0.2
        var animator = Animator<Double>(value: 0)
        animator.setValue(100, animation: .easeInOut(duration: d), at: 0)
        var stats = ErrorStatistics()
        var t = 0.0
        var changed = false
        while t <= 0.7 {
            if !changed && t >= s2 {
                animator.setValue(40, animation: .easeInOut(duration: d), at: s2)
                changed = true
            }
            let shown = animator.frame(at: t).value
            var sum = 100 * UnitCurve.easeInOut.value(at: t / d)
            if changed { sum += -60 * UnitCurve.easeInOut.value(at: (t - s2) / d) }
            stats.add(shown, sum, scale: 100, location: WorstCase("easeInOut 0→100, →40 at 0.2 s", time: t))
            t += 1.0 / 120
        }
        let holds = verdict(stats)
        return claimCheck(suite: name, name: "interrupted timing curves add up", source: CheckSource.documentation, implementation: "Animator",
                          holds: holds, expected: .fails, metrics: stats.metrics(absoluteUnit: "pt", absoluteScale: 100),
                          worst: stats.worst, tolerance: holdsTolerance,
                          detail: "the animator chains, so a plain sum misses by up to \(short(stats.maxAbsolute)) pt of a 100 pt move")
    }

    static func repeatClaim() -> CheckReport {
        // Sample the middle of each pass: forward passes rise through Δ/2, reversed ones fall.
        let animation = Animation.linear(duration: 0.5).repeatCount(3, autoreverses: true)
        var context = AnimationContext<Double>()
        var directions: [String] = []
        var previous = 0.0
        var t = 0.0
        var passValues: [Double] = []
        var finishedAt: Double?
        while t < 2.5 {
            guard let value = animation.animate(value: 1.0, time: t, context: &context) else {
                finishedAt = t
                break
            }
            passValues.append(value - previous)
            previous = value
            t += 1.0 / 60
        }
        // Group the per-frame changes into runs of one sign.
        var current = 0.0
        for change in passValues where Swift.abs(change) > 1e-9 {
            let sign = change > 0 ? 1.0 : -1.0
            if sign != current && Swift.abs(change) < 0.5 {  // ignore the end-of-pass jump frames
                directions.append(sign > 0 ? "forward" : "back")
                current = sign
            }
        }
        let holds = directions == ["forward", "back", "forward"] && finishedAt != nil
        var stats = ErrorStatistics()
        stats.add(holds ? 0 : 1, 0, scale: 1, location: WorstCase("passes: \(directions.joined(separator: ", "))"))
        return claimCheck(suite: name, name: "repeatCount(3, autoreverses: true) plays forward, back, forward",
                          source: ownDefinitions, implementation: "RepeatAnimation", holds: holds, expected: .holds, metrics: stats.metrics(),
                          worst: stats.worst, tolerance: holdsTolerance,
                          detail: "passes \(directions.joined(separator: ", ")), finished at \(short(finishedAt ?? .nan)) s")
    }
}
