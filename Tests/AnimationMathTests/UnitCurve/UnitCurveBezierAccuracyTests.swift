@testable import AnimationMath
import Testing
import HookeSupport

/// Allowed error of a Bézier value against the Float80 reference, relative to the condition
/// number 1 + |dy/dx| of evaluating y at a given x.
///
/// Error sources, for control-point |y| ≤ 2 (the grid) and x in [0, 1]: the input p is exact; the
/// solver returns s with |x(s) − p| of a few ulps of p (the Bernstein sum has no cancellation), an
/// error that reaches y multiplied by dy/dx; y(s) itself costs a few ulps of the Bernstein terms,
/// which are bounded by 3 max(|y1|, |y2|, 1) ≈ 6. Together: about 6 ulp(1) × (1 + |dy/dx|) =
/// 1.3e-15 (1 + |dy/dx|); 4e-15 allows a 3x margin. Measured worst: printed by the test.
let bezierValueTolerance = 4e-15

/// Allowed error of `velocity(at:)` against the Float80 reference: a relative part plus the
/// part that comes from where the solver stopped.
///
/// The solver returns s with a residual |x(s) − p| of a few ulps (it stops on a step of 2 ulps),
/// so it evaluates the slope at a progress p' within `solverResidual` of p, which moves the slope
/// by |d²y/dx²| |p' − p|: large next to a vertical tangent, where the slope itself is ill-
/// conditioned. On top of that, y'/x' costs a few ulps relative, more where the Bernstein sums
/// for x' and y' cancel (overshooting y, |y| ≤ 2 on the grid: about 10 ulps = 2.2e-15); 1e-13
/// relative to 1 + |slope| allows a 40x margin.
let bezierVelocityTolerance = 1e-13

/// Velocity is only checked where the bound above is first-order valid: where the slope moves by
/// less than 1e-3 of 1 + |slope| within the solver's residual.
let linearisationLimit = 1e-3

/// The solver's residual |x(s) − p|, bounded by a few ulps of 1: 16 ulps (3.6e-15) with margin.
let solverResidual = 16 * Double.ulpOfOne

/// Control points of the random grid: x in [0, 1] (now and then exactly 0 or 1), y in [-1, 2].
func randomControlPoint(_ generator: inout SplitMix64) -> UnitPoint {
    let x: Double
    switch generator.next() % 10 {
    case 0: x = 0
    case 1: x = 1
    default: x = Double.random(in: 0...1, using: &generator)
    }
    return UnitPoint(x: x, y: Double.random(in: -1...2, using: &generator))
}

/// Progress samples: a uniform grid plus points near the ends and random points.
func progressSamples(_ generator: inout SplitMix64) -> [Double] {
    var samples = (0...64).map { Double($0) / 64 }
    samples += [1e-300, 1e-12, 1e-6, 1 - 1e-6, 1 - 1e-12, 1 - Double.ulpOfOne / 2]
    samples += (0..<30).map { _ in Double.random(in: 0...1, using: &generator) }
    return samples
}

let presetBeziers: [(name: String, curve: UnitCurve, start: UnitPoint, end: UnitPoint)] = [
    ("easeIn", .easeIn, UnitPoint(x: 0.42, y: 0), UnitPoint(x: 1, y: 1)),
    ("easeOut", .easeOut, UnitPoint(x: 0, y: 0), UnitPoint(x: 0.58, y: 1)),
    ("easeInOut", .easeInOut, UnitPoint(x: 0.42, y: 0), UnitPoint(x: 0.58, y: 1)),
]

/// The most evaluations of x a solve is documented to take, the worst of CubicTimingBezier's random
/// search next to zeros of x′ (the loop provably ends within 99 iterations; no input is known to
/// need more than this). The random grid below measures 52.
private let searchedWorstEvaluations = 53

@Suite("UnitCurve Bézier accuracy (bisection reference in Float80, or double-double off x86_64)")
struct UnitCurveBezierAccuracyTests {
    struct Worst {
        var valueError = 0.0, conditionedError = 0.0, velocityError = 0.0
        var iterations = 0, totalIterations = 0, solves = 0, unresolvable = 0
        var where_ = ""
    }

    static func measure(_ curve: UnitCurve, _ start: UnitPoint, _ end: UnitPoint,
                        progress: [Double], into worst: inout Worst, label: String) {
        let reference = BezierBisectionReference(start, end)
        let solver = bezierSolver(curve)!
        for p in progress {
            let exact = reference.value(at: p)
            let slope = Double(reference.slope(at: p))
            let value = curve.value(at: p)
            let error = wideError(value, exact)
            let conditioned = error / (1 + Swift.abs(slope))
            worst.valueError = Swift.max(worst.valueError, error)
            if conditioned > worst.conditionedError {
                worst.conditionedError = conditioned
                worst.where_ = "\(label) at p = \(p)"
            }
            #expect(conditioned <= bezierValueTolerance,
                    "\(label) value at \(p): \(value) vs \(exact) (slope \(slope))")
            if p > 0 && p < 1 {
                let iterations = solver.parameter(forX: p).iterations
                worst.iterations = Swift.max(worst.iterations, iterations)
                worst.totalIterations += iterations
                worst.solves += 1
                let (exactSlope, curvature) = reference.derivatives(at: p)
                // Where the slope changes by more than `linearisationLimit` of itself within the
                // solver's residual, the first-order bound is meaningless (a vertical tangent
                // within an ulp or so of p): velocity is not checked there, only counted.
                let drift = solverResidual * Swift.abs(Double(curvature))
                if !(drift <= linearisationLimit * (1 + Swift.abs(Double(exactSlope)))) {
                    worst.unresolvable += 1
                } else if exactSlope.isFinite && curvature.isFinite {
                    let velocity = curve.velocity(at: p)
                    let allowed = bezierVelocityTolerance * (1 + Swift.abs(slope))
                        + solverResidual * Swift.abs(Double(curvature))
                    let error = wideError(velocity, exactSlope)
                    worst.velocityError = Swift.max(worst.velocityError, error / allowed)
                    #expect(error <= allowed, "\(label) velocity at \(p): \(velocity) vs \(exactSlope)")
                }
            }
        }
    }

    @Test("presets against Float80 bisection")
    func presetsAgainstFloat80Bisection() {
        var generator = SplitMix64(seed: 0xB351_E200)
        let progress = progressSamples(&generator) + (0...1000).map { Double($0) / 1000 }
        for preset in presetBeziers {
            var worst = Worst()
            Self.measure(preset.curve, preset.start, preset.end, progress: progress, into: &worst, label: preset.name)
            print("\(preset.name) vs bisection: worst |error| \(worst.valueError), worst error/(1+|slope|) \(worst.conditionedError), worst velocity error / allowed \(worst.velocityError) (\(worst.unresolvable) points next to a vertical tangent skipped), iterations max \(worst.iterations) mean \(Double(worst.totalIterations) / Double(worst.solves))")
        }
    }

    @Test("a random grid against Float80 bisection")
    func randomGridAgainstFloat80Bisection() {
        let seed: UInt64 = 0xB351_E201
        var generator = SplitMix64(seed: seed)
        var worst = Worst()
        for curveIndex in 0..<300 {
            let start = randomControlPoint(&generator), end = randomControlPoint(&generator)
            let curve = UnitCurve.bezier(startControlPoint: start, endControlPoint: end)
            let progress = progressSamples(&generator)
            Self.measure(curve, start, end, progress: progress, into: &worst,
                         label: "seed \(seed) curve \(curveIndex) \(start) \(end)")
        }
        print("random grid vs bisection (seed \(seed)): worst |error| \(worst.valueError), worst error/(1+|slope|) \(worst.conditionedError) (\(worst.where_)), worst velocity error / allowed \(worst.velocityError) (\(worst.unresolvable) points next to a vertical tangent skipped), iterations max \(worst.iterations) mean \(Double(worst.totalIterations) / Double(worst.solves))")
        #expect(worst.iterations <= searchedWorstEvaluations)
    }
}
