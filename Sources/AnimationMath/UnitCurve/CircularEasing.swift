// The circular timing curves and their derivatives, on progress p already clamped to [0, 1].
//
// Accuracy contract: each function is within a few ulps of the exact value (absolute, and relative
// except where noted). The formulas are the ones in AnimationMath.docc/TimingCurves.md, rearranged algebraically to avoid
// cancellation:
//   - 1 − √(1 − p²) = p² / (1 + √(1 − p²)): the left form loses all relative accuracy as p → 0
//     (1 − √(1 − 1e-8) keeps 8 digits at best); the right form keeps full precision.
//   - 1 − p² = (1 − p)(1 + p): exact products near p = 1, where 1 − p·p has already rounded.
//   - −4p² + 8p − 3 = (2p − 1)(3 − 2p): exact factors near p = ½, where the sum cancels.
// Derivatives are the exact derivatives of those expressions; they are +infinity where the curve's
// tangent is vertical (circularEaseIn at 1, circularEaseOut at 0, circularEaseInOut at ½,
// the inverse of circularEaseInOut at 0 and 1).

@usableFromInline
enum CircularEasing {
    /// circularEaseIn(p) = 1 − √(1 − p²): the bottom-right quarter of the unit circle.
    @inlinable
    static func easeIn(_ p: Double) -> Double {
        p * p / (1 + ((1 - p) * (1 + p)).squareRoot())
    }

    /// d/dp circularEaseIn = p / √(1 − p²).
    @inlinable
    static func easeInVelocity(_ p: Double) -> Double {
        p / ((1 - p) * (1 + p)).squareRoot()
    }

    /// circularEaseOut(p) = √(1 − (1 − p)²) = √(p (2 − p)): the top-left quarter of the circle.
    @inlinable
    static func easeOut(_ p: Double) -> Double {
        (p * (2 - p)).squareRoot()
    }

    /// d/dp circularEaseOut = (1 − p) / √(p (2 − p)).
    @inlinable
    static func easeOutVelocity(_ p: Double) -> Double {
        (1 - p) / (p * (2 - p)).squareRoot()
    }

    /// circularEaseInOut(p) = ½ (1 − √(1 − 4p²)) for p < ½, else ½ (√(−4p² + 8p − 3) + 1):
    /// circularEaseIn on the first half, circularEaseOut on the second, each scaled by ½.
    @inlinable
    static func easeInOut(_ p: Double) -> Double {
        if p < 0.5 {
            return 2 * p * p / (1 + ((1 - 2 * p) * (1 + 2 * p)).squareRoot())
        } else {
            return 0.5 * (((2 * p - 1) * (3 - 2 * p)).squareRoot() + 1)
        }
    }

    /// d/dp circularEaseInOut = 2p / √(1 − 4p²) for p < ½, else (2 − 2p) / √(−4p² + 8p − 3).
    @inlinable
    static func easeInOutVelocity(_ p: Double) -> Double {
        if p < 0.5 {
            return 2 * p / ((1 - 2 * p) * (1 + 2 * p)).squareRoot()
        } else {
            return (2 - 2 * p) / ((2 * p - 1) * (3 - 2 * p)).squareRoot()
        }
    }

    /// The inverse function of circularEaseInOut ("ease out, then in"):
    /// √(q (1 − q)) for q < ½, else 1 − √(q (1 − q)).
    ///
    /// Derivation: for y = ½ (1 − √(1 − 4p²)), (1 − 2y)² = 1 − 4p², so p² = y − y²; for
    /// y = ½ (√((2p − 1)(3 − 2p)) + 1), with u = 2p − 1, (2y − 1)² = u (2 − u), so
    /// 1 − u = √(1 − (2y − 1)²) and p = 1 − ½ √(4y (1 − y)) = 1 − √(y (1 − y)).
    @inlinable
    static func easeOutIn(_ q: Double) -> Double {
        let root = (q * (1 - q)).squareRoot()
        return q < 0.5 ? root : 1 - root
    }

    /// d/dq of `easeOutIn`: (1 − 2q) / (2 √(q (1 − q))) for q < ½, else (2q − 1) / (2 √(q (1 − q))).
    @inlinable
    static func easeOutInVelocity(_ q: Double) -> Double {
        let denominator = 2 * (q * (1 - q)).squareRoot()
        return q < 0.5 ? (1 - 2 * q) / denominator : (2 * q - 1) / denominator
    }
}
