import Foundation

/// A `hooke run` file: a flat ``Scenario`` (one value and its transactions) or a ``TreeScenario``
/// (a view tree's values and changes of state), told apart by a `tree` member at the root.
public enum ScenarioFile: Sendable {
    case flat(Scenario)
    case tree(TreeScenario)

    /// Reads the file at `path`; an error's message starts with the path, then the JSON path.
    public init(path: String) throws {
        self = try StrictJSON.load(path, Self.init(json:))
    }

    /// Reads a scenario of either form from its JSON text.
    public init(json text: String) throws {
        self = TreeScenario.isTree(json: text) ? .tree(try TreeScenario(json: text)) : .flat(try Scenario(json: text))
    }
}
