// ErrorStatistics.swift — the running worst and RMS error of a check, and where the worst was.
//
// Every comparison feeds one `ErrorStatistics` with (computed, reference, scale, location):
// - absolute error |computed − reference|;
// - error relative to the distance, |computed − reference| / scale, where the scale is the size of
//   the motion (the distance |target − start| plus |v0|/ω0, or ω0 times that for velocities) — not
//   the value itself, which passes through zero and would make every zero crossing look inaccurate;
// - ulps: the absolute error in units of ulp(scale), meaningful because the scale is the magnitude
//   the computation works at.
// A NaN or infinite computed value (where the reference is finite) counts as an infinite error, so
// a non-finite output can never pass.

/// Accumulates the errors of one check.
public struct ErrorStatistics: Sendable {
    public private(set) var count = 0
    public private(set) var maxAbsolute = 0.0
    public private(set) var maxRelative = 0.0
    public private(set) var maxUlps = 0.0
    private var sumSquaresAbsolute = 0.0
    private var sumSquaresRelative = 0.0
    /// The location of the largest relative error.
    public private(set) var worst: WorstCase?

    public init() {}

    /// Adds one comparison. `location` is evaluated only when this sample is the new worst.
    public mutating func add(_ computed: Double, _ reference: Double, scale: Double,
                             location: @autoclosure () -> WorstCase) {
        var absolute = Swift.abs(computed - reference)
        if !absolute.isFinite { absolute = .infinity }
        let safeScale = scale > 0 && scale.isFinite ? scale : 1
        let relative = absolute / safeScale
        let ulps = absolute / safeScale.ulp
        count += 1
        sumSquaresAbsolute += absolute * absolute
        sumSquaresRelative += relative * relative
        maxAbsolute = Swift.max(maxAbsolute, absolute)
        maxUlps = Swift.max(maxUlps, ulps)
        if relative > maxRelative || worst == nil {
            maxRelative = Swift.max(maxRelative, relative)
            worst = location()
        }
    }

    /// Adds a yes/no fact as an error of 0 (it holds) or 1 (it does not), so a check of rules, orders
    /// and identities counts its failures in `maxAbsError`.
    public mutating func require(_ holds: Bool, _ location: @autoclosure () -> WorstCase) {
        add(holds ? 0 : 1, 0, scale: 1, location: location())
    }

    /// Merges another accumulator (the worst location follows the larger relative error).
    public mutating func merge(_ other: ErrorStatistics) {
        if other.maxRelative > maxRelative || worst == nil { worst = other.worst }
        count += other.count
        sumSquaresAbsolute += other.sumSquaresAbsolute
        sumSquaresRelative += other.sumSquaresRelative
        maxAbsolute = Swift.max(maxAbsolute, other.maxAbsolute)
        maxRelative = Swift.max(maxRelative, other.maxRelative)
        maxUlps = Swift.max(maxUlps, other.maxUlps)
    }

    public var rmsAbsolute: Double { count == 0 ? 0 : (sumSquaresAbsolute / Double(count)).squareRoot() }
    public var rmsRelative: Double { count == 0 ? 0 : (sumSquaresRelative / Double(count)).squareRoot() }

    /// The standard metrics: max and RMS absolute, max and RMS relative to the distance, max ulps.
    /// `absoluteUnit` names the unit of the absolute errors; `absoluteScale` is a typical scale of
    /// the values, so that one ulp-equivalent of an absolute metric is ulp(absoluteScale).
    public func metrics(prefix: String = "", absoluteUnit: String = "", absoluteScale: Double = 1) -> [Metric] {
        let absoluteUlp = (absoluteScale > 0 && absoluteScale.isFinite ? absoluteScale : 1).ulp
        return [
            Metric(prefix + "maxAbsError", maxAbsolute, unit: absoluteUnit, ulpEquivalent: absoluteUlp),
            Metric(prefix + "rmsAbsError", rmsAbsolute, unit: absoluteUnit, ulpEquivalent: absoluteUlp),
            Metric(prefix + "maxRelError", maxRelative, unit: "relative to distance"),
            Metric(prefix + "rmsRelError", rmsRelative, unit: "relative to distance"),
            Metric(prefix + "maxUlps", maxUlps, unit: "ulps of distance", ulpEquivalent: 1),
            Metric(prefix + "samples", Double(count), better: .none),
        ]
    }
}

/// An error as tables print it: `identical` for an exact zero (a zero is never an accuracy: it says
/// the two sides compute the same bits), else `number(value)`.
package func errorFigure(_ value: Double, _ number: (Double) -> String) -> String {
    value == 0 ? "identical" : number(value)
}
