#if canImport(Glibc)
import Glibc
#endif

/// The readable table `hooke bench` prints: one row per configuration, strategies of the same
/// workload and size side by side.
public enum BenchTable {
    public static func render(_ results: [BenchResult], environment: BenchEnvironment) -> String {
        var lines: [String] = []
        lines.append("hooke bench — \(environment.cpuModel), \(environment.cores) cores, \(environment.operatingSystem), "
                     + "Swift \(environment.swiftVersion), GSL \(environment.gslVersion), \(environment.buildConfiguration.rawValue) build, "
                     + "\(results.first?.frameRate ?? environment.frameRate) Hz")
        let header = ["workload", "strategy", "animations", "thr", "ns/anim p50", "p25", "p75", "p99",
                      "samples", "×naive", "speed-up", "alloc/frame", "max error", "B/anim", "max N 60Hz", "max N 120Hz"]
        var rows: [[String]] = [header]
        for r in results {
            rows.append([
                r.workload.rawValue, r.strategy.rawValue, "\(r.animations)", "\(r.threads)",
                number(r.nsPerAnimationFrame.p50), number(r.nsPerAnimationFrame.p25), number(r.nsPerAnimationFrame.p75),
                number(r.nsPerAnimationFrame.p99), "\(r.samples)",
                r.ratioToNaive.map { number(1 / $0) + "×" } ?? "—",
                r.parallelSpeedup.map { number($0) + "×" } ?? "—",
                r.allocationsPerFrame.map { number($0) } ?? "n/a",
                r.maxError.map { scientific($0) } ?? (r.note != nil ? "diverged" : "—"),
                "\(r.stateBytesPerAnimation)", count(r.maxAnimationsAt60Hz), count(r.maxAnimationsAt120Hz),
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
        lines.append("×naive: how many times faster than naive (median); speed-up: 1-thread frame time / this one; "
                     + "max N: animations whose median frame fits the budget, extrapolated from this row.")
        lines.append("peak resident memory: \(number(Double(environment.peakResidentMemoryBytes) / 1_048_576)) MiB")
        for r in results where r.note != nil { lines.append("note: \(r.key): \(r.note!)") }
        return lines.joined(separator: "\n")
    }

    static func pad(_ text: String, _ width: Int, left: Bool) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return left ? fill + text : text + fill
    }

    /// Three significant digits, plain notation.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : magnitude >= 1 ? 2 : 3
        return format(value, "%.\(decimals)f")
    }

    static func scientific(_ value: Double) -> String { value == 0 ? "0" : format(value, "%.1e") }

    static func count(_ value: Int) -> String {
        if value >= 10_000_000 { return format(Double(value) / 1e6, "%.0fM") }
        if value >= 1_000_000 { return format(Double(value) / 1e6, "%.1fM") }
        if value >= 10_000 { return format(Double(value) / 1e3, "%.0fk") }
        return "\(value)"
    }

    static func format(_ value: Double, _ pattern: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, pattern, $0) }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
