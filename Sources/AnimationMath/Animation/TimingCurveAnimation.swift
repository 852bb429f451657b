/// An animation that follows a `UnitCurve` for a fixed duration: SwiftUI's `linear`, `easeIn`,
/// `easeOut`, `easeInOut` and `timingCurve` animations.
///
/// `animate` returns Δ · curve(t / d) while t ≤ d and `nil` once t > d (so the frame at exactly d
/// shows the whole interval); `velocity` is Δ · curve′(t / d) / d, and zero once the animation is
/// over. Progress before the start is clamped to 0 by the curve. It never merges: an interruption
/// chains (AnimationMath.docc/MergeAndChain.md). Accuracy is the curve's (`UnitCurve`); this type adds one division.
///
/// Cost: `animate` and `velocity` each solve the curve once (a Bézier's fast solve, see
/// `CubicTimingBezier`). The Animator asks for both every frame through `animateThenVelocity`,
/// which solves once (`UnitCurve.valueAndVelocity(at:)`, bit-for-bit the two separate results).
@usableFromInline package struct TimingCurveAnimation: CustomAnimation, CustomStringConvertible {
    /// The shape of the motion over unit progress.
    @usableFromInline package var curve: UnitCurve
    /// The duration in seconds.
    @usableFromInline package var duration: Double

    /// - Precondition: `duration > 0` and finite (a zero duration has no progress to follow).
    @usableFromInline package init(curve: UnitCurve, duration: Double) {
        precondition(duration > 0 && duration.isFinite,
                     "timing-curve duration must be finite and > 0 seconds (got \(duration))")
        self.curve = curve
        self.duration = duration
    }

    @inlinable
    package func animate<V: VectorArithmetic>(value: V, time: Double, context: inout AnimationContext<V>) -> V? {
        guard time <= duration else { return nil }
        return value.scaled(by: curve.value(at: time / duration))
    }

    @inlinable
    package func velocity<V: VectorArithmetic>(value: V, time: Double, context: AnimationContext<V>) -> V? {
        guard time <= duration else { return .zero }
        return value.scaled(by: curve.velocity(at: time / duration) / duration)
    }

    /// `animate`, then `velocity` when asked: the same numbers as the two calls, from one solve.
    @inlinable @inline(__always)
    func animateThenVelocity<V: VectorArithmetic>(value: V, time: Double, wantsVelocity: Bool) -> (value: V, velocity: V?)? {
        guard time <= duration else { return nil }
        // One call whether or not the velocity is wanted (its value is `value(at:)`'s, bit for bit):
        // every part of the curve's evaluation this reaches is inlined or static, so the curve is
        // read field by field where it is stored, never copied whole.
        let point = curve.valueAndVelocity(at: time / duration)
        return (value.scaled(by: point.value), wantsVelocity ? value.scaled(by: point.velocity / duration) : nil)
    }

    @usableFromInline package var description: String {
        let d = animationDescription(duration)
        switch curve {
        case .linear: return "linear(duration: \(d))"
        case .easeIn: return "easeIn(duration: \(d))"
        case .easeOut: return "easeOut(duration: \(d))"
        case .easeInOut: return "easeInOut(duration: \(d))"
        default: break
        }
        // The call that built it: the control points of a Bézier, the name of another curve.
        if let start = curve.startControlPoint, let end = curve.endControlPoint {
            let points = [start.x, start.y, end.x, end.y].map(animationDescription).joined(separator: ", ")
            return "timingCurve(\(points), duration: \(d))"
        }
        let name = curve.kind == .circularEaseOutIn ? "circularEaseInOut.inverse" : "\(curve.kind)"
        return "timingCurve(.\(name), duration: \(d))"
    }
}
