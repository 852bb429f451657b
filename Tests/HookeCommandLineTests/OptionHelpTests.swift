import HookeCommandLine
import HookeSupport
import Testing

/// `--help`'s OPTIONS sections are generated from each command's `OptionSpec` list, so every flag is
/// described where it is declared.
@Suite("options in --help")
struct OptionHelpTests {
    @Test("every option a command accepts is named in its --help")
    func everyOptionIsListed() {
        for command in Hooke.commands where !command.words.isEmpty {
            let help = hooke(command.words + ["--help"]).standardOutput
            for option in command.options {
                #expect(help.contains(option.name), "hooke \(command.words.joined(separator: " ")) --help lacks \(option.name)")
            }
        }
    }

    @Test("an option's line: name and value padded to the column, continuation lines under the description")
    func layout() {
        let lines = OptionSpec.helpLines([
            OptionSpec("--a", .single, "X", "first\nsecond"), OptionSpec("--hidden"),
            OptionSpec("--long-name", .flag, "", "past the column"), OptionSpec("--b", .single, "Y", "\nbelow"),
        ], column: 10)
        #expect(lines == "  --a X   first\n          second\n  --long-name past the column\n  --b Y\n          below")
    }
}
