import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import Reporting
import Testing

/// Collects what the tests look for while `XMLParser` checks well-formedness.
private final class SVGInspector: NSObject, XMLParserDelegate {
    var seriesPaths: [String: String] = [:]   // id → d
    var markerGroups: [String] = []
    var legendIDs: [String] = []
    var texts: [String] = []
    var circles = 0
    private var currentText = ""

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        currentText = ""
        if name == "path", attributes["class"] == "series", let id = attributes["id"] { seriesPaths[id] = attributes["d"] ?? "" }
        if name == "g", attributes["class"] == "markers", let id = attributes["id"] { markerGroups.append(id) }
        if name == "g", attributes["class"] == "legend-item", let id = attributes["id"] { legendIDs.append(id) }
        if name == "circle" { circles += 1 }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { currentText += string }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" || name == "title" { texts.append(currentText) }
        currentText = ""
    }
}

/// Parses `svg`; records an issue when it is not well-formed XML.
private func inspect(_ svg: String, sourceLocation: SourceLocation = #_sourceLocation) -> SVGInspector {
    let parser = XMLParser(data: Data(svg.utf8))
    let inspector = SVGInspector()
    parser.delegate = inspector
    let ok = parser.parse()
    #expect(ok, "not well-formed: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)",
            sourceLocation: sourceLocation)
    return inspector
}

@Suite("SVGChartRenderer")
struct SVGChartRendererTests {
    static let chart = Chart(
        id: "test-chart", title: "Errors <of> \"springs\" & 'curves'",
        xAxis: ChartAxis(label: "time", unit: "s"),
        yAxis: ChartAxis(label: "|error|", scale: .log, floor: 1e-17),
        series: [
            ChartSeries(id: "a", label: "closed form < 1e-15", x: [0, 1, 2, 3], y: [0, 1e-16, 3e-16, 2e-16]),
            ChartSeries(id: "b", label: "Euler & friends", x: [0, 1, 2, 3], y: [0, 0.01, .nan, 0.03], dash: .dashed),
            ChartSeries(id: "c", label: "recording", x: [0.5, 1.5], y: [1e-3, 2e-3], style: .markers),
        ],
        referenceLines: [ReferenceLine(y: 1e-2, label: "budget")],
        notes: ["A note with <markup> & an ampersand."])

    @Test("is well-formed and holds every series")
    func isWellFormedAndHoldsEverySeries() {
        let svg = SVGChartRenderer.render(Self.chart)
        let inspector = inspect(svg)
        #expect(Set(inspector.seriesPaths.keys) == ["series-a", "series-b"])
        #expect(inspector.markerGroups == ["markers-c"])
        #expect(inspector.legendIDs == ["legend-a", "legend-b", "legend-c"])
        for label in ["closed form < 1e-15", "Euler & friends", "recording", "Errors <of> \"springs\" & 'curves'", "budget"] {
            #expect(inspector.texts.contains(label), "missing text '\(label)'")
        }
    }

    @Test("missing values split a line and zeros are clamped with a note")
    func missingValuesSplitALineAndZerosAreClampedWithANote() {
        let svg = SVGChartRenderer.render(Self.chart)
        let inspector = inspect(svg)
        // b has a NaN in the middle: two sub-paths.
        #expect(inspector.seriesPaths["series-b"]?.filter { $0 == "M" }.count == 2)
        #expect(inspector.texts.contains { $0.contains("drawn at 1e-17") })
    }

    @Test("log axis labels are decades")
    func logAxisLabelsAreDecades() {
        let inspector = inspect(SVGChartRenderer.render(Self.chart))
        #expect(inspector.texts.contains("1e-12") || inspector.texts.contains("1e-15"))
    }

    @Test("same chart, same bytes")
    func sameChartSameBytes() {
        #expect(SVGChartRenderer.render(Self.chart) == SVGChartRenderer.render(Self.chart))
    }

    @Test("an empty chart still renders")
    func anEmptyChartStillRenders() {
        let chart = Chart(id: "empty", title: "nothing", xAxis: ChartAxis(label: "x"), yAxis: ChartAxis(label: "y", scale: .log),
                          series: [ChartSeries(id: "none", label: "none", x: [], y: [])])
        let inspector = inspect(SVGChartRenderer.render(chart))
        #expect(inspector.texts.contains("no data"))
    }

    @Test("points stay inside the plot area")
    func pointsStayInsideThePlotArea() {
        let svg = SVGChartRenderer.render(Self.chart)
        #expect(svg.contains("clip-path=\"url(#plot-area-test-chart)\""))
        #expect(svg.contains("width=\"800\""))
    }

    @Test("escapes every XML special character")
    func escapesEveryXMLSpecialCharacter() {
        #expect(XMLText.escape("a<b>&\"c'\u{1}") == "a&lt;b&gt;&amp;&quot;c&apos;")
    }
}
