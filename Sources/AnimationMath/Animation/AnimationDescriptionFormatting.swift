/// How animation descriptions print numbers: integral values without a fractional part (`0`, `1`),
/// everything else with Swift's shortest round-tripping form (`0.825`), so a description reads like
/// the call that built the animation: `spring(response: 0.5, dampingFraction: 0.825, blendDuration: 0)`.
@usableFromInline
func animationDescription(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), Swift.abs(value) < 1e15 {
        return String(Int64(value))
    }
    return String(describing: value)
}
