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

    /// Solves x(s) = p for s ∈ [0, 1] with `gsl_root_fsolver_brent`.
    ///
    /// - Parameters: x1, x2 ∈ [0, 1] (the control points' x); p ∈ [0, 1], the progress.
    /// - Returns: s with the root bracketed to ``rootBracketWidth``.
    /// - Throws: ``ReferenceError/invalidInput(field:value:expected:)`` for inputs out of range,
    ///   ``ReferenceError/gslFailure(function:status:reason:)`` if GSL does not converge.
    public static func parameter(x1: Double, x2: Double, forX p: Double) throws -> Double {
        try parameterTyped(x1: x1, x2: x2, forX: p)
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

    /// The Bernstein form 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³.
    static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let r = 1 - s
        return 3 * r * s * (r * c1 + s * c2) + s * s * s
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
