import AnimationMath
import ReferenceSolver
import Testing

/// Springs that grow: a negative response (the formulas k = (2π/r)², c = 4πζ/r keep their sign)
/// and an interpolating spring with ζ ≤ −1 (bounce > 2 through the unclamped mapping), each
/// against the GSL reference with the same mass, stiffness and damping.
@Suite("growing springs against GSL")
struct SpringNegativeParameterTests {
    /// Relative to the largest |x| reached (the motion grows, so the distance is no scale): the
    /// reference's 1e-13 per-step control over a growing solution, with margin.
    static let tolerance = 1e-10
    /// (2π/r)² and −4πζ/r in Double: a few roundings, relative (achieved: exact).
    static let formulaRounding = 1e-15

    @Test("Spring(response: −0.5, dampingRatio: 0.5) is stiffness (2π/0.5)² with damping −4π·0.5/0.5")
    func negativeResponse() throws {
        let spring = Spring(response: -0.5, dampingRatio: 0.5)
        #expect(abs(spring.stiffness - (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5)) <= Self.formulaRounding * spring.stiffness)
        #expect(abs(spring.damping - (-4 * Double.pi * 0.5 / 0.5)) <= Self.formulaRounding * abs(spring.damping))
        #expect(spring.response == 0.5)
        let times = (0...40).map { Double($0) * 0.01 }
        let reference = try OscillatorReference.solve(
            OscillatorProblem(stiffness: spring.stiffness, damping: spring.damping, target: 1), at: times)
        let scale = reference.positions.map(abs).max()!
        for (index, time) in times.enumerated() {
            #expect(abs(spring.value(target: 1.0, time: time) - reference.positions[index]) <= Self.tolerance * scale,
                    "t = \(time)")
        }
    }

    @Test("interpolatingSpring with ζ = −1.5 and ζ = −1 follows the growing solution")
    func growingInterpolatingSpring() throws {
        for damping in [-30.0, -20.0] {  // k = 100: ζ = c / (2√k) = −1.5 and −1
            let animation = InterpolatingSpringAnimation(stiffness: 100, damping: damping, initialVelocity: 0.5)
            let times = (0...30).map { Double($0) * 0.01 }
            let reference = try OscillatorReference.solve(
                OscillatorProblem(stiffness: 100, damping: damping, initialVelocity: 0.5, target: 1), at: times)
            let scale = reference.positions.map(abs).max()!
            for (index, time) in times.enumerated() {
                let progress = animation.progress(at: time)
                #expect(progress.value.isFinite && !progress.isSettled)
                #expect(abs(progress.value - reference.positions[index]) <= Self.tolerance * scale, "c \(damping), t = \(time)")
                // Velocities scale with ω0 = √k = 10 per second.
                #expect(abs(progress.velocity - reference.velocities[index]) <= Self.tolerance * scale * 10,
                        "velocity, c \(damping), t = \(time)")
            }
        }
    }
}
