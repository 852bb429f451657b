// BezierReference.swift — ground truth for cubic Bézier timing curves.
//
// A timing curve runs from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2):
//
//     x(s) = 3(1−s)²s·x1 + 3(1−s)s²·x2 + s³,    y(s) likewise with y1, y2,    s ∈ [0, 1].
//
// For x1, x2 ∈ [0, 1], x'(s) = 3[(1−s)²x1 + 2(1−s)s(x2 − x1) + s²(1 − x2)] ≥ 0 with only isolated
// zeros, so x is strictly increasing and x(s) = p has exactly one root in [0, 1].
//
// Accuracy contract: `parameter` brackets the root to 2 ulp(1) ≈ 4.4e−16 in s. Where x' is tiny
// (x1 = x2 = 1 near s = 1, where x ≈ 1 − (1 − s)³) the root is ill-conditioned: an error of one
// ulp in evaluating x moves it by up to (1e−16)^(1/3) ≈ 5e−6, for any method; the residual
// |x(s) − p| is then still a few ulps. Evaluation uses the Bernstein form, whose rounding error
// on [0, 1] is a few ulps of 1.

import CGSL

/// Reference inversion and evaluation of cubic Bézier timing curves.
public enum BezierReference {
    /// Width of the final Brent bracket in s: two ulps of 1, the finest bracket that is
    /// reachable everywhere in [0.5, 1] where adjacent doubles are 1.1e−16 apart.
    static let rootBracketWidth = 2 * Double.ulpOfOne
    /// Brent needs ~50 iterations at worst here (bisection from width 1 to 4e−16 takes 52).
    static let brentIterationLimit = 200
    /// Below this |leading coefficient| the cubic is solved as the quadratic it nearly is: the
    /// dropped term A s³ moves x by ≤ |A| ≤ 1e−6, and the Newton polish on the full cubic then
    /// removes that error in two or three quadratically convergent steps. (Dividing by a tiny A
    /// for the monic form would instead put a huge spurious root next to the wanted one and
    /// cost the closed form most of its digits.)
    static let nearlyQuadraticLeading = 1e-6
    /// Newton steps that polish a closed-form root on the original (non-monic) cubic.
    static let polishIterations = 8

    /// Solves x(s) = p for s ∈ [0, 1] with `gsl_root_fsolver_brent`.
    ///
    /// - Parameters: x1, x2 ∈ [0, 1] (the control points' x); p ∈ [0, 1], the progress.
    /// - Returns: s with the root bracketed to ``rootBracketWidth``.
    /// - Throws: ``ReferenceError/invalidInput(field:value:expected:)`` for inputs out of range,
    ///   ``ReferenceError/gslFailure(function:status:reason:)`` if GSL does not converge.
    public static func parameter(x1: Double, x2: Double, forX p: Double) throws -> Double {
        try parameterTyped(x1: x1, x2: x2, forX: p)
    }

    /// The same root through `gsl_poly_solve_cubic` (the closed form), a second opinion: the
    /// real root nearest [0, 1], polished by a few Newton steps on the original cubic and
    /// clamped to [0, 1].
    public static func parameterByCubic(x1: Double, x2: Double, forX p: Double) throws -> Double {
        prepareGSL()
        try validate(x1: x1, x2: x2, p: p)
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
        let candidates = [roots.0, roots.1, roots.2].prefix(Int(count)).filter(\.isFinite)
        guard var s = candidates.min(by: { distanceToUnitInterval($0) < distanceToUnitInterval($1) })
        else {
            throw ReferenceError.gslFailure(
                function: abs(a) >= nearlyQuadraticLeading
                    ? "gsl_poly_solve_cubic" : "gsl_poly_solve_quadratic",
                status: Int32(GSL_FAILURE),
                reason: "no real root for x1 = \(x1), x2 = \(x2), p = \(p)")
        }
        s = min(max(s, 0), 1)
        var residual = abs(coordinate(s, x1, x2) - p)
        for _ in 0..<polishIterations where residual > 0 {
            let slope = derivative(s, x1, x2)
            guard slope > 0 else { break }
            let next = min(max(s - (coordinate(s, x1, x2) - p) / slope, 0), 1)
            let nextResidual = abs(coordinate(next, x1, x2) - p)
            guard nextResidual < residual else { break }
            s = next
            residual = nextResidual
        }
        return s
    }

    /// y(s(p)): the value of the timing curve (x1, y1)(x2, y2) at progress p, with s from
    /// ``parameter(x1:x2:forX:)``.
    ///
    /// - Parameters: x1, x2, p ∈ [0, 1]; y1, y2 finite (they may overshoot [0, 1]).
    public static func curveValue(
        x1: Double, y1: Double, x2: Double, y2: Double, progress p: Double
    ) throws -> Double {
        try requireFinite(y1, "y1")
        try requireFinite(y2, "y2")
        let s = try parameterTyped(x1: x1, x2: x2, forX: p)
        return coordinate(s, y1, y2)
    }

    private static func parameterTyped(x1: Double, x2: Double, forX p: Double)
        throws(ReferenceError) -> Double
    {
        try validate(x1: x1, x2: x2, p: p)
        if p == 0 { return 0 }
        if p == 1 { return 1 }
        prepareGSL()
        guard let solver = gsl_root_fsolver_alloc(hooke_root_brent()) else {
            throw .gslFailure(
                function: "gsl_root_fsolver_alloc", status: gslOutOfMemory,
                reason: "could not allocate the Brent solver")
        }
        defer { gsl_root_fsolver_free(solver) }
        var axis = BezierAxis(c1: x1, c2: x2, value: p)
        // The solver keeps the gsl_function pointer between calls: both must stay put while it
        // iterates, hence one scope around the whole iteration.
        return try withUnsafeMutablePointer(to: &axis) { (axisPointer) throws(ReferenceError) in
            var function = gsl_function(
                function: bezierResidual, params: UnsafeMutableRawPointer(axisPointer))
            return try withUnsafeMutablePointer(to: &function) { (f) throws(ReferenceError) in
                var status = gsl_root_fsolver_set(solver, f, 0, 1)
                guard status == gslSuccess else {
                    throw .gslFailure(
                        function: "gsl_root_fsolver_set", status: status,
                        reason: gslReason(status) + " (x1 = \(x1), x2 = \(x2), p = \(p))")
                }
                for _ in 0..<brentIterationLimit {
                    status = gsl_root_fsolver_iterate(solver)
                    guard status == gslSuccess else {
                        throw .gslFailure(
                            function: "gsl_root_fsolver_iterate", status: status,
                            reason: gslReason(status) + " (x1 = \(x1), x2 = \(x2), p = \(p))")
                    }
                    let lo = gsl_root_fsolver_x_lower(solver)
                    let hi = gsl_root_fsolver_x_upper(solver)
                    if gsl_root_test_interval(lo, hi, rootBracketWidth, 0) == gslSuccess {
                        return gsl_root_fsolver_root(solver)
                    }
                }
                throw .gslFailure(
                    function: "gsl_root_fsolver_iterate", status: gslMaxIterations,
                    reason: "Brent did not bracket the root to \(rootBracketWidth) in "
                        + "\(brentIterationLimit) iterations (x1 = \(x1), x2 = \(x2), p = \(p))")
            }
        }
    }

    private static func validate(x1: Double, x2: Double, p: Double) throws(ReferenceError) {
        for (field, value) in [("x1", x1), ("x2", x2)] where !(value >= 0 && value <= 1) {
            throw .invalidInput(
                field: field, value: value,
                expected: "a control point x in [0, 1] (clamp it, as SwiftUI does)")
        }
        guard p >= 0, p <= 1 else {
            throw .invalidInput(
                field: "progress", value: p, expected: "a progress in [0, 1] (clamp it first)")
        }
    }

    private static func distanceToUnitInterval(_ s: Double) -> Double { max(0, -s, s - 1) }

    /// The Bernstein form 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³.
    static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * r * s * (r * c1 + s * c2) + s * s * s
    }

    /// d/ds of ``coordinate(_:_:_:)``.
    static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * (r * r * c1 + 2 * r * s * (c2 - c1) + s * s * (1 - c2))
    }
}

/// The Brent callback's context: x(s) − value for the control coordinates c1, c2.
private struct BezierAxis {
    var c1: Double
    var c2: Double
    var value: Double
}

private func bezierResidual(_ s: Double, _ params: UnsafeMutableRawPointer?) -> Double {
    guard let params else { return .nan }
    let axis = params.assumingMemoryBound(to: BezierAxis.self).pointee
    return BezierReference.coordinate(s, axis.c1, axis.c2) - axis.value
}
