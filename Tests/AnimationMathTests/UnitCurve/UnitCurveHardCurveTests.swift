@testable import AnimationMath
import Foundation
import Testing

/// Approaching such a limit from inside, at distance δ in progress, the slope differs from the
/// limit by O(√δ) (s ~ √δ when x ~ s², as at easeOut's start): δ = 1e-12 gives ~1e-6 × a curve-
/// dependent factor below 5; 1e-5 leaves a 2x margin.
private let approachTolerance = 1e-5
private let approachDistance = 1e-12
/// A Bézier whose x and y coincide is the identity; its value at 0.3 rounds the same Bernstein terms
/// on both coordinates and the solve returns s within an ulp. Achieved: exact.
private let identityRounding = 2 * Double.ulpOfOne
/// The documented worst cost of a solve next to an interior zero of x′ (CubicTimingBezier's header:
/// 48 evaluations, 46 iterations of the loop after the fast path's 2).
private let interiorZeroEvaluationBudget = 48
/// The iterations `CubicTimingBezier.safeguardedParameter` is proven to end within, whatever its
/// Newton steps do (its documentation: 97 shrinkings of the schedule by 1/√2, and the first).
private let provenIterationBound = 99

private func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> UnitCurve {
    .bezier(startControlPoint: UnitPoint(x: x1, y: y1), endControlPoint: UnitPoint(x: x2, y: y2))
}

@Suite("UnitCurve hard curves")
struct UnitCurveHardCurveTests {
    /// (1, 0)(0, 1): x'(s) = 3 (1 − 2s)², zero at s = ½ (a triple root of x(s) − ½), where y' = 1.5:
    /// the curve's tangent is vertical at progress ½.
    @Test("an interior stationary point of x: a vertical tangent at ½")
    func interiorStationaryPointOfX() throws {
        let hard = curve(1, 0, 0, 1)
        #expect(hard.value(at: 0.5) == 0.5)
        #expect(hard.velocity(at: 0.5) == .infinity)
        let solver = try #require(bezierSolver(hard))
        let reference = BezierBisectionReference(UnitPoint(x: 1, y: 0), UnitPoint(x: 0, y: 1))
        var previous = -Double.infinity
        var worstConditioned = 0.0, worstIterations = 0
        // Densely around ½, where s − ½ ~ (p − ½)^(1/3): the value is monotone and accurate.
        for k in -200...200 {
            let p = 0.5 + Double(k) * 1e-9 * Double(k * k) / 40_000
            let value = hard.value(at: p)
            #expect(value >= previous, "not monotone at \(p)")
            previous = value
            let slope = Swift.abs(Double(reference.slope(at: p)))
            let error = wideError(value, reference.value(at: p))
            // Where the slope is huge, error/(1 + slope) measures it in units of p's own rounding.
            worstConditioned = Swift.max(worstConditioned, error / (1 + slope))
            #expect(error <= bezierValueTolerance * (1 + slope), "value at \(p)")
            let velocity = hard.velocity(at: p)
            #expect(velocity > 0 && !velocity.isNaN, "velocity at \(p) is \(velocity)")
            worstIterations = Swift.max(worstIterations, solver.parameter(forX: p).iterations)
        }
        #expect(worstIterations <= interiorZeroEvaluationBudget)
        print("(1,0)(0,1) near ½: worst error/(1+|slope|) \(worstConditioned), iterations max \(worstIterations)")
    }

    /// Control x at 0 or 1 makes x'(0) or x'(1) vanish. Inside the curve the slope approaches the
    /// finite limit, the ratio of second derivatives: y2/x2 near the start (x1 = y1 = 0),
    /// (1 − y1)/(1 − x1) near the end (x2 = y2 = 1) — 1/0.58 for easeOut and easeIn. *At* the end the
    /// velocity is SwiftUI's, not the limit (see `CubicTimingBezier.endSlope` and the preset table
    /// in `UnitCurveTests`): 1 where dx/ds = dy/ds = 0.
    @Test("finite limits where x′ vanishes at the ends")
    func finiteLimitsWhereXPrimeVanishesAtTheEnds() {
        let limit = 1 / 0.58
        #expect(Swift.abs(UnitCurve.easeOut.velocity(at: approachDistance) - limit) <= approachTolerance * limit)
        #expect(Swift.abs(UnitCurve.easeIn.velocity(at: 1 - approachDistance) - limit) <= approachTolerance * limit)
        // Both ends degenerate: (0, 0)(0, 0), (1, 1)(1, 1), (0, 0)(1, 1) are the identity, x = y;
        // at the ends dx/ds = dy/ds (both 0, or both 3), so SwiftUI's rule gives exactly 1.
        for identity in [curve(0, 0, 0, 0), curve(1, 1, 1, 1), curve(0, 0, 1, 1)] {
            #expect(identity.velocity(at: 0) == 1)
            #expect(identity.velocity(at: 1) == 1)
            #expect(Swift.abs(identity.value(at: 0.3) - 0.3) <= identityRounding)
        }
        // Higher order: x1 = x2 = 0 gives x = s³; with y = s³ + 3 s² t · 0.5 the tangent is vertical
        // at the start (y ~ s² ≫ x ~ s³), and just inside the slope is huge; at the end point
        // itself dx/ds = dy/ds = 0, so SwiftUI's rule says 1.
        #expect(curve(0, 0, 0, 0.5).velocity(at: 1e-12) > 1e3)
        #expect(curve(0, 0, 0, 0.5).velocity(at: 0) == 1)
    }

    /// `slope(atParameter:)`'s contract where x′(s) is exactly 0: the limit of y′/x′ from the
    /// Taylor expansions at s, worked by hand here — x⁽ⁿ⁾(0) and x⁽ⁿ⁾(1) are Bernstein differences
    /// of the control points (x″(0) = 6(x₂ − 2x₁), x″(1) = 6(1 − 2x₂ + x₁), x‴ = 6(1 − 3x₂ + 3x₁));
    /// the first non-zero order decides (same order: the ratio; y's higher: 0; y's lower: ±∞, from
    /// the left, from the right at s = 0). The public API reaches this branch at s = ½ of
    /// (1, ·)(0, ·) (curve-edges' vertical-tangent check); a solve is not known to return s = 0 or
    /// 1 exactly for progress inside (0, 1), so the ends' limits are held to the contract here.
    /// Small dyadic control points: every ratio below is exact in IEEE arithmetic.
    @Test("slope(atParameter:) takes the limit of y′/x′ where x′(s) = 0")
    func slopeLimitWhereXPrimeIsZero() throws {
        func slope(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at s: Double) throws -> Double {
            try #require(bezierSolver(curve(x1, y1, x2, y2))).slope(atParameter: s)
        }
        // Second order at s = 0: y″/x″ = 6·0.75 / (6·0.5); at s = 1: 6(1 − 2 + 0.25) / (6(1 − 2 + 0.5)).
        #expect(try slope(0, 0, 0.5, 0.75, at: 0) == 1.5)
        #expect(try slope(0.5, 0.25, 1, 1, at: 1) == 1.5)
        // Third order: (1, 1)(1, 1) is the identity with x = 1 − (1 − s)³, so x′(1) = x″(1) = 0 and
        // the slope is x‴/x‴ = 1; likewise (0, 0)(0, 0) at s = 0, x = s³.
        #expect(try slope(1, 1, 1, 1, at: 1) == 1)
        #expect(try slope(0, 0, 0, 0, at: 0) == 1)
        // (0.25, 0.25)(1, 1) at s = 1: x″(1) = 6(0.25 − 1) = −4.5 and y″ the same: 1. (0, 0)(0.5, 0.5)
        // at s = 0: x″ = y″ = 3: 1.
        #expect(try slope(0.25, 0.25, 1, 1, at: 1) == 1)
        #expect(try slope(0, 0, 0.5, 0.5, at: 0) == 1)
        // y of higher order: (0, 0)(0.5, 0) at s = 0 has y = s³ against x ~ 1.5 s²: slope 0.
        #expect(try slope(0, 0, 0.5, 0, at: 0) == 0)
        // y of lower order: y′(0) = 1.5 against x ~ 1.5 s²: +∞ from the right; y′(1) = 1.5 against
        // x′(1 − h) ≈ 3h > 0: +∞ from the left; y′(1) = −1.5: −∞.
        #expect(try slope(0, 0.5, 0.5, 1, at: 0) == .infinity)
        #expect(try slope(0.5, 0, 1, 0.5, at: 1) == .infinity)
        #expect(try slope(0.5, 0, 1, 1.5, at: 1) == -.infinity)
    }

    /// A start control point straight above or below (0, 0) is a vertical tangent: ±infinity.
    @Test("vertical tangents at the ends are signed infinities")
    func verticalTangentsAtTheEndsAreSignedInfinities() {
        #expect(curve(0, 0.5, 1, 1).velocity(at: 0) == .infinity)
        #expect(curve(0, -0.5, 1, 1).velocity(at: 0) == -.infinity)
        #expect(curve(0, 0, 1, 0.5).velocity(at: 1) == .infinity)   // y rises into (1, 1) from 0.5
        #expect(curve(0, 0, 1, 1.5).velocity(at: 1) == -.infinity)  // y falls into (1, 1) from 1.5
        // Near, not at, the end the slope is large and finite.
        let near = curve(0, 0.5, 1, 1).velocity(at: 1e-12)
        #expect(near.isFinite && near > 1e3)
    }

    /// y far outside [0, 1]: the curve overshoots by a factor of ~40, and stays accurate.
    @Test("an extreme overshoot stays accurate", arguments: [(0.5, 50.0, 0.5, -50.0), (0.1, -80.0, 0.9, 80.0), (0.3, 1e4, 0.7, 1e4)])
    func extremeOvershoot(x1: Double, y1: Double, x2: Double, y2: Double) {
        let overshoot = curve(x1, y1, x2, y2)
        let reference = BezierBisectionReference(UnitPoint(x: x1, y: y1), UnitPoint(x: x2, y: y2))
        // The Bernstein terms of y reach 3 max|y|: the value's error scales with it (see
        // bezierValueTolerance, which assumes |y| ≤ 2).
        let scale = Swift.max(1, Swift.abs(y1), Swift.abs(y2)) / 2
        var worst = 0.0, peak = 0.0
        for i in 0...200 {
            let p = Double(i) / 200
            let value = overshoot.value(at: p)
            peak = Swift.max(peak, Swift.abs(value))
            let slope = Swift.abs(Double(reference.slope(at: p)))
            let error = wideError(value, reference.value(at: p)) / (scale * (1 + slope))
            worst = Swift.max(worst, error)
            #expect(error <= bezierValueTolerance, "value at \(p): \(value)")
            #expect(overshoot.velocity(at: p).isFinite)
        }
        #expect(peak > 10)
        print("overshoot (\(x1), \(y1))(\(x2), \(y2)): peak |value| \(peak), worst error/(scale(1+|slope|)) \(worst)")
    }

    /// The safeguarded loop's bound does not rest on Newton's method behaving: its proof
    /// (`safeguardedParameter`) holds for any point strictly inside the bracket. Here the loop is
    /// handed x = s³ (control x 0 and 0) with a derivative `scale` times too large, so each Newton
    /// step covers only part of the way to the triple root p^(1/3) ≈ 0 and the bracket shrinks
    /// slower than the schedule allows: the loop must bisect often enough to end within the
    /// proven 99 iterations (measured 83 to 93, for the scales below).
    @Test("the safeguarded loop ends within its proven bound even with poor Newton steps", arguments: [2.0, 4, 16, 64])
    func safeguardedLoopEndsWithinItsBoundWithPoorNewtonSteps(scale: Double) {
        for p in [1e-300, 1e-100, 1e-45] {
            let root = Foundation.cbrt(p)
            let solved = CubicTimingBezier.safeguardedParameter(forX: p, lo: 0, hi: CubicTimingBezier.segmentWidth,
                                                                start: CubicTimingBezier.segmentWidth,
                                                                x1: 0, x2: 0, px1: 0, px2: 3 * scale)
            #expect(solved.iterations <= provenIterationBound, "scale \(scale), p \(p): \(solved.iterations) iterations")
            // At a triple root Newton's correction is a third of the distance to it, and here `scale`
            // times shorter still: the loop, which stops on a correction below `stepTolerance`, may
            // stop up to 3·scale tolerances short of the root (measured up to 1.6·scale).
            #expect(Swift.abs(solved.s - root) <= 3 * scale * CubicTimingBezier.stepTolerance, "scale \(scale), p \(p): s \(solved.s)")
        }
    }
}
