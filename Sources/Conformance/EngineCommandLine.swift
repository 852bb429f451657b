/// Splits an engine command (`python3 euler.py --fast`) into words the way a POSIX
/// shell does for plain words: blanks separate, single quotes keep everything, double quotes keep
/// everything but `\"` and `\\`, a backslash outside quotes escapes the next character. No
/// variables, globs or redirections: the words go to posix_spawnp as they are.
public func engineCommandWords(_ text: String) throws(EngineCommandError) -> [String] {
    var words: [String] = []
    var word = ""
    var inWord = false
    var characters = text.makeIterator()
    while let character = characters.next() {
        switch character {
        case " ", "\t", "\n":
            if inWord { words.append(word); word = ""; inWord = false }
        case "'":
            inWord = true
            while true {
                guard let next = characters.next() else { throw EngineCommandError("unterminated single quote") }
                if next == "'" { break }
                word.append(next)
            }
        case "\"":
            inWord = true
            while true {
                guard let next = characters.next() else { throw EngineCommandError("unterminated double quote") }
                if next == "\"" { break }
                if next == "\\" {
                    guard let escaped = characters.next() else { throw EngineCommandError("unterminated double quote") }
                    if escaped != "\"", escaped != "\\" { word.append("\\") }
                    word.append(escaped)
                } else {
                    word.append(next)
                }
            }
        case "\\":
            guard let escaped = characters.next() else { throw EngineCommandError("a backslash at the end") }
            word.append(escaped)
            inWord = true
        default:
            word.append(character)
            inWord = true
        }
    }
    if inWord { words.append(word) }
    guard !words.isEmpty else { throw EngineCommandError("no command given") }
    return words
}

public struct EngineCommandError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
}
