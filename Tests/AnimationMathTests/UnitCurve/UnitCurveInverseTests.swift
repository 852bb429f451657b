@testable import AnimationMath
import Testing
import HookeSupport

/// Round trip q = curve(p), curve.inverse(q) ≈ p: the error of the forward value (a few ulps ×
/// (1 + |slope|), see bezierValueTolerance) is multiplied by the inverse's slope 1/|slope|, and the
/// inverse adds its own few ulps × (1 + 1/|slope|). So the round-trip error is bounded by about
/// 2 × 4e-15 × (1 + 1/|slope|) ≈ 1e-14 (1 + 1/|slope|).
private let roundTripTolerance = 1e-14

@Suite("UnitCurve inverse")
struct UnitCurveInverseTests {
    @Test("the named curves' inverses")
    func namedInverses() {
        #expect(UnitCurve.linear.inverse == .linear)
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseOut.inverse == .circularEaseIn)
        #expect(UnitCurve.circularEaseInOut.inverse != .circularEaseInOut)  // not self-inverse
        #expect(UnitCurve.easeIn.inverse == .bezier(startControlPoint: UnitPoint(x: 0, y: 0.42),
                                                    endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.easeInOut.inverse == .bezier(startControlPoint: UnitPoint(x: 0, y: 0.42),
                                                       endControlPoint: UnitPoint(x: 1, y: 0.58)))
    }

    /// The inverse of circularEaseInOut, √(q(1 − q)) then 1 − √(q(1 − q)), at hand-computed points:
    /// q = 0.1 → 0.3 and q = 0.9 → 0.7 (0.1 · 0.9 = 0.09 = 0.3²).
    @Test("circularEaseInOut's inverse at hand-computed points")
    func circularEaseInOutInverseAtHandComputedPoints() {
        let inverse = UnitCurve.circularEaseInOut.inverse
        let squareRootRounding = 2e-16  // √0.09 and 1 − √0.09: two ulps of 0.3 (achieved 5.6e-17)
        #expect(Swift.abs(inverse.value(at: 0.1) - 0.3) <= squareRootRounding)
        #expect(Swift.abs(inverse.value(at: 0.9) - 0.7) <= squareRootRounding)
        #expect(inverse.value(at: 0.5) == 0.5)
        #expect(inverse.velocity(at: 0.5) == 0)
    }

    @Test("round trips for the presets", arguments: allPresets.map(\.name))
    func roundTripsForPresets(name: String) throws {
        let curve = try #require(allPresets.first { $0.name == name }).curve
        #expect(curve.inverse.inverse == curve)
        var worst = 0.0
        for i in 0...1000 {
            let p = Double(i) / 1000
            let q = curve.value(at: p)
            let back = curve.inverse.value(at: q)
            let slope = Swift.abs(curve.velocity(at: p))
            let allowed = roundTripTolerance * (1 + 1 / slope)
            worst = Swift.max(worst, Swift.abs(back - p) / (1 + 1 / slope))
            #expect(Swift.abs(back - p) <= allowed, "\(name): p \(p) → \(q) → \(back)")
            // The other way round too: the inverse's error is amplified by the curve's slope there.
            let inverted = curve.inverse.value(at: p)
            let forward = curve.value(at: inverted)
            #expect(Swift.abs(forward - p) <= roundTripTolerance * (1 + Swift.abs(curve.velocity(at: inverted))),
                    "\(name): inverse then curve at \(p) gives \(forward)")
        }
        print("inverse round trip, \(name): worst |error|/(1 + 1/|slope|) \(worst)")
    }

    @Test("round trips for random monotone Béziers")
    func roundTripsForRandomMonotoneBeziers() {
        let seed: UInt64 = 0x1A7E_25E0
        var generator = SplitMix64(seed: seed)
        var worst = 0.0
        for _ in 0..<100 {
            // y in [0, 1] too: the curve is one-to-one, so it has an inverse.
            let start = UnitPoint(x: Double.random(in: 0...1, using: &generator), y: Double.random(in: 0...1, using: &generator))
            let end = UnitPoint(x: Double.random(in: 0...1, using: &generator), y: Double.random(in: 0...1, using: &generator))
            let curve = UnitCurve.bezier(startControlPoint: start, endControlPoint: end)
            #expect(curve.inverse.inverse == curve)
            for i in 0...100 {
                let p = Double(i) / 100
                let back = curve.inverse.value(at: curve.value(at: p))
                let slope = Swift.abs(curve.velocity(at: p))
                let conditioned = Swift.abs(back - p) / (1 + 1 / slope)
                worst = Swift.max(worst, conditioned)
                #expect(conditioned <= roundTripTolerance, "seed \(seed): \(start) \(end) at \(p) → \(back)")
            }
        }
        print("inverse round trip, random monotone Béziers (seed \(seed)): worst |error|/(1 + 1/|slope|) \(worst)")
    }

    /// A curve that overshoots is not one-to-one: its "inverse" (x and y swapped, x then clamped)
    /// does not undo it, as documented, but inverse.inverse is still the curve.
    @Test("an overshooting Bézier has no true inverse")
    func overshootingBezierHasNoTrueInverse() {
        let overshoot = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.25, y: 1.6), endControlPoint: UnitPoint(x: 0.75, y: 1.6))
        #expect(overshoot.inverse.inverse == overshoot)
        var worst = 0.0
        for i in 0...100 {
            let p = Double(i) / 100
            worst = Swift.max(worst, Swift.abs(overshoot.inverse.value(at: overshoot.value(at: p)) - p))
        }
        #expect(worst > 0.1)
    }
}
