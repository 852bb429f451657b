// ReportCharts.swift — the report's charts, built from the studies and the bench results.

import FrameBench
import Foundation
import Verification

enum ReportCharts {
    /// Relative errors at or below this are drawn at it on the error-against-time chart: half an
    /// ulp of 1 is 1.1e-16, so anything smaller is an exact agreement (the first frame, where
    /// every implementation starts at 0), not a measured error.
    static let relativeErrorFloor = 1e-17
    /// Residuals against the recordings at or below this (pt) are drawn at it: three decades below
    /// the `.spring` fit's ~1e-6 pt, reached only by exact zeros (samples before the motion starts).
    static let residualFloor = 1e-9
    /// Errors of the bench strategies at or below this are drawn at it on the accuracy-against-cost
    /// chart: below the reference's own ~1e-15 there is nothing left to measure.
    static let benchErrorFloor = 1e-16
    /// On the trajectory chart the reference and the recording are drawn as markers on every
    /// this-many samples (about 8 per second at 60 Hz): the four curves coincide at this scale, and
    /// markers on every sample would hide the lines under them.
    static let trajectoryMarkerStride = 8

    // MARK: Accuracy

    /// Exact closed form, GSL, the `.spring` integrator and the recording on one plot.
    static func trajectory(_ study: RecordedSpringStudy) -> Chart {
        func thinned(_ values: [Double], offset: Int) -> (x: [Double], y: [Double]) {
            let indices = Array(stride(from: offset, to: values.count, by: trajectoryMarkerStride))
            return (indices.map { study.times[$0] }, indices.map { values[$0] })
        }
        let reference = thinned(study.reference, offset: 0)
        var series = [
            ChartSeries(id: "exact", label: "exact closed form (hooke.Spring)", x: study.times, y: study.exact, colorIndex: 0),
            ChartSeries(id: "integrator", label: ".spring 1/300 s integrator", x: study.times, y: study.integrator,
                        dash: .dashed, colorIndex: 2),
            ChartSeries(id: "gsl", label: "GSL reference (every \(trajectoryMarkerStride)th sample)", x: reference.x,
                        y: reference.y, style: .markers, colorIndex: 1),
        ]
        let gap = zip(study.exact, study.integrator).map { Swift.abs($0 - $1) }.max() ?? 0
        var notes = ["The curves coincide to the eye: the closed form and the integrator differ by at most "
                     + "\(ReportFormat.significant(gap, digits: 2)) pt of the 100 pt move; the residuals chart shows the differences."]
        if let recording = study.recording {
            let recorded = thinned(recording, offset: trajectoryMarkerStride / 2)
            series.append(ChartSeries(id: "recording", label: "SwiftUI recording (every \(trajectoryMarkerStride)th sample)",
                                      x: recorded.x, y: recorded.y, style: .markers, colorIndex: 3))
        } else {
            notes.append("The recording \(SpringRecording.fileName) was not found; its series is left out.")
        }
        return Chart(id: "spring-trajectory",
                     title: ".spring(response: 1.8, dampingFraction: 0.3), 694 → 594 pt",
                     xAxis: ChartAxis(label: "animation time", unit: "s"), yAxis: ChartAxis(label: "position", unit: "pt"),
                     series: series, notes: notes)
    }

    /// |x − x_ref|/distance against time for every implementation, log scale.
    static func errorAgainstTime(_ study: ImplementationErrorStudy) -> Chart {
        let series = study.implementations.enumerated().map { index, implementation in
            ChartSeries(id: implementation.id, label: implementation.label, x: study.times, y: implementation.errors,
                        dash: index % 2 == 1 ? .dashed : .solid, colorIndex: index)
        }
        return Chart(
            id: "error-vs-time",
            title: "Error against GSL: response 0.5, ζ 0.3, 0 → 1, 60 Hz frames",
            xAxis: ChartAxis(label: "time", unit: "s"),
            yAxis: ChartAxis(label: "|x − x_ref| / distance", scale: .log, floor: relativeErrorFloor),
            series: series,
            notes: ["The GSL reference (rk8pd, tolerance 1e-13) is itself good to ~1e-15; errors below that measure the reference."])
    }

    /// |residual| in pt against time for the recordings.
    static func recordingResiduals(_ study: RecordedSpringStudy, verification: VerificationReport) -> Chart {
        var series: [ChartSeries] = []
        var notes: [String] = []
        if let recording = study.recording {
            series.append(ChartSeries(id: "integrator-residual", label: ".spring integrator − recording",
                                      x: study.times, y: zip(study.integrator, recording).map { Swift.abs($0 - $1) }, colorIndex: 2))
            series.append(ChartSeries(id: "exact-residual", label: "exact closed form − recording",
                                      x: study.times, y: zip(study.exact, recording).map { Swift.abs($0 - $1) },
                                      dash: .dashed, colorIndex: 0))
        } else {
            notes.append("The recording \(SpringRecording.fileName) was not found.")
        }
        if let chain = verification.checks.first(where: { $0.suite == "recordings" && $0.name.contains("chain") })?.series.first {
            series.append(ChartSeries(id: "chain-residual", label: "interrupted interpolatingSpring chain − recording",
                                      x: chain.x, y: chain.y.map { Swift.abs($0) }, dash: .dotted, colorIndex: 3))
            notes.append("The chain's time axis is the time since its interruption (its recording starts there).")
        }
        return Chart(id: "recording-residuals", title: "Residuals against real SwiftUI recordings",
                     xAxis: ChartAxis(label: "time", unit: "s"),
                     yAxis: ChartAxis(label: "|model − recording|", unit: "pt", scale: .log, floor: residualFloor),
                     series: series, notes: notes)
    }

    // MARK: Performance

    /// Median ns per animation per frame against N for each strategy of `workload`, log–log:
    /// solid for one thread, dashed for the most threads measured.
    static func costAgainstCount(_ results: [BenchResult], workload: Workload) -> Chart? {
        let mine = results.filter { $0.workload == workload }
        guard !mine.isEmpty else { return nil }
        let most = mine.map(\.threads).max() ?? 1
        var series: [ChartSeries] = []
        for (index, strategy) in workload.strategies.enumerated() {
            for threads in Array(Set([1, most])).sorted() {
                let points = mine.filter { $0.strategy == strategy && $0.threads == threads }.sorted { $0.animations < $1.animations }
                guard !points.isEmpty else { continue }
                series.append(ChartSeries(
                    id: "\(strategy.rawValue)-\(threads)t", label: "\(strategy.rawValue), \(threads) thread\(threads == 1 ? "" : "s")",
                    x: points.map { Double($0.animations) }, y: points.map(\.nsPerAnimationFrame.p50),
                    style: .lineAndMarkers, dash: threads == 1 ? .solid : .dashed, colorIndex: index))
            }
        }
        return Chart(id: "cost-vs-n-\(workload.rawValue)",
                     title: "\(workload.rawValue): cost per animation against N (median frame)",
                     xAxis: ChartAxis(label: "animations N", scale: .log),
                     yAxis: ChartAxis(label: "time per animation per frame", unit: "ns", scale: .log),
                     series: series)
    }

    /// The configuration whose distribution is plotted: the largest N that at least two strategies
    /// of `spring` measured on one thread.
    static func distributionCount(_ results: [BenchResult]) -> Int? {
        let single = results.filter { $0.workload == .spring && $0.threads == 1 }
        let counts = Set(single.map(\.animations)).sorted(by: >)
        return counts.first { count in Set(single.filter { $0.animations == count }.map(\.strategy)).count >= 2 } ?? counts.first
    }

    /// Frame time per percentile for each `spring` strategy at one N, one thread, with the budget.
    static func frameTimeDistribution(_ results: [BenchResult], frameRate: Int) -> Chart? {
        guard let count = distributionCount(results) else { return nil }
        let chosen = results.filter { $0.workload == .spring && $0.threads == 1 && $0.animations == count }
        let names = ["p0", "p25", "p50", "p75", "p90", "p99", "p100"]
        let ticks = names.enumerated().map { ChartAxis.FixedTick(Double($0), $1) }
        var series: [ChartSeries] = []
        for (index, strategy) in Workload.spring.strategies.enumerated() {
            guard let result = chosen.first(where: { $0.strategy == strategy }) else { continue }
            series.append(ChartSeries(id: strategy.rawValue, label: strategy.rawValue, x: ticks.map(\.value),
                                      y: result.frameNanoseconds.named.map { $0.value / 1e6 }, style: .lineAndMarkers,
                                      colorIndex: index))
        }
        let budget = FrameBudget.nanoseconds(frameRate: frameRate) / 1e6
        return Chart(id: "frame-time-distribution",
                     title: "spring: frame time distribution, \(ReportFormat.count(count)) animations, 1 thread",
                     xAxis: ChartAxis(label: "percentile of frames", fixedTicks: ticks),
                     yAxis: ChartAxis(label: "frame time", unit: "ms", scale: .log),
                     series: series,
                     referenceLines: [ReferenceLine(y: budget, label: "\(frameRate) Hz budget \(ReportFormat.nanoseconds(budget)) ms")],
                     notes: ["Nearest-rank percentiles of the timed frames (after warm-up)."])
    }

    /// Each `spring` strategy as one point: median cost against its error vs the reference.
    static func accuracyAgainstCost(_ results: [BenchResult]) -> Chart? {
        let single = results.filter { $0.workload == .spring && $0.threads == 1 }
        guard !single.isEmpty else { return nil }
        // The largest N every strategy measured (gsl stops at 1,000), else each strategy's largest.
        let strategies = Workload.spring.strategies.filter { s in single.contains { $0.strategy == s } }
        let common = Set(single.map(\.animations)).filter { n in strategies.allSatisfy { s in single.contains { $0.strategy == s && $0.animations == n } } }
        var series: [ChartSeries] = []
        var counts: Set<Int> = []
        for (index, strategy) in Workload.spring.strategies.enumerated() {
            let candidates = single.filter { $0.strategy == strategy }
            guard let result = (common.max().flatMap { n in candidates.first { $0.animations == n } })
                ?? candidates.max(by: { $0.animations < $1.animations })
            else { continue }
            counts.insert(result.animations)
            let error = result.maxError ?? .nan
            series.append(ChartSeries(id: strategy.rawValue, label: "\(strategy.rawValue) (error \(ReportFormat.error(result.maxError)))",
                                      x: [result.nsPerAnimationFrame.p50], y: [error], style: .markers, colorIndex: index,
                                      annotation: strategy.rawValue))
        }
        let countText = counts.sorted().map { ReportFormat.count($0) }.joined(separator: ", ")
        return Chart(id: "accuracy-vs-cost", title: "spring strategies: accuracy against cost (\(countText) animations, 1 thread)",
                     xAxis: ChartAxis(label: "median time per animation per frame", unit: "ns", scale: .log),
                     yAxis: ChartAxis(label: "max error / distance", scale: .log, floor: benchErrorFloor),
                     series: series,
                     notes: ["Error: the largest error of position or velocity against the GSL reference after the run, relative to "
                             + "each spring's scale. Down and to the left is better."])
    }
}
