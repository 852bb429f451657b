import AnimationMath
import Foundation
import HookeSupport
import Testing
@testable import Verification

/// The double-double references against facts worked by hand: exact arithmetic identities, the
/// critically damped solution x(t) = T(1 − (1 + ω0t)e^{−ω0t}), and curves whose inverse is known.
@Suite("high-precision references")
struct HighPrecisionReferenceTests {
    /// Double-double carries ~106 bits: 1/3·3 − 1 is within a few units of 2⁻¹⁰⁶ ≈ 1.2e-32
    /// (achieved: exact).
    static let doubleDoubleRounding = 1e-31
    /// A closed form evaluated in Double (an `exp` and a few products): two ulps of the unit
    /// distance (achieved 2.8e-17).
    static let closedFormRounding = 4e-16
    /// The identity curve's inverse, and `easeInOut` at ½, as Doubles: under one and two ulps of
    /// the value (achieved: exact).
    static let identityRounding = 1e-16
    static let easeRounding = 2e-16
    /// The planted solver stops at a 1e-7 tolerance and misses by ~4.5e-8, far above any rounding.
    static let plantedMissFloor = 1e-9

    @Test("double-double keeps what a Double loses")
    func arithmetic() {
        let tiny = 0x1p-70
        let sum = DoubleDouble(1) + DoubleDouble(tiny)
        #expect((sum - DoubleDouble(1)).double == tiny)
        let third = DoubleDouble(1) / DoubleDouble(3)
        let back = third * DoubleDouble(3) - DoubleDouble(1)
        #expect(abs(back.double) < Self.doubleDoubleRounding, "1/3·3 − 1 = \(back.double)")
    }

    @Test("the matrix exponential reproduces the critically damped closed form")
    func criticalDamping() {
        let reference = HighPrecisionOscillator(SpringParameters(response: 0.5, dampingRatio: 1))
        let ω0 = 2 * Double.pi / 0.5
        for t in [0.0, 0.05, 0.3, 1.7, 4] {
            let exact = 1 - (1 + ω0 * t) * exp(-ω0 * t)
            let state = reference.state(target: 1, initialVelocity: 0, time: t)
            #expect(abs(state.value.double - exact) <= Self.closedFormRounding, "t = \(t): \(state.value.double) vs \(exact)")
            let velocity = ω0 * ω0 * t * exp(-ω0 * t)
            #expect(abs(state.velocity.double - velocity) <= Self.closedFormRounding * ω0, "t = \(t) velocity")
        }
    }

    /// Roots of λD − ln(1 + λ) + ln ε = 0 from mpmath 1.3.0 at 300 bits (findroot-free: Newton in
    /// mpmath from the Double root until the step is below 2⁻¹⁸⁰), as hi + lo pairs. Double-double
    /// evaluates the equation to ~10⁻³¹ of its terms, which near ε = D = 1 is divided by a slope
    /// g′ ~ λ: ~10⁻³¹/λ of the root, 4·10⁻²⁵ in the third case (D = 1 + 2⁻³⁰, ε = 1 − 2⁻⁵⁰, root
    /// 4·10⁻⁸; achieved 4.2e-25) and ~10⁻³¹ elsewhere; 10⁻²³ is still ten million times finer than an ulp.
    static let settlingRootAgreement = 1e-23

    @Test("the double-double settling roots match mpmath's, down to ε → 1 with D → 1")
    func settlingRoots() {
        let cases: [(D: Double, ε: Double, hi: Double, lo: Double)] = [
            (0.5, 0.001, 19.89448063749193, 2.0228180904424408e-16),
            (0.999, 1 - 0x1p-40, 0.002002670691926676, 5.593078570064843e-20),
            (1 + 0x1p-30, 1 - 0x1p-50, 4.122581499245554e-08, -1.7448143902707423e-24),
            (0.01, 1e-300, 70193.45525000655, -5.77523499986808e-13),
            (4, 0.5, 0.2237710803188078, 1.1120123291121188e-17),
        ]
        for (D, ε, hi, lo) in cases {
            let root = HighPrecisionSettling.root(duration: D, epsilon: ε)
            let difference = (root - DoubleDouble(hi: hi, lo: lo)).double
            #expect(abs(difference) <= Self.settlingRootAgreement * hi, "D \(D), ε \(ε): \(root.hi) + \(root.lo) vs \(hi) + \(lo)")
        }
    }

    @Test("the Bézier inversion of the linear curve is the identity, and a planted coarse solver is seen")
    func bezier() {
        let linear = HighPrecisionBezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
        for p in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(abs(linear.value(at: p).double - p) <= Self.identityRounding)
        }
        let ease = HighPrecisionBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        let coarse = coarseBezier(0.42, 0, 0.58, 1)
        let worst = stride(from: 0.0, through: 1, by: 0.01).map { abs(coarse($0) - ease.value(at: $0).double) }.max()!
        #expect(worst > Self.plantedMissFloor, "the 1e-7 solver should miss by far more than an ulp: \(worst)")
        #expect(abs(UnitCurve.easeInOut.value(at: 0.5) - ease.value(at: 0.5).double) <= Self.easeRounding)
    }
}
