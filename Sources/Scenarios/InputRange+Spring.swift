import AnimationMath
import HookeSupport

extension InputRange {
    /// Checks the spring that in-range numbers make: its response 2π√(m/k) in [1e-6, 1e6] s and its
    /// damping ratio ≤ 1e100, so that its stiffness, its damping and ω·t stay finite. `inputs` names
    /// the numbers as the user gave them (option names and values, or a JSON path).
    package static func check(_ spring: Spring, inputs: String) throws {
        let response = spring.response, ratio = spring.dampingRatio
        guard response.isFinite, springResponse.contains(response) else {
            throw InputError("\(inputs): the spring's response would be \(formatShort(response)) s; it must be in [1e-6, 1e6] s")
        }
        guard ratio <= magnitude else {
            throw InputError("\(inputs): the spring's damping ratio would be \(formatShort(ratio)); it must be ≤ 1e100")
        }
        guard spring.stiffness.isFinite, spring.damping.isFinite else {
            throw InputError("\(inputs): the spring's stiffness (\(formatShort(spring.stiffness))) or damping (\(formatShort(spring.damping))) is not finite")
        }
    }
}
