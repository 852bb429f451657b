/// One timed piece of a resolved keyframe track: where it starts, how long it lasts, and the
/// coefficients of its motion, all computed once when the track is built.
///
/// Layout: two `Double`s of timing, the kind (a timing curve or a spring inline, no reference), and
/// four values. For `Double` a segment is a plain value of a few dozen bytes; evaluating one never
/// allocates.
///
/// | kind   | `origin` | `a`            | `b`            | `c`            |
/// |--------|----------|----------------|----------------|----------------|
/// | linear | x0       | Δ = to − x0    | —              | —              |
/// | cubic  | x0       | d·v0           | 3Δ − 2d·v0 − d·v1 | −2Δ + d·v0 + d·v1 |
/// | spring | x0       | Δ = to − x0    | v0             | —              |
///
/// The cubic is the Hermite interpolant written in the power basis of unit progress s:
/// x(s) = x0 + a·s + b·s² + c·s³, evaluated by Horner's rule (three scalings, three additions). Its
/// error at s is a few ulps of |x0| + |a| + |b| + |c| (the usual bound for Horner's rule).
@usableFromInline
package struct KeyframeSegment<Value: VectorArithmetic> {
    @usableFromInline
    package enum Kind {
        case linear(UnitCurve)
        case cubic
        case spring(Spring)
    }

    /// Start time in seconds (from the start of the timeline).
    @usableFromInline package var start: Double
    /// Duration in seconds, > 0 (zero-length keyframes leave no segment).
    @usableFromInline package var duration: Double
    /// 1 / duration, so evaluation multiplies instead of dividing.
    @usableFromInline package var inverseDuration: Double
    @usableFromInline package var kind: Kind
    @usableFromInline package var origin: Value
    @usableFromInline package var a: Value
    @usableFromInline package var b: Value
    @usableFromInline package var c: Value

    @inlinable
    init(start: Double, duration: Double, kind: Kind, origin: Value, a: Value, b: Value = .zero, c: Value = .zero) {
        self.start = start
        self.duration = duration
        self.inverseDuration = 1 / duration
        self.kind = kind
        self.origin = origin
        self.a = a
        self.b = b
        self.c = c
    }

    /// The value `elapsed` seconds into the segment (0 ≤ elapsed < duration).
    @inlinable
    func value(elapsed: Double) -> Value {
        switch kind {
        case .linear(let curve):
            return origin + a.scaled(by: curve.value(at: elapsed * inverseDuration))
        case .cubic:
            let s = elapsed * inverseDuration
            var x = c.scaled(by: s)
            x += b
            x.scale(by: s)
            x += a
            x.scale(by: s)
            return origin + x
        case .spring(let spring):
            return origin + spring.value(target: a, initialVelocity: b, time: elapsed)
        }
    }

    /// The velocity (value units per second) `elapsed` seconds into the segment.
    @inlinable
    func velocity(elapsed: Double) -> Value {
        switch kind {
        case .linear(let curve):
            return a.scaled(by: curve.velocity(at: elapsed * inverseDuration) * inverseDuration)
        case .cubic:
            // d/dt x(s(t)) = (a + 2b·s + 3c·s²) / d.
            let s = elapsed * inverseDuration
            var v = c.scaled(by: 3 * s)
            v += b.scaled(by: 2)
            v.scale(by: s)
            v += a
            v.scale(by: inverseDuration)
            return v
        case .spring(let spring):
            return spring.velocity(target: a, initialVelocity: b, time: elapsed)
        }
    }
}

extension KeyframeSegment {
    /// `value(elapsed:)` and `velocity(elapsed:)` together, bit for bit the same numbers, with one
    /// curve solve or one spring state transition instead of two.
    @inlinable
    func valueAndVelocity(elapsed: Double) -> (value: Value, velocity: Value) {
        switch kind {
        case .linear(let curve):
            let point = curve.valueAndVelocity(at: elapsed * inverseDuration)
            return (origin + a.scaled(by: point.value), a.scaled(by: point.velocity * inverseDuration))
        case .cubic:
            return (value(elapsed: elapsed), velocity(elapsed: elapsed))
        case .spring(let spring):
            let motion = spring.valueAndVelocity(target: a, initialVelocity: b, time: elapsed)
            return (origin + motion.value, motion.velocity)
        }
    }
}

extension KeyframeSegment: Sendable where Value: Sendable {}
extension KeyframeSegment.Kind: Sendable {}
