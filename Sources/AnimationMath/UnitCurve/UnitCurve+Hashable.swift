extension UnitCurve: Hashable {
    /// Equal when the same kind of curve; Béziers when their control points as given are equal.
    @inlinable
    public static func == (lhs: UnitCurve, rhs: UnitCurve) -> Bool {
        lhs.kind == rhs.kind && (lhs.kind != .bezier || lhs.bezier == rhs.bezier)
    }

    /// Hashes the kind of curve and, for a Bézier, its control points; consistent with `==`.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        if kind == .bezier { hasher.combine(bezier) }
    }
}
