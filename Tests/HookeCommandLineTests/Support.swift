import HookeSupport
import Foundation
import HookeCommandLine
import Testing
import _TestSupport

/// The result of running `hooke` in-process.
struct HookeRun {
    var status: Int32
    var standardOutput: String
    var standardError: String

    /// The CSV rows after the header, as numbers.
    var csvRows: [[Double]] {
        standardOutput.split(separator: "\n").dropFirst().map { line in
            line.split(separator: ",").map { Double($0)! }
        }
    }
}

func hooke(_ arguments: String...) -> HookeRun { hooke(arguments) }

func hooke(_ arguments: [String]) -> HookeRun {
    let console = Console.capture()
    let status = Hooke.main(arguments, console: console)
    return HookeRun(status: status, standardOutput: console.standardOutput, standardError: console.standardError)
}

/// Checks the bad-input contract: exit 2, nothing on stdout, one stderr line naming `needle`.
func expectUsageError(_ arguments: [String], mentions needles: [String],
                      sourceLocation: SourceLocation = #_sourceLocation) {
    let run = hooke(arguments)
    #expect(run.status == 2, "exit status for \(arguments)", sourceLocation: sourceLocation)
    #expect(run.standardOutput.isEmpty, "stdout must be empty for \(arguments)", sourceLocation: sourceLocation)
    #expect(run.standardError.split(separator: "\n").count == 1, "one stderr line for \(arguments): \(run.standardError)",
            sourceLocation: sourceLocation)
    for needle in needles {
        #expect(run.standardError.contains(needle), "stderr '\(run.standardError)' should mention '\(needle)'",
                sourceLocation: sourceLocation)
    }
}

