#if canImport(Glibc)
import Glibc
#endif
import HookeSupport

/// The readable table `hooke bench` prints: one row per configuration, strategies of the same
/// workload and size side by side.
public enum BenchTable {
    public static func render(_ results: [BenchResult], environment: BenchEnvironment) -> String {
        var lines: [String] = []
        let machine = environment.machine
        lines.append("hooke bench — \(machine.cpuModel), \(machine.cores) cores, \(machine.operatingSystem), "
                     + "Swift \(machine.swiftVersion), GSL \(machine.gslVersion), \(environment.buildConfiguration.rawValue) build, "
                     + "\(results.first?.frameRate ?? environment.frameRate) Hz, built for \(environment.buildISA ?? "an unrecorded ISA")")
        let header = ["workload", "strategy", "animations", "thr", "ns/anim p50", "p25", "p75", "p99", "IQR/p50",
                      "samples", "×naive", "÷limit/avx2/floor", "speed-up", "alloc/frame", "error vs ref", "vs naive", "B/anim",
                      "B/frame", "max N 60Hz", "max N 120Hz"]
        var rows: [[String]] = [header]
        for r in results {
            rows.append([
                r.workload.rawValue, r.strategy.rawValue, "\(r.animations)", "\(r.workerThreads)" + (r.pool == .semaphore ? " sem" : ""),
                number(r.nsPerAnimationFrame.p50), number(r.nsPerAnimationFrame.p25), number(r.nsPerAnimationFrame.p75),
                number(r.nsPerAnimationFrame.p99), spread(r), "\(r.samples)",
                r.ratioToNaive.map { number(1 / $0) + "×" } ?? "—",
                limitRatios(r),
                r.parallelSpeedup.map { number($0) + "×" } ?? "—",
                r.allocationsPerFrame.map { number($0) } ?? "n/a",
                r.maxError.map { scientific($0) } ?? (r.note != nil ? "diverged" : "—"),
                r.consistencyWithNaive.map { scientific($0) } ?? "—",
                "\(r.stateBytesPerAnimation)",
                r.bytesMovedPerAnimation.map { "\($0)" } ?? "—",
                capacity(r.maxAnimationsAt60Hz, atLeast: r.maxAnimationsAt60HzIsLowerBound),
                capacity(r.maxAnimationsAt120Hz, atLeast: r.maxAnimationsAt120HzIsLowerBound),
            ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for (index, row) in rows.enumerated() {
            let cells = row.enumerated().map { column, cell in
                column < 2 ? pad(cell, widths[column], left: false) : pad(cell, widths[column], left: true)
            }
            lines.append(cells.joined(separator: "  "))
            if index == 0 { lines.append(widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")) }
        }
        lines.append("IQR/p50: (p75 − p25) / p50 of the time per animation; \"2 modes\": the frames form two groups (log-time split with "
                     + "Ashman's D > \(format(Bimodality.minimumSeparation, "%g")), each ≥ \(format(Bimodality.minimumShare * 100, "%g")) % of the frames, "
                     + "medians ≥ \(format(Bimodality.minimumRatio, "%g"))× apart): the median describes neither (the \"2 modes:\" lines below).")
        lines.append(contentsOf: legend(results))
        lines.append("peak resident memory: \(number(Double(environment.peakResidentMemoryBytes) / 1_048_576)) MiB")
        for r in results where r.note != nil { lines.append("note: \(r.key): \(r.note!)") }
        for r in results { if let line = modes(r) { lines.append(line) } }
        return lines.joined(separator: "\n")
    }

    /// What the columns mean, the reference each workload's error is measured against, and the
    /// assumptions each strategy makes.
    public static func legend(_ results: [BenchResult]) -> [String] {
        var lines = [
            "thr: threads that ran the frames, one contiguous chunk each (1: the calling thread; T ≥ 2: the caller and T − 1 Dispatch workers, "
                + "handed each frame by the spin pool; \"T sem\": T Dispatch workers handed each frame by semaphores, the caller waiting); "
                + "×naive: how many times faster than naive (median); "
                + "÷limit/avx2/floor: fast's median over the C limit kernel's for the build's ISA, over its AVX2 build's, over the bandwidth floor's; speed-up: 1-thread frame time / this one; "
                + "max N: animations whose p99 frame fits the budget, extrapolated from this row's p99 at most "
                + "\(FrameBudget.extrapolationLimit)× beyond its N (\"> N\": more would fit, not measured).",
            "B/anim: bytes of state kept per animation; B/frame: bytes of state a memory-bound kernel streams per animation per frame "
                + "(read; what it writes is among them), which its floor row streams too.",
            "error vs ref: largest error against an independent reference, relative to each animation's scale; "
                + "vs naive: largest difference from the naive strategy (consistency, not accuracy).",
        ]
        var seen: [Workload] = []
        for r in results where !seen.contains(r.workload) {
            seen.append(r.workload)
            lines.append("reference for \(r.workload.rawValue): \(r.reference.summary)")
        }
        var strategies: [String] = []
        for r in results where !r.assumptions.isEmpty {
            let line = "assumes \(r.assumptions.joined(separator: ", ")): \(r.workload.rawValue) \(r.strategy.rawValue)"
            if !strategies.contains(line) { strategies.append(line) }
        }
        return lines + strategies
    }

    /// The equal-accuracy table: per target accuracy, each spring strategy's substeps and cost.
    public static func renderEqualAccuracy(_ rows: [EqualAccuracyRow]) -> String {
        var lines = ["cost at equal accuracy (spring, 1 thread, error after \(KernelFactory.errorFrames) frames against GSL):"]
        let header = ["target", "strategy", "substeps", "error", "ns/anim p50", "p75", "N"]
        var table: [[String]] = [header]
        for row in rows {
            table.append([scientific(row.target), row.strategy.rawValue,
                          row.substeps.map { "\($0)" } ?? "cannot within \(EqualAccuracy.maximumSubsteps) substeps",
                          row.error.map(scientific) ?? "—", row.nsPerAnimationFrame.map(number) ?? "—",
                          row.nsPerAnimationFrameP75.map(number) ?? "—", "\(row.animations)"])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            lines.append(row.enumerated().map { column, cell in pad(cell, widths[column], left: column != 1) }
                .joined(separator: "  "))
        }
        return lines.joined(separator: "\n")
    }

    /// The hand-off rows: what the harness costs per frame on its own (empty frames per thread count
    /// and pool) and the two round trips that explain it.
    public static func renderHandOff(_ rows: [HandOffRow]) -> String {
        var lines = ["hand-off (the harness's own cost per frame; every row of that thread count and pool pays it on top of its work):"]
        let header = ["what", "µs p50", "p25", "p75", "p99", "samples"]
        var table: [[String]] = [header]
        for row in rows {
            let p = row.nanoseconds
            table.append([row.label, number(p.p50 / 1e3), number(p.p25 / 1e3), number(p.p75 / 1e3), number(p.p99 / 1e3),
                          "\(row.samples)"])
        }
        let widths = header.indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        for row in table {
            lines.append(row.enumerated().map { column, cell in pad(cell, widths[column], left: column != 0) }
                .joined(separator: "  "))
        }
        var pools: [PoolKind] = []
        for row in rows { if let pool = row.pool, !pools.contains(pool) { pools.append(pool) } }
        for pool in pools { lines.append("\(pool.rawValue) pool: \(pool.summary)") }
        return lines.joined(separator: "\n")
    }

    /// `fast`'s ratios to the limits, "1.52/2.80/3.90" ("—" for one not measured); "—" for other strategies.
    static func limitRatios(_ r: BenchResult) -> String {
        let ratios = [r.ratioToLimit, r.ratioToLimitAVX2, r.ratioToFloor]
        guard ratios.contains(where: { $0 != nil }) else { return "—" }
        return ratios.map { $0.map(number) ?? "—" }.joined(separator: "/")
    }

    /// A capacity, "> N" when it is the extrapolation cap.
    static func capacity(_ value: Int, atLeast: Bool) -> String { (atLeast ? "> " : "") + count(value) }

    static func pad(_ text: String, _ width: Int, left: Bool) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? fill + text : text + fill
    }

    /// Three significant digits, plain notation (`formatPlain`).
    static func number(_ value: Double) -> String {
        value.isFinite ? formatPlain(value) : "\(value)"
    }

    static func scientific(_ value: Double) -> String { value == 0 ? "0" : format(value, "%.1e") }

    static func count(_ value: Int) -> String {
        if value >= 10_000_000 { return format(Double(value) / 1e6, "%.0fM") }
        if value >= 1_000_000 { return format(Double(value) / 1e6, "%.1fM") }
        if value >= 10_000 { return format(Double(value) / 1e3, "%.0fk") }
        return "\(value)"
    }

    /// A comparison with the performance baseline, in lines: the counts, the configurations not judged, and every
    /// metric that changed beyond its threshold.
    public static func renderComparison(_ comparison: PerformanceBaseline.Comparison, path: String) -> String {
        let timings = comparison.findings.filter { $0.metric == "timeRatioToNaive" }.count
        var lines = ["baseline \(path): \(comparison.findings.count) metrics compared (\(timings) timings), "
                     + "\(comparison.regressions.count) regressions, \(comparison.improvements.count) improvements, "
                     + "\(comparison.unmeasured.count) configurations not measured in this run, "
                     + "\(comparison.tooFewSamples.count) not timed with enough samples to judge"]
        for key in comparison.tooFewSamples {
            lines.append("  not judged (fewer than \(PerformanceBaseline.Thresholds.standard.minimumSamples) samples): \(key)")
        }
        for finding in comparison.findings where finding.verdict != .equal {
            var line = "  \(finding.verdict.rawValue): \(finding.key) \(finding.metric) "
                + "\(formatShort(finding.baseline, digits: 3)) → \(formatShort(finding.current, digits: 3))"
            if let interval = finding.interval, let threshold = finding.threshold {
                line += " (×\(formatShort(interval.estimate, digits: 3)), \(format(interval.confidence * 100, "%.0f")) % interval "
                    + "\(formatShort(interval.lower, digits: 3))…\(formatShort(interval.upper, digits: 3)) past \(formatShort(threshold, digits: 3)))"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// A bimodal row's two modes and what its measuring thread went through.
    static func modes(_ r: BenchResult) -> String? {
        guard let modes = r.bimodality else { return nil }
        var line = "2 modes: \(r.key): \(number(modes.lowMedian)) and \(number(modes.highMedian)) ns/anim "
            + "(\(format(modes.highShare * 100, "%.0f")) % of frames slow, D = \(format(modes.separation, "%.1f")))"
        if let noise = r.noise {
            line += "; frames after a context switch: \(noise.framesAfterSwitch) of \(r.samples)"
            if let after = noise.medianAfterSwitch, let without = noise.medianWithoutSwitch {
                let scale = 1 / Double(max(r.animations, 1))
                line += " (median \(number(after * scale)) vs \(number(without * scale)) ns/anim)"
            }
            line += ", CPUs \(noise.cpus.map(String.init).joined(separator: ",")), \(noise.migrations) migrations, "
                + "\(noise.minorFaults) minor faults"
        }
        return line
    }

    /// The row's IQR / median in percent, "2 modes" appended when its frames are bimodal.
    static func spread(_ result: BenchResult) -> String {
        let text = result.relativeSpread.map { format($0 * 100, "%.0f") + "%" } ?? "—"
        return result.bimodality == nil ? text : text + " 2 modes"
    }

    static func format(_ value: Double, _ pattern: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, pattern, $0) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
