import HookeSupport
/// A JSON value with its path, and typed accessors whose errors name that path.
struct JSONField {
    var value: StrictJSON
    /// `transactions[2].animation.spring.response`; empty for the root.
    var path: String

    init(_ value: StrictJSON, path: String) {
        self.value = value
        self.path = path
    }

    var isNull: Bool { value == .null }
    var label: String { path.isEmpty ? "scenario" : path }

    func typeError(_ expected: String) -> InputError {
        InputError("\(label): expected \(expected), got \(value.typeName)")
    }

    func number(_ constraint: NumberConstraint) throws -> Double {
        guard case .number(let number, let text) = value else { throw typeError("a number") }
        guard number.isFinite else { throw InputError("\(label): must be a finite number, got \(text)") }
        if let problem = constraint.check(number) {
            throw InputError("\(label): \(problem), got \(text)")
        }
        return number
    }

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw typeError("true or false") }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw typeError("a string") }
        return text
    }

    func array() throws -> [JSONField] {
        guard case .array(let elements) = value else { throw typeError("an array") }
        return elements.enumerated().map { JSONField($1, path: "\(path)[\($0)]") }
    }

    func objectMembers() throws -> [(key: String, value: StrictJSON)] {
        guard case .object(let members) = value else { throw typeError("an object") }
        return members
    }

    /// The members of an object whose keys must all be in `allowed`.
    func object(allowed: [String]) throws -> JSONObject {
        var fields: [String: JSONField] = [:]
        for (key, member) in try objectMembers() {
            let memberPath = path.isEmpty ? key : "\(path).\(key)"
            guard allowed.contains(key) else {
                let known = allowed.isEmpty ? "it takes no keys" : "known keys: \(allowed.joined(separator: ", "))"
                throw InputError("\(memberPath): unknown key; \(known)")
            }
            fields[key] = JSONField(member, path: memberPath)
        }
        return JSONObject(fields: fields, path: path)
    }

    /// A number (a scalar) or a non-empty array of numbers (a vector).
    func vectorOrNumber() throws -> (components: [Double], isVector: Bool) {
        switch value {
        case .number:
            return ([try number(.any)], false)
        case .array:
            let elements = try array()
            guard !elements.isEmpty else { throw InputError("\(label): a vector needs at least one component") }
            return (try elements.map { try $0.number(.any) }, true)
        default:
            throw typeError("a number or an array of numbers")
        }
    }
}

/// The checked members of a JSON object.
struct JSONObject {
    var fields: [String: JSONField]
    var path: String

    subscript(key: String) -> JSONField? { fields[key] }

    func has(_ key: String) -> Bool { fields[key] != nil }

    func required(_ key: String) throws -> JSONField {
        guard let field = fields[key] else {
            throw InputError("\(path.isEmpty ? key : "\(path).\(key)"): missing")
        }
        return field
    }

    /// Two parameterisations of one thing must not be mixed.
    func rejectMixing(_ these: [String], with those: [String]) throws {
        if let this = these.first(where: has), let that = those.first(where: has) {
            throw InputError("\(fields[that]!.path): cannot be combined with \(this); use \(these.joined(separator: "/")) or \(those.joined(separator: "/"))")
        }
    }
}
