import AnimationMath
import HookeSupport
import ReferenceSolver

/// One spring in every parameterisation, as `hooke spring` shows it: response, damping ratio,
/// duration, bounce, mass, stiffness, damping, the regime, SwiftUI's `settlingDuration`, and the
/// true ε-settle time of the motion 0 → 1 found on the GSL reference (or, beyond the reference
/// search, bounds from the closed-form envelope). Numbers print in their shortest round-trip form.
struct SpringSheet {
    /// SwiftUI's default settling threshold, in value units for a motion of distance 1.
    static let epsilon = 0.001

    var spring: Spring
    /// The true ε-settle time of the motion 0 → 1.
    var settle: SettleEstimate

    /// - Throws: `ReferenceError` when the reference cannot search the motion.
    init(_ spring: Spring) throws {
        self.spring = spring
        settle = try OscillatorReference.settleEstimate(
            mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
            target: 1, initialVelocity: 0, epsilon: Self.epsilon)
    }

    /// The figures under their Swift property names, in the order shown; a true settle time that
    /// was not found (never, or beyond the search) is infinite.
    var rows: [(String, Double)] {
        let trueSettle: Double
        switch settle {
        case .settled(let time): trueSettle = time
        case .never, .beyondSearch: trueSettle = .infinity
        }
        return [
            ("response", spring.response), ("dampingRatio", spring.dampingRatio),
            ("duration", spring.duration), ("bounce", spring.bounce),
            ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
            ("settlingDuration", spring.settlingDuration), ("trueSettleTime", trueSettle),
            ("swiftUIStiffness", spring.swiftUIStiffness),
        ]
    }

    /// A JSON object keyed by the Swift property names; infinities are null, and bounds beyond the
    /// search are `trueSettleTimeAtLeast` and `trueSettleTimeAtMost`.
    var json: String {
        var text = "{\n  \"regime\": \(jsonString(spring.regime.rawValue))"
        for (key, value) in rows { text += ",\n  \(jsonString(key)): \(value.isFinite ? "\(value)" : "null")" }
        if case let .beyondSearch(atLeast, atMost) = settle {
            text += ",\n  \"trueSettleTimeAtLeast\": \(atLeast),\n  \"trueSettleTimeAtMost\": \(atMost.isFinite ? "\(atMost)" : "null")"
        }
        return text + "\n}"
    }

    /// A two-column table, with a note when SwiftUI's stiffness getter differs (overdamped springs).
    var tableLines: [String] {
        var lines = ["regime".padding(to: 18) + spring.regime.rawValue]
        for (key, value) in rows {
            if key == "trueSettleTime", case let .beyondSearch(atLeast, atMost) = settle {
                lines.append(key.padding(to: 18) + "≥ \(atLeast) (and ≤ \(atMost); beyond the reference search's \(OscillatorReference.settleGridBudget) grid points, bounds from the closed-form envelope)")
            } else {
                lines.append(key.padding(to: 18) + "\(value)")
            }
        }
        if abs(spring.swiftUIStiffness - spring.stiffness) > 1e-9 * spring.stiffness {
            lines.append("note: SwiftUI's stiffness getter returns \(formatShort(spring.swiftUIStiffness)) for this overdamped spring; the physical stiffness is \(formatShort(spring.stiffness))")
        }
        return lines
    }
}
