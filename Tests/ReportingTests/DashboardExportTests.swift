// DashboardExportTests.swift — each export format checked against its published rules by a
// validator written here from the format's documentation (not by reading our output back with our
// own writer): github-action-benchmark's customSmallerIsBetter entries, the Bencher Metric Format,
// and InfluxDB line protocol's grammar with its escaping rules.

import Foundation
import FrameBench
@testable import Reporting
import Testing
import Verification

@Suite("dashboard export")
struct DashboardExportTests {
    static var bench: BenchReport {
        var report = Fixtures.bench
        report.machine = Machine(name: "runner a,1", cpuModel: "Test CPU", cores: 2, isa: "x86-64 native (AVX2)",
                                      operatingSystem: "Debian", swiftVersion: "6.3", gslVersion: "2.7.1")
        report.commit = BenchCommit(id: "abc1234", date: "2026-11-01T10:00:00Z")
        report.date = "2026-11-01T10:00:00Z"
        return report
    }

    static var metrics: [DashboardMetric] {
        DashboardExport.metrics(bench: bench) + DashboardExport.metrics(verification: Fixtures.verification)
            + DashboardExport.metrics(mutation: .init(schemaVersion: 2, count: 200, score: .init(survived: 28, withinContract: 3, equivalent: 4)))
    }

    static let context = DashboardExport.Context(machine: "runner a,1", isa: "x86-64 native (AVX2)", commit: "abc1234",
                                                 timestamp: DashboardExport.timestamp(iso8601: "2026-11-01T10:00:00Z"))

    /// Every configuration has a time series with its p25–p75 spread; every gated check a worst
    /// error; the planted faults and the random mutants one series each.
    @Test("series cover speed and accuracy")
    func seriesCoverSpeedAndAccuracy() throws {
        let metrics = Self.metrics
        for result in Self.bench.results {
            let time = try #require(metrics.first { $0.benchmark == result.key && $0.measure == "ns-per-animation-frame" })
            #expect(time.value == result.nsPerAnimationFrame.p50 && time.lower == result.nsPerAnimationFrame.p25
                    && time.upper == result.nsPerAnimationFrame.p75 && time.unit == "ns")
        }
        for check in Fixtures.verification.checks where check.tolerance != nil {
            let worst = try #require(metrics.first { $0.benchmark == "verify/" + check.key })
            #expect(worst.value == check.metrics.first { $0.name == check.tolerance!.metric }!.value)
        }
        let mutants = try #require(metrics.first { $0.benchmark == "verify/random-mutants" })
        // Not killed: the 28 survivors and the 3 within the contract, of the 196 not equivalent.
        #expect(mutants.value == 100 * 31.0 / 196 && mutants.unit == "%")
        #expect(metrics.contains { $0.benchmark == "verify/planted-faults" && $0.value == 1 })
        // Names are unique per (benchmark, measure): a dashboard keeps one line per series.
        #expect(Set(metrics.map { $0.benchmark + "\u{0}" + $0.measure }).count == metrics.count)
    }

    /// github-action-benchmark, customSmallerIsBetter: a JSON array of objects with `name`
    /// (string), `unit` (string), `value` (number), and optional `range` and `extra` (strings).
    @Test("the github-action-benchmark format")
    func githubActionBenchmarkFormat() throws {
        let text = try DashboardExport.render(Self.metrics, format: .githubActionBenchmark, context: Self.context)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(entries.count == Self.metrics.count)
        var names = Set<String>()
        for entry in entries {
            #expect(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry.keys)")
            let name = try #require(entry["name"] as? String)
            #expect(!name.isEmpty && names.insert(name).inserted, "duplicate or empty name \(name)")
            #expect((entry["unit"] as? String)?.isEmpty == false)
            let value = try #require(entry["value"] as? Double, "value must be a number")
            #expect(value.isFinite)
            if let range = entry["range"] { #expect(range is String) }
            if let extra = entry["extra"] { #expect(extra is String) }
        }
        let time = try #require(entries.first { ($0["name"] as? String) == "spring/fast/100000/1t/120Hz ns-per-animation-frame" })
        #expect((time["range"] as? String)?.hasPrefix("p25–p75 ") == true)
        #expect((time["extra"] as? String)?.contains("p99 ") == true)
    }

    /// Bencher Metric Format: `{benchmark: {measure slug: {value, lower_value?, upper_value?}}}`,
    /// measure slugs lowercase letters, digits and hyphens, and lower ≤ value ≤ upper.
    @Test("the Bencher metric format")
    func bencherMetricFormat() throws {
        let text = try DashboardExport.render(Self.metrics, format: .bencher, context: Self.context)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var series = 0
        for (benchmark, measures) in document {
            #expect(!benchmark.isEmpty)
            let measures = try #require(measures as? [String: Any])
            for (slug, figures) in measures {
                #expect(!slug.isEmpty && slug.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "slug \(slug)")
                let figures = try #require(figures as? [String: Double])
                #expect(Set(figures.keys).isSubset(of: ["value", "lower_value", "upper_value"]))
                let value = try #require(figures["value"])
                if let lower = figures["lower_value"] { #expect(lower <= value) }
                if let upper = figures["upper_value"] { #expect(value <= upper) }
                series += 1
            }
        }
        #expect(series == Self.metrics.count)
    }

    /// InfluxDB line protocol: `measurement[,tag=value...] field=value[,field=value...] [timestamp]`,
    /// with commas and spaces escaped in measurements, commas, equals signs and spaces in tag keys,
    /// tag values and field keys; string fields in double quotes; floats without a suffix.
    @Test("the InfluxDB line protocol")
    func influxLineProtocol() throws {
        let text = try DashboardExport.render(Self.metrics, format: .influx, context: Self.context)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.metrics.count && text.hasSuffix("\n"))
        for line in lines {
            let point = try #require(InfluxLine(line), "unparseable: \(line)")
            #expect(["hooke_speed", "hooke_accuracy", "hooke_mutation"].contains(point.measurement))
            #expect(point.tags["machine"] == "runner a,1" && point.tags["commit"] == "abc1234"
                    && point.tags["isa"] == "x86-64 native (AVX2)")
            #expect(point.tags.keys.sorted() == point.tagOrder, "tags sorted by key")
            #expect(point.floats["value"] != nil && point.strings["unit"] != nil)
            #expect(point.timestamp == 1_793_527_200_000_000_000)
            if point.measurement == "hooke_speed" { #expect(point.tags["threads"] != nil) }
        }
        #expect(DashboardExport.escape("a b,c=d", [",", "=", " "]) == #"a\ b\,c\=d"#)
    }
}

/// A line of InfluxDB line protocol, parsed by its grammar (v2 reference, "Line protocol").
struct InfluxLine {
    var measurement = ""
    var tags: [String: String] = [:]
    var tagOrder: [String] = []
    var floats: [String: Double] = [:]
    var strings: [String: String] = [:]
    var timestamp: Int64?

    init?(_ line: String) {
        var characters = Array(line)[...]
        /// Reads up to an unescaped character of `stops`, unescaping `\x` for x in `escapable`.
        func token(until stops: Set<Character>, escapable: Set<Character>) -> String {
            var text = ""
            while let c = characters.first, !stops.contains(c) {
                characters.removeFirst()
                if c == "\\", let next = characters.first, escapable.contains(next) {
                    text.append(next)
                    characters.removeFirst()
                } else {
                    text.append(c)
                }
            }
            return text
        }
        measurement = token(until: [",", " "], escapable: [",", " "])
        guard !measurement.isEmpty else { return nil }
        while characters.first == "," {
            characters.removeFirst()
            let key = token(until: ["=", ",", " "], escapable: [",", "=", " "])
            guard characters.first == "=" else { return nil }
            characters.removeFirst()
            let value = token(until: [",", " "], escapable: [",", "=", " "])
            guard !key.isEmpty, !value.isEmpty, tags[key] == nil else { return nil }
            tags[key] = value
            tagOrder.append(key)
        }
        guard characters.first == " " else { return nil }
        characters.removeFirst()
        repeat {
            if characters.first == "," { characters.removeFirst() }
            let key = token(until: ["=", ",", " "], escapable: [",", "=", " "])
            guard !key.isEmpty, characters.first == "=" else { return nil }
            characters.removeFirst()
            if characters.first == "\"" {
                characters.removeFirst()
                var text = ""
                while let c = characters.first, c != "\"" {
                    characters.removeFirst()
                    if c == "\\", let next = characters.first, next == "\"" || next == "\\" {
                        text.append(next)
                        characters.removeFirst()
                    } else {
                        text.append(c)
                    }
                }
                guard characters.first == "\"" else { return nil }
                characters.removeFirst()
                strings[key] = text
            } else {
                let raw = token(until: [",", " "], escapable: [])
                // A float: no i/u suffix (integers), no booleans, a finite decimal or exponent form.
                guard let value = Double(raw), value.isFinite, !raw.hasSuffix("i"), !raw.hasSuffix("u") else { return nil }
                guard floats[key] == nil, strings[key] == nil else { return nil }
                floats[key] = value
            }
        } while characters.first == ","
        if characters.first == " " {
            characters.removeFirst()
            guard let stamp = Int64(String(characters)) else { return nil }
            timestamp = stamp
            characters = []
        }
        guard characters.isEmpty else { return nil }
    }
}
