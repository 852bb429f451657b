import Reporting
import Testing

@Suite("ReportFormat")
struct ReportFormatTests {
    @Test("significant digits", arguments: [(1.23456e-13, "1.23e-13"), (0.004123, "0.00412"), (157.91, "158"), (0, "0"), (3e6, "3e6"),
                      (-2.5e-5, "-2.5e-5"), (Double.nan, "NaN")])
    func significant(value: Double, expected: String) {
        #expect(ReportFormat.significant(value) == expected)
    }

    @Test("counts with thousands separators")
    func counts() {
        #expect(ReportFormat.count(1_000_000) == "1,000,000")
        #expect(ReportFormat.count(999) == "999")
        #expect(ReportFormat.count(-12_345) == "-12,345")
    }

    @Test("nanoseconds to three digits")
    func nanoseconds() {
        #expect(ReportFormat.nanoseconds(2.6123) == "2.61")
        #expect(ReportFormat.nanoseconds(48.27) == "48.3")
        #expect(ReportFormat.nanoseconds(1520.4) == "1520")
        #expect(ReportFormat.nanoseconds(0.5) == "0.500")
    }
}
