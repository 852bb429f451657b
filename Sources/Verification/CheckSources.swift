// CheckSources.swift — what the checks are judged against, in words, one constant per reference
// so every check that uses one names it the same way (JSON `source`, the report's tables).

enum CheckSource {
    static let gsl = "GSL ODE integration (rk8pd; bsimp when stiff) at 1e-13, with the case's m, k, c"
    static let brent = "GSL Brent root of x(s) = progress, then y(s)"
    static let brentSlope = "GSL Brent root of x(s) = progress, then the cubic's dy/dx = y′(s)/x′(s)"
    static let doubleDouble = "double-double matrix exponential of the oscillator (scaling and squaring; ~1e-30)"
    static let gslSettle = "GSL: bisection on the reference trajectory for the last exit from |x − T| ≥ ε"
    static let appleSpring = "Apple's documentation of Spring: (duration 0.5, bounce 0.3) → stiffness 157.91367041742973, damping 17.59291886010284; (m 1, k 100, c 10) → duration 0.6283185307179586, bounce 0.5; Spring().settlingDuration 0.7999999999999999"
    static let swiftUIPrinted = "values printed on a device from SwiftUI (data/swiftui-recordings/README.md), 2–3 digits"
    static let textbookCircular = "the textbook circular-easing formulas, 1 − √(1 − p²) etc."
    static let handTimeline = "timeline derived by hand: the documented time map applied to Δ·easeInOut(t/d), the curve from GSL Brent"
    static let handChain = "the chain formula r = a₁(V₁, t); r += a₂(V₂ − r, t − s₂), curves from GSL Brent"
    static let physics = "a law of the damped oscillator"
    static let api = "a law of the API"
    static let library = "another implementation of ours"
    static let none = "none: a measurement"
    static let documentation = "documentation and blog claims, judged by the numbers"
}
