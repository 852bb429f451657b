import Foundation

/// Two clearly separated groups of frame times in one configuration's samples: a row whose median
/// describes neither mode, flagged in the table and the JSON rather than reported as one number.
///
/// Rule (a two-cluster split judged by Ashman's D):
/// 1. Work on log(time), where a mode twice as slow is the same distance away at any scale.
/// 2. Split the sorted log-times into a low and a high group at the cut that maximises the
///    between-group variance (Otsu's criterion: the best two-cluster split of a 1-D sample), among
///    cuts that leave at least `minimumShare` of the samples in each group.
/// 3. Call the sample bimodal when Ashman's D = √2·|μ₁ − μ₂| / √(σ₁² + σ₂²) of the two groups exceeds
///    `minimumSeparation` and the groups' medians differ by at least
///    `minimumRatio` (so a razor-thin distribution, where a few-percent gap is already many σ, is
///    not flagged for a difference nobody would act on).
/// Why D > 4: for a mixture of two normals fitted as such, D > 2 already means cleanly separated
/// modes (Ashman, Bird & Zepf, AJ 108, 1994), but here the groups come from a hard cut, which makes
/// any sample look split: cutting one normal at its mean gives D = 2.65 (halves at ±0.80σ with
/// variance 0.36σ² each), and a uniform distribution gives 3.46. Above 4 the cut falls in a real gap.
/// A single slow tail (preempted frames) falls below `minimumShare` and is not a mode.
public struct Bimodality: Codable, Sendable, Equatable {
    /// Median of the faster group and of the slower group (same unit as the samples).
    public var lowMedian: Double
    public var highMedian: Double
    /// Share of the samples in the slower group.
    public var highShare: Double
    /// Ashman's D of the split.
    public var separation: Double

    public static let minimumShare = 0.1
    public static let minimumSeparation = 4.0
    public static let minimumRatio = 1.2

    /// The two modes of `samples`, or nil when the rule does not find two (fewer than 20 samples
    /// are never called bimodal: a 10 % group would be one or two frames).
    public static func detect(_ samples: [Double]) -> Bimodality? {
        let logs = samples.filter { $0 > 0 }.map { log($0) }.sorted()
        let n = logs.count
        guard n >= 20 else { return nil }
        var prefix = [0.0], prefixSquares = [0.0]
        for value in logs {
            prefix.append(prefix.last! + value)
            prefixSquares.append(prefixSquares.last! + value * value)
        }
        let smallest = Int((minimumShare * Double(n)).rounded(.up))
        var best: (cut: Int, score: Double)?
        for cut in smallest...(n - smallest) {
            let left = Double(cut), right = Double(n - cut)
            let meanLeft = prefix[cut] / left
            let meanRight = (prefix[n] - prefix[cut]) / right
            let score = left * right * (meanRight - meanLeft) * (meanRight - meanLeft)
            if score > (best?.score ?? -1) { best = (cut, score) }
        }
        guard let cut = best?.cut else { return nil }
        func moments(_ range: Range<Int>) -> (mean: Double, variance: Double) {
            let count = Double(range.count)
            let sum = prefix[range.upperBound] - prefix[range.lowerBound]
            let squares = prefixSquares[range.upperBound] - prefixSquares[range.lowerBound]
            let mean = sum / count
            return (mean, max(squares / count - mean * mean, 0))
        }
        let low = moments(0..<cut), high = moments(cut..<n)
        let spread = (low.variance + high.variance).squareRoot()
        let separation = spread > 0 ? 2.0.squareRoot() * (high.mean - low.mean) / spread : .infinity
        let lowMedian = exp(logs[(cut - 1) / 2])
        let highMedian = exp(logs[cut + (n - cut - 1) / 2])
        guard separation > minimumSeparation, highMedian >= minimumRatio * lowMedian else { return nil }
        return Bimodality(lowMedian: lowMedian, highMedian: highMedian, highShare: Double(n - cut) / Double(n),
                          separation: separation.isFinite ? separation : 1e9)
    }

    /// Every figure multiplied by `factor` (frame time → time per animation).
    public func scaled(by factor: Double) -> Bimodality {
        Bimodality(lowMedian: lowMedian * factor, highMedian: highMedian * factor, highShare: highShare, separation: separation)
    }
}
