// AccuracyBaseline+Improvements.swift — metrics that got better than the baseline by more than the
// noise band, so that `hooke verify` can exit 4 ("only improvements") and CI can offer to update
// the baseline.
//
// The band mirrors the regression rule (AccuracyBaseline.swift): a metric improved when
//     current < min(baseline / 10, baseline − 2 ulp-equivalents)
// so a libm difference between machines, which may move a figure by up to the factor 10 or by a
// couple of ulps, is neither a regression nor an improvement.

extension AccuracyBaseline {
    /// The largest value of a metric that counts as an improvement on `baseline` (below it).
    public static func improved(baseline: Double, ulpEquivalent: Double) -> Double {
        Swift.min(baseline / relativeBand, baseline - ulpBand * ulpEquivalent)
    }

    /// The metrics of `report` that improved on this baseline beyond the noise band, compared as
    /// `compare(_:path:)` compares (same checks, same seed rule); `allowed` holds the threshold.
    public func improvements(in report: VerificationReport) -> [MetricChange] {
        findings(report, .improvement)
    }
}
