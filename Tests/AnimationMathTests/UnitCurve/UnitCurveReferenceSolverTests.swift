@testable import AnimationMath
import ReferenceSolver
import Testing
import HookeSupport

/// Agreement with GSL's Brent solver (ReferenceSolver.BezierReference), relative to the condition
/// number 1 + |dy/dx| of evaluating the curve at a given progress.
///
/// Error budget: Brent brackets s to 2 ulp(1) = 4.4e-16, i.e. a residual in x of at most
/// |x'(s)| · 4.4e-16 ≤ 3 · 4.4e-16 = 1.3e-15 (x' ≤ 3 for control x in [0, 1]); this solver's
/// residual is a few ulps (≤ 1e-15). Each residual reaches y times dy/dx. Both evaluate y(s) in
/// Bernstein form, a few ulps of terms bounded by 3 · max(|y1|, |y2|, 1) = 6 on the grid: ~2e-15.
/// Total ≈ 5e-15 (1 + |dy/dx|); 1e-13 leaves a 20x margin for the cases where both solvers sit at
/// opposite ends of their final brackets.
let gslAgreementTolerance = 1e-13

@Suite("UnitCurve against GSL Brent (ReferenceSolver)")
struct UnitCurveReferenceSolverTests {
    struct Worst {
        var absolute = 0.0, conditioned = 0.0, where_ = ""
    }

    static func compare(_ curve: UnitCurve, _ start: UnitPoint, _ end: UnitPoint,
                        progress: [Double], label: String, into worst: inout Worst) throws {
        let x1 = Swift.min(Swift.max(start.x, 0), 1), x2 = Swift.min(Swift.max(end.x, 0), 1)
        let float80 = BezierBisectionReference(start, end)
        for p in progress {
            let gsl = try BezierReference.curveValue(x1: x1, y1: start.y, x2: x2, y2: end.y, progress: p)
            let value = curve.value(at: p)
            let slope = Swift.abs(Double(float80.slope(at: p)))
            let difference = Swift.abs(value - gsl)
            let conditioned = slope.isFinite ? difference / (1 + slope) : 0
            worst.absolute = Swift.max(worst.absolute, difference)
            if conditioned > worst.conditioned {
                worst.conditioned = conditioned
                worst.where_ = "\(label) at p = \(p)"
            }
            #expect(conditioned <= gslAgreementTolerance,
                    "\(label) at \(p): \(value) vs GSL \(gsl) (slope \(slope))")
            // The parameter too, where it is well conditioned (x' not tiny).
            if p > 0 && p < 1, let solver = bezierSolver(curve) {
                let s = solver.parameter(forX: p).s
                let gslS = try BezierReference.parameter(x1: x1, x2: x2, forX: p)
                let xPrime = 3 * ((1 - s) * (1 - s) * x1 + 2 * s * (1 - s) * (x2 - x1) + s * s * (1 - x2))
                if xPrime > 1e-3 {
                    #expect(Swift.abs(s - gslS) * xPrime <= gslAgreementTolerance,
                            "\(label) parameter at \(p): \(s) vs GSL \(gslS)")
                }
            }
        }
    }

    @Test("presets against GSL Brent")
    func presetsAgainstBrent() throws {
        var generator = SplitMix64(seed: 0x65_1B_0000)
        let progress = progressSamples(&generator) + (0...1000).map { Double($0) / 1000 }
        for preset in presetBeziers {
            var worst = Worst()
            try Self.compare(preset.curve, preset.start, preset.end, progress: progress,
                             label: preset.name, into: &worst)
            print("\(preset.name) vs GSL Brent: worst |difference| \(worst.absolute), worst difference/(1+|slope|) \(worst.conditioned)")
        }
    }

    @Test("a random grid against GSL Brent")
    func randomGridAgainstBrent() throws {
        let seed: UInt64 = 0x65_1B_0001
        var generator = SplitMix64(seed: seed)
        var worst = Worst()
        for curveIndex in 0..<300 {
            let start = randomControlPoint(&generator), end = randomControlPoint(&generator)
            let curve = UnitCurve.bezier(startControlPoint: start, endControlPoint: end)
            try Self.compare(curve, start, end, progress: progressSamples(&generator),
                             label: "seed \(seed) curve \(curveIndex) \(start) \(end)", into: &worst)
        }
        print("random grid vs GSL Brent (seed \(seed)): worst |difference| \(worst.absolute), worst difference/(1+|slope|) \(worst.conditioned) (\(worst.where_))")
    }
}
