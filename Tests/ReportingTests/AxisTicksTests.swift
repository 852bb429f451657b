@testable import Reporting
import Testing

@Suite("axis ticks")
struct AxisTicksTests {
    /// A nice step is 1, 2 or 5 times a power of ten that `pow` rounds once: within an ulp or two of
    /// the literal it is compared with. Achieved: exact.
    static let niceStepRounding = 2 * Double.ulpOfOne

    @Test("nice steps are 1, 2 or 5 times a power of ten", arguments: [(0.013, 0.02), (0.9, 1.0), (1.0, 1.0), (3.3, 5.0), (0.21, 0.5), (1.7e-6, 2e-6), (2.1e7, 5e7)])
    func niceSteps(raw: Double, expected: Double) {
        let step = AxisTicks.niceStep(raw)
        #expect(Swift.abs(step - expected) <= expected * Self.niceStepRounding, "niceStep(\(raw)) = \(step), expected \(expected)")
    }

    @Test("linear ticks cover the data with round labels")
    func linearTicksCoverTheDataWithRoundLabels() {
        let layout = AxisTicks.linear(lower: 594, upper: 694)
        #expect(layout.lower <= 594 && layout.upper >= 694)
        #expect(layout.ticks.map(\.label) == ["580", "600", "620", "640", "660", "680", "700"])
    }

    @Test("small linear ticks use scientific labels")
    func smallLinearTicksUseScientificLabels() {
        let layout = AxisTicks.linear(lower: -3.1e-6, upper: 4.2e-6)
        #expect(layout.ticks.map(\.label).contains("2e-6"))
        #expect(layout.ticks.map(\.label).contains("0"))
        #expect(!layout.ticks.map(\.label).contains { $0.contains("0.000") })
    }

    @Test("fractional linear ticks have just enough decimals")
    func fractionalLinearTicksHaveJustEnoughDecimals() {
        #expect(AxisTicks.linear(lower: 0, upper: 1).ticks.map(\.label) == ["0", "0.2", "0.4", "0.6", "0.8", "1.0"])
    }

    @Test("flat series still gets a range")
    func flatSeriesStillGetsARange() {
        let layout = AxisTicks.linear(lower: 5, upper: 5)
        #expect(layout.lower < 5 && layout.upper > 5)
    }

    @Test("many decades are labelled with a stride")
    func manyDecadesAreLabelledWithAStride() {
        let layout = AxisTicks.log(lower: 1e-17, upper: 0.3)
        let labels = layout.ticks.filter(\.isMajor).map(\.label)
        #expect(labels.contains("1e-12"))
        #expect(labels.count <= AxisTicks.maximumLogLabels + 2)
        #expect(layout.lower == 1e-17 && layout.upper == 0.3, "a domain with two or more decades is kept")
    }

    @Test("few decades are plain and every decade is labelled")
    func fewDecadesArePlainAndEveryDecadeIsLabelled() {
        let labels = AxisTicks.log(lower: 1, upper: 50_000).ticks.filter(\.isMajor).map(\.label)
        #expect(labels == ["1", "10", "100", "1000", "10000"])
    }

    @Test("one axis never mixes notations")
    func oneAxisNeverMixesNotations() {
        let labels = AxisTicks.log(lower: 150, upper: 900_000).ticks.filter(\.isMajor).map(\.label)
        #expect(labels == ["1e3", "1e4", "1e5"])
    }

    @Test("within one decade two and five are labelled")
    func withinOneDecadeTwoAndFiveAreLabelled() {
        let labels = AxisTicks.log(lower: 0.12, upper: 0.9).ticks.filter(\.isMajor).map(\.label)
        #expect(labels == ["0.1", "0.2", "0.5", "1"])
    }

    @Test("exact powers of ten keep their ticks")
    func exactPowersOfTenKeepTheirTicks() {
        let layout = AxisTicks.log(lower: 1000, upper: 1_000_000)
        #expect(layout.ticks.filter(\.isMajor).map(\.label) == ["1e3", "1e4", "1e5", "1e6"])
    }
}
