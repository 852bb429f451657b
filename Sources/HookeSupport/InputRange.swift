/// The representable range of each kind of number the commands read. Every number is bounded, so
/// that what the commands compute from it stays finite: an input outside its range is refused at
/// parsing with the flag or JSON path named, never turned into `nan` or `inf` rows.
public enum InputRange {
    /// Values, targets, velocities, Bézier y, masses, stiffnesses, dampings: |x| ≤ 1e100. A product
    /// of two (a distance times a rate, a square in an RMS over ten million rows) stays below 1e207,
    /// far inside Double's 1.8e308.
    public static let magnitude = 1e100
    /// Times and durations, seconds: ≤ 1e9 (31 years), so ω·t stays finite for any accepted spring.
    public static let maximumTime = 1e9
    /// A positive duration that divides a distance (a timing curve's, a keyframe's) and a spring's
    /// time scale (its response 2π√(m/k)): at least a microsecond, so distance/duration and the
    /// stiffness (2π/response)² stay finite.
    public static let minimumDuration = 1e-6
    /// A spring's response, 2π√(m/k): a microsecond to 11.6 days (its damping ratio: 0 … 1e100).
    public static let springResponse = 1e-6...1e6
}

/// What a number allows; the message says it in words. Every case is bounded (see `InputRange`).
public enum NumberConstraint: Sendable {
    /// |x| ≤ 1e100: a value, target, velocity, Bézier y.
    case any
    /// 0 < x ≤ 1e100.
    case positive
    /// 0 ≤ x ≤ 1e100.
    case nonNegative
    /// bound < x ≤ 1e100.
    case greaterThan(Double)
    /// A time in seconds: 0 ≤ t ≤ 1e9.
    case time
    /// A time step or rate interval in seconds: 0 < t ≤ 1e9.
    case positiveTime
    /// A duration that divides a distance: 1e-6 ≤ d ≤ 1e9 seconds.
    case duration
    /// A duration that may also be 0 (an instantaneous keyframe): 0 or 1e-6 … 1e9 seconds.
    case durationOrZero

    package func check(_ value: Double) -> String? {
        let maximum = InputRange.magnitude, longest = InputRange.maximumTime, shortest = InputRange.minimumDuration
        switch self {
        case .any: return abs(value) <= maximum ? nil : "must be within ±1e100"
        case .positive: return value > 0 ? (value <= maximum ? nil : "must be ≤ 1e100") : "must be > 0"
        case .nonNegative: return value >= 0 ? (value <= maximum ? nil : "must be ≤ 1e100") : "must be ≥ 0"
        case .greaterThan(let bound):
            return value > bound ? (value <= maximum ? nil : "must be ≤ 1e100") : "must be > \(formatShort(bound))"
        case .time: return value >= 0 ? (value <= longest ? nil : "must be ≤ 1e9 seconds") : "must be ≥ 0"
        case .positiveTime: return value > 0 ? (value <= longest ? nil : "must be ≤ 1e9 seconds") : "must be > 0"
        case .duration:
            return value >= shortest && value <= longest ? nil : (value > 0 ? "must be in [1e-6, 1e9] seconds" : "must be > 0")
        case .durationOrZero:
            if value == 0 { return nil }
            return value >= shortest && value <= longest ? nil : (value > 0 ? "must be 0 or in [1e-6, 1e9] seconds" : "must be ≥ 0")
        }
    }
}
