// ChartLabelTests.swift — labels drawn over a plot never overlap: on synthetic crowded charts and
// on every chart committed in reports/charts/.

import Foundation
@testable import Reporting
import Testing
import _TestSupport

@Suite("chart labels")
struct ChartLabelTests {
    /// The annotation labels of an SVG document: each `<text class="annotation">`'s box, from its
    /// x, y and text-anchor attributes and its character count (entities decoded).
    static func labelBoxes(_ svg: String) throws -> [(String, SVGChartRenderer.LabelBox)] {
        let pattern = try NSRegularExpression(pattern: #"<text class="annotation" x="([-0-9.]+)" y="([-0-9.]+)" text-anchor="(\w+)"[^>]*>([^<]*)</text>"#)
        let range = NSRange(svg.startIndex..., in: svg)
        return pattern.matches(in: svg, range: range).map { match in
            func group(_ i: Int) -> String { String(svg[Range(match.range(at: i), in: svg)!]) }
            let text = group(4).replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
            return (text, SVGChartRenderer.LabelBox(x: Double(group(1))!, y: Double(group(2))!, anchor: group(3), characters: text.count))
        }
    }

    static func overlaps(_ boxes: [(String, SVGChartRenderer.LabelBox)]) -> [String] {
        var pairs: [String] = []
        for i in boxes.indices {
            for j in boxes.indices where j > i && boxes[i].1.intersects(boxes[j].1) {
                pairs.append("\(boxes[i].0) / \(boxes[j].0)")
            }
        }
        return pairs
    }

    /// Five labelled points within a few pixels of each other (the accuracy-vs-cost case): every
    /// label is drawn, none overlaps another, and the displaced ones have leader lines.
    @Test("crowded labels are spread with leaders")
    func crowdedLabelsAreSpreadWithLeaders() throws {
        let names = ["fast", "limit", "limit-avx2", "floor", "naive"]
        let series = names.enumerated().map { index, name in
            ChartSeries(id: name, label: name, x: [1e-15 * (1 + 0.01 * Double(index))], y: [1 + 0.01 * Double(index)],
                        style: .markers, annotation: name)
        }
        let chart = Chart(id: "crowded", title: "crowded", xAxis: ChartAxis(label: "error", scale: .log),
                          yAxis: ChartAxis(label: "cost", unit: "ns", scale: .log), series: series, notes: [])
        let svg = SVGChartRenderer.render(chart)
        let boxes = try Self.labelBoxes(svg)
        #expect(boxes.map(\.0).sorted() == names.sorted())
        #expect(Self.overlaps(boxes).isEmpty, "\(Self.overlaps(boxes))")
        #expect(svg.components(separatedBy: "class=\"leader\"").count - 1 >= names.count - 2)
    }

    /// Every committed chart: no two label boxes intersect.
    @Test("committed charts have no overlapping labels")
    func committedChartsHaveNoOverlappingLabels() throws {
        let charts = repositoryRoot.appendingPathComponent("reports/charts")
        let files = try FileManager.default.contentsOfDirectory(atPath: charts.path).filter { $0.hasSuffix(".svg") }.sorted()
        #expect(!files.isEmpty)
        for file in files {
            let svg = try String(contentsOf: charts.appendingPathComponent(file), encoding: .utf8)
            let overlaps = Self.overlaps(try Self.labelBoxes(svg))
            #expect(overlaps.isEmpty, "\(file): \(overlaps)")
        }
    }
}
