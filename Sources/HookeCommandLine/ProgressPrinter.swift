import HookeSupport
import Verification

/// `hooke verify`'s and `hooke report`'s progress lines on stderr, one per finished suite; redrawn
/// in place on a terminal.
final class ProgressPrinter: @unchecked Sendable {
    let console: Console
    let total: Int
    private var printedAny = false

    /// `total`: the suites `finished` counts to.
    init(console: Console, total: Int) {
        self.console = console
        self.total = total
    }

    /// Called serially by the runner (under its lock).
    func finished(_ progress: SuiteProgress) {
        let status: String
        switch progress.status {
        case .passed: status = "ok"
        case .failed: status = "FAILED (\(progress.failedCount) of \(progress.checkCount))"
        case .skipped: status = "skipped"
        }
        let line = "verify [\(progress.completed)/\(total)] \(progress.suite): \(status) in \(formatShort(progress.seconds, digits: 3)) s"
        if console.errorIsTerminal && printedAny {
            console.printError("\u{1B}[1A\u{1B}[2K" + line)  // up one line, clear it, redraw
        } else {
            console.printError(line)
        }
        printedAny = true
    }
}
