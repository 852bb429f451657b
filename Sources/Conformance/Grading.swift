/// How close a result is to the reference, relative to the motion's distance.
public enum Grade: String, Sendable, Comparable, CaseIterable {
    /// Within `Tolerance.exact` of the distance: the engine computes the same function.
    case exact
    /// Within `Tolerance.visual`: no one can see the difference on a screen.
    case visual
    /// Further off.
    case fail

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What a run requires of a case to pass: `exact` (the default) or `visual`.
public enum Tier: String, Sendable, CaseIterable {
    case exact, visual

    public func passes(_ grade: Grade) -> Bool {
        switch self {
        case .exact: grade == .exact
        case .visual: grade != .fail
        }
    }
}

/// The grading tolerances, as fractions of the motion's distance (velocities: of the velocity
/// scale, ω0·distance for springs). The Conformance catalog's article on grading explains both.
public enum Tolerance {
    /// 1e-9: far above what double precision and the references reach (the GSL reference is good
    /// to ~1e-13 of the distance, Brent to a few ulps; Hooke's closed forms to ~1e-14), far below
    /// anything a different formula or a step-by-step integration gets right by accident.
    public static let exact = 1e-9
    /// 5e-4: half a pixel of a 1,000-pixel move (a full-screen move on a phone is ~1,000–3,000
    /// physical pixels); a difference smaller than half a pixel rounds to the same pixel or to
    /// its neighbour, so it cannot be seen.
    public static let visual = 5e-4

    public static func grade(_ relativeError: Double) -> Grade {
        relativeError <= exact ? .exact : relativeError <= visual ? .visual : .fail
    }
}

/// The sample where an engine is furthest from the reference.
public struct WorstSample: Sendable, Equatable {
    public var time: Double
    public var value: Double
    public var expected: Double
}

/// The largest |actual − expected| / scale over the samples (NaN expectations are not graded),
/// and where it is; with `allowance`, only what exceeds each sample's allowance counts.
func worstError(_ actual: [Double], _ expected: [Double], times: [Double], scale: Double,
                allowance: [Double]? = nil) -> (error: Double, worst: WorstSample?) {
    var largest = 0.0
    var worst: WorstSample?
    for index in actual.indices where !expected[index].isNaN {
        let error = max(0, abs(actual[index] - expected[index]) - (allowance?[index] ?? 0)) / scale
        if worst == nil || error > largest {
            largest = error
            worst = WorstSample(time: times[index], value: actual[index], expected: expected[index])
        }
    }
    return (largest, worst)
}
