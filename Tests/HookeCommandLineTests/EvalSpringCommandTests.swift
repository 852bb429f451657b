import Foundation
import HookeCommandLine
import Testing

/// The underdamped closed form worked by hand for a motion 0 → 1 from rest, independent of
/// AnimationMath: ω0 = 2π/r, λ = ζω0, ω = ω0√(1 − ζ²),
/// x = 1 − e^{−λt}(cos ωt + (λ/ω) sin ωt),  v = e^{−λt} (ω0²/ω) sin ωt.
private func handUnderdamped(response: Double, ratio: Double, time: Double) -> (x: Double, v: Double) {
    let omega0 = 2 * Double.pi / response
    let decay = ratio * omega0
    let omega = omega0 * (1 - ratio * ratio).squareRoot()
    let envelope = exp(-decay * time)
    return (1 - envelope * (cos(omega * time) + decay / omega * sin(omega * time)),
            envelope * omega0 * omega0 / omega * sin(omega * time))
}

@Suite("hooke eval spring")
struct EvalSpringCommandTests {
    /// Closed form vs the hand formula: both are a handful of correctly rounded libm calls, so they
    /// agree to a few ulps of the distance 1; 1e-13 is the command's contract with ~100× margin.
    static let exactTolerance = 1e-13
    /// The GSL reference runs at epsabs = epsrel ≈ 1e-13 per step; over 1 s of an ordinary spring
    /// the accumulated error stays below ~1e-12; the contract is 1e-11.
    static let referenceTolerance = 1e-11

    @Test("exact engine: 101 rows within 1e-13 of the closed form", arguments: ["exact", "gsl"])
    func issueExample(engine: String) throws {
        let run = hooke("eval", "spring", "--response", "0.5", "--damping-ratio", "0.8", "--until", "1",
                        "--step", "0.01", "--engine", engine)
        #expect(run.status == 0)
        #expect(run.standardOutput.hasPrefix("time,value,velocity\n"))
        let rows = run.csvRows
        #expect(rows.count == 101)
        let tolerance = engine == "exact" ? Self.exactTolerance : Self.referenceTolerance
        var worst = 0.0
        for (index, row) in rows.enumerated() {
            #expect(row[0] == Double(index) * 0.01)
            let expected = handUnderdamped(response: 0.5, ratio: 0.8, time: row[0])
            worst = max(worst, abs(row[1] - expected.x), abs(row[2] - expected.v) * 0.5 / (2 * .pi))
        }
        #expect(worst <= tolerance, "worst error \(worst) for engine \(engine)")
    }

    @Test("17 significant digits round-trip")
    func roundTrip() throws {
        let run = hooke("eval", "spring", "--duration", "0.5", "--bounce", "0.3", "--until", "0.3", "--step", "0.1")
        let line = run.standardOutput.split(separator: "\n")[2]
        let fields = line.split(separator: ",")
        for field in fields { #expect(String(Double(field)!) == String(Double(String(field))!)) }
        #expect(fields[1].filter(\.isNumber).count >= 16)
    }

    @Test("retargets: exact engine agrees with the reference given the same events")
    func retargetsAgree() throws {
        var arguments = ["eval", "spring", "--response", "0.4", "--damping-ratio", "0.6", "--until", "3", "--step", "0.05"]
        for event in 1...20 { arguments += ["--retarget", "\(Double(event) * 0.13):\(event % 2 == 0 ? 1.0 : -2.0)"] }
        let exact = hooke(arguments + ["--engine", "exact"]).csvRows
        let reference = hooke(arguments + ["--engine", "gsl"]).csvRows
        #expect(exact.count == 61 && reference.count == 61)
        var worst = 0.0
        for (a, b) in zip(exact, reference) { worst = max(worst, abs(a[1] - b[1])) }
        // Distances are ≤ 3; the reference's 1e-13-per-step control over 3 s and 20 restarts.
        #expect(worst <= 3 * Self.referenceTolerance, "worst \(worst)")
    }

    @Test("gsl engine past one solve block (65,536 rows): continuous across the boundary and a retarget on it")
    func referenceBlocks() throws {
        // 70,001 rows; retargets just before, on and after the block boundary t = 6.5536.
        var arguments = ["eval", "spring", "--response", "3", "--damping-ratio", "0.05", "--until", "7", "--step", "0.0001"]
        for event in ["6.5", "6.5536", "6.6"] { arguments += ["--retarget", "\(event):\(event == "6.5536" ? -1 : 2)"] }
        let exact = hooke(arguments + ["--engine", "exact"]).csvRows
        let reference = hooke(arguments + ["--engine", "gsl"]).csvRows
        #expect(exact.count == 70_001 && reference.count == 70_001)
        var worst = 0.0
        for (a, b) in zip(exact, reference) {
            #expect(a[0] == b[0])
            worst = max(worst, abs(a[1] - b[1]))
        }
        // Distances ≤ 3 over 7 s of a lightly damped spring, 3 retargets and one block restart.
        #expect(worst <= 3 * Self.referenceTolerance, "worst \(worst)")
    }

    @Test("swiftui engine: starts at rest, reaches the target, merges on retarget")
    func swiftUIEngine() throws {
        let run = hooke("eval", "spring", "--response", "0.5", "--damping-ratio", "1", "--engine", "swiftui",
                        "--until", "3", "--step", "0.01", "--retarget", "0.3:2")
        #expect(run.status == 0)
        let rows = run.csvRows
        #expect(rows[0][1] == 0)
        // Continuity at the merge: the step from 0.29 to 0.30 to 0.31 stays small (no jump to a
        // fresh start, which would show a kink of the size of the distance).
        let continuousStep = 0.1  // a 0.01 s step moves the value 0.016 here; a restart would jump by ~1
        #expect(abs(rows[31][1] - rows[30][1]) < continuousStep)
        // Finished by t = 3 (≈ 6 responses): the integrator's finish rule leaves |Δ − x| ≤ 1% of Δ,
        // then the animation ends and the value is exactly the target.
        #expect(rows[300][1] == 2)
    }

    @Test("JSON rows carry the same numbers")
    func json() throws {
        let csv = hooke("eval", "spring", "--until", "0.1", "--step", "0.05").csvRows
        let run = hooke("eval", "spring", "--until", "0.1", "--step", "0.05", "--format", "json")
        // JSONDecoder, not JSONSerialization: the latter rounds numbers on Linux.
        struct Output: Decodable { var engine: String; var rows: [[String: Double]] }
        let rows = try JSONDecoder().decode(Output.self, from: Data(run.standardOutput.utf8)).rows
        #expect(rows.count == 3)
        for (row, expected) in zip(rows, csv) {
            #expect(row["time"] == expected[0] && row["value"] == expected[1] && row["velocity"] == expected[2])
        }
    }

    @Test("bad input exits 2 naming the flag", arguments: [
        (["--response", "0", "--damping-ratio", "1"], ["--response", "0"]),
        (["--response", "-1", "--damping-ratio", "1"], ["--response", "-1"]),
        (["--response", "nan", "--damping-ratio", "1"], ["--response", "nan"]),
        (["--response", "inf", "--damping-ratio", "1"], ["--response", "inf"]),
        (["--stiffness", "100", "--damping", "10", "--mass", "0"], ["--mass", "0"]),
        (["--step", "0"], ["--step", "0"]),
        (["--step", "-0.1"], ["--step", "-0.1"]),
        (["--until", "-1"], ["--until", "-1"]),
        (["--retarget", "0.5"], ["--retarget", "0.5"]),
        (["--retarget", "x:1"], ["--retarget", "x:1"]),
        (["--retarget", "0.5:abc"], ["--retarget", "0.5:abc"]),
        (["--frobnicate"], ["--frobnicate"]),
        (["--until"], ["--until"]),
        (["--response", "0.5", "--damping-ratio", "1", "--duration", "0.5"], ["one spring form"]),
        (["--response", "0.5"], ["--damping-ratio"]),
        (["--engine", "euler"], ["--engine", "euler"]),
        (["--format", "xml"], ["--format", "xml"]),
        (["--bounce", "-1"], ["--bounce", "-1"]),
        (["--engine", "swiftui", "--velocity", "2"], ["--velocity"]),
        (["stray"], ["stray"]),
        (["--response", "1e-300", "--damping-ratio", "1"], ["--response 1e-300 --damping-ratio 1", "[1e-6, 1e6]"]),
        (["--response", "1e300", "--damping-ratio", "1"], ["--response", "1e300", "1e100"]),
    ])
    func badInput(arguments: [String], mentions: [String]) {
        expectUsageError(["eval", "spring"] + arguments, mentions: mentions)
    }

    /// The stable region of the 1/300 s rule: ζ < (1 − a²/4)/a with a = (2π/r)/300, worked by hand:
    /// r = 0.5 gives a = 0.0418879, ζ_max = 23.8628; at the stiffness cap (k = 45 000, r ≤ 0.0296)
    /// a = 0.707107, ζ_max = 1.23744. Just inside: no warning, finite rows; just outside: one
    /// warning line and values that leave any bound (about 1e147 after 1 s for ζ = 50).
    @Test("a spring outside the integrator's stable region warns on stderr, once", arguments: [
        ("0.5", "50", true), ("0.5", "25", true), ("0.5", "23", false), ("0.02", "1.3", true), ("0.02", "1.2", false),
    ])
    func stabilityWarning(response: String, ratio: String, warns: Bool) throws {
        let run = hooke("eval", "spring", "--response", response, "--damping-ratio", ratio, "--engine", "swiftui",
                        "--until", "1", "--step", "0.1")
        #expect(run.status == 0)
        let lines = run.standardError.split(separator: "\n")
        let largest = run.csvRows.map { abs($0[1]) }.max() ?? .nan
        if warns {
            #expect(lines.count == 1, "\(run.standardError)")
            #expect(run.standardError.hasPrefix("warning: --engine swiftui: spring(response: \(response), dampingFraction: \(ratio))"))
            #expect(run.standardError.contains(response == "0.5" ? "dampingFraction < 23.86" : "dampingFraction < 1.237"))
            #expect(!(largest < 1e6), "it does diverge: \(largest)")
        } else {
            #expect(run.standardError.isEmpty, "\(run.standardError)")
            #expect(largest < 2, "bounded: \(largest)")
        }
        if response == "0.5" && ratio == "50" {
            // About 1e147 after 1 s.
            #expect(largest > 1e140 || !largest.isFinite)
        }
    }

    /// The overflow that the non-finite warning (StabilityWarning.nonFinite, the backstop) once
    /// caught is now refused at parsing: values beyond ±1e100 are out of range.
    @Test("overflowing inputs are refused before any row")
    func nonFiniteRowsWarn() {
        expectUsageError(["eval", "spring", "--response", "0.5", "--damping-ratio", "0.8", "--from", "-1e308",
                          "--to", "1.7e308", "--until", "0.1", "--step", "0.05"], mentions: ["--from", "-1e308"])
    }
}
