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
