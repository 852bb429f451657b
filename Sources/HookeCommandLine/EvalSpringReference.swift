import ReferenceSolver
import Scenarios

/// `hooke eval spring --engine gsl`: the GSL reference integrator with a piecewise-constant target
/// (here, not in the `Scenarios` library, which does not need GSL).
extension EvalSpringCommand {
    /// Sample times per reference solve: the rows of one block are held (24 bytes each), so memory
    /// stays bounded; a run this short is one solve.
    static let referenceBlock = 65_536

    /// The GSL reference, solved block by block: each block starts from the state the previous one
    /// ended in (its last sample), with the retargets still ahead, so no block holds more than
    /// `referenceBlock` rows. Restarting the driver at a block boundary is within the reference's
    /// contract (it resets at every retarget too).
    func writeReferenceTrajectory(to rows: inout RowWriter) throws {
        var start = 0.0, position = from, startVelocity = velocity, target = to
        var pending = retargets[...]
        var blockStart = 0
        while blockStart < grid.times.count {
            let indices = blockStart..<min(blockStart + Self.referenceBlock, grid.times.count)
            let problem = OscillatorProblem(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                initialPosition: position, initialVelocity: startVelocity, target: target,
                retargets: pending.map { OscillatorProblem.Retarget(time: $0.time - start, target: $0.target) })
            let solution: ReferenceTrajectory
            do {
                solution = try OscillatorReference.solve(problem, at: indices.map { grid.times[$0] - start })
            } catch let error as ReferenceError {
                throw UsageError("--engine gsl: \(referenceProblem(error, timeOffset: start)) (--until \(formatShort(grid.times.last ?? 0)))")
            }
            for (offset, index) in indices.enumerated() {
                try rows.row(grid.times[index], solution.positions[offset], solution.velocities[offset])
            }
            // The next block starts at this block's last sample, after the retargets up to it.
            start = grid.times[indices.last!]
            position = solution.positions.last!
            startVelocity = solution.velocities.last!
            while let next = pending.first, next.time <= start {
                target = next.target
                pending = pending.dropFirst()
            }
            blockStart = indices.upperBound
        }
    }
}
