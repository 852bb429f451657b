// Spring+Settling.swift — SwiftUI's settling duration, and the spring with a given one.
//
// Accuracy contract
// -----------------
// `settlingDuration(target:initialVelocity:epsilon:)` is SwiftUI's *definition* (AnimationMath.docc/Springs.md),
// not the true time after which |x − target| < ε:
// - underdamped (ω > 0): t = max(0, −ln(ε / (|λT − v0| + |T|)) / λ), a few ulps (one log, one
//   division; magnitudes of a generic V are √magnitudeSquared);
// - ζ ≥ 1: the first time on a grid 0, 0.1, 0.2, … (accumulated in floating point, t += 0.1, so
//   the eighth point is 0.7999999999999999) after which the displacement stays below ε for more
//   than 1 s of grid time; 0 when that never happens within the 1024 grid points (0 through
//   102.3 s). That 0 is SwiftUI's answer, not a settle time: OpenSwiftUI's re-implementation
//   (Spring+VectorArithmetic.swift, tested by its authors against SwiftUI) searches 1024 points and
//   then returns 0; verify reports the gap to the true settle time as a finding.
//   The result is a grid point, exact by construction; which grid point can differ from SwiftUI's
//   only when |x − T| is within an ulp or two of ε at a grid time.
// Hooke choices where SwiftUI's behaviour is unknown (unverified, documented at each function):
// negative damping never settles (infinity) unless there is no motion at all; NaN springs give NaN.
// `init(settlingDuration:dampingRatio:epsilon:)` solves for the stiffness by Newton's method, stopped
// when a step is at most 4 ulps: its unknown (λ, or ω0·D at ζ = 1) is within 3 ulps of the root of
// its equation (below) for every ε in (0, 1) and D in [0.01, 10] (measured 2.2 on glibc over 16 000
// seeded cases), including ε → 1 with D → 1, where the root and g′ tend to 0 together; ω0 = λ/ζ
// and the stored λ = ζ·ω0 add a rounding each. That needs g summed without cancellation (an exact
// λD, `excessOverLog1p`): as λD − ln(1 + λ) + ln ε in plain Doubles, the rounding of its terms
// alone moves the root there by up to 10⁷ ulps. Which start point Newton takes, and the
// derivative's own rounding, change only how fast it gets there, not where it stops.
//
// Goals: 1. SwiftUI's numbers (`Spring().settlingDuration == 0.7999999999999999`); 2. bounded
// cost (at most 1024 closed-form evaluations, at most 100 Newton steps).

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Spring {
    /// The grid spacing of SwiftUI's settling search for ζ ≥ 1, in seconds.
    @usableFromInline
    internal static let settlingGridStep = 0.1

    /// How long the displacement must stay below ε, strictly more than this (seconds of grid time).
    @usableFromInline
    internal static let settlingHoldDuration = 1.0

    /// The number of grid points searched, 0 through 102.3 s (SwiftUI's, as re-implemented by OpenSwiftUI).
    @usableFromInline
    internal static let settlingGridPointCount = 1024

    /// The settling duration of a unit motion from rest: target 1, initial velocity 0, ε = 0.001.
    ///
    /// `Spring().settlingDuration` is 0.7999999999999999, as in SwiftUI.
    public var settlingDuration: Double {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    /// The time SwiftUI considers the spring settled, by its own definition.
    ///
    /// - Underdamped (and undamped): max(0, −ln(ε / (|λ·target − v0| + |target|)) / λ), an
    ///   envelope estimate; undamped springs (λ = 0) give infinity unless that amplitude is at
    ///   most ε (then 0).
    /// - Critically and overdamped: the first point of a 0.1 s grid (accumulated as `t += 0.1`)
    ///   after which |x − target| < ε holds for more than 1 s; 0 (SwiftUI's answer, not a settle
    ///   time) when nothing settles on the grid's 1024 points, 0 through 102.3 s.
    /// - Negative damping (a Hooke choice, SwiftUI's result is unverified): infinity, or 0 when
    ///   target and initial velocity are both zero. NaN springs give NaN.
    ///
    /// Magnitudes of a generic `V` are `magnitudeSquared.squareRoot()`.
    ///
    /// - Complexity: O(1) underdamped; at most 1024 evaluations of `transition(deltaTime:)` otherwise.
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        let λ = _decayConstant, ω = _angularFrequency
        if λ.isNaN || ω.isNaN || _naturalFrequency.isNaN { return .nan }
        if λ < 0 {
            return target == .zero && initialVelocity == .zero ? 0 : .infinity
        }
        if ω > 0 {
            let amplitude = (target.scaled(by: λ) - initialVelocity).magnitudeSquared.squareRoot()
                + target.magnitudeSquared.squareRoot()
            if λ == 0 { return amplitude > epsilon ? .infinity : 0 }
            return Swift.max(0, -log(epsilon / amplitude) / λ)
        }
        // ζ ≥ 1: SwiftUI's grid search.
        var time = 0.0
        var settledSince: Double? = nil
        for _ in 0..<Spring.settlingGridPointCount {
            let m = transition(deltaTime: time)
            // x − target = m11·(−target) + m12·v0, formed directly (no x − target cancellation).
            let displacement = initialVelocity.scaled(by: m.m12) - target.scaled(by: m.m11)
            if displacement.magnitudeSquared.squareRoot() < epsilon {
                if let start = settledSince {
                    if time - start > Spring.settlingHoldDuration { return start }
                } else {
                    settledSince = time
                }
            } else {
                settledSince = nil
            }
            time += Spring.settlingGridStep
        }
        return 0
    }

    /// The settling duration of a motion from `fromValue` to `toValue`.
    public func settlingDuration<V: VectorArithmetic>(fromValue: V, toValue: V, initialVelocity: V = .zero, epsilon: Double) -> Double {
        settlingDuration(target: toValue - fromValue, initialVelocity: initialVelocity, epsilon: epsilon)
    }

    /// The damping ratios `init(settlingDuration:dampingRatio:epsilon:)` accepts (others are clamped).
    @usableFromInline
    internal static let settlingDampingRatioRange: ClosedRange<Double> = Double.ulpOfOne...1

    /// The settling durations `init(settlingDuration:dampingRatio:epsilon:)` accepts, in seconds (others are clamped).
    @usableFromInline
    internal static let settlingDurationRange: ClosedRange<Double> = 0.01...10

    /// Newton's method stops when a step is at most this many ulps of the iterate.
    @usableFromInline
    internal static let newtonToleranceULPs = 4.0

    /// Newton's method never takes more steps than this (it converges in under 10 in practice;
    /// the cap only bounds the work for NaN input).
    @usableFromInline
    internal static let newtonMaximumSteps = 100

    /// Creates a spring that settles in `settlingDuration` with the given damping ratio.
    ///
    /// As SwiftUI documents, ζ is clamped to [ulp, 1] and the duration D to [0.01, 10] s. Mass is 1.
    /// The stiffness then solves, by Newton's method (a Hooke reconstruction; SwiftUI's exact
    /// equation is unverified):
    /// - ζ < 1: `settlingDuration == D` for SwiftUI's underdamped formula with target 1, v0 0:
    ///   λD = ln(1 + λ) − ln ε for λ = ζω0, so the getter reads D back (within a few ulps);
    /// - ζ = 1: the true settling time of the critically damped unit motion,
    ///   (1 + ω0D)·e^{−ω0D} = ε, so the getter (a 0.1 s grid search) reads back the first grid
    ///   point after D.
    /// Both equations are convex and increasing in the unknown past its start point, so Newton's
    /// method converges monotonically after at most one step. An ε outside (0, 1) has no solution
    /// and gives a NaN spring.
    ///
    /// - Parameters:
    ///   - settlingDuration: The time, in seconds, for the spring to come to rest.
    ///   - dampingRatio: ζ, the damping as a fraction of critical damping.
    ///   - epsilon: The threshold below which all later displacements must stay; 0.001 by default.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let D = Swift.min(Swift.max(settlingDuration, Spring.settlingDurationRange.lowerBound),
                          Spring.settlingDurationRange.upperBound)
        let ζ = Swift.min(Swift.max(dampingRatio, Spring.settlingDampingRatioRange.lowerBound),
                          Spring.settlingDampingRatioRange.upperBound)
        // NaN inputs give a NaN spring (the clamps above would turn a NaN ratio into 1).
        guard epsilon > 0, epsilon < 1, !dampingRatio.isNaN, !settlingDuration.isNaN else {
            self.init(naturalFrequency: .nan, dampingRatio: ζ, mass: 1)
            return
        }
        let logEpsilon = log(epsilon)  // < 0
        if ζ < 1 {
            // g(λ) = λD − ln(1 + λ) + ln ε, g' = D − 1/(1 + λ), g'' > 0. Starting at λ ≥ 1/D keeps
            // g' ≥ D²/(1 + D) > 0. λD and ln(1 + λ) nearly cancel when ε is near 1, so the product
            // is carried exactly (its rounding error by a fused multiply-add), and below λ = 2 g is
            // summed as λ(D − 1) + (λ − ln(1 + λ)) + ln ε: as D and ε tend to 1 the root tends to 0
            // and λD − ln(1 + λ) to λ(D − 1) + λ²/2, which ln(1 + λ) rounded to a Double cannot
            // show (D − 1 is exact for D in [1/2, 2], Sterbenz).
            var λ = Swift.max(-logEpsilon / D, 1 / D)
            for _ in 0..<Spring.newtonMaximumSteps {
                let g: Double
                if λ < 2 {
                    let product = λ * (D - 1)
                    g = (product + Spring.excessOverLog1p(λ)) + logEpsilon + (-product).addingProduct(λ, D - 1)
                } else {
                    let product = λ * D
                    g = ((product - log1p(λ)) + logEpsilon) + (-product).addingProduct(λ, D)
                }
                let step = g / (D - 1 / (1 + λ))
                λ -= step
                if !(abs(step) > Spring.newtonToleranceULPs * λ.ulp) { break }
            }
            self.init(naturalFrequency: λ / ζ, dampingRatio: ζ, mass: 1)
        } else {
            // h(u) = u − ln(1 + u) + ln ε with u = ω0·D; h' = u/(1 + u) > 0 for u > 0, h'' > 0.
            var u = 1 - 2 * logEpsilon
            for _ in 0..<Spring.newtonMaximumSteps {
                let h = Spring.excessOverLog1p(u) + logEpsilon
                let step = h * (1 + u) / u
                u -= step
                if !(abs(step) > Spring.newtonToleranceULPs * u.ulp) { break }
            }
            self.init(naturalFrequency: u / D, dampingRatio: 1, mass: 1)
        }
    }

    /// 1 − ln 2 as the Double nearest it plus the Double nearest the rest. The rest moves the result
    /// far less than the accuracy contract; the leading part does not.
    private static let oneMinusLn2 = (hi: 0.3068528194400547,
                                      lo: -2.3190468138462996e-17)

    /// Terms of the Taylor series in `excessOverLog1p`: for |x| < 1/2 the first omitted one is below
    /// 2⁻⁵⁵/57 of x², under 2⁻⁶⁰ of the sum (which is at least 0.38·x²).
    private static let excessSeriesTerms = 54

    /// x − ln(1 + x) for x ≥ 0, to within 2 ulps (measured 1.8 on glibc).
    ///
    /// The two terms cancel to x²/2 as x → 0, so below 1/2 the difference is summed as its Taylor
    /// series x²·Σ (−x)^k/(k + 2), k ≥ 0. On [1/2, 2) it is reduced around 1: with μ = (x − 1)/2
    /// (exact there), 1 + x = 2(1 + μ) and x − ln(1 + x) = (1 − ln 2) + μ + (μ − ln(1 + μ)), the
    /// last term by the series (|μ| < 1/2). From 2 on, ln(1 + x) ≤ 1.23·(x − ln(1 + x)) and the
    /// direct difference loses under a bit.
    internal static func excessOverLog1p(_ x: Double) -> Double {
        func series(_ x: Double) -> Double {
            var sum = 1 / Double(excessSeriesTerms + 2)
            for k in stride(from: excessSeriesTerms - 1, through: 0, by: -1) {
                sum = sum * -x + 1 / Double(k + 2)
            }
            return x * x * sum
        }
        if x < 0.5 { return series(x) }
        if x < 2 {
            let μ = (x - 1) / 2
            return (oneMinusLn2.hi + μ) + (oneMinusLn2.lo + series(μ))
        }
        return x - log1p(x)
    }
}
