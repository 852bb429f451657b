// RootReference.swift — a root of any scalar function on a bracket, by GSL's Brent solver
// (`gsl_root_fsolver_brent`): the reference for quantities the library defines by an equation
// and computes in closed form or by its own iteration (settling durations, inverse curves).

import CGSL

/// Brent's method on a bracket, for a Swift closure.
public enum RootReference {
    /// Brent needs ~50 iterations at worst on a bracket of width ~1 (bisection alone takes 52 to
    /// reach 2 ulps); the limit leaves room for wide brackets.
    static let iterationLimit = 400

    /// The root of `function` in [lower, upper], where it changes sign, bracketed until the bracket
    /// is at most `relativeWidth` of its ends' size (or `absoluteWidth`, whichever is larger).
    ///
    /// - Parameters:
    ///   - relativeWidth: GSL's epsrel; the default, four ulps of 1, is the finest width every
    ///     bracket reaches.
    ///   - absoluteWidth: GSL's epsabs, for roots at or near zero.
    /// - Throws: ``ReferenceError/invalidInput(field:value:expected:)`` when the ends are not finite
    ///   or do not bracket a sign change, ``ReferenceError/gslFailure(function:status:reason:)``
    ///   when GSL fails or does not converge.
    public static func brent(
        in lower: Double, _ upper: Double, relativeWidth: Double = 4 * Double.ulpOfOne, absoluteWidth: Double = 0,
        _ function: @escaping (Double) -> Double
    ) throws -> Double {
        try brentTyped(lower, upper, relativeWidth, absoluteWidth, function)
    }

    private static func brentTyped(
        _ lower: Double, _ upper: Double, _ relativeWidth: Double, _ absoluteWidth: Double,
        _ function: @escaping (Double) -> Double
    ) throws(ReferenceError) -> Double {
        try requireFinite(lower, "lower")
        try requireFinite(upper, "upper")
        let atLower = function(lower), atUpper = function(upper)
        if atLower == 0 { return lower }
        if atUpper == 0 { return upper }
        guard (atLower < 0) != (atUpper < 0), !atLower.isNaN, !atUpper.isNaN else {
            throw .invalidInput(field: "bracket", value: lower,
                                expected: "ends where the function has opposite signs (f(\(lower)) = \(atLower), f(\(upper)) = \(atUpper))")
        }
        prepareGSL()
        guard let solver = gsl_root_fsolver_alloc(hooke_root_brent()) else {
            throw .gslFailure(function: "gsl_root_fsolver_alloc", status: gslOutOfMemory, reason: "could not allocate the Brent solver")
        }
        defer { gsl_root_fsolver_free(solver) }
        let box = ClosureBox(function)
        let context = Unmanaged.passRetained(box)
        defer { context.release() }
        var gslFunction = gsl_function(function: closureTrampoline, params: context.toOpaque())
        return try withUnsafeMutablePointer(to: &gslFunction) { (f) throws(ReferenceError) in
            var status = gsl_root_fsolver_set(solver, f, Swift.min(lower, upper), Swift.max(lower, upper))
            guard status == gslSuccess else {
                throw .gslFailure(function: "gsl_root_fsolver_set", status: status, reason: gslReason(status))
            }
            for _ in 0..<iterationLimit {
                status = gsl_root_fsolver_iterate(solver)
                guard status == gslSuccess else {
                    throw .gslFailure(function: "gsl_root_fsolver_iterate", status: status, reason: gslReason(status))
                }
                let lo = gsl_root_fsolver_x_lower(solver), hi = gsl_root_fsolver_x_upper(solver)
                if gsl_root_test_interval(lo, hi, absoluteWidth, relativeWidth) == gslSuccess {
                    return gsl_root_fsolver_root(solver)
                }
            }
            throw .gslFailure(function: "gsl_root_fsolver_iterate", status: gslMaxIterations,
                              reason: "Brent did not converge in \(iterationLimit) iterations on [\(lower), \(upper)]")
        }
    }
}

/// The closure behind a `gsl_function` (GSL keeps only a C pointer to it).
private final class ClosureBox {
    let function: (Double) -> Double
    init(_ function: @escaping (Double) -> Double) { self.function = function }
}

private func closureTrampoline(_ x: Double, _ params: UnsafeMutableRawPointer?) -> Double {
    guard let params else { return .nan }
    return Unmanaged<ClosureBox>.fromOpaque(params).takeUnretainedValue().function(x)
}
