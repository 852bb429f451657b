// CubicRootOracle.swift — a second opinion on BezierReference.parameter, kept with the tests that
// use it (it was library code no one else called): the root of x(s) = p through GSL's closed-form
// `gsl_poly_solve_cubic`, which shares nothing with the Brent bracketing it checks but the curve.

import CGSL

/// Below this |leading coefficient| the cubic is solved as the quadratic it nearly is: the dropped
/// term A s³ moves x by ≤ |A| ≤ 1e−6, and the Newton polish on the full cubic then removes that
/// error in two or three quadratically convergent steps. (Dividing by a tiny A for the monic form
/// would instead put a huge spurious root next to the wanted one and cost most of the digits.)
private let nearlyQuadraticLeading = 1e-6
/// Newton steps that polish a closed-form root on the original (non-monic) cubic.
private let polishIterations = 8

/// The root s ∈ [0, 1] of x(s) = p for control x's x1, x2 ∈ [0, 1] and p ∈ [0, 1]: the real root
/// of the closed form nearest [0, 1], clamped to it and polished by Newton steps on the original
/// cubic. `nil` if GSL finds no real root (never, for valid input).
func parameterByCubic(x1: Double, x2: Double, forX p: Double) -> Double? {
    if p == 0 { return 0 }
    if p == 1 { return 1 }
    // x(s) = A s³ + B s² + C s, from expanding the Bernstein form.
    let a = 1 + 3 * x1 - 3 * x2
    let b = 3 * x2 - 6 * x1
    let c = 3 * x1
    var roots = (0.0, 0.0, 0.0)
    let count: Int32
    if abs(a) >= nearlyQuadraticLeading {
        count = gsl_poly_solve_cubic(b / a, c / a, -p / a, &roots.0, &roots.1, &roots.2)
    } else {
        count = gsl_poly_solve_quadratic(b, c, -p, &roots.0, &roots.1)
    }
    func distanceToUnitInterval(_ s: Double) -> Double { max(0, -s, s - 1) }
    let candidates = [roots.0, roots.1, roots.2].prefix(Int(count)).filter(\.isFinite)
    guard var s = candidates.min(by: { distanceToUnitInterval($0) < distanceToUnitInterval($1) }) else { return nil }
    s = min(max(s, 0), 1)
    var residual = abs(bezier(s, x1, x2) - p)
    for _ in 0..<polishIterations where residual > 0 {
        let slope = bezierSlope(s, x1, x2)
        guard slope > 0 else { break }
        let next = min(max(s - (bezier(s, x1, x2) - p) / slope, 0), 1)
        let nextResidual = abs(bezier(next, x1, x2) - p)
        guard nextResidual < residual else { break }
        s = next
        residual = nextResidual
    }
    return s
}
