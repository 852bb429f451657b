// PreconditionSuite.swift — AnimationMath's documented preconditions at their boundaries: each call
// just outside what a precondition allows must trap, and the nearest call inside must run. A trap
// ends the process, so each outside call runs in a child `hooke` (this process's own executable),
// told which one by the environment variable HOOKE_PRECONDITION_PROBE; `hooke` runs the probe
// before anything else (`PreconditionProbe.runIfRequested()`). The inside calls run here. In a
// process that is not `hooke` (a test runner) the suite is skipped.

import AnimationMath
import Foundation

/// The documented preconditions, each as a call just outside it and the nearest call inside it.
public enum PreconditionProbe {
    /// The environment variable that names the probe a child `hooke` runs instead of its command.
    public static let environmentKey = "HOOKE_PRECONDITION_PROBE"

    struct Probe: Sendable {
        var name: String
        /// Outside the precondition: must trap.
        var outside: @Sendable () -> Void
        /// The nearest value inside: must run.
        var inside: @Sendable () -> Void
    }

    static let tiny = Double.leastNonzeroMagnitude

    static let probes: [Probe] = [
        Probe(name: "interpolatingSpring mass > 0",
              outside: { _ = Animation.interpolatingSpring(mass: 0, stiffness: 100, damping: 10) },
              inside: { _ = Animation.interpolatingSpring(mass: tiny, stiffness: 100, damping: 10) }),
        Probe(name: "interpolatingSpring stiffness > 0",
              outside: { _ = Animation.interpolatingSpring(mass: 1, stiffness: 0, damping: 10) },
              inside: { _ = Animation.interpolatingSpring(mass: 1, stiffness: tiny, damping: 10) }),
        Probe(name: "interpolatingSpring(duration:bounce:) duration > 0",
              outside: { _ = Animation.interpolatingSpring(duration: 0, bounce: 0.2) },
              inside: { _ = Animation.interpolatingSpring(duration: 1e-100, bounce: 0.2) }),
        Probe(name: "timing curve duration > 0",
              outside: { _ = Animation.linear(duration: 0) },
              inside: { _ = Animation.linear(duration: tiny) }),
        Probe(name: "speed > 0",
              outside: { _ = Animation.linear(duration: 1).speed(0) },
              inside: { _ = Animation.linear(duration: 1).speed(tiny) }),
        Probe(name: "spring response ≥ 0",
              outside: { _ = Animation.spring(response: -tiny, dampingFraction: 0.8) },
              inside: { _ = Animation.spring(response: 0, dampingFraction: 0.8) }),
        Probe(name: "spring blendDuration ≥ 0",
              outside: { _ = Animation.spring(response: 0.5, dampingFraction: 0.8, blendDuration: -tiny) },
              inside: { _ = Animation.spring(response: 0.5, dampingFraction: 0.8, blendDuration: 0) }),
        Probe(name: "logicallyComplete(after:) ≥ 0",
              outside: { _ = Animation.linear(duration: 1).logicallyComplete(after: -tiny) },
              inside: { _ = Animation.linear(duration: 1).logicallyComplete(after: 0) }),
        Probe(name: "LinearKeyframe duration ≥ 0",
              outside: { _ = LinearKeyframe(1.0, duration: -tiny) },
              inside: { _ = LinearKeyframe(1.0, duration: 0) }),
        Probe(name: "CubicKeyframe duration ≥ 0",
              outside: { _ = CubicKeyframe(1.0, duration: -tiny) },
              inside: { _ = CubicKeyframe(1.0, duration: 0) }),
        Probe(name: "SpringKeyframe duration ≥ 0",
              outside: { _ = SpringKeyframe(1.0, duration: -tiny) },
              inside: { _ = SpringKeyframe(1.0, duration: 0) }),
    ]

    /// In a child started by the suite: runs the probe the environment names and returns the exit
    /// status for a probe that did not trap (1; 2 for an unknown name). Nil when no probe is named.
    public static func runIfRequested() -> Int32? {
        guard let name = ProcessInfo.processInfo.environment[environmentKey] else { return nil }
        guard let probe = probes.first(where: { $0.name == name }) else {
            FileHandle.standardError.write(Data("hooke: \(environmentKey): no probe named \(name)\n".utf8))
            return 2
        }
        probe.outside()
        FileHandle.standardError.write(Data("hooke: precondition probe \(name) did not trap\n".utf8))
        return 1
    }

    /// This process's executable when it is `hooke` (it answers the probes); nil otherwise.
    static var hookeExecutable: URL? {
        guard let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let url = URL(fileURLWithPath: path)
        return url.lastPathComponent == "hooke" ? url : nil
    }

    /// Runs the probe in a child `hooke`; true when the child died of a signal (the trap).
    static func traps(_ probe: Probe, executable: URL) throws -> Bool {
        let child = Process()
        child.executableURL = executable
        child.arguments = []
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = probe.name
        environment["SWIFT_BACKTRACE"] = "enable=no"  // a trap is expected: no backtrace to print
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        child.waitUntilExit()
        return child.terminationReason == .uncaughtSignal
    }
}

enum PreconditionSuite {
    static let name = "preconditions"

    /// A precondition traps at its boundary or it does not: every miss counts 1.
    static let tolerance = Tolerance(
        name: "preconditionBoundary", metric: "maxAbsError", value: 0,
        reason: "a call traps or runs: no mismatch is allowed")

    static let suite = VerificationSuite(
        name: name, summary: "documented preconditions: the call just outside traps (in a child hooke), the nearest inside runs"
    ) { configuration in
        guard configuration.probesPreconditions else { throw SuiteSkipped("child processes switched off (planted faults)") }
        guard let executable = PreconditionProbe.hookeExecutable else {
            throw SuiteSkipped("not running in hooke: the probes need a child hooke")
        }
        var stats = ErrorStatistics()
        for probe in PreconditionProbe.probes {
            probe.inside()
            stats.require(try PreconditionProbe.traps(probe, executable: executable), WorstCase("\(probe.name): the call outside did not trap"))
        }
        return [gatedCheck(CheckSubject(suite: name, name: "each precondition traps just outside its boundary and runs just inside",
                                        kind: .reference, source: "the preconditions documented on Animation's factories and modifiers and on the keyframes",
                                        implementation: "AnimationMath preconditions", quickSet: true),
                           metrics: stats.metrics(), worst: stats.worst, tolerance: tolerance)]
    }
}
