import HookeSupport
import AnimationMath
import Foundation

/// A `hooke run` scenario of a view tree: named values under SwiftUI's transaction modifiers, and
/// changes of state that set several values in one transaction. Run, every value goes through its own
/// animator with the animation its change's transaction resolves to (``ViewTreeAnimator``); the
/// rows are one per value per frame, the completions one per change.
///
/// ```json
/// { "frameRate": 60, "until": 1,
///   "state": {"selected": 0},
///   "keys": {"avatarTapped": false},
///   "tree": { "children": [
///     { "modifiers": [{"animation": {"bouncy": {}}, "value": "selected"}], "values": {"scale": 1} },
///     { "modifiers": [{"transaction": {"animation": null}}], "values": {"label": 0} } ] },
///   "changes": [
///     { "time": 0, "set": {"selected": 1, "scale": 1.5, "label": 10},
///       "animation": {"linear": {"duration": 1}}, "completion": "done" } ] }
/// ```
///
/// - Frames as in ``Scenario``: `frames`, or `frameRate` with `until`.
/// - `state` (optional): named numbers that modifiers monitor and no node draws.
/// - `keys` (optional): custom transaction keys and their default values (`true`/`false` or a
///   number), SwiftUI's `TransactionKey.defaultValue`.
/// - `tree`: a node `{"modifiers": [MODIFIER...], "values": {NAME: initial, ...}, "children": [NODE...]}`
///   (each member optional). Modifiers are listed outermost first — the order the transaction meets
///   them, the reverse of the order they are written in Swift:
///   - `{"animation": ANIMATION or null, "value": NAME}`: `.animation(_:value:)`
///   - `{"animation": ANIMATION or null, "body": {NAME: initial, ...}}`: `.animation(_:body:)`, the
///     body's values declared in it
///   - `{"transaction": TRANSFORM}`: `.transaction(_:)`
///   - `{"transaction": TRANSFORM, "value": NAME}`: `.transaction(value:_:)`
/// - TRANSFORM: either assignments, applied as listed here — `"keys": {KEY: value}`,
///   `"disablesAnimations": BOOL`, then `"animation": ANIMATION or null` or `"modifyAnimation":
///   [MODIFIER...]` (`$0.animation = $0.animation?.delay(…)…`, the animation modifiers of ``Scenario``)
///   — or a condition on a key: `{"if": {"key": KEY, "equals": VALUE}, "then": TRANSFORM, "else": TRANSFORM}`.
/// - `changes`: `time` (≥ 0, non-decreasing), `set` ({NAME: number}: values and state), and the
///   root transaction: `animation` (absent or null: no `withAnimation`), `disablesAnimations`,
///   `keys` (`withTransaction`'s custom values), `completion` and `completionCriteria` as in ``Scenario``.
///
/// Every name is unique across the tree and the state; a value is a number (no vectors in a tree).
/// Errors name the JSON path, e.g. `tree.children[1].modifiers[0].value: unknown name "flag"; …`.
public struct TreeScenario: Sendable {
    /// The tree whose modifiers resolve each change's transaction.
    public var tree: ViewNode
    /// The initial value of every value of the tree and every piece of state.
    public var initialValues: [String: Double]
    /// The tree's values, in the order of the rows (``ViewNode/valueNames``).
    public var valueNames: [String]
    public var frames: SampleTimes
    public var changes: [TreeChange]
    /// The distinct completion names, in order of first appearance (their index is the event id).
    public var completionNames: [String]

    /// Reads the tree scenario file at `path`; an error's message starts with the path, then the
    /// JSON path of the field.
    public init(path: String) throws {
        self = try StrictJSON.load(path, Self.init(json:))
    }

    /// Whether `text` is a tree scenario: a JSON object with a `tree` member (anything else is read
    /// as a ``Scenario``, whose errors then name what is wrong).
    public static func isTree(json text: String) -> Bool {
        guard case .object(let members)? = try? StrictJSON.parse(text) else { return false }
        return members.contains { $0.key == "tree" }
    }

    /// Reads a tree scenario from its JSON text; an error's message starts with the JSON path.
    public init(json text: String) throws {
        let root = try JSONField(StrictJSON.parse(text), path: "")
        let fields = try root.object(allowed: ["frames", "frameRate", "until", "state", "keys", "tree", "changes"])
        frames = try Scenario.frames(fields)
        var reader = TreeReader()
        if let keys = fields["keys"] {
            for (key, value) in try keys.objectMembers() {
                reader.keyDefaults[key] = try ScenarioKeyValue(JSONField(value, path: "\(keys.path).\(key)"))
            }
        }
        if let state = fields["state"] { try reader.declare(state) }
        tree = try reader.node(fields.required("tree"))
        for (name, field) in reader.monitored where reader.initialValues[name] == nil {
            throw InputError("\(field.path): unknown name \(quoted(name)); \(reader.knownNames)")
        }
        initialValues = reader.initialValues
        valueNames = tree.valueNames
        var names: [String] = []
        var changes: [TreeChange] = []
        for (index, item) in try fields.required("changes").array().enumerated() {
            let change = try TreeChange(item, reader: reader, names: &names)
            if let previous = changes.last, change.time < previous.time {
                throw InputError("changes[\(index)].time: changes must be sorted by time, got \(formatShort(change.time, digits: 17)) after \(formatShort(previous.time, digits: 17))")
            }
            changes.append(change)
        }
        self.changes = changes
        completionNames = names
    }
}

/// One change of a ``TreeScenario``: at `time`, `set` gives values and state new values in one
/// transaction.
public struct TreeChange: Sendable {
    public var time: Double
    /// The names the change sets and their new values.
    public var set: [String: Double]
    /// The root transaction's animation (`withAnimation`'s); nil for a change made without one.
    public var animation: Animation?
    public var disablesAnimations: Bool
    /// The custom transaction keys the change sets (`withTransaction(\.key, value)`).
    var keys: [String: ScenarioKeyValue]
    /// The index of the completion's name in ``TreeScenario/completionNames``.
    public var completionID: Int?
    public var completionCriteria: AnimationCompletionCriteria

    init(_ field: JSONField, reader: TreeReader, names: inout [String]) throws {
        let fields = try field.object(allowed: [
            "time", "set", "animation", "disablesAnimations", "keys", "completion", "completionCriteria",
        ])
        time = try fields.required("time").number(.time)
        var set: [String: Double] = [:]
        let setField = try fields.required("set")
        for (name, value) in try setField.objectMembers() {
            let valueField = JSONField(value, path: "\(setField.path).\(name)")
            guard reader.initialValues[name] != nil else {
                throw InputError("\(valueField.path): unknown name; \(reader.knownNames)")
            }
            set[name] = try valueField.number(.any)
        }
        self.set = set
        animation = try fields["animation"].flatMap { try $0.isNull ? nil : ScenarioAnimation.parse($0) }
        disablesAnimations = try fields["disablesAnimations"]?.bool() ?? false
        keys = try fields["keys"].map(reader.keyValues) ?? [:]
        // The completion fields read as a flat scenario's transaction reads them.
        (completionID, completionCriteria) = try ScenarioTransaction.completion(fields, in: field, names: &names)
    }

    /// The root transaction of the change; its completion's id is `completionID`.
    public var transaction: Transaction {
        var transaction = Transaction(animation: animation, disablesAnimations: disablesAnimations,
                                      completion: completionID.map { AnimationCompletion(id: $0, criteria: completionCriteria) })
        transaction[ScenarioKeys.self] = keys
        return transaction
    }
}

/// A custom transaction key's value in a tree scenario: a boolean or a number.
enum ScenarioKeyValue: Equatable, Sendable {
    case bool(Bool)
    case number(Double)

    init(_ field: JSONField) throws {
        switch field.value {
        case .bool(let flag): self = .bool(flag)
        case .number: self = .number(try field.number(.any))
        default: throw field.typeError("true, false or a number")
        }
    }

    var typeName: String {
        switch self {
        case .bool: "a boolean"
        case .number: "a number"
        }
    }
}

/// The custom keys of a tree scenario, by name, as one ``TransactionKey``: a name not set reads as
/// the default the scenario's `keys` declares for it.
struct ScenarioKeys: TransactionKey {
    static let defaultValue: [String: ScenarioKeyValue] = [:]
}

/// What a tree scenario declares while it is read: the names and their initial values, the key
/// defaults, and the monitored names to check once every name is known.
struct TreeReader {
    var initialValues: [String: Double] = [:]
    var declaredAt: [String: String] = [:]
    var stateNames: [String] = []
    var keyDefaults: [String: ScenarioKeyValue] = [:]
    var monitored: [(name: String, field: JSONField)] = []

    var knownNames: String {
        let values = initialValues.keys.filter { !stateNames.contains($0) }.sorted()
        return "values: \(values.isEmpty ? "none" : values.joined(separator: ", ")); state: \(stateNames.isEmpty ? "none" : stateNames.joined(separator: ", "))"
    }

    /// `{NAME: initial, ...}`: declares each name once; returns the names in file order.
    @discardableResult
    mutating func declare(_ field: JSONField, isState: Bool = true) throws -> [String] {
        var names: [String] = []
        for (name, value) in try field.objectMembers() {
            let valueField = JSONField(value, path: "\(field.path).\(name)")
            if let earlier = declaredAt[name] {
                throw InputError("\(valueField.path): the name \(quoted(name)) is already declared at \(earlier)")
            }
            initialValues[name] = try valueField.number(.any)
            declaredAt[name] = valueField.path
            names.append(name)
            if isState { stateNames.append(name) }
        }
        return names
    }

    mutating func node(_ field: JSONField) throws -> ViewNode {
        let fields = try field.object(allowed: ["modifiers", "values", "children"])
        var modifiers: [TransactionModifier] = []
        for item in try fields["modifiers"]?.array() ?? [] {
            modifiers.append(try modifier(item))
        }
        let values = try fields["values"].map { try declare($0, isState: false) } ?? []
        var children: [ViewNode] = []
        for child in try fields["children"]?.array() ?? [] {
            children.append(try node(child))
        }
        return ViewNode(modifiers: modifiers, values: values, children: children)
    }

    mutating func modifier(_ field: JSONField) throws -> TransactionModifier {
        let fields = try field.object(allowed: ["animation", "value", "body", "transaction"])
        switch (fields["animation"], fields["transaction"], fields["value"], fields["body"]) {
        case let (animation?, nil, value?, nil):
            return .animation(try animation.isNull ? nil : ScenarioAnimation.parse(animation), value: try monitor(value))
        case let (animation?, nil, nil, body?):
            let parsed = try animation.isNull ? nil : ScenarioAnimation.parse(animation)
            return .scopedAnimation(parsed, body: try declare(body, isState: false))
        case let (nil, transform?, nil, nil):
            return .transaction(try self.transform(transform))
        case let (nil, transform?, value?, nil):
            return .valueTransaction(value: try monitor(value), try self.transform(transform))
        default:
            throw InputError("\(field.path): must be {\"animation\": A, \"value\": NAME}, {\"animation\": A, \"body\": {NAME: initial}}, {\"transaction\": T} or {\"transaction\": T, \"value\": NAME}; got keys \(fields.fields.keys.sorted().joined(separator: ", "))")
        }
    }

    mutating func monitor(_ field: JSONField) throws -> String {
        let name = try field.string()
        monitored.append((name, field))
        return name
    }

    /// `{KEY: value}` for declared keys, each of its declared type.
    func keyValues(_ field: JSONField) throws -> [String: ScenarioKeyValue] {
        var values: [String: ScenarioKeyValue] = [:]
        for (key, value) in try field.objectMembers() {
            let valueField = JSONField(value, path: "\(field.path).\(key)")
            values[key] = try keyValue(key, valueField)
        }
        return values
    }

    func keyValue(_ key: String, _ field: JSONField) throws -> ScenarioKeyValue {
        guard let declared = keyDefaults[key] else {
            throw InputError("\(field.path): unknown transaction key \(quoted(key)); declare it with its default in keys (declared: \(keyDefaults.keys.sorted().joined(separator: ", ")))")
        }
        let value = try ScenarioKeyValue(field)
        guard value.typeName == declared.typeName else {
            throw InputError("\(field.path): must be \(declared.typeName) like the key's default, got \(value.typeName)")
        }
        return value
    }

    /// A TRANSFORM (see ``TreeScenario``) as the closure SwiftUI's `.transaction` modifiers take.
    func transform(_ field: JSONField) throws -> @Sendable (inout Transaction) -> Void {
        if try field.objectMembers().contains(where: { $0.key == "if" }) {
            let fields = try field.object(allowed: ["if", "then", "else"])
            let condition = try fields.required("if").object(allowed: ["key", "equals"])
            let keyField = try condition.required("key")
            let key = try keyField.string()
            let expected = try keyValue(key, condition.required("equals"))
            let fallback = keyDefaults[key]!
            let then = try transform(fields.required("then"))
            let otherwise = try fields["else"].map(transform)
            return { transaction in
                if (transaction[ScenarioKeys.self][key] ?? fallback) == expected {
                    then(&transaction)
                } else {
                    otherwise?(&transaction)
                }
            }
        }
        let fields = try field.object(allowed: ["keys", "disablesAnimations", "animation", "modifyAnimation"])
        try fields.rejectMixing(["animation"], with: ["modifyAnimation"])
        let keys = try fields["keys"].map(keyValues)
        let disables = try fields["disablesAnimations"]?.bool()
        let setsAnimation = fields.has("animation")
        let animation = try fields["animation"].flatMap { try $0.isNull ? nil : ScenarioAnimation.parse($0) }
        let modifierFields = try fields["modifyAnimation"]?.array()
        if let modifierFields {
            _ = try modifierFields.reduce(Animation.linear) { try ScenarioAnimation.apply($1, to: $0) }  // validate now
        }
        // Validated above on another base; a modifier's checks read only its own numbers, so
        // applying it to any animation cannot fail.
        let modify: (@Sendable (Animation) -> Animation)?
        if let modifierFields {
            modify = { base in
                var animation = base
                for modifier in modifierFields { animation = try! ScenarioAnimation.apply(modifier, to: animation) }
                return animation
            }
        } else {
            modify = nil
        }
        return { transaction in
            if let keys {
                transaction[ScenarioKeys.self].merge(keys) { $1 }
            }
            if let disables { transaction.disablesAnimations = disables }
            if setsAnimation { transaction.animation = animation }
            if let modify { transaction.animation = transaction.animation.map(modify) }
        }
    }
}
