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
        (SpringOptions.options + RetargetOption.options + [VerifyCommand.traceOptions[1]]).map(\.name)
    }

    var path: String
    var samples: [TraceSample]
    var spring: Spring
    var from: Double, to: Double, velocity: Double
    var retargets: [RetargetOption]
    var tolerance: Double
    /// `note:` lines about inputs adjusted as SwiftUI adjusts them (SpringOptions).
    var notes: [String]

    init(parsing arguments: ParsedArguments) throws {
        path = arguments.string("--trace") ?? ""
        for flag in VerifyCommand.suiteOptions.map(\.name) where arguments.has(flag) {
            throw UsageError("\(flag): not allowed with --trace")
        }
        let springOptions = try SpringOptions(arguments)
        spring = springOptions.spring
        notes = springOptions.notes
        tolerance = try arguments.double("--tolerance", default: Self.defaultTolerance, .positive)
        from = try arguments.double("--from", default: 0)
        to = try arguments.double("--to", default: 1)
        velocity = try arguments.double("--velocity", default: 0)
        retargets = try RetargetOption.parseAll(arguments)
        do {
            samples = try TraceFile(path: path).samples
        } catch let error as InputError {
            throw UsageError("--trace: \(error.message)")
        }
    }

    func run(console: Console) throws -> Int32 {
        for note in notes { console.printError(note) }
        let result: TraceComparison
        do {
            result = try TraceVerifier.compare(samples, spring: spring, from: from, to: to, initialVelocity: velocity,
                                               retargets: retargets.map { ($0.time, $0.target) }, tolerance: tolerance)
        } catch let error as ReferenceError {
            throw UsageError("--trace: \(quoted(path)): \(referenceProblem(error))")
        }
        for line in result.lines(name: path, samples: samples.count, spring: spring) { console.print(line) }
        return result.passed ? ExitStatus.success : ExitStatus.checkFailed
    }
}
