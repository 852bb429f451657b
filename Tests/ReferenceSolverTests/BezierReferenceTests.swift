// BezierReferenceTests.swift — Brent and the closed-form cubic agree; easeInOut against a
// high-iteration bisection done here.

import ReferenceSolver
import Testing

/// Bernstein form of one coordinate, written out again for the test.
func bezier(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
    3 * (1 - s) * (1 - s) * s * c1 + 3 * (1 - s) * s * s * c2 + s * s * s
}

func bezierSlope(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
    3 * ((1 - s) * (1 - s) * c1 + 2 * (1 - s) * s * (c2 - c1) + s * s * (1 - c2))
}

/// Residual bound for both solvers: x is evaluated with a rounding error of a few ulps of 1, and
/// the root is bracketed to 2 ulps, so |x(s) − p| ≤ 4 ulp(1) ≈ 8.9e−16.
let bezierResidualTolerance = 4 * Double.ulpOfOne
/// Brent and the cubic must agree to this in s where the root is well-conditioned (x'(s) ≥ 0.1):
/// a residual of 4 ulps moves s by ≤ 8.9e−16 / 0.1 ≈ 9e−15.
let bezierAgreementTolerance = 1e-14
/// easeInOut values: y' / x' ≤ ~2 on this curve, so the 4.4e−16 bracket on s and a few ulps of
/// evaluation give well under 1e−14.
let curveValueTolerance = 1e-14

@Suite("Bézier reference")
struct BezierReferenceTests {
    /// x1 = 1/3, x2 = 2/3 make x(s) = s up to the rounding of the control points and the Bernstein
    /// terms, so the solved parameter for x = 0.3 is 0.3 within a couple of ulps of 1. Achieved: an
    /// ulp of 0.3 (ε/4).
    static let linearParameterTolerance = 2 * Double.ulpOfOne

    @Test("Brent and gsl_poly_solve_cubic agree on a grid")
    func agreement() throws {
        let controls = [0, 0.05, 0.25, 1.0 / 3, 0.42, 0.5, 0.58, 2.0 / 3, 0.75, 0.95, 1]
        let progress = [0, 1e-9, 0.001, 0.01, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99, 0.999, 1]
        var worstAgreement = 0.0, worstResidual = 0.0
        for x1 in controls {
            for x2 in controls {
                for p in progress {
                    let brent = try BezierReference.parameter(x1: x1, x2: x2, forX: p)
                    let cubic = try #require(parameterByCubic(x1: x1, x2: x2, forX: p))
                    #expect((0...1).contains(brent) && (0...1).contains(cubic))
                    let residuals = (abs(bezier(brent, x1, x2) - p), abs(bezier(cubic, x1, x2) - p))
                    #expect(residuals.0 <= bezierResidualTolerance, "brent x1 \(x1) x2 \(x2) p \(p)")
                    #expect(residuals.1 <= bezierResidualTolerance, "cubic x1 \(x1) x2 \(x2) p \(p)")
                    worstResidual = max(worstResidual, residuals.0, residuals.1)
                    if bezierSlope(brent, x1, x2) >= 0.1 {
                        #expect(abs(brent - cubic) <= bezierAgreementTolerance, "x1 \(x1) x2 \(x2) p \(p)")
                        worstAgreement = max(worstAgreement, abs(brent - cubic))
                    }
                }
            }
        }
        print("[bezier] worst |s_brent − s_cubic| \(worstAgreement), worst residual \(worstResidual)")
    }

    @Test("easeInOut (0.42, 0)(0.58, 1) against bisection", arguments: [0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.97])
    func easeInOut(progress p: Double) throws {
        var lo = 0.0, hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(mid, 0.42, 0.58) < p { lo = mid } else { hi = mid }
        }
        let expected = bezier(lo, 0, 1)
        let value = try BezierReference.curveValue(x1: 0.42, y1: 0, x2: 0.58, y2: 1, progress: p)
        #expect(abs(value - expected) <= curveValueTolerance, "\(value) vs \(expected)")
        if p == 0.5 { #expect(abs(value - 0.5) <= curveValueTolerance) }  // symmetric curve
    }

    @Test("end points and an overshooting y")
    func ends() throws {
        #expect(try BezierReference.parameter(x1: 0.3, x2: 0.9, forX: 0) == 0)
        #expect(try BezierReference.parameter(x1: 0.3, x2: 0.9, forX: 1) == 1)
        #expect(parameterByCubic(x1: 0.3, x2: 0.9, forX: 1) == 1)
        // x1 = x2 = 0.5 - 1/6 … linear x: x1 = 1/3, x2 = 2/3 makes x(s) = s.
        let s = try BezierReference.parameter(x1: 1.0 / 3, x2: 2.0 / 3, forX: 0.3)
        #expect(abs(s - 0.3) <= Self.linearParameterTolerance)
        // y may leave [0, 1]: (0.5, 2)(0.5, −1) at p = 0.5 is 0.5 by symmetry.
        let y = try BezierReference.curveValue(x1: 0.5, y1: 2, x2: 0.5, y2: -1, progress: 0.5)
        #expect(abs(y - 0.5) <= curveValueTolerance)
    }
}
