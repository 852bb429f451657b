// SpringImplementation.swift — what the spring checks run: any closed-form spring, built from a
// case's parameters. Hooke's `Spring` and SwiftUI's model are the standard two; tests add wrong
// ones to show that the checks catch them.

import AnimationMath

/// A closed-form spring as the checks see it: scalar motion from 0 toward `target`.
public protocol SpringEvaluating: Sendable {
    func value(target: Double, initialVelocity: Double, time: Double) -> Double
    func velocity(target: Double, initialVelocity: Double, time: Double) -> Double
    func force(target: Double, initialVelocity: Double, time: Double) -> Double
    func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double)
}

/// A named way of building a `SpringEvaluating` from a case.
public struct SpringImplementation: Sendable {
    public var name: String
    /// Whether its checks are held to Hooke's tolerances (true) or only measured (false: SwiftUI's
    /// model, whose errors against physics are the finding, not a failure).
    public var isGated: Bool
    public var make: @Sendable (SpringParameters) -> any SpringEvaluating

    public init(name: String, isGated: Bool, make: @escaping @Sendable (SpringParameters) -> any SpringEvaluating) {
        self.name = name
        self.isGated = isGated
        self.make = make
    }

    /// Hooke's `Spring`.
    public static let hooke = SpringImplementation(name: "hooke.Spring", isGated: true) { HookeSpring($0.spring) }

    /// SwiftUI's closed forms as SwiftUI evaluates them (`SwiftUISpringModel`).
    public static let swiftUIModel = SpringImplementation(name: "swiftui-model.Spring", isGated: false) { parameters in
        switch parameters.form {
        case let .responseDampingRatio(response, ratio):
            return SwiftUISpringModel(response: response, dampingRatio: ratio)
        case let .physical(mass, stiffness, damping):
            return SwiftUISpringModel(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
        }
    }

    public static let standard: [SpringImplementation] = [.hooke, .swiftUIModel]
}

/// Hooke's `Spring` behind `SpringEvaluating`.
public struct HookeSpring: SpringEvaluating {
    public var spring: Spring
    public init(_ spring: Spring) { self.spring = spring }

    public func value(target: Double, initialVelocity: Double, time: Double) -> Double {
        spring.value(target: target, initialVelocity: initialVelocity, time: time)
    }
    public func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
        spring.velocity(target: target, initialVelocity: initialVelocity, time: time)
    }
    public func force(target: Double, initialVelocity: Double, time: Double) -> Double {
        spring.force(target: target, initialVelocity: initialVelocity, time: time)
    }
    public func update(value: inout Double, velocity: inout Double, target: Double, deltaTime: Double) {
        spring.update(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
    }
}

/// The parameters of one spring case, in the form they were given.
public struct SpringParameters: Sendable, CustomStringConvertible {
    public enum Form: Sendable {
        case responseDampingRatio(response: Double, dampingRatio: Double)
        /// Always built with `allowOverDamping: true`.
        case physical(mass: Double, stiffness: Double, damping: Double)
    }

    public var form: Form

    public init(response: Double, dampingRatio: Double) { form = .responseDampingRatio(response: response, dampingRatio: dampingRatio) }
    public init(mass: Double, stiffness: Double, damping: Double) { form = .physical(mass: mass, stiffness: stiffness, damping: damping) }

    /// Hooke's spring for these parameters.
    public var spring: Spring {
        switch form {
        case let .responseDampingRatio(response, ratio): return Spring(response: response, dampingRatio: ratio)
        case let .physical(mass, stiffness, damping):
            return Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
        }
    }

    /// (m, k, c) computed from the parameters as given — not from any implementation's stored state,
    /// so a wrong conversion inside an implementation shows up against the reference.
    public var physical: (mass: Double, stiffness: Double, damping: Double) {
        switch form {
        case let .responseDampingRatio(response, ratio):
            let ω0 = 2 * Double.pi / response
            return (1, ω0 * ω0, 2 * ratio * ω0)
        case let .physical(mass, stiffness, damping):
            return (mass, stiffness, damping)
        }
    }

    /// ω0 = √(k/m).
    public var naturalFrequency: Double { let p = physical; return (p.stiffness / p.mass).squareRoot() }
    /// ζ = c / 2√(km).
    public var dampingRatio: Double { let p = physical; return p.damping / (2 * (p.stiffness * p.mass).squareRoot()) }
    /// 2π/ω0.
    public var response: Double { 2 * Double.pi / naturalFrequency }

    public var description: String {
        switch form {
        case let .responseDampingRatio(response, ratio): return "response \(response), ζ \(ratio)"
        case let .physical(mass, stiffness, damping): return "m \(mass), k \(stiffness), c \(damping)"
        }
    }
}

/// One motion to check: a spring, a target (the distance, from 0) and an initial velocity.
public struct SpringCase: Sendable, CustomStringConvertible {
    public var label: String
    public var parameters: SpringParameters
    public var target: Double
    public var initialVelocity: Double

    public init(_ label: String, _ parameters: SpringParameters, target: Double = 1, initialVelocity: Double = 0) {
        self.label = label
        self.parameters = parameters
        self.target = target
        self.initialVelocity = initialVelocity
    }

    /// The position scale: |target| + |v0|/ω0 (how far the motion goes).
    public var positionScale: Double {
        Swift.abs(target) + Swift.abs(initialVelocity) / parameters.naturalFrequency
    }
    /// The velocity scale: ω0|target| + |v0|.
    public var velocityScale: Double {
        parameters.naturalFrequency * Swift.abs(target) + Swift.abs(initialVelocity)
    }
    /// The force scale: k|target| + c|v0| + m·ω0|v0| (mass times acceleration).
    public var forceScale: Double {
        let p = physical
        return p.stiffness * Swift.abs(target) + (Swift.abs(p.damping) + p.mass * parameters.naturalFrequency) * Swift.abs(initialVelocity)
    }
    var physical: (mass: Double, stiffness: Double, damping: Double) { parameters.physical }

    public var description: String {
        "\(label): \(parameters), target \(target), v0 \(initialVelocity)"
    }
}
