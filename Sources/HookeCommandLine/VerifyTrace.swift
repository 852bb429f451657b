import HookeSupport
import Scenarios
import AnimationMath
import ReferenceSolver
import Verification

/// `hooke verify --trace FILE.csv SPRING …`: a user's trajectory against the GSL reference.
struct VerifyTrace {
    /// `--tolerance` default for traces: a trace from a decent integrator at 60 Hz is ~1e-8…1e-6.
    static let defaultTolerance = 1e-6
    /// The options of this mode, refused without `--trace`.
    static var onlyWithTrace: [String] {
        (SpringOptions.options + SpringTrajectory.options + [VerifyCommand.traceOptions[1]]).map(\.name)
    }

    var path: String
    var samples: [TraceSample]
    var motion: SpringTrajectory
    var tolerance: Double
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String] = []

    init(parsing arguments: ParsedArguments) throws {
        path = try arguments.inputFile("--trace") ?? ""
        try arguments.refuse(VerifyCommand.suiteOptions.map(\.name), with: "--trace")
        motion = try SpringTrajectory(arguments, notes: &notes)
        tolerance = try arguments.double("--tolerance", default: Self.defaultTolerance, .positive)
        do {
            samples = try TraceFile(path: path).samples
        } catch let error as InputError {
            throw InputError("--trace: \(error.message)")
        }
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        let result: TraceComparison
        do {
            result = try TraceVerifier.compare(samples, spring: motion.spring, from: motion.from, to: motion.to,
                                               initialVelocity: motion.velocity,
                                               retargets: motion.retargets, tolerance: tolerance)
        } catch let error as ReferenceError {
            throw InputError("--trace: \(quoted(path)): \(error.problem)")
        }
        for line in result.lines(name: path, samples: samples.count, spring: motion.spring) { console.print(line) }
        return result.passed ? ExitStatus.success : ExitStatus.checkFailed
    }
}
