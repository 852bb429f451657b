// ValidationAndLimitsTests.swift — bad inputs throw the right error; long spans neither hang nor
// lose the answer; solves are independent of each other across threads.

import Dispatch
import Foundation
import ReferenceSolver
import Testing

/// The field named by an `.invalidInput` error, or nil.
func invalidField(_ body: () throws -> Void) -> String? {
    do {
        try body()
    } catch let error as ReferenceError {
        if case let .invalidInput(field, _, _) = error { return field }
        return "unexpected: \(error)"
    } catch {
        return "unexpected: \(error)"
    }
    return nil
}

@Suite("reference input validation and limits")
struct ValidationAndLimitsTests {
    let spring = OscillatorProblem(stiffness: 100, damping: 20, target: 1)

    @Test("bad problems and sample times name the field")
    func badInputs() {
        var p = spring
        p.mass = 0
        #expect(invalidField { _ = try OscillatorReference.solve(p, at: [1]) } == "mass")
        p = spring
        p.stiffness = .nan
        #expect(invalidField { _ = try OscillatorReference.solve(p, at: [1]) } == "stiffness")
        p = spring
        p.initialVelocity = .infinity
        #expect(invalidField { _ = try OscillatorReference.solve(p, at: [1]) } == "initialVelocity")
        p = spring
        p.retargets = [.init(time: 1, target: 0), .init(time: 0.5, target: 2)]
        #expect(invalidField { _ = try OscillatorReference.solve(p, at: [1]) } == "retargets[1].time")
        p = spring
        p.retargets = [.init(time: 1, target: .nan)]
        #expect(invalidField { _ = try OscillatorReference.solve(p, at: [1]) } == "retargets[0].target")
        #expect(invalidField { _ = try OscillatorReference.solve(spring, at: [0, 0.2, 0.1]) } == "times[2]")
        #expect(invalidField { _ = try OscillatorReference.solve(spring, at: [-1]) } == "times[0]")
        #expect(invalidField { _ = try OscillatorReference.solve(spring, at: [1], tolerance: 0) } == "tolerance")
        #expect(invalidField { _ = try OscillatorReference.settleTime(stiffness: 0, damping: 1) } == "stiffness")
        #expect(invalidField { _ = try OscillatorReference.settleTime(stiffness: 1, damping: 1, epsilon: -1) } == "epsilon")
        #expect(invalidField { _ = try BezierReference.parameter(x1: 1.5, x2: 0.5, forX: 0.5) } == "x1")
        #expect(invalidField { _ = try BezierReference.parameter(x1: 0.5, x2: -0.1, forX: 0.5) } == "x2")
        #expect(invalidField { _ = try BezierReference.parameter(x1: 0.5, x2: 0.5, forX: 1.01) } == "progress")
        #expect(invalidField { _ = try BezierReference.curveValue(x1: 0.5, y1: .nan, x2: 0.5, y2: 1, progress: 0.5) } == "y1")
    }

    @Test("the error text names the field, the value and the fix")
    func messages() {
        let error = ReferenceError.invalidInput(field: "mass", value: 0, expected: "a finite number > 0")
        #expect(error.description == "invalid mass = 0.0: expected a finite number > 0")
        #expect(OscillatorReference.gslVersion.hasPrefix("2."))
    }

    @Test("a fast spring sampled at t = 1e6 decays to exactly the target, cheaply")
    func decayedLongSpan() throws {
        let omega = 2 * Double.pi / 1e-4
        let problem = OscillatorProblem(
            stiffness: omega * omega, damping: 2 * omega, initialVelocity: 3, target: 2,
            retargets: [.init(time: 5e5, target: -1)])
        let start = Date()
        let justAfter = 5e5 + 1e-4  // rounded: the span after the event is justAfter − 5e5
        let solution = try OscillatorReference.solve(problem, at: [1e-4, 1e3, 5e5, justAfter, 1e6])
        let elapsed = Date().timeIntervalSince(start)
        #expect(solution.positions[1] == 2)
        #expect(solution.velocities[1] == 0)
        #expect(solution.positions[2] == 2)  // the state at the event, before it moves
        #expect(solution.positions[4] == -1)
        // 1e−4 s after the retarget: critically damped from rest at 2 toward −1 (u0 = 3).
        let (u, _) = ExactOscillator(mass: 1, stiffness: omega * omega, damping: 2 * omega, regime: .critical)
            .state(u0: 3, v0: 0, after: justAfter - 5e5)
        #expect(abs(solution.positions[3] - (-1 + u)) / 3 < referenceTolerance)
        #expect(elapsed < 1, "took \(elapsed) s")
        print("[reference] decayed long span: \(solution.evaluations) evaluations, \(elapsed) s")
    }

    @Test("an undamped fast spring at t = 1e6 throws budgetExceeded instead of hanging")
    func budget() {
        let omega = 2 * Double.pi / 1e-4
        let problem = OscillatorProblem(stiffness: omega * omega, damping: 0, target: 1)
        let start = Date()
        #expect {
            _ = try OscillatorReference.solve(problem, at: [1e6])
        } throws: { error in
            guard case .budgetExceeded = error as? ReferenceError else { return false }
            return true
        }
        print("[reference] budget exhausted after \(Date().timeIntervalSince(start)) s")
    }

    @Test("a slow spring over 1e4 s is quick")
    func slowLongSpan() throws {
        let omega = 2 * Double.pi / 50  // response 50 s
        let problem = OscillatorProblem(stiffness: omega * omega, damping: 2 * 0.05 * omega, target: 1)
        let times = (0...1000).map { Double($0) * 10 }
        let start = Date()
        let solution = try OscillatorReference.solve(problem, at: times)
        let elapsed = Date().timeIntervalSince(start)
        let exact = ExactOscillator(mass: 1, stiffness: omega * omega, damping: 2 * 0.05 * omega, regime: .underdamped)
        var worst = 0.0
        for (i, t) in times.enumerated() {
            worst = max(worst, abs(solution.positions[i] - (1 + exact.state(u0: -1, v0: 0, after: t).u)))
        }
        #expect(worst < referenceTolerance)
        #expect(elapsed < 1, "took \(elapsed) s")
        print("[reference] 1e4 s slow spring: worst \(worst), \(solution.evaluations) evaluations, \(elapsed) s")
    }

    @Test("a growing spring throws nonFiniteSolution or budgetExceeded, never aborts")
    func growing() {
        let problem = OscillatorProblem(stiffness: 100, damping: -50, target: 1)
        #expect {
            _ = try OscillatorReference.solve(problem, at: [1e5])
        } throws: { error in
            switch error as? ReferenceError {
            case .nonFiniteSolution?, .budgetExceeded?: return true
            default: return false
            }
        }
    }

    @Test("8 concurrent solves equal the serial ones bit for bit")
    func concurrency() throws {
        let problems = (0..<8).map { i in
            OscillatorProblem(
                stiffness: 50 + 30 * Double(i), damping: 2 + 3 * Double(i), initialVelocity: Double(i),
                target: 1, retargets: [.init(time: 0.4, target: -2), .init(time: 0.9, target: 3)])
        }
        let times = sampleTimes(until: 2)
        let serial = try problems.map { try OscillatorReference.solve($0, at: times) }
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var trajectories = [ReferenceTrajectory?](repeating: nil, count: 8)
            var failures: [String] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { i in
            do {
                let solution = try OscillatorReference.solve(problems[i], at: times)
                results.lock.withLock { results.trajectories[i] = solution }
            } catch {
                results.lock.withLock { results.failures.append("\(error)") }
            }
        }
        #expect(results.failures.isEmpty)
        for i in 0..<8 {
            // Bit patterns, not ==: the claim is that the same computation ran.
            let parallel = try #require(results.trajectories[i])
            #expect(parallel.positions.map(\.bitPattern) == serial[i].positions.map(\.bitPattern))
            #expect(parallel.velocities.map(\.bitPattern) == serial[i].velocities.map(\.bitPattern))
            #expect(parallel.evaluations == serial[i].evaluations)
        }
    }
}
