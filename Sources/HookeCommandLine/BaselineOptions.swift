import HookeSupport

extension BaselineFile {
    /// `--baseline FILE` and `--update-baseline` of `hooke verify`, `hooke bench` and `hooke report`;
    /// a file to be written is checked before any work.
    init<Baseline: StoredBaseline>(_ arguments: ParsedArguments, of baseline: Baseline.Type) throws {
        self.init(given: try arguments.inputFile("--baseline"), update: arguments.flag("--update-baseline"), of: baseline)
        if update {
            try ParsedArguments.checkOutputFile(path, option: arguments.has("--baseline") ? "--baseline" : "--update-baseline")
        }
    }
}

extension BaselineError {
    /// The library's message with what to do about it on the command line.
    var withRemedy: String {
        description + (problem == nil ? "; write one with --update-baseline" : "; fix or delete it and rerun with --update-baseline")
    }
}

extension InputError {
    /// A baseline that cannot be read, as `--baseline`'s error: what is wrong and what to do.
    static func baseline(_ error: any Error) -> InputError {
        InputError("--baseline: " + ((error as? BaselineError)?.withRemedy ?? "\(error)"))
    }
}
