import Foundation

/// Where a metric's level changed in a history of values (one per commit, oldest first): the
/// idea of airspeed velocity's step detection — fit the history with a piecewise-constant function
/// whose every extra segment costs a penalty, then drop the steps smaller than a threshold —
/// implemented here from that description (optimal partitioning, Jackson et al., "An algorithm for
/// optimal partitioning of data on an interval", IEEE SPL 12, 2005), not from asv's code.
///
/// The fit: values are taken as logarithms (a time or an error changes by factors, and a factor
/// is the same step at any scale), a segment costs the sum of absolute deviations from its median
/// (an L1 fit: one outlying commit moves a median little, so it does not pull a step), and each
/// segment adds the penalty γ = `penaltyScale` · σ̂ · ln(n + 1), σ̂ the noise estimated from
/// successive differences (median |Δ| / (0.6745·√2), a robust σ that steps barely move), or
/// `minimumPenalty` when the history is noise-free. Dynamic programming finds the exact minimum of
/// cost + γ·segments in O(n³) for n values (a history of a few hundred commits).
public enum StepDetection {
    /// A change of level: `index` is the first value at the new level.
    public struct Step: Codable, Sendable, Equatable {
        public var index: Int
        /// The fitted levels (segment medians) just before and from `index`, in the values' units.
        public var before: Double
        public var after: Double

        /// max/min − 1: 0.1 for a 10 % step either way.
        public var relativeSize: Double { max(before, after) / min(before, after) - 1 }
    }

    /// Isolating one outlying commit costs two segments, 2γ, and saves its deviation |Δlog|; with
    /// γ = 5·σ̂·ln(n + 1) a single commit stays in its segment unless it deviates by more than
    /// 10·σ̂·ln(n + 1) (≈ 30σ̂ in 20 commits: a 2× outlier among ±5 % noise is not a step), while a
    /// lasting change of a few σ̂ over several commits still pays for its boundary.
    public static let penaltyScale = 5.0
    /// A noise-free history still pays this per segment (in log units), so equal values never split.
    public static let minimumPenalty = 1e-9

    /// The steps of `values` whose relative size is at least `threshold` (0 keeps every step the fit
    /// makes). Values below `floor` count as `floor` (an error of exactly 0 is a level like any
    /// other: pass the metric's resolution, e.g. 2⁻⁵³ for errors relative to 1); `floor` must be > 0
    /// when a value can be ≤ 0.
    public static func steps(in values: [Double], threshold: Double, floor: Double = .leastNormalMagnitude) -> [Step] {
        let n = values.count
        guard n >= 2 else { return [] }
        let logs = values.map { log(max($0, floor)) }
        let penalty = max(penaltyScale * noise(logs) * log(Double(n + 1)), minimumPenalty)
        // cost[i][j]: L1 cost of logs[i..<j] around its median, and that median.
        var cost = Array(repeating: Array(repeating: 0.0, count: n + 1), count: n)
        var level = Array(repeating: Array(repeating: 0.0, count: n + 1), count: n)
        for start in 0..<n {
            var sorted: [Double] = []
            for end in (start + 1)...n {
                let value = logs[end - 1]
                sorted.insert(value, at: sorted.firstIndex { $0 > value } ?? sorted.count)
                let median = sorted[(sorted.count - 1) / 2]
                level[start][end] = median
                cost[start][end] = sorted.reduce(0) { $0 + abs($1 - median) }
            }
        }
        // best[j]: minimum of cost + penalty·segments over logs[0..<j]; last[j]: where its final segment starts.
        var best = Array(repeating: Double.infinity, count: n + 1)
        var last = Array(repeating: 0, count: n + 1)
        best[0] = 0
        for end in 1...n {
            for start in 0..<end {
                let total = best[start] + cost[start][end] + penalty
                // Strictly smaller: among equal fits the one with the earliest, fewest boundaries wins.
                if total < best[end] - 1e-15 {
                    best[end] = total
                    last[end] = start
                }
            }
        }
        var boundaries: [Int] = []
        var end = n
        while end > 0 {
            boundaries.append(last[end])
            end = last[end]
        }
        boundaries.reverse()  // segment starts, the first is 0
        var steps: [Step] = []
        for k in 1..<boundaries.count {
            let previousEnd = boundaries[k]
            let nextEnd = k + 1 < boundaries.count ? boundaries[k + 1] : n
            let step = Step(index: boundaries[k], before: exp(level[boundaries[k - 1]][previousEnd]),
                            after: exp(level[boundaries[k]][nextEnd]))
            if step.relativeSize >= threshold { steps.append(step) }
        }
        return steps
    }

    /// σ̂ of the log values from successive differences (0 for fewer than two).
    static func noise(_ logs: [Double]) -> Double {
        guard logs.count >= 2 else { return 0 }
        let differences = zip(logs, logs.dropFirst()).map { abs($1 - $0) }.sorted()
        let median = differences[(differences.count - 1) / 2]
        return median / (0.6745 * 2.0.squareRoot())
    }
}
