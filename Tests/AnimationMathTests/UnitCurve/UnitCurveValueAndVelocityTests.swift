@testable import AnimationMath
import Testing
import HookeSupport

/// The share of progress values on the presets' 1/1000 grid that the solver's fast path (chord
/// guess and two Halley steps, `CubicTimingBezier.parameter(forX:)`) must finish without the
/// safeguarded loop. Measured: printed by the test (about 97%); the misses sit within a few
/// percent of an end where x' vanishes. 90% leaves room and still catches a guess or acceptance
/// test that stopped working (that would drop it to near 0%).
private let presetFastPathShare = 0.9

/// The same share over the random grid of `randomControlPoint` (10% of control x at exactly 0 or 1,
/// so more ends where x' vanishes) and `progressSamples` (which include progress within 1e-12 of
/// the ends). Measured: printed by the test (about 95%).
private let randomFastPathShare = 0.85

@Suite("UnitCurve valueAndVelocity and the fast solver")
struct UnitCurveValueAndVelocityTests {
    /// `valueAndVelocity(at:)` is one solve that must give `value(at:)` and `velocity(at:)` bit for
    /// bit (the bench's fast curve kernel relies on it to reproduce `TimingCurveAnimation` exactly).
    static func expectSameAsSeparateCalls(_ curve: UnitCurve, at progress: [Double], label: String) {
        for p in progress {
            let both = curve.valueAndVelocity(at: p)
            let value = curve.value(at: p), velocity = curve.velocity(at: p)
            #expect(both.value.bitPattern == value.bitPattern || (both.value.isNaN && value.isNaN),
                    "\(label) value at \(p): \(both.value) vs \(value)")
            #expect(both.velocity.bitPattern == velocity.bitPattern || (both.velocity.isNaN && velocity.isNaN),
                    "\(label) velocity at \(p): \(both.velocity) vs \(velocity)")
        }
    }

    /// Progress outside (0, 1), at the ends, NaN and on a grid, plus the random samples.
    static func edgeAndGridProgress(_ generator: inout SplitMix64) -> [Double] {
        [-.infinity, -1, -0.0, 0, 1, 2, .infinity, .nan, .ulpOfOne, 1 - .ulpOfOne]
            + progressSamples(&generator) + (0...1000).map { Double($0) / 1000 }
    }

    @Test("valueAndVelocity equals separate calls on every preset")
    func equalsSeparateCallsOnEveryPreset() {
        var generator = SplitMix64(seed: 0x5641_4C56_0000)
        let progress = Self.edgeAndGridProgress(&generator)
        for preset in allPresets {
            Self.expectSameAsSeparateCalls(preset.curve, at: progress, label: preset.name)
        }
        Self.expectSameAsSeparateCalls(UnitCurve.circularEaseInOut.inverse, at: progress, label: "circularEaseOutIn")
    }

    @Test("valueAndVelocity equals separate calls on random and hard Béziers")
    func equalsSeparateCallsOnRandomAndHardBeziers() {
        let seed: UInt64 = 0x5641_4C56_0001
        var generator = SplitMix64(seed: seed)
        var curves: [(UnitPoint, UnitPoint)] = [
            (UnitPoint(x: 1, y: 0), UnitPoint(x: 0, y: 1)),       // vertical tangent at ½
            (UnitPoint(x: 0, y: 0), UnitPoint(x: 0, y: 0.5)),     // x = s³, vertical at 0
            (UnitPoint(x: 0, y: 0.5), UnitPoint(x: 1, y: 1)),     // vertical at 0
            (UnitPoint(x: -0.5, y: 2), UnitPoint(x: 1.5, y: -1)), // clamped x, overshoot
            (UnitPoint(x: .nan, y: 0), UnitPoint(x: 0.5, y: 1)),  // NaN everywhere inside
        ]
        for _ in 0..<200 {
            curves.append((randomControlPoint(&generator), randomControlPoint(&generator)))
        }
        for (index, (start, end)) in curves.enumerated() {
            let curve = UnitCurve.bezier(startControlPoint: start, endControlPoint: end)
            Self.expectSameAsSeparateCalls(curve, at: Self.edgeAndGridProgress(&generator),
                                           label: "seed \(seed) curve \(index) \(start) \(end)")
        }
    }

    /// The fast path is what makes a solve cheap: check that it is taken almost always (a
    /// regression here keeps every answer right but makes the solver several times slower).
    @Test("the fast path finishes most solves")
    func fastPathFinishesMostSolves() throws {
        var fast = 0, solves = 0
        for preset in presetBeziers {
            let solver = try #require(bezierSolver(preset.curve))
            for i in 1..<1000 {
                solves += 1
                if solver.parameter(forX: Double(i) / 1000).iterations == 2 { fast += 1 }
            }
        }
        let presetShare = Double(fast) / Double(solves)
        let seed: UInt64 = 0x5641_4C56_0002
        var generator = SplitMix64(seed: seed)
        var randomFast = 0, randomSolves = 0
        for _ in 0..<300 {
            let curve = UnitCurve.bezier(startControlPoint: randomControlPoint(&generator),
                                         endControlPoint: randomControlPoint(&generator))
            let solver = try #require(bezierSolver(curve))
            for p in progressSamples(&generator) where p > 0 && p < 1 {
                randomSolves += 1
                if solver.parameter(forX: p).iterations == 2 { randomFast += 1 }
            }
        }
        let randomShare = Double(randomFast) / Double(randomSolves)
        print("fast path: presets \(presetShare), random grid (seed \(seed)) \(randomShare)")
        #expect(presetShare >= presetFastPathShare)
        #expect(randomShare >= randomFastPathShare)
    }

    /// The Bézier's coefficients and samples fit 120 bytes, so a `UnitCurve` stays within two
    /// cache lines and is copied with a few vector moves (see `CubicTimingBezier`'s layout note).
    @Test("UnitCurve stays within 128 bytes")
    func unitCurveStaysWithin128Bytes() {
        #expect(MemoryLayout<UnitCurve>.stride <= 128)
    }
}
