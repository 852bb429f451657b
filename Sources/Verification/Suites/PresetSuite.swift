// PresetSuite.swift — every preset and parameter mapping against the figures Apple publishes, as
// tables: the `.spring` family's presets and defaults, `interpolatingSpring(duration:bounce:)`, the
// `Spring` presets, and the easing presets' control points. Each row is read from what the library
// builds (the animation's stored parameters, the spring's getters, the curve's control points) and
// compared with the published figure; the source of every figure is named. Rows that only the open
// re-implementations support (not Apple's documentation) are in their own check, marked unverified.

import AnimationMath

enum PresetSuite {
    static let name = "presets"

    /// The figures are exact decimals (0.15, 0.825) or printed to 17 digits (157.91367041742973), and
    /// the library reaches them through one or two roundings (1 − 0.15, (2π/0.5)²).
    static let tolerance = Tolerance(
        name: "documentedFigure", metric: "maxRelError", value: 1e-15,
        reason: "a row is a decimal or a 17-digit figure reached through ≤ 2 roundings (4.4e-16); measured identical")

    static let appleSprings = "Apple's SwiftUI documentation: Spring.smooth/snappy/bouncy(duration:extraBounce:) "
        + "(duration 0.5; extraBounce is added to the base bounce: smooth none, snappy 0.15, bouncy 0.3) and "
        + "Animation's same-named presets; the declarations' defaults of Animation.spring(duration: 0.5, bounce: 0, "
        + "blendDuration: 0), spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0), "
        + "interactiveSpring(duration: 0.15, extraBounce: 0, blendDuration: 0.25) and interactiveSpring(response: 0.15, "
        + "dampingFraction: 0.86, blendDuration: 0.25) (developer.apple.com/documentation/swiftui/spring, …/animation); "
        + "bounce b ≥ 0 ↦ damping fraction 1 − b as in Spring's example (duration 0.5, bounce 0.3 → damping 17.59291886010284), "
        + "up to the bounce's documented maximum of 1.0, undamped oscillation (Spring.init(duration:bounce:), Spring.bounce): "
        + "a bounce above it is that maximum, damping ratio 0 and bounce 1"
    static let appleInterpolating = "Apple's documentation of Spring (developer.apple.com/documentation/swiftui/spring): "
        + "duration 0.5, bounce 0.3 → stiffness 157.91367041742973, damping 17.59291886010284 (mass 1)"
    static let cssEasing = "W3C CSS Easing Functions Level 1, §2.2: ease-in cubic-bezier(0.42, 0, 1, 1), ease-out (0, 0, 0.58, 1), "
        + "ease-in-out (0.42, 0, 0.58, 1) — the standard curves Apple's easeIn/easeOut/easeInOut name"
    static let appleUnitPoint = "Apple's documentation of UnitPoint (developer.apple.com/documentation/swiftui/unitpoint): "
        + "zero (0, 0), center (0.5, 0.5), leading (0, 0.5), trailing (1, 0.5), top (0.5, 0), bottom (0.5, 1), "
        + "topLeading (0, 0), topTrailing (1, 0), bottomLeading (0, 1), bottomTrailing (1, 1)"
    static let unverified = "unverified: SwiftUI's interface and open re-implementations, not Apple's documentation — "
        + "bounce b < 0 ↦ ζ = 1/(1 + b) and back (ζ > 1 ↦ 1/ζ − 1), interactiveSpring's base bounce 0.15, Animation.default = spring(response: 0.55, "
        + "dampingFraction: 1), timing-curve presets 0.35 s"

    static let suite = VerificationSuite(name: name, summary: "presets and parameter mappings vs Apple's documented figures (tables)") { _ in
        [
            table("spring presets and defaults = Apple's documented figures", source: appleSprings,
                  implementation: "Animation/Spring presets", rows: springRows()),
            table("interpolatingSpring(duration: 0.5, bounce: 0.3) = Apple's stiffness and damping", source: appleInterpolating,
                  implementation: "Animation.interpolatingSpring", rows: interpolatingRows()),
            table("easing presets' control points = CSS's cubic-bezier figures", source: cssEasing,
                  implementation: "UnitCurve", rows: easingRows()),
            table("UnitPoint's named points = Apple's documented coordinates", source: appleUnitPoint,
                  implementation: "UnitPoint", rows: unitPointRows()),
            table("mappings from re-implementations (unverified): negative bounce, default, interactiveSpring, 0.35 s",
                  source: unverified, implementation: "Animation presets", rows: unverifiedRows()),
        ]
    }

    typealias Row = (label: String, value: Double, expected: Double)

    static func table(_ checkName: String, source: String, implementation: String, rows: [Row]) -> CheckReport {
        var stats = ErrorStatistics()
        for row in rows {
            stats.add(row.value, row.expected, scale: Swift.max(Swift.abs(row.expected), 1e-300),
                      location: WorstCase("\(row.label): \(row.value) (documented \(row.expected))"))
        }
        return gatedCheck(CheckSubject(suite: name, name: checkName, kind: .reference, source: source, implementation: implementation,
                          quickSet: true), metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)
    }

    /// Response, damping fraction and blend duration of a `.spring`-family animation (nil fields when
    /// it is something else, which fails the row).
    static func fluid(_ animation: Animation) -> (response: Double, dampingFraction: Double, blendDuration: Double) {
        if let spring = animation.base as? FluidSpringAnimation {
            return (spring.response, spring.dampingFraction, spring.blendDuration)
        }
        if let spring = (animation.base as? DefaultAnimation)?.spring {
            return (spring.response, spring.dampingFraction, spring.blendDuration)
        }
        return (.nan, .nan, .nan)
    }

    static func fluidRows(_ label: String, _ animation: Animation, response: Double, ζ: Double, blend: Double) -> [Row] {
        let (r, z, b) = fluid(animation)
        return [("\(label) response", r, response), ("\(label) damping fraction", z, ζ), ("\(label) blendDuration", b, blend)]
    }

    static func springRows() -> [Row] {
        var rows: [Row] = []
        rows += fluidRows("spring", .spring, response: 0.5, ζ: 1, blend: 0)
        rows += fluidRows("spring(duration: 0.8, bounce: 0.4, blendDuration: 0.1)", .spring(duration: 0.8, bounce: 0.4, blendDuration: 0.1),
                     response: 0.8, ζ: 0.6, blend: 0.1)
        rows += fluidRows("spring(response: 0.5)", .spring(response: 0.5), response: 0.5, ζ: 0.825, blend: 0)
        rows += fluidRows("spring(dampingFraction: 0.6)", .spring(dampingFraction: 0.6), response: 0.5, ζ: 0.6, blend: 0)
        rows += fluidRows("smooth", .smooth, response: 0.5, ζ: 1, blend: 0)
        rows += fluidRows("snappy", .snappy, response: 0.5, ζ: 0.85, blend: 0)
        rows += fluidRows("bouncy", .bouncy, response: 0.5, ζ: 0.7, blend: 0)
        rows += fluidRows("smooth(duration: 0.7, extraBounce: 0.2)", .smooth(duration: 0.7, extraBounce: 0.2), response: 0.7, ζ: 0.8, blend: 0)
        rows += fluidRows("snappy(duration: 0.3, extraBounce: 0.1)", .snappy(duration: 0.3, extraBounce: 0.1), response: 0.3, ζ: 0.75, blend: 0)
        rows += fluidRows("bouncy(duration: 0.6, extraBounce: 0.05)", .bouncy(duration: 0.6, extraBounce: 0.05), response: 0.6, ζ: 0.65, blend: 0)
        rows += fluidRows("interactiveSpring(response: 0.15)", .interactiveSpring(response: 0.15), response: 0.15, ζ: 0.86, blend: 0.25)
        rows += fluidRows("interactiveSpring(dampingFraction: 0.86)", .interactiveSpring(dampingFraction: 0.86), response: 0.15, ζ: 0.86, blend: 0.25)
        rows += fluidRows("interactiveSpring(response: 0.2, dampingFraction: 0.5, blendDuration: 0.1)",
                     .interactiveSpring(response: 0.2, dampingFraction: 0.5, blendDuration: 0.1), response: 0.2, ζ: 0.5, blend: 0.1)
        let springs: [(String, Spring, Double, Double)] = [
            ("Spring.smooth", .smooth, 0.5, 1), ("Spring.snappy", .snappy, 0.5, 0.85), ("Spring.bouncy", .bouncy, 0.5, 0.7),
            ("Spring.smooth(duration: 0.7, extraBounce: 0.2)", .smooth(duration: 0.7, extraBounce: 0.2), 0.7, 0.8),
            ("Spring.snappy(duration: 0.3, extraBounce: 0.1)", .snappy(duration: 0.3, extraBounce: 0.1), 0.3, 0.75),
            ("Spring.bouncy(duration: 0.6, extraBounce: 0.05)", .bouncy(duration: 0.6, extraBounce: 0.05), 0.6, 0.65),
        ]
        for (label, spring, duration, ζ) in springs {
            rows += [("\(label) duration", spring.duration, duration), ("\(label) damping ratio", spring.dampingRatio, ζ),
                     ("\(label) bounce", spring.bounce, 1 - ζ)]
        }
        // At and above the maximum bounce, 1.0: undamped, exactly (the row's scale makes any ζ ≠ 0
        // fail), just past it (the next double, 1 + 5e-7) as well as far past it, and through
        // extraBounce (0.3 + 0.75).
        let maximal: [(String, Spring)] = [
            ("Spring(duration: 0.5, bounce: 1)", Spring(duration: 0.5, bounce: 1)),
            ("Spring(duration: 0.5, bounce: 1.0.nextUp)", Spring(duration: 0.5, bounce: 1.0.nextUp)),
            ("Spring(duration: 0.5, bounce: 1 + 5e-7)", Spring(duration: 0.5, bounce: 1 + 5e-7)),
            ("Spring(duration: 0.5, bounce: 1.5)", Spring(duration: 0.5, bounce: 1.5)),
            ("Spring.bouncy(duration: 0.5, extraBounce: 0.75)", .bouncy(duration: 0.5, extraBounce: 0.75)),
        ]
        for (label, spring) in maximal {
            rows += [("\(label) damping ratio", spring.dampingRatio, 0), ("\(label) bounce", spring.bounce, 1)]
        }
        return rows
    }

    static func interpolatingRows() -> [Row] {
        var rows: [Row] = []
        for (label, animation) in [("interpolatingSpring(duration: 0.5, bounce: 0.3)", Animation.interpolatingSpring(duration: 0.5, bounce: 0.3)),
                                   ("interpolatingSpring(Spring(duration: 0.5, bounce: 0.3))", .interpolatingSpring(Spring(duration: 0.5, bounce: 0.3)))] {
            let spring = animation.base as? InterpolatingSpringAnimation
            rows += [("\(label) mass", spring?.mass ?? .nan, 1),
                     ("\(label) stiffness", spring?.stiffness ?? .nan, 157.91367041742973),
                     ("\(label) damping", spring?.damping ?? .nan, 17.59291886010284),
                     ("\(label) initialVelocity", spring?.initialVelocity ?? .nan, 0)]
        }
        return rows
    }

    static func easingRows() -> [Row] {
        let curves: [(String, UnitCurve, Animation, [Double])] = [
            ("easeIn", .easeIn, .easeIn(duration: 1), [0.42, 0, 1, 1]),
            ("easeOut", .easeOut, .easeOut(duration: 1), [0, 0, 0.58, 1]),
            ("easeInOut", .easeInOut, .easeInOut(duration: 1), [0.42, 0, 0.58, 1]),
        ]
        var rows: [Row] = []
        for (label, curve, animation, expected) in curves {
            let animated = (animation.base as? TimingCurveAnimation)?.curve
            for (owner, candidate) in [("UnitCurve.\(label)", curve as UnitCurve?), ("Animation.\(label) curve", animated)] {
                let points = [candidate?.startControlPoint?.x, candidate?.startControlPoint?.y,
                              candidate?.endControlPoint?.x, candidate?.endControlPoint?.y]
                for (index, name) in ["x₁", "y₁", "x₂", "y₂"].enumerated() {
                    rows.append(("\(owner) \(name)", points[index] ?? .nan, expected[index]))
                }
            }
        }
        return rows
    }

    static func unitPointRows() -> [Row] {
        let points: [(String, UnitPoint, Double, Double)] = [
            ("zero", .zero, 0, 0), ("center", .center, 0.5, 0.5), ("leading", .leading, 0, 0.5), ("trailing", .trailing, 1, 0.5),
            ("top", .top, 0.5, 0), ("bottom", .bottom, 0.5, 1), ("topLeading", .topLeading, 0, 0), ("topTrailing", .topTrailing, 1, 0),
            ("bottomLeading", .bottomLeading, 0, 1), ("bottomTrailing", .bottomTrailing, 1, 1), ("UnitPoint()", UnitPoint(), 0, 0),
        ]
        return points.flatMap { label, point, x, y in [("\(label).x", point.x, x), ("\(label).y", point.y, y)] }
    }

    static func unverifiedRows() -> [Row] {
        var rows: [Row] = []
        rows += fluidRows("spring(duration: 0.5, bounce: −0.25)", .spring(duration: 0.5, bounce: -0.25), response: 0.5, ζ: 1 / 0.75, blend: 0)
        rows += fluidRows("default", .default, response: 0.55, ζ: 1, blend: 0)
        rows += fluidRows("interactiveSpring", .interactiveSpring, response: 0.15, ζ: 0.85, blend: 0.25)
        rows += fluidRows("interactiveSpring(duration: 0.3, extraBounce: 0.1, blendDuration: 0.5)",
                     .interactiveSpring(duration: 0.3, extraBounce: 0.1, blendDuration: 0.5), response: 0.3, ζ: 0.75, blend: 0.5)
        let spring = Spring(duration: 0.4, bounce: -0.5)
        rows.append(("Spring(duration: 0.4, bounce: −0.5) damping ratio", spring.dampingRatio, 2))
        // The reverse mapping, bounce from ζ: 1 − ζ up to ζ = 1, 1/ζ − 1 above (ζ just above 1 too).
        for ζ in [0.3, 1, 1 + 5e-7, 1.5, 4] {
            let bounce = Spring(response: 1, dampingRatio: ζ).bounce
            let read = Spring(response: 1, dampingRatio: ζ).dampingRatio
            rows.append(("Spring(response: 1, dampingRatio: \(ζ)).bounce", bounce, read <= 1 ? 1 - read : 1 / read - 1))
        }
        for (label, animation) in [("linear", Animation.linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut)] {
            rows.append(("Animation.\(label) duration", (animation.base as? TimingCurveAnimation)?.duration ?? .nan, 0.35))
        }
        return rows
    }
}
