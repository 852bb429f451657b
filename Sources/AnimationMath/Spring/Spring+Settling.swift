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
// `init(settlingDuration:dampingRatio:epsilon:)` is SwiftUI's rule as Respring re-implements it
// (its tests compare with SwiftUI for equality): Newton's method on SwiftUI's own equation, with
// SwiftUI's start points, step limits and stopping rule, so its result is SwiftUI's iterate, not
// the equation's root (verify evaluates the same rule in double-double, and measures the iterate
// against the root).
//
// Goals: 1. SwiftUI's numbers (`Spring().settlingDuration == 0.7999999999999999`); 2. bounded
// cost (at most 1024 closed-form evaluations, at most 32 Newton steps).

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

    /// SwiftUI's search for the natural frequency: a first Newton run from 5/D of at most 12 steps,
    /// and, if it fails, a second from 1/D of at most 20 (`settlingNewton`).
    @usableFromInline
    internal static let settlingSearches: [(start: Double, maximumSteps: Int)] = [(5, 12), (1, 20)]

    /// Creates a spring that settles in about `settlingDuration` with the given damping ratio.
    ///
    /// SwiftUI's rule, as Respring (github.com/ktiays/Respring, whose tests compare its springs with
    /// SwiftUI's for equality) re-implements it; not checked against a device here. ζ is clamped to
    /// [ulp, 1] and the duration D to [0.01, 10] s. The natural frequency ω0 is then Newton's
    /// iterate for a root of
    /// - ζ < 1: ε − (ζ/√(1 − ζ²))·e^(−ζ·D·ω0), the underdamped envelope's amplitude at D falling
    ///   to ε (not the envelope `settlingDuration` uses, so the getter does not read D back);
    /// - ζ = 1: (1 + ω0·D)·e^(−ω0·D) − ε, the critically damped unit motion at D.
    /// The iteration stops when a step is at most ε — an absolute tolerance on ω0 — so ω0 is not
    /// the root itself: for ε = 0.001 within a few 1e-6 of it (D = 10, ζ near 1), and far from it for
    /// ε near 1. Where the rule yields a negative ω0 (ζ below about ε), the spring grows
    /// (λ = ω0, no oscillation), and where it diverges (ζ = ulp) the spring is NaN, as in SwiftUI.
    /// ω and λ follow from ω0 and ζ as for every other initialiser.
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
        let ω0 = Spring.settlingNaturalFrequency(duration: D, dampingRatio: ζ, epsilon: epsilon)
        if ω0 < 0 {
            // SwiftUI keeps λ = ω0 and no oscillation when ω0 < ζ·ω0.
            self.init(angularFrequency: 0, decayConstant: ω0, mass: 1, naturalFrequency: -ω0)
        } else {
            self.init(naturalFrequency: ω0, dampingRatio: ζ, mass: 1)
        }
    }

    /// SwiftUI's natural frequency for `init(settlingDuration:dampingRatio:epsilon:)`, D and ζ clamped.
    /// Each function and its derivative are written in SwiftUI's order of operations (Respring's),
    /// since the iterate, not only the root, is the result.
    @usableFromInline
    internal static func settlingNaturalFrequency(duration D: Double, dampingRatio ζ: Double, epsilon ε: Double) -> Double {
        let function: (Double) -> Double, derivative: (Double) -> Double
        if ζ >= 1 {
            function = { x in
                let u = D * x
                return exp(-u) * (u + 1) - (x < 0 ? -ε : ε)
            }
            derivative = { x in -D * D * x / exp(D * x) }
        } else {
            let frequencyFactor = (1 - ζ * ζ).squareRoot()
            let amplitude = ζ / frequencyFactor, rate = D * ζ, slopeFactor = ζ * ζ * D
            function = { x in ε - abs(amplitude * exp(-rate * x)) }
            // The x² above and below is SwiftUI's: it makes the derivative NaN once x² overflows.
            derivative = { x in x * x * slopeFactor / (exp(rate * x) * (x * x) * frequencyFactor) }
        }
        var ω0 = Double.nan
        for search in settlingSearches {
            ω0 = settlingNewton(start: (1 / D) * search.start, maximumSteps: search.maximumSteps, epsilon: ε,
                                function, derivative)
            if ω0.isFinite { break }
        }
        return ω0
    }

    /// SwiftUI's Newton run: steps x ← x − f(x)/f′(x) from `start`, at most `maximumSteps`; the first
    /// two never stop it, from the third on a step of at most ε does. Returns the last iterate, or
    /// the first that is not finite (the run has failed).
    ///
    /// SwiftUI's run has also failed when, at the stop, the step before exceeded 10⁵·ε downwards.
    /// Hooke leaves that test out: for ζ < 1 it cannot decide (the function is concave and
    /// increasing, so from the second step on the iterates rise), and for ζ = 1 it decided in none
    /// of about 100 000 runs replayed in IEEE doubles (a third of 300 000 sampled (D, ζ, ε), D in
    /// [0.01, 10], ε in [10⁻⁸, 3]). verify's reference keeps it (`HighPrecisionSettling.settlingRule`).
    @usableFromInline
    internal static func settlingNewton(start: Double, maximumSteps: Int, epsilon ε: Double,
                                        _ f: (Double) -> Double, _ fPrime: (Double) -> Double) -> Double {
        var x = start
        for stepIndex in 1...maximumSteps {
            let next = x - f(x) / fPrime(x)
            if !next.isFinite || (stepIndex >= 3 && abs(next - x) <= ε) { return next }
            x = next
        }
        return x
    }
}
