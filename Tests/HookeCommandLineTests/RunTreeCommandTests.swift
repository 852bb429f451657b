import Foundation
import HookeCommandLine
import Testing
import _TestSupport

@Suite("hooke run: tree scenarios")
struct RunTreeCommandTests {
    /// A linear ramp by hand: Δ·t/d with t a multiple of 1/4 and Δ = 2, a rounding or two of numbers
    /// ≤ 2; 1e-12 leaves room and is far below a wrong animation (Δ/4 at least at some frame).
    static let linearTolerance = 1e-12

    static func example(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("examples/scenarios/transactions/\(name)").path
    }

    @Test("every tree example runs in CSV and JSON")
    func examplesRun() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: repositoryRoot.appendingPathComponent("examples/scenarios/transactions").path)
            .filter { $0.hasSuffix(".json") }
        #expect(names.count == 8)
        for name in names {
            for format in ["csv", "json"] {
                let result = hooke("run", Self.example(name), "--format", format)
                #expect(result.status == 0 && result.standardError.isEmpty, "\(name) \(format): \(result.standardError)")
                #expect(!result.standardOutput.isEmpty)
            }
        }
    }

    @Test("rows per value per frame: the frozen subtree jumps, its sibling ramps linearly")
    func rowsPerValue() throws {
        let result = hooke("run", Self.example("transaction-nil-freezes.json"))
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.first == "time,name,value,velocity")
        let rows = lines.dropFirst().map { $0.split(separator: ",").map(String.init) }
        #expect(rows.count == 7 * 3)  // frames 0, 0.25, …, 1.5; three values
        for row in rows {
            let time = try #require(Double(row[0])), value = try #require(Double(row[2]))
            // moving: withAnimation(.linear(duration: 1)) from 0 to 2; frozen values jump to 2.
            let expected = row[1] == "moving" ? 2 * min(time, 1) : 2
            #expect(abs(value - expected) <= Self.linearTolerance, "\(row)")
        }
        #expect(rows.prefix(3).map { $0[1] } == ["moving", "frozen", "frozenChild"])
    }

    @Test("JSON names the values and reports one completion per change")
    func jsonCompletions() throws {
        let result = hooke("run", Self.example("explicit-every-value.json"), "--format", "json")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""values": ["opacity", "offset", "scale"]"#))
        #expect(result.standardOutput.contains(#"{"time": 0.25, "name": "offset", "value": 25, "velocity": 100}"#))
        #expect(result.standardOutput.hasSuffix("""
        "completions": [
          {"name": "shown", "criteria": "logicallyComplete", "time": 1.25}
        ]}

        """))
    }

    @Test("a bad tree scenario exits 2 naming the file and the JSON path, nothing on stdout")
    func badTree() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-tree-\(UUID().uuidString).json")
        try #"{"frames": [0], "tree": {"children": [{"modifiers": [{"animation": null, "value": "flag"}]}]}, "changes": []}"#
            .write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        expectUsageError(["run", url.path], mentions: ["\(url.path): tree.children[0].modifiers[0].value: unknown name 'flag'"])
    }
}
