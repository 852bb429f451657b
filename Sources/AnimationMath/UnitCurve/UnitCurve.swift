/// A function from input progress in [0, 1] to output progress, defined by a curve from (0, 0) to
/// (1, 1): SwiftUI's `UnitCurve` (iOS 17).
///
/// The x axis is input progress and the y axis output progress: `value(at: p)` is the y of the
/// curve's point whose x is `p`. Bézier curves may overshoot, so outputs can leave [0, 1].
///
/// Conventions, shared by every curve:
/// - Progress is clamped to [0, 1], so `value(at: -1) == value(at: 0) == 0` and
///   `value(at: 2) == value(at: 1) == 1` (exactly), and `velocity(at:)` outside [0, 1] is the
///   velocity at the nearer end.
/// - NaN progress gives NaN from both `value(at:)` and `velocity(at:)` (it is not clamped away:
///   a NaN time is a bug upstream and should stay visible).
/// - `velocity(at:)` is the derivative d value / d progress. Where the curve's tangent is
///   vertical it is ±infinity (see `velocity(at:)`).
///
/// Performance: a `UnitCurve` is a value with its Bézier coefficients precomputed; evaluating it
/// never allocates. A Bézier costs a guess from stored samples and two Halley steps (see
/// `CubicTimingBezier`); the circular curves cost a square root.
public struct UnitCurve: Sendable {
    /// Which curve this is.
    @usableFromInline
    enum Kind: UInt8, Sendable {
        case linear
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        /// The inverse of `circularEaseInOut`; not a SwiftUI preset, reached only through `inverse`.
        case circularEaseOutIn
        case bezier
    }

    // Layout: the Bézier is a stored field beside a one-byte kind, not the payload of an enum case.
    // Evaluation switches on `kind` and reads `bezier` in place, field by field; an enum payload
    // had to be copied out whole (120 bytes, twice per evaluation in the animator) before it could
    // be read. Same size as the enum was: 121 bytes, stride 128.

    /// The Bézier when `kind` is `.bezier`; otherwise `placeholder`, never evaluated or compared.
    @usableFromInline
    let bezier: CubicTimingBezier

    @usableFromInline
    let kind: Kind

    @inlinable
    init(kind: Kind) {
        self.bezier = CubicTimingBezier.placeholder
        self.kind = kind
    }

    @inlinable
    init(bezier: CubicTimingBezier) {
        self.bezier = bezier
        self.kind = .bezier
    }

    /// A cubic Bézier curve from (0, 0) to (1, 1) with the given control points.
    ///
    /// The x coordinates of the control points are clamped to [0, 1] when the curve is evaluated,
    /// which keeps x increasing, so each progress has exactly one output. The y coordinates are
    /// free: a y outside [0, 1] makes the curve overshoot. NaN coordinates make the curve evaluate
    /// to NaN at every progress strictly between 0 and 1.
    ///
    /// Curves compare and hash by their control points as given (before clamping): two curves
    /// whose control points differ only outside the clamp range evaluate identically but are not
    /// equal. This keeps `inverse` an exact involution.
    ///
    /// - Parameters:
    ///   - startControlPoint: The control point after (0, 0); the direction from (0, 0) to it is
    ///     the curve's initial tangent.
    ///   - endControlPoint: The control point before (1, 1); the direction from it to (1, 1) is the
    ///     curve's final tangent.
    @inlinable
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(bezier: CubicTimingBezier(start: startControlPoint, end: endControlPoint))
    }

    /// The output progress at the given input progress.
    ///
    /// - Parameter progress: The input progress; clamped to [0, 1].
    /// - Returns: The y of the curve at x = `progress`: exactly 0 at progress ≤ 0 and exactly 1 at
    ///   progress ≥ 1; NaN for NaN progress.
    /// - Complexity: O(1). A Bézier needs one solve: in the common case a guess from stored samples
    ///   and two Halley steps, straight-line code (see `CubicTimingBezier`); at most 100 iterations.
    @inlinable
    public func value(at progress: Double) -> Double {
        switch kind {
        case .bezier:
            return bezier.value(at: progress)
        case .linear:
            return UnitCurve.clamp(progress)
        case .circularEaseIn:
            return CircularEasing.easeIn(UnitCurve.clamp(progress))
        case .circularEaseOut:
            return CircularEasing.easeOut(UnitCurve.clamp(progress))
        case .circularEaseInOut:
            return CircularEasing.easeInOut(UnitCurve.clamp(progress))
        case .circularEaseOutIn:
            return CircularEasing.easeOutIn(UnitCurve.clamp(progress))
        }
    }

    /// The rate of change of the output with respect to the input, d value / d progress.
    ///
    /// - Parameter progress: The input progress; clamped to [0, 1], so the velocity outside is the
    ///   velocity at the nearer end (not 0).
    /// - Returns: The derivative of the curve at `progress`. Inside (0, 1), where the Bézier's
    ///   x'(s) vanishes this is the exact limit; where the tangent is vertical the derivative is
    ///   infinite and the result is ±infinity: circularEaseInOut at ½ and Béziers such as
    ///   (1, 0)(0, 1) at ½; at a cusp, where the two one-sided limits differ, the limit from the left.
    ///   **At the ends** (progress ≤ 0 or ≥ 1) a Bézier gives what SwiftUI gives, not the limit:
    ///   dy/ds over dx/ds from the polynomial coefficients, 1 when they are equal (0 = 0 included),
    ///   ±infinity when only dx/ds is 0 (see `CubicTimingBezier.endSlope`). So easeOut at 0 is 1
    ///   (limit 1/0.58) and easeIn at 1 is 0 (limit 1/0.58), as SwiftUI's compatibility tests
    ///   expect; easeIn at 0, easeOut at 1 and easeInOut at both ends are 0; (0, 0.5)(1, 1) at 0 is
    ///   +infinity. The other presets' ends are their exact values: linear 1 and 1; circularEaseIn
    ///   0 and +infinity; circularEaseOut +infinity and 0; circularEaseInOut 0 and 0.
    ///   NaN for NaN progress.
    /// - Complexity: O(1), as `value(at:)`.
    @inlinable
    public func velocity(at progress: Double) -> Double {
        switch kind {
        case .bezier:
            return bezier.velocity(at: progress)
        case .linear:
            return progress.isNaN ? progress : 1
        case .circularEaseIn:
            return CircularEasing.easeInVelocity(UnitCurve.clamp(progress))
        case .circularEaseOut:
            return CircularEasing.easeOutVelocity(UnitCurve.clamp(progress))
        case .circularEaseInOut:
            return CircularEasing.easeInOutVelocity(UnitCurve.clamp(progress))
        case .circularEaseOutIn:
            return CircularEasing.easeOutInVelocity(UnitCurve.clamp(progress))
        }
    }

    /// The output progress and its rate of change at the given input progress, from one solve:
    /// `(value(at: progress), velocity(at: progress))`, bit for bit, at the cost of one call
    /// (for a Bézier, half the cost of the two calls).
    ///
    /// - Parameter progress: The input progress; clamped to [0, 1].
    /// - Returns: `value(at: progress)` and `velocity(at: progress)`.
    /// - Complexity: O(1), as `value(at:)`.
    @inlinable @inline(__always)
    public func valueAndVelocity(at progress: Double) -> (value: Double, velocity: Double) {
        // Each case makes exactly the calls `value(at:)` and `velocity(at:)` make.
        switch kind {
        case .bezier:
            return bezier.valueAndVelocity(at: progress)
        case .linear:
            return (UnitCurve.clamp(progress), progress.isNaN ? progress : 1)
        case .circularEaseIn:
            let p = UnitCurve.clamp(progress)
            return (CircularEasing.easeIn(p), CircularEasing.easeInVelocity(p))
        case .circularEaseOut:
            let p = UnitCurve.clamp(progress)
            return (CircularEasing.easeOut(p), CircularEasing.easeOutVelocity(p))
        case .circularEaseInOut:
            let p = UnitCurve.clamp(progress)
            return (CircularEasing.easeInOut(p), CircularEasing.easeInOutVelocity(p))
        case .circularEaseOutIn:
            let p = UnitCurve.clamp(progress)
            return (CircularEasing.easeOutIn(p), CircularEasing.easeOutInVelocity(p))
        }
    }

    /// The curve reflected in the line y = x: its x and y swapped, so that
    /// `curve.inverse.value(at: curve.value(at: p)) == p` (up to rounding) when the curve is
    /// one-to-one.
    ///
    /// - linear is its own inverse; circularEaseIn and circularEaseOut are each other's inverse;
    ///   the inverse of circularEaseInOut is the "ease out, then in" curve √(q (1 − q)) for q < ½,
    ///   1 − √(q (1 − q)) after, and vice versa. (SwiftUI, as re-implemented by OpenSwiftUI,
    ///   returns circularEaseInOut itself, which is not its inverse: unverified on a device.)
    /// - A Bézier's inverse swaps x and y of each control point, as Apple documents. When a
    ///   control point's y lies outside [0, 1] the curve overshoots and is not one-to-one, so it
    ///   has no inverse function: the swapped curve then has an x outside [0, 1], which evaluation
    ///   clamps like any other, and the result is a different monotone curve that does not undo
    ///   the original. `inverse.inverse == self` still holds, because control points are kept
    ///   as given.
    @inlinable
    public var inverse: UnitCurve {
        switch kind {
        case .linear:
            return .linear
        case .circularEaseIn:
            return .circularEaseOut
        case .circularEaseOut:
            return .circularEaseIn
        case .circularEaseInOut:
            return UnitCurve(kind: .circularEaseOutIn)
        case .circularEaseOutIn:
            return .circularEaseInOut
        case .bezier:
            return .bezier(startControlPoint: UnitPoint(x: bezier.start.y, y: bezier.start.x),
                           endControlPoint: UnitPoint(x: bezier.end.y, y: bezier.end.x))
        }
    }

    /// The evaluations of x(s) the Bézier solver spends on `progress` in (0, 1): 2 when the fast
    /// path's two Halley steps are accepted, more when the safeguarded loop finishes the solve (see
    /// `CubicTimingBezier`); nil for other kinds of curve and for progress outside (0, 1), where
    /// nothing is solved. For the verifier, which holds the solver to its documented cost.
    package func solverEvaluations(at progress: Double) -> Int? {
        guard kind == .bezier, progress > 0, progress < 1 else { return nil }
        return bezier.parameter(forX: progress).iterations
    }

    /// Clamps progress to [0, 1], keeping NaN.
    @inlinable @inline(__always)
    static func clamp(_ progress: Double) -> Double {
        progress.isNaN ? progress : Swift.min(Swift.max(progress, 0), 1)
    }
}
