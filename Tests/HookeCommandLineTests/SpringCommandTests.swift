import Foundation
import HookeCommandLine
import Testing
import _TestSupport

@Suite("hooke spring")
struct SpringCommandTests {
    /// Conversions are a few correctly rounded operations: Apple's printed numbers are matched to
    /// within 4 ulps.
    static func closeInUlps(_ a: Double, _ b: Double, ulps: Double = 4) -> Bool {
        ulpDistance(a, b) <= ulps
    }

    /// Decoded with JSONDecoder, which parses numbers exactly (JSONSerialization rounds on Linux).
    func json(_ arguments: String...) throws -> [String: Any] {
        let run = hooke(["spring"] + arguments + ["--format", "json"])
        #expect(run.status == 0, "\(run.standardError)")
        struct Output: Decodable {
            var regime: String
            var numbers: [String: Double?]
            init(from decoder: Decoder) throws {
                regime = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey("regime"))
                var numbers: [String: Double?] = [:]
                let container = try decoder.container(keyedBy: AnyKey.self)
                for key in container.allKeys where key.stringValue != "regime" {
                    numbers[key.stringValue] = try container.decode(Double?.self, forKey: key)
                }
                self.numbers = numbers
            }
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(run.standardOutput.utf8))
        var result: [String: Any] = ["regime": output.regime]
        for (key, value) in output.numbers { result[key] = value ?? Double.infinity }
        return result
    }

    @Test("Apple's documented conversions")
    func documented() throws {
        let bouncy = try json("--duration", "0.5", "--bounce", "0.3")
        #expect(Self.closeInUlps(bouncy["stiffness"] as! Double, 157.91367041742973))
        #expect(Self.closeInUlps(bouncy["damping"] as! Double, 17.59291886010284))
        #expect(bouncy["regime"] as? String == "underdamped")
        let physical = try json("--mass", "1", "--stiffness", "100", "--damping", "10")
        #expect(Self.closeInUlps(physical["duration"] as! Double, 0.6283185307179586))
        #expect(Self.closeInUlps(physical["bounce"] as! Double, 0.5))
    }

    @Test("SwiftUI's settlingDuration and the true settle time of Spring()")
    func settle() throws {
        let spring = try json()
        #expect(spring["settlingDuration"] as? Double == 0.7999999999999999)
        // Critically damped from rest: |x − 1| = (1 + ω0 t)e^{−ω0 t} decreases monotonically, so the
        // true settle time solves (1 + ω0 t)e^{−ω0 t} = ε; Newton's method worked here by hand.
        let omega0 = 4 * Double.pi, epsilon = 0.001
        var t = 0.5
        for _ in 0..<50 {
            let f = (1 + omega0 * t) * exp(-omega0 * t) - epsilon
            let derivative = -omega0 * omega0 * t * exp(-omega0 * t)
            t -= f / derivative
        }
        // The reference's settle time comes from a root refinement on a ~1e-13 trajectory; here it
        // meets Newton's root on the closed form to 8e-15 s.
        let settleTimeAgreement = 1e-13
        #expect(abs(spring["trueSettleTime"] as! Double - t) < settleTimeAgreement, "\(spring["trueSettleTime"]!) vs \(t)")
    }

    @Test("the overdamped stiffness erratum is shown beside the physical stiffness")
    func erratum() {
        let run = hooke("spring", "--duration", "0.5", "--bounce", "-0.2")
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("335.5"))
        #expect(run.standardOutput.contains("157.91"))
    }

    @Test("bad input", arguments: [
        (["--duration", "0"], ["--duration", "0"]),
        (["--stiffness", "-5", "--damping", "1"], ["--stiffness", "-5"]),
        (["--format", "yaml"], ["--format", "yaml"]),
    ])
    func badInput(arguments: [String], mentions: [String]) {
        expectUsageError(["spring"] + arguments, mentions: mentions)
    }
}

struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

@Suite("hooke help and dispatch")
struct HelpTests {
    @Test("hooke --help lists every subcommand")
    func topLevel() {
        let run = hooke("--help")
        #expect(run.status == 0)
        for word in ["eval spring", "eval curve", "spring"] { #expect(run.standardOutput.contains(word)) }
    }

    @Test("every subcommand has --help", arguments: Hooke.commands.map { $0.words })
    func subcommandHelp(words: [String]) {
        let run = hooke(words + ["--help"])
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("USAGE: hooke"))
    }

    @Test("an unknown subcommand exits 2")
    func unknown() {
        expectUsageError(["frobnicate"], mentions: ["frobnicate"])
    }

    @Test("a group word alone lists its subcommands")
    func group() {
        expectUsageError(["eval"], mentions: ["eval spring", "eval curve", "eval keyframes"])
        let help = hooke("eval", "--help")
        #expect(help.status == 0)
        for word in ["eval spring", "eval curve", "eval keyframes"] { #expect(help.standardOutput.contains(word)) }
    }

    @Test("the real binary exits 2 with a message on stderr and nothing on stdout")
    func realBinary() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("hooke")
        let candidates = [binary, repositoryRoot.appendingPathComponent(".build/debug/hooke")]
        guard let executable = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            Issue.record("hooke binary not found beside the test runner or in .build/debug")
            return
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["eval", "spring", "--response", "-1", "--damping-ratio", "1"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(out.fileHandleForReading.readDataToEndOfFile().isEmpty)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("--response") && message.contains("-1"))
    }
}

@Suite("note: lines for inputs adjusted as SwiftUI adjusts them")
struct AdjustedInputNoteTests {
    @Test("overdamping clamped to critical names --allow-overdamping; with it, no note")
    func overdamping() {
        let clamped = hooke("spring", "--stiffness", "100", "--damping", "50")
        #expect(clamped.status == 0)
        #expect(clamped.standardError.hasPrefix("note: --damping 50 "))
        #expect(clamped.standardError.contains("damping 20") && clamped.standardError.contains("--allow-overdamping"))
        #expect(clamped.standardError.split(separator: "\n").count == 1)
        let kept = hooke("eval", "spring", "--stiffness", "100", "--damping", "50", "--allow-overdamping", "--until", "0")
        #expect(kept.status == 0 && kept.standardError.isEmpty)
        #expect(hooke("spring", "--stiffness", "100", "--damping", "20").standardError.isEmpty, "critical is not clamped")
    }

    @Test("a bounce above 1 becomes 1 and says so; 1 itself does not")
    func bounce() {
        let run = hooke("eval", "spring", "--duration", "0.5", "--bounce", "1.5", "--until", "0")
        #expect(run.status == 0)
        #expect(run.standardError.hasPrefix("note: --bounce 1.5 is above 1"))
        #expect(hooke("eval", "spring", "--duration", "0.5", "--bounce", "1", "--until", "0").standardError.isEmpty)
    }
}
