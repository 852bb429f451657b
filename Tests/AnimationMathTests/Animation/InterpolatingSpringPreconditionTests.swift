import AnimationMath
import Testing

/// The documented preconditions of the interpolating spring trap at their boundary, and the
/// smallest values past it are accepted. Exit tests: each trapping call runs in a child process.
@Suite("InterpolatingSpringAnimation preconditions")
struct InterpolatingSpringPreconditionTests {
    @Test("a zero mass traps")
    func zeroMassTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Animation.interpolatingSpring(mass: 0, stiffness: 100, damping: 10)
        }
    }

    @Test("a zero stiffness traps")
    func zeroStiffnessTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Animation.interpolatingSpring(mass: 1, stiffness: 0, damping: 10)
        }
    }

    @Test("a zero duration traps")
    func zeroDurationTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = Animation.interpolatingSpring(duration: 0, bounce: 0.2)
        }
    }

    /// The least positive mass, stiffness and duration are inside the preconditions.
    @Test("the least positive values are accepted")
    func leastPositiveValuesAreAccepted() {
        let tiny = Double.leastNonzeroMagnitude
        #expect(Animation.interpolatingSpring(mass: tiny, stiffness: 100, damping: 10).description.contains("interpolatingSpring"))
        #expect(Animation.interpolatingSpring(mass: 1, stiffness: tiny, damping: 10).description.contains("interpolatingSpring"))
        #expect(Animation.interpolatingSpring(duration: 1e-100, bounce: 0).description.contains("interpolatingSpring"))
    }
}
