extension UnitCurve {
    /// The identity: output progress equals input progress, velocity 1 everywhere.
    public static let linear = UnitCurve(kind: .linear)

    /// Starts slowly, then speeds up: Bézier with control points (0.42, 0) and (1, 1).
    public static let easeIn = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0),
                                                endControlPoint: UnitPoint(x: 1, y: 1))

    /// Starts quickly, then slows down: Bézier with control points (0, 0) and (0.58, 1).
    public static let easeOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0),
                                                 endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Slow, fast, slow: Bézier with control points (0.42, 0) and (0.58, 1).
    public static let easeInOut = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.42, y: 0),
                                                   endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Starts slowly, then speeds up: the bottom-right quarter of the unit circle,
    /// 1 − √(1 − p²). Its velocity is infinite at progress 1.
    public static let circularEaseIn = UnitCurve(kind: .circularEaseIn)

    /// Starts quickly, then slows down: the top-left quarter of the unit circle,
    /// √(1 − (1 − p)²). Its velocity is infinite at progress 0.
    public static let circularEaseOut = UnitCurve(kind: .circularEaseOut)

    /// circularEaseIn on the first half and circularEaseOut on the second, each scaled by ½:
    /// ½ (1 − √(1 − 4p²)) for p < ½, else ½ (√(−4p² + 8p − 3) + 1). Its velocity is infinite
    /// at progress ½.
    public static let circularEaseInOut = UnitCurve(kind: .circularEaseInOut)
}
