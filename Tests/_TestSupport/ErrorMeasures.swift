// ErrorMeasures.swift — how the tests measure a computed number against its reference, defined
// once for every test target: in ulps of the magnitude the computation works at, or relative to
// the reference.

/// |a − b| in units in the last place of `scale` (default: of `b`, the reference). Measure against
/// the scale the computation works at — a motion's distance, not a value passing through zero.
public func ulpDistance(_ a: Double, _ b: Double, scale: Double? = nil) -> Double {
    abs(a - b) / (scale ?? b).ulp
}

/// |actual − expected| / |expected|, with |expected| no smaller than 1e-300 so that an expected 0
/// gives a large finite error rather than a division by zero.
public func relativeError(_ actual: Double, _ expected: Double) -> Double {
    abs(actual - expected) / max(abs(expected), 1e-300)
}
