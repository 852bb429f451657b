import AnimationMath
import HookeSupport

/// The one stderr line a SwiftUI-spring evaluation and a scenario run print when a `.spring`
/// is outside the stable region of SwiftUI's 1/300 s integrator (its values then grow without bound
/// and overflow to inf/nan), or — failing that — when the output is not finite for another reason.
/// The output itself is unchanged: the rule runs as is (what SwiftUI shows there is unknown).
package enum StabilityWarning {
    /// The warning for output that ran `unstable` (a `.spring` outside the stable region, given at
    /// `place`: a flag or a JSON path), else for output with non-finite values; nil when neither.
    package static func line(unstable: FluidSpringAnimation?, at place: String, allFinite: Bool) -> String? {
        if let spring = unstable { return line(for: spring, at: place) }
        return allFinite ? nil : nonFinite
    }

    /// The warning for `spring`, found at `place`.
    static func line(for spring: FluidSpringAnimation, at place: String) -> String {
        let limit = SpringIntegratorState<Double>.maximumStableDampingRatio(
            stiffness: SpringIntegratorState<Double>.stiffness(response: spring.response))
        return "warning: \(place): spring(response: \(formatShort(spring.response)), dampingFraction: "
            + "\(formatShort(spring.dampingFraction))) is outside the stable region of SwiftUI's 1/300 s integrator "
            + "(it needs 0 ≤ dampingFraction < \(formatShort(limit, digits: 4)) at this response); its values grow without bound"
    }

    /// The warning when the output has non-finite values although every spring is stable.
    static let nonFinite = "warning: the output has non-finite values (inf or nan): the motion overflowed"
}

extension Scenario {
    /// `StabilityWarning.line` for this scenario's output (`allFinite`: `RowWriter.allFinite`).
    package func stabilityWarning(allFinite: Bool) -> String? {
        let first = firstUnstableSpring
        return StabilityWarning.line(unstable: first?.spring, at: "transactions[\(first?.transaction ?? 0)].animation",
                                     allFinite: allFinite)
    }
}
