import HookeSupport
import AnimationMath

/// One change of a scenario: at `time`, the value becomes `value` with `animation`.
public struct ScenarioTransaction: Sendable {
    public var time: Double
    /// The new value's components (one for a scalar scenario).
    public var value: [Double]
    public var animation: Animation?
    public var disablesAnimations: Bool
    /// The index of the completion's name in `Scenario.completionNames`.
    public var completionID: Int?
    public var completionCriteria: AnimationCompletionCriteria

    init(_ field: JSONField, dimension: Int?, names: inout [String]) throws {
        let fields = try field.object(allowed: [
            "time", "value", "animation", "completion", "completionCriteria", "disablesAnimations",
        ])
        time = try fields.required("time").number(.time)
        let valueField = try fields.required("value")
        let (components, isVector) = try valueField.vectorOrNumber()
        switch (dimension, isVector) {
        case (nil, true):
            throw InputError("\(valueField.path): must be a number like the scenario's value, got an array")
        case (_?, false):
            throw InputError("\(valueField.path): must be an array like the scenario's value, got a number")
        case let (n?, true) where n != components.count:
            throw InputError("\(valueField.path): must have \(n) components like the scenario's value, got \(components.count)")
        default:
            break
        }
        value = components
        animation = try fields["animation"].flatMap { try $0.isNull ? nil : ScenarioAnimation.parse($0) }
        disablesAnimations = try fields["disablesAnimations"]?.bool() ?? false
        (completionID, completionCriteria) = try Self.completion(fields, in: field, names: &names)
    }

    /// `completion` (a name, given an id by its first appearance in `names`) and
    /// `completionCriteria` (`"logicallyComplete"`, the default, or `"removed"`) of the object `field`.
    static func completion(_ fields: JSONObject, in field: JSONField, names: inout [String]) throws
        -> (id: Int?, criteria: AnimationCompletionCriteria)
    {
        var completionID: Int?
        if let name = try fields["completion"]?.string() {
            if let existing = names.firstIndex(of: name) {
                completionID = existing
            } else {
                completionID = names.count
                names.append(name)
            }
        } else {
            completionID = nil
        }
        if let criteria = fields["completionCriteria"] {
            guard completionID != nil else {
                throw InputError("\(criteria.path): needs a completion name in \(field.path.isEmpty ? "" : field.path + ".")completion")
            }
            switch try criteria.string() {
            case "logicallyComplete": return (completionID, .logicallyComplete)
            case "removed": return (completionID, .removed)
            case let other:
                throw InputError("\(criteria.path): must be \"logicallyComplete\" or \"removed\", got \"\(other)\"")
            }
        } else {
            return (completionID, .logicallyComplete)
        }
    }
}
