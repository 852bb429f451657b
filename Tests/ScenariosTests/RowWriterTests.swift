import Foundation
import Scenarios
import Testing

/// `RowWriter`, the rows `hooke run` and `hooke eval` print, used from Swift: its CSV carries every
/// frame's Double exactly (17 significant digits round-trip; read back with Swift's correctly
/// rounded `Double(String)`), and its JSON is valid JSON with one row per frame and the completions.
@Suite("RowWriter")
struct RowWriterTests {
    static let scenarios = ["spring-retarget.json", "chained-easeinout.json", "vector.json"]

    @Test("CSV round-trips every frame", arguments: scenarios)
    func csvRoundTripsEveryFrame(_ name: String) throws {
        let scenario = try ExampleScenarioTests.example(name)
        let (frames, _) = scenario.run()
        let dimension = scenario.dimension
        var text = ""
        var rows = try RowWriter(.csv, dimension: dimension) { text += $0 }
        for frame in frames { try rows.row(frame) }
        try rows.finish()
        let lines = text.split(separator: "\n")
        #expect(lines.count == frames.count + 1)
        for (line, frame) in zip(lines.dropFirst(), frames) {
            let fields = line.split(separator: ",").map { Double(String($0)) }
            let components = frame.value.count
            #expect(fields.count == 1 + 2 * components)
            #expect(fields[0] == frame.time)
            for index in 0..<components {
                #expect(fields[1 + index] == frame.value[index])
                if let velocity = frame.velocity?[index] {
                    #expect(fields[1 + components + index] == velocity)
                } else {
                    #expect(fields[1 + components + index]?.isNaN == true)
                }
            }
        }
    }

    @Test("JSON has every frame and the completions")
    func jsonHasEveryFrameAndTheCompletions() throws {
        let scenario = try ExampleScenarioTests.example("chained-easeinout.json")
        var text = ""
        var rows = try RowWriter(.json, metadata: [("scenario", "\"chained\"")]) { text += $0 }
        let completions = try scenario.run { try rows.row($0) }
        try rows.finish(trailer: RowWriter.completionsJSON(completions))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["scenario"] as? String == "chained")
        #expect((object["rows"] as? [Any])?.count == scenario.run().frames.count)
        let names = (object["completions"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(names == completions.map(\.name))
        #expect(names?.isEmpty == false)
    }
}
