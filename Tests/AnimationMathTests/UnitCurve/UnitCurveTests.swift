@testable import AnimationMath
import Testing

/// Values printed by SwiftUI are compared to the digits printed: 1.72 means [1.715, 1.725].
private let swiftUIPrintedDigitsTolerance = 0.005

/// Hand-computed values at decimal inputs (0.6, 0.3, ...): the input's own rounding (at most
/// 5.6e-17) times the slope (at most 4/3 at these points), plus at most four roundings of about
/// ulp(1) = 2.2e-16 in the formula: below 1e-15.
private let handComputedTolerance = 1e-15

/// Exact results (0.5, -1.0 on a symmetric curve): a few ulps of the result.
private let symmetricCurveTolerance = 4 * Double.ulpOfOne

/// Central differences with h = 1e-5: truncation h²|f'''|/6 ≤ 1.7e-11 |f'''| (|f'''| < 1e3 at
/// the points used, away from vertical tangents) plus rounding ulp(1)/h = 2.2e-11. 1e-6 relative
/// to 1 + |v| leaves room for the larger third derivatives near the curves' steep parts.
private let finiteDifferenceTolerance = 1e-6
private let finiteDifferenceStep = 1e-5

let allPresets: [(name: String, curve: UnitCurve)] = [
    ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
    ("circularEaseIn", .circularEaseIn), ("circularEaseOut", .circularEaseOut),
    ("circularEaseInOut", .circularEaseInOut),
]

@Suite("UnitCurve")
struct UnitCurveTests {
    // MARK: SwiftUI's measured values

    @Test("easeInOut's velocity at ½ matches SwiftUI")
    func easeInOutVelocityAtHalfMatchesSwiftUI() {
        let velocity = UnitCurve.easeInOut.velocity(at: 0.5)
        #expect(Swift.abs(velocity - 1.72) <= swiftUIPrintedDigitsTolerance)
        // Exactly: by symmetry s = ½, where x' = 3 (¼ 0.42 + ½ 0.16 + ¼ 0.42) = 0.87 and y' = 1.5.
        #expect(Swift.abs(velocity - 1.5 / 0.87) <= symmetricCurveTolerance * 2)
    }

    @Test("an overshooting Bézier matches SwiftUI")
    func overshootingBezierMatchesSwiftUI() {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.5, y: 2),
                                     endControlPoint: UnitPoint(x: 1.5, y: -1))
        #expect(Swift.abs(curve.value(at: 0.5) - 0.5) <= symmetricCurveTolerance)
        #expect(Swift.abs(curve.velocity(at: 0.5) - -1.0) <= symmetricCurveTolerance)
        // Without the clamp of x the velocity would be -1.5 / 2.25 = -2/3: the clamp is observable.
        #expect(Swift.abs(curve.velocity(at: 0.5) - -2.0 / 3.0) > 0.1)
    }

    // MARK: Definitions

    @Test("linear is the identity")
    func linearIsTheIdentity() {
        for i in 0...100 {
            let p = Double(i) / 100
            #expect(UnitCurve.linear.value(at: p) == p)
            #expect(UnitCurve.linear.velocity(at: p) == 1)
        }
    }

    @Test("the presets are the documented Béziers")
    func presetsAreTheDocumentedBeziers() {
        #expect(UnitCurve.easeIn == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.easeOut == .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        #expect(UnitCurve.easeInOut == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        #expect(Set(allPresets.map(\.curve)).count == allPresets.count)
    }

    /// Points on the unit circle with rational coordinates (3-4-5 triangles), by hand.
    @Test("circular curves at hand-computed points", arguments: [
        // (curve, progress, value, velocity)
        ("circularEaseIn", 0.6, 0.2, 0.75),           // 1 − √(1 − 0.36) = 0.2; 0.6/0.8
        ("circularEaseIn", 0.8, 0.4, 4.0 / 3.0),      // 1 − 0.6; 0.8/0.6
        ("circularEaseIn", 0.0, 0.0, 0.0),
        ("circularEaseOut", 0.2, 0.6, 4.0 / 3.0),     // √(1 − 0.64); 0.8/0.6
        ("circularEaseOut", 0.4, 0.8, 0.75),          // √(1 − 0.36); 0.6/0.8
        ("circularEaseOut", 1.0, 1.0, 0.0),
        ("circularEaseInOut", 0.3, 0.1, 0.75),        // ½(1 − √(1 − 0.36)); 0.6/0.8
        ("circularEaseInOut", 0.4, 0.2, 4.0 / 3.0),   // ½(1 − 0.6); 0.8/0.6
        ("circularEaseInOut", 0.6, 0.8, 4.0 / 3.0),   // ½(√(0.2 · 1.8) + 1); 0.8/0.6
        ("circularEaseInOut", 0.7, 0.9, 0.75),        // ½(√(0.4 · 1.6) + 1); 0.6/0.8
        ("circularEaseInOut", 1.0, 1.0, 0.0),
    ])
    func circularCurvesAtHandComputedPoints(name: String, progress: Double, value: Double, velocity: Double) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        #expect(Swift.abs(curve.value(at: progress) - value) <= handComputedTolerance)
        #expect(Swift.abs(curve.velocity(at: progress) - velocity) <= handComputedTolerance * 4)
    }

    /// Every preset's velocity at both ends, as SwiftUI gives it. The two Bézier ends where dx/ds
    /// vanishes are SwiftUI's own compatibility-test expectations (run on SwiftUI itself):
    /// `easeIn.velocity(at: 1) == 0` and `easeOut.velocity(at: 0) ≈ 1.0` (±0.01; here exactly 1,
    /// the 0 = 0 case). The others are the exact end slopes: a Bézier's y'(s) = 3 y1 = 0 at the
    /// start and 3 (1 − y2) = 0 at the end while x' ≠ 0; the circular curves' closed forms.
    @Test("preset velocities at progress 0 and 1", arguments: [
        ("linear", 1.0, 1.0), ("easeIn", 0.0, 0.0), ("easeOut", 1.0, 0.0), ("easeInOut", 0.0, 0.0),
        ("circularEaseIn", 0.0, Double.infinity), ("circularEaseOut", Double.infinity, 0.0),
        ("circularEaseInOut", 0.0, 0.0),
    ])
    func presetEndVelocities(name: String, atStart: Double, atEnd: Double) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        #expect(curve.velocity(at: 0) == atStart, "\(name) at 0: \(curve.velocity(at: 0))")
        #expect(curve.velocity(at: 1) == atEnd, "\(name) at 1: \(curve.velocity(at: 1))")
        #expect(curve.valueAndVelocity(at: 0).velocity == atStart)
        #expect(curve.valueAndVelocity(at: 1).velocity == atEnd)
    }

    /// Where the tangent is vertical, velocity is +infinity (documented).
    @Test("circular vertical tangents are infinite")
    func circularVerticalTangentsAreInfinite() {
        #expect(UnitCurve.circularEaseIn.velocity(at: 1) == .infinity)
        #expect(UnitCurve.circularEaseOut.velocity(at: 0) == .infinity)
        #expect(UnitCurve.circularEaseInOut.velocity(at: 0.5) == .infinity)
        #expect(UnitCurve.circularEaseInOut.value(at: 0.5) == 0.5)
    }

    /// The cancellation-free forms keep relative accuracy for tiny progress, where the textbook
    /// 1 − √(1 − p²) returns 0: circularEaseIn(1e-9) = 5e-19 (p²/2 to 1e-18 relative).
    @Test("circularEaseIn keeps its relative accuracy near 0")
    func circularEaseInKeepsRelativeAccuracyNearZero() {
        let p = 1e-9
        let value = UnitCurve.circularEaseIn.value(at: p)
        let relativeRounding = 1e-15  // p²/(1 + √(1 − p²)): a few roundings, relative (achieved: exact)
        #expect(Swift.abs(value - p * p / 2) <= relativeRounding * p * p)
        #expect(1 - (1 - p * p).squareRoot() == 0)  // the naive form's failure, for the record
    }

    // MARK: Velocity is the derivative of value

    @Test("velocity matches central differences", arguments: allPresets.map(\.name))
    func velocityMatchesCentralDifferences(name: String) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        var worst = 0.0
        for i in 1..<40 {
            let p = Double(i) / 40
            if Swift.abs(p - 0.5) < 0.03 && name == "circularEaseInOut" { continue }  // vertical tangent
            let h = finiteDifferenceStep
            let difference = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            let velocity = curve.velocity(at: p)
            let error = Swift.abs(velocity - difference) / (1 + Swift.abs(velocity))
            worst = Swift.max(worst, error)
            #expect(error <= finiteDifferenceTolerance, "\(name) at \(p): velocity \(velocity), difference \(difference)")
        }
        print("velocity vs central difference, \(name): worst relative error \(worst)")
    }

    // MARK: Clamping and NaN

    @Test("progress is clamped and the ends are exact", arguments: allPresets.map(\.name))
    func progressIsClampedAndEndsAreExact(name: String) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        for below in [-1e-300, -0.5, -7, -Double.infinity] {
            #expect(curve.value(at: below) == 0)
            #expect(curve.velocity(at: below) == curve.velocity(at: 0))
        }
        for above in [1 + Double.ulpOfOne, 2, 1e300, Double.infinity] {
            #expect(curve.value(at: above) == 1)
            #expect(curve.velocity(at: above) == curve.velocity(at: 1))
        }
    }

    @Test("NaN progress gives NaN", arguments: allPresets.map(\.name))
    func nanProgressGivesNaN(name: String) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        #expect(curve.value(at: .nan).isNaN)
        #expect(curve.velocity(at: .nan).isNaN)
    }

    @Test("a control point's x is clamped, its y is not")
    func controlPointXIsClampedButYIsNot() {
        let given = UnitCurve.bezier(startControlPoint: UnitPoint(x: -3, y: 1.7), endControlPoint: UnitPoint(x: 9, y: -0.4))
        let clamped = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 1.7), endControlPoint: UnitPoint(x: 1, y: -0.4))
        for i in 0...64 {
            let p = Double(i) / 64
            #expect(given.value(at: p) == clamped.value(at: p))
            #expect(given.velocity(at: p) == clamped.velocity(at: p))
        }
        #expect(given.value(at: 0.25) > 0.25 + 0.1)  // y = 1.7 overshoots early on
        // Equality is by the control points as given.
        #expect(given != clamped)
    }

    @Test("NaN control points give NaN without hanging")
    func nanControlPointsGiveNaNWithoutHanging() throws {
        let curve = UnitCurve.bezier(startControlPoint: UnitPoint(x: .nan, y: 0), endControlPoint: UnitPoint(x: 0.5, y: 1))
        #expect(curve.value(at: 0.5).isNaN)
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
        let solver = try #require(bezierSolver(curve))
        #expect(solver.parameter(forX: 0.5).iterations <= CubicTimingBezier.maxIterations)
    }

    @Test("hashable is consistent with equality")
    func hashableIsConsistentWithEquality() {
        let a = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
        let b = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
        #expect(a == b && a.hashValue == b.hashValue)
        let zero = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))
        let negativeZero = UnitCurve.bezier(startControlPoint: UnitPoint(x: -0.0, y: -0.0), endControlPoint: UnitPoint(x: 1, y: 1))
        #expect(zero == negativeZero && zero.hashValue == negativeZero.hashValue)
        #expect(UnitCurve.circularEaseInOut != UnitCurve.circularEaseInOut.inverse)
    }
}
