/// A cubic Bézier timing curve from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2),
/// x1 and x2 in [0, 1] (so x is monotone), evaluated by solving x(s) = p.
public struct CubicTimingCurve: Sendable, Equatable {
    // x(s) = ((ax·s + bx)·s + cx)·s and y likewise: the Bernstein form expanded.
    let ax: Double, bx: Double, cx: Double
    let ay: Double, by: Double, cy: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        cx = 3 * x1
        bx = 3 * (x2 - x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The curve's value y(s) and slope y'(s)/x'(s) at progress `p` (clamped to [0, 1]), with s
    /// found by Newton's method from s = p, kept inside a bisection bracket, to |x(s) − p| ≤ 1e-15
    /// (s = p at the ends).
    public func valueAndSlope(at progress: Double) -> (value: Double, slope: Double) {
        let p = min(max(progress, 0), 1)
        var s = p, low = 0.0, high = 1.0
        // The ends are s = 0 and 1 exactly (near a flat end x(s) rounds to p short of it).
        for _ in 0..<100 where p > 0 && p < 1 {
            let x = ((ax * s + bx) * s + cx) * s - p
            if abs(x) <= 1e-15 { break }
            if x < 0 { low = s } else { high = s }
            let dx = (3 * ax * s + 2 * bx) * s + cx
            let next = dx != 0 ? s - x / dx : -1
            s = next > low && next < high ? next : (low + high) / 2
        }
        let value = ((ay * s + by) * s + cy) * s
        let slope = ((3 * ay * s + 2 * by) * s + cy) / ((3 * ax * s + 2 * bx) * s + cx)
        return (value, slope)
    }
}
