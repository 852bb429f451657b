import Foundation
import HookeCommandLine
import Testing

@Suite("hooke eval curve")
struct EvalCurveCommandTests {
    /// The curve is solved to ~1e-14 in progress; scaled by distances ≤ 10 and printed with 17
    /// digits, 1e-12 bounds what the CLI may add.
    static let tolerance = 1e-12

    @Test("linear preset is the identity scaled to from…to, and holds after the duration")
    func linear() {
        let rows = hooke("eval", "curve", "--preset", "linear", "--duration", "0.5", "--from", "2", "--to", "6",
                         "--until", "1", "--step", "0.25").csvRows
        #expect(rows.count == 5)
        let expected: [(Double, Double)] = [(2, 8), (4, 8), (6, 8), (6, 0), (6, 0)]
        for (row, (value, velocity)) in zip(rows, expected) {
            #expect(abs(row[1] - value) <= Self.tolerance && abs(row[2] - velocity) <= Self.tolerance, "\(row)")
        }
    }

    @Test("easeInOut is symmetric: value(D/2) = ½, SwiftUI's measured velocity 1.72 at ½")
    func easeInOut() {
        let rows = hooke("eval", "curve", "--preset", "easeInOut", "--until", "0.35", "--step", "0.175").csvRows
        #expect(rows.count == 3)
        #expect(abs(rows[1][1] - 0.5) <= Self.tolerance)
        // SwiftUI prints 1.72 (three digits) for velocity(at: 0.5); per second divide by 0.35 s.
        let printedDigit = 0.005  // half a unit in the last of the three digits SwiftUI prints (off by 0.004)
        #expect(abs(rows[1][2] * 0.35 - 1.72) < printedDigit)
        #expect(rows[2][1] == 1)
    }

    @Test("the x of control points is clamped: (−0.5, 2)(1.5, −1) gives 0.5 and velocity −1 at ½")
    func clampedBezier() {
        let rows = hooke("eval", "curve", "--bezier", "-0.5,2,1.5,-1", "--duration", "1", "--until", "0.5",
                         "--step", "0.5").csvRows
        #expect(abs(rows[1][1] - 0.5) <= Self.tolerance)
        #expect(abs(rows[1][2] + 1) <= Self.tolerance)
    }

    @Test("bad input exits 2 naming the flag", arguments: [
        (["--preset", "bouncy"], ["--preset", "bouncy"]),
        (["--bezier", "0.4,0,x,1"], ["--bezier", "X2", "x"]),
        (["--bezier", "0.4,0,1"], ["--bezier", "0.4,0,1"]),
        (["--preset", "linear", "--duration", "0"], ["--duration", "0"]),
        (["--preset", "linear", "--duration", "-2"], ["--duration", "-2"]),
        (["--preset", "linear", "--bezier", "0,0,1,1"], ["--preset", "--bezier"]),
        ([], ["--preset"]),
    ])
    func badInput(arguments: [String], mentions: [String]) {
        expectUsageError(["eval", "curve"] + arguments, mentions: mentions)
    }
}
