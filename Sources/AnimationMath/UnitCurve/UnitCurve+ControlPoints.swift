extension UnitCurve {
    /// A Bézier curve's first control point, exactly as given to `bezier(startControlPoint:endControlPoint:)`
    /// (before the x clamp evaluation applies); `nil` for `linear` and the circular curves, which are
    /// not Béziers. `inverse` swaps its coordinates.
    @inlinable
    public var startControlPoint: UnitPoint? {
        kind == .bezier ? bezier.start : nil
    }

    /// A Bézier curve's second control point, exactly as given; `nil` for non-Bézier curves.
    @inlinable
    public var endControlPoint: UnitPoint? {
        kind == .bezier ? bezier.end : nil
    }
}
