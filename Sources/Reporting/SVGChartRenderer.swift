// SVGChartRenderer.swift — draws a `Chart` as a standalone SVG document.
//
// Goals, in order: 1. valid XML whatever the text (every string is escaped); 2. readable at
// GitHub's page width (800 px wide, 12–16 px text, a white background so dark mode shows it);
// 3. nothing over the data — the legend and the notes sit below the plot, series are clipped to
// the plot area; 4. the same chart gives the same bytes (coordinates printed with 2 decimals,
// no dictionaries, no dates).
//
// Each series is one `<path class="series" id="series-<id>">` (split into sub-paths where a
// value is missing) and, for markers, one `<g class="markers" id="markers-<id>">` of circles;
// each legend entry is a `<g class="legend-item" id="legend-<id>">` holding the label's `<text>`.
// A band is a `<path class="band" id="band-<id>">` under the lines; bars are one
// `<g class="bars" id="bars-<id>">` of rects per series, side by side within each category.

import Foundation

public enum SVGChartRenderer {
    /// The document width: GitHub renders a repository page's content about 800 px wide.
    public static let width = 800.0
    /// The plot area's height; the document grows below it for the legend and the notes.
    static let plotHeight = 320.0
    static let topMargin = 48.0
    static let rightMargin = 24.0
    static let fontSize = 12.0
    static let titleFontSize = 16.0
    /// Average advance of a 12 px sans-serif character (DejaVu Sans/Arial ≈ 0.55 em); used to
    /// size the left margin and the legend columns, with room to spare.
    static let characterWidth = 7.0
    static let legendRowHeight = 20.0
    /// Log axes extend this fraction of their span (in decades) beyond the data on either side.
    static let logMargin = 0.04
    static let noteLineHeight = 16.0
    /// Notes wrap at this many characters (≈ 760 px at 12 px: DejaVu Sans averages ~6.4 px).
    static let noteWrapColumns = 118

    /// The Okabe–Ito palette: distinguishable with every common colour-vision deficiency (yellow
    /// left out: unreadable on white).
    public static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#999933"]

    /// The SVG text of `chart`: the document, then each chart element in drawing order (grid, axes,
    /// reference lines, bands, series, frame, legend, notes).
    public static func render(_ chart: Chart) -> String {
        // Values each series will draw, after log-axis clamping.
        var clampedAny = false
        let drawable = drawablePoints(chart, clampedAny: &clampedAny)
        let bands = bandPoints(chart, clampedAny: &clampedAny)
        let points = drawable.flatMap { $0.compactMap { $0 } }
        let bandValues = bands.flatMap { $0.compactMap { $0 }.flatMap { [$0.1, $0.2] } }
        let frame = PlotFrame(chart, points: points, bandValues: bandValues)

        // Legend: a grid of equal columns below the axis title.
        let legendItemWidth = 40 + characterWidth * Double(chart.series.map(\.label.count).max() ?? 0)
        let columns = Swift.max(1, Int((width - 2 * 16) / legendItemWidth))
        let legendRows = chart.series.isEmpty ? 0 : (chart.series.count + columns - 1) / columns
        let legendTop = frame.bottom + 58
        var notes = chart.notes
        if clampedAny, let floor = chart.yAxis.floor ?? chart.xAxis.floor {
            notes.append("Values at or below \(compactNumber(floor)) (including exact zeros) are drawn at \(compactNumber(floor)).")
        }
        if points.isEmpty { notes.append("No data to plot.") }
        let noteLines = notes.flatMap { wrap($0, columns: noteWrapColumns) }
        let notesTop = legendTop + Double(legendRows) * legendRowHeight + 8
        let height = (notesTop + Double(noteLines.count) * noteLineHeight + 12).rounded(.up)

        var svg = SVGBuilder()
        openDocument(&svg, chart, frame, height: height)
        drawGrid(&svg, frame)
        drawXAxis(&svg, chart, frame)
        drawYAxis(&svg, chart, frame)
        // Reference lines, then the series, clipped to the plot area.
        svg.open("g", [("clip-path", "url(#plot-area-\(chart.id))")])
        drawReferenceLines(&svg, chart, frame)
        drawBands(&svg, chart, bands, frame)
        drawSeries(&svg, chart, drawable, frame)
        svg.close("g")
        if points.isEmpty {
            svg.element("text", [("x", n(frame.left + frame.plotWidth / 2)), ("y", n(frame.top + plotHeight / 2)),
                                 ("text-anchor", "middle"), ("fill", "#777777"), ("font-size", "14")], text: "no data")
        }
        svg.empty("rect", [("class", "plot-frame"), ("x", n(frame.left)), ("y", n(frame.top)), ("width", n(frame.plotWidth)),
                           ("height", n(plotHeight)), ("fill", "none"), ("stroke", "#333333")])
        drawLegend(&svg, chart, columns: columns, top: legendTop)
        drawNotes(&svg, noteLines, top: notesTop)
        svg.close("svg")
        return svg.text
    }

    /// Where the plot area sits in the document and how axis values map onto it.
    struct PlotFrame {
        let xLayout: AxisLayout
        let yLayout: AxisLayout
        let left: Double
        let plotWidth: Double
        let top: Double
        let bottom: Double

        /// Lays the axes out over the drawn points (and, on y, the bands and reference lines); the left
        /// margin fits the longest y label.
        init(_ chart: Chart, points: [(Double, Double)], bandValues: [Double]) {
            xLayout = layout(chart.xAxis, values: points.map(\.0))
            yLayout = layout(chart.yAxis, values: points.map(\.1) + bandValues + chart.referenceLines.map(\.y))
            let longestYLabel = yLayout.ticks.filter(\.isMajor).map(\.label.count).max() ?? 1
            left = 34 + characterWidth * Double(longestYLabel) + 12
            plotWidth = width - left - rightMargin
            top = topMargin
            bottom = top + plotHeight
        }

        func px(_ x: Double) -> Double { left + xLayout.fraction(x) * plotWidth }
        func py(_ y: Double) -> Double { bottom - yLayout.fraction(y) * plotHeight }
    }

    /// Each series' points ready for the axes (nil where a value cannot be drawn).
    static func drawablePoints(_ chart: Chart, clampedAny: inout Bool) -> [[(Double, Double)?]] {
        chart.series.map { series in
            zip(series.x, series.y).map { x, y -> (Double, Double)? in
                guard let px = prepare(x, chart.xAxis, &clampedAny), let py = prepare(y, chart.yAxis, &clampedAny) else {
                    return nil
                }
                return (px, py)
            }
        }
    }

    /// Each series' band as (x, lower, upper) per point; empty for a series without a band.
    static func bandPoints(_ chart: Chart, clampedAny: inout Bool) -> [[(Double, Double, Double)?]] {
        chart.series.map { series in
            guard let band = series.band else { return [] }
            return series.x.indices.map { i -> (Double, Double, Double)? in
                guard let x = prepare(series.x[i], chart.xAxis, &clampedAny),
                      let lower = prepare(band.lower[i], chart.yAxis, &clampedAny),
                      let upper = prepare(band.upper[i], chart.yAxis, &clampedAny) else { return nil }
                return (x, lower, upper)
            }
        }
    }

    /// The `<svg>` element, its title, white background, the plot-area clip path and the chart title.
    static func openDocument(_ svg: inout SVGBuilder, _ chart: Chart, _ frame: PlotFrame, height: Double) {
        svg.open("svg", [("xmlns", "http://www.w3.org/2000/svg"), ("id", chart.id), ("width", n(width)), ("height", n(height)),
                         ("viewBox", "0 0 \(n(width)) \(n(height))"), ("font-family", "DejaVu Sans, Arial, sans-serif"),
                         ("font-size", n(fontSize))])
        svg.element("title", text: chart.title)
        svg.empty("rect", [("width", "100%"), ("height", "100%"), ("fill", "#ffffff")])
        svg.open("defs")
        svg.open("clipPath", [("id", "plot-area-\(chart.id)")])
        // Slack of one marker radius so a marker on the frame (a value at the axis end) is whole.
        let slack = 5.0
        svg.empty("rect", [("x", n(frame.left - slack)), ("y", n(frame.top - slack)), ("width", n(frame.plotWidth + 2 * slack)),
                           ("height", n(plotHeight + 2 * slack))])
        svg.close("clipPath")
        svg.close("defs")
        svg.element("text", [("class", "chart-title"), ("x", n(width / 2)), ("y", "28"), ("text-anchor", "middle"),
                             ("font-size", n(titleFontSize)), ("font-weight", "bold")], text: chart.title)
    }

    /// Grid lines at the major ticks of both axes.
    static func drawGrid(_ svg: inout SVGBuilder, _ frame: PlotFrame) {
        svg.open("g", [("class", "grid"), ("stroke", "#e4e4e4"), ("stroke-width", "1")])
        for tick in frame.xLayout.ticks where tick.isMajor {
            svg.empty("line", [("x1", n(frame.px(tick.value))), ("y1", n(frame.top)), ("x2", n(frame.px(tick.value))), ("y2", n(frame.bottom))])
        }
        for tick in frame.yLayout.ticks where tick.isMajor {
            svg.empty("line", [("x1", n(frame.left)), ("y1", n(frame.py(tick.value))), ("x2", n(frame.left + frame.plotWidth)),
                               ("y2", n(frame.py(tick.value)))])
        }
        svg.close("g")
    }

    /// The x axis: tick marks, major tick labels and the axis title.
    static func drawXAxis(_ svg: inout SVGBuilder, _ chart: Chart, _ frame: PlotFrame) {
        let bottom = frame.bottom
        svg.open("g", [("class", "x-axis")])
        for tick in frame.xLayout.ticks {
            let x = frame.px(tick.value)
            svg.empty("line", [("x1", n(x)), ("y1", n(bottom)), ("x2", n(x)), ("y2", n(bottom + (tick.isMajor ? 6 : 3))),
                               ("stroke", "#333333")])
            if tick.isMajor {
                svg.element("text", [("x", n(x)), ("y", n(bottom + 20)), ("text-anchor", "middle")], text: tick.label)
            }
        }
        svg.element("text", [("class", "axis-title"), ("x", n(frame.left + frame.plotWidth / 2)), ("y", n(bottom + 42)),
                             ("text-anchor", "middle"), ("font-size", "13")], text: chart.xAxis.title)
        svg.close("g")
    }

    /// The y axis: tick marks, major tick labels and the rotated axis title.
    static func drawYAxis(_ svg: inout SVGBuilder, _ chart: Chart, _ frame: PlotFrame) {
        let left = frame.left, top = frame.top
        svg.open("g", [("class", "y-axis")])
        for tick in frame.yLayout.ticks {
            let y = frame.py(tick.value)
            svg.empty("line", [("x1", n(left - (tick.isMajor ? 6 : 3))), ("y1", n(y)), ("x2", n(left)), ("y2", n(y)),
                               ("stroke", "#333333")])
            if tick.isMajor {
                svg.element("text", [("x", n(left - 9)), ("y", n(y + 4)), ("text-anchor", "end")], text: tick.label)
            }
        }
        svg.element("text", [("class", "axis-title"), ("x", "18"), ("y", n(top + plotHeight / 2)), ("text-anchor", "middle"),
                             ("font-size", "13"), ("transform", "rotate(-90 18 \(n(top + plotHeight / 2)))")],
                    text: chart.yAxis.title)
        svg.close("g")
    }

    /// Dashed horizontal reference lines inside the y range, each with its label at the right.
    static func drawReferenceLines(_ svg: inout SVGBuilder, _ chart: Chart, _ frame: PlotFrame) {
        let left = frame.left, plotWidth = frame.plotWidth
        for line in chart.referenceLines where line.y >= frame.yLayout.lower && line.y <= frame.yLayout.upper {
            let y = frame.py(line.y)
            svg.empty("line", [("class", "reference-line"), ("x1", n(left)), ("y1", n(y)), ("x2", n(left + plotWidth)),
                               ("y2", n(y)), ("stroke", "#555555"), ("stroke-width", "1.5"), ("stroke-dasharray", "8 4")])
            svg.element("text", [("class", "reference-label"), ("x", n(left + plotWidth - 6)), ("y", n(y - 6)),
                                 ("text-anchor", "end"), ("fill", "#333333")] + halo, text: line.label)
        }
    }

    /// Each band as one closed, translucent path: along the upper edge, back along the lower.
    static func drawBands(_ svg: inout SVGBuilder, _ chart: Chart, _ bands: [[(Double, Double, Double)?]], _ frame: PlotFrame) {
        for (index, series) in chart.series.enumerated() where !bands[index].isEmpty {
            let color = palette[(series.colorIndex ?? index) % palette.count]
            let shown = bands[index].compactMap { $0 }
            let outline = shown.map { (frame.px($0.0), frame.py($0.2)) } + shown.reversed().map { (frame.px($0.0), frame.py($0.1)) }
            let d = outline.enumerated().map { ($0.offset == 0 ? "M" : "L") + n($0.element.0) + " " + n($0.element.1) }
                .joined(separator: " ")
            svg.empty("path", [("class", "band"), ("id", "band-\(series.id)"), ("d", d.isEmpty ? "M0 0" : d + " Z"),
                               ("fill", color), ("fill-opacity", "0.18"), ("stroke", "none")])
        }
    }

    /// Every series in its style — bars, a line, markers — and its annotation.
    static func drawSeries(_ svg: inout SVGBuilder, _ chart: Chart, _ drawable: [[(Double, Double)?]], _ frame: PlotFrame) {
        // Bars: each bar series takes an equal slice of 80% of the space between categories.
        let barSeries = chart.series.indices.filter { chart.series[$0].style == .bars }
        let categorySpacing: Double = {
            guard let fixed = chart.xAxis.fixedTicks, fixed.count > 1 else { return 1 }
            return (fixed[fixed.count - 1].value - fixed[0].value) / Double(fixed.count - 1)
        }()
        let groupWidth = 0.8 * abs(frame.px(categorySpacing) - frame.px(0))
        let barWidth = groupWidth / Double(Swift.max(barSeries.count, 1))
        let yLayout = frame.yLayout
        let barBase = frame.py(chart.yAxis.scale == .log ? yLayout.lower : Swift.min(Swift.max(0, yLayout.lower), yLayout.upper))
        var annotations: [(text: String, x: Double, y: Double, color: String)] = []
        for (index, series) in chart.series.enumerated() {
            let color = palette[(series.colorIndex ?? index) % palette.count]
            let screen = drawable[index].map { point in point.map { (frame.px($0.0), frame.py($0.1)) } }
            if series.style == .bars, let slot = barSeries.firstIndex(of: index) {
                svg.open("g", [("class", "bars"), ("id", "bars-\(series.id)"), ("fill", color)])
                for case let (x, y)? in screen {
                    svg.empty("rect", [("x", n(x - groupWidth / 2 + Double(slot) * barWidth)), ("y", n(Swift.min(y, barBase))),
                                       ("width", n(Swift.max(barWidth - 1, 1))), ("height", n(abs(barBase - y)))])
                }
                svg.close("g")
            }
            if series.style == .line || series.style == .lineAndMarkers {
                drawLine(&svg, series, screen, color: color)
            }
            if series.style == .markers || series.style == .lineAndMarkers {
                svg.open("g", [("class", "markers"), ("id", "markers-\(series.id)"), ("fill", color)])
                for case let (x, y)? in screen {
                    svg.empty("circle", [("cx", n(x)), ("cy", n(y)), ("r", series.style == .markers ? "4" : "3")])
                }
                svg.close("g")
            }
            if let annotation = series.annotation, let (x, y) = screen.compactMap({ $0 }).last {
                annotations.append((annotation, x, y, color))
            }
        }
        drawAnnotations(&svg, annotations, frame)
    }

    /// A label's box on the page: `x`, `y` as the `<text>` element's attributes (baseline at y),
    /// the width estimated from the character count (`characterWidth`, generous for 12 px text).
    public struct LabelBox: Equatable, Sendable {
        public var minX, minY, maxX, maxY: Double

        public init(x: Double, y: Double, anchor: String, characters: Int) {
            let width = characterWidth * Double(characters)
            minX = anchor == "end" ? x - width : anchor == "middle" ? x - width / 2 : x
            maxX = minX + width
            minY = y - fontSize + 1
            maxY = y + 3
        }

        public func intersects(_ other: LabelBox) -> Bool {
            minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
        }
    }

    /// Offsets tried for a label, in order: beside the point (right or left, above or below), then
    /// further up and down in steps of a line; a label placed away from its point gets a leader line.
    static let labelSteps: [Double] = [0, 16, -16, 32, -32, 48, -48, 64, -64, 80, -80, 96, -96]

    /// Series annotations placed so no two label boxes intersect: greedy, in series order, each at
    /// the first candidate position whose box is inside the plot and clear of the labels already
    /// placed; a thin leader line joins a displaced label to its point. A label with no free
    /// position (more labels than the plot has room for) goes where its first candidate is.
    static func drawAnnotations(_ svg: inout SVGBuilder, _ annotations: [(text: String, x: Double, y: Double, color: String)],
                                _ frame: PlotFrame) {
        var placed: [LabelBox] = []
        for annotation in annotations {
            let preferRight = annotation.x < frame.left + frame.plotWidth * 0.75
            let preferBelow = annotation.y - frame.top < 20
            var candidates: [(x: Double, y: Double, anchor: String, displaced: Bool)] = []
            for step in labelSteps {
                for right in [preferRight, !preferRight] {
                    let y = annotation.y + (preferBelow ? 16 : -6) + step
                    candidates.append((right ? annotation.x + 8 : annotation.x - 8, y, right ? "start" : "end",
                                       step != 0 || right != preferRight))
                }
            }
            func box(_ candidate: (x: Double, y: Double, anchor: String, displaced: Bool)) -> LabelBox {
                LabelBox(x: candidate.x, y: candidate.y, anchor: candidate.anchor, characters: annotation.text.count)
            }
            let inside = { (b: LabelBox) in
                b.minX >= frame.left && b.maxX <= frame.left + frame.plotWidth && b.minY >= frame.top && b.maxY <= frame.bottom
            }
            let choice = candidates.first { candidate in
                let b = box(candidate)
                return inside(b) && !placed.contains { $0.intersects(b) }
            } ?? candidates[0]
            let chosen = box(choice)
            placed.append(chosen)
            if choice.displaced {
                // From the point to the nearest end of the label's box, at its middle height.
                let endX = choice.anchor == "start" ? chosen.minX - 2 : chosen.maxX + 2
                svg.empty("line", [("class", "leader"), ("x1", n(annotation.x)), ("y1", n(annotation.y)), ("x2", n(endX)),
                                   ("y2", n((chosen.minY + chosen.maxY) / 2)), ("stroke", annotation.color),
                                   ("stroke-width", "1"), ("stroke-opacity", "0.7")])
            }
            svg.element("text", [("class", "annotation"), ("x", n(choice.x)), ("y", n(choice.y)),
                                 ("text-anchor", choice.anchor), ("fill", annotation.color)] + halo, text: annotation.text)
        }
    }

    /// One series' line: a path whose sub-paths break where a value is missing.
    static func drawLine(_ svg: inout SVGBuilder, _ series: ChartSeries, _ screen: [(Double, Double)?], color: String) {
        var d = ""
        var penDown = false
        for point in screen {
            guard let (x, y) = point else {
                penDown = false
                continue
            }
            d += (d.isEmpty ? "" : " ") + (penDown ? "L" : "M") + n(x) + " " + n(y)
            penDown = true
        }
        var attributes = [("class", "series"), ("id", "series-\(series.id)"), ("data-label", series.label),
                          ("d", d.isEmpty ? "M0 0" : d), ("fill", "none"), ("stroke", color),
                          ("stroke-width", "2"), ("stroke-linejoin", "round")]
        if let pattern = dashPattern(series.dash) { attributes.append(("stroke-dasharray", pattern)) }
        if d.isEmpty { attributes.append(("visibility", "hidden")) }
        svg.empty("path", attributes)
    }

    /// The legend below the plot: one item per series, in `columns` equal columns from `top`.
    static func drawLegend(_ svg: inout SVGBuilder, _ chart: Chart, columns: Int, top legendTop: Double) {
        svg.open("g", [("class", "legend")])
        let columnWidth = (width - 32) / Double(columns)
        for (index, series) in chart.series.enumerated() {
            let color = palette[(series.colorIndex ?? index) % palette.count]
            let x = 16 + Double(index % columns) * columnWidth
            let y = legendTop + Double(index / columns) * legendRowHeight
            svg.open("g", [("class", "legend-item"), ("id", "legend-\(series.id)")])
            if series.style == .bars {
                svg.empty("rect", [("x", n(x + 8)), ("y", n(y - 6)), ("width", "12"), ("height", "12"), ("fill", color)])
            }
            if series.style == .line || series.style == .lineAndMarkers {
                var attributes = [("x1", n(x)), ("y1", n(y)), ("x2", n(x + 28)), ("y2", n(y)), ("stroke", color), ("stroke-width", "2")]
                if let pattern = dashPattern(series.dash) { attributes.append(("stroke-dasharray", pattern)) }
                svg.empty("line", attributes)
            }
            if series.style == .markers || series.style == .lineAndMarkers {
                svg.empty("circle", [("cx", n(x + 14)), ("cy", n(y)), ("r", "4"), ("fill", color)])
            }
            svg.element("text", [("x", n(x + 36)), ("y", n(y + 4))], text: series.label)
            svg.close("g")
        }
        svg.close("g")
    }

    /// The notes below the legend, one `<text>` per wrapped line; nothing when there are none.
    static func drawNotes(_ svg: inout SVGBuilder, _ noteLines: [String], top notesTop: Double) {
        guard !noteLines.isEmpty else { return }
        svg.open("g", [("class", "notes"), ("fill", "#444444")])
        for (index, line) in noteLines.enumerated() {
            svg.element("text", [("x", "16"), ("y", n(notesTop + Double(index) * noteLineHeight + 10))], text: line)
        }
        svg.close("g")
    }

    /// A white outline behind text drawn over the plot, so a line under it does not cut through.
    static let halo = [("stroke", "#ffffff"), ("stroke-width", "3"), ("paint-order", "stroke"), ("stroke-linejoin", "round")]

    /// A value ready for its axis: nil when it cannot be drawn (not finite, or ≤ 0 on a log axis
    /// without a floor); raised to the floor on a log axis that has one.
    static func prepare(_ value: Double, _ axis: ChartAxis, _ clamped: inout Bool) -> Double? {
        guard value.isFinite else { return nil }
        guard axis.scale == .log else { return value }
        if let floor = axis.floor, value <= floor {
            clamped = true
            return floor
        }
        return value > 0 ? value : nil
    }

    static func layout(_ axis: ChartAxis, values: [Double]) -> AxisLayout {
        var all = values + axis.includes.filter(\.isFinite)
        if let fixed = axis.fixedTicks { all += fixed.map(\.value) }
        if axis.scale == .log { all = all.filter { $0 > 0 } }
        let lower = all.min(), upper = all.max()
        var result: AxisLayout
        switch axis.scale {
        case .linear: result = AxisTicks.linear(lower: lower ?? 0, upper: upper ?? 1)
        case .log:
            // A margin of 4% of the span (at least 0.04 decade) on either side, so points at the
            // extremes sit inside the frame rather than on it.
            let low = lower ?? 1, high = upper ?? 10
            let margin = pow(10, logMargin * Swift.max(log10(high / low), 1))
            result = AxisTicks.log(lower: low / margin, upper: high * margin)
        }
        if let fixed = axis.fixedTicks, let first = fixed.first, let last = fixed.last {
            // Categories: half a category of room at either end, ticks exactly where given.
            let pad = fixed.count > 1 ? (last.value - first.value) / Double(fixed.count - 1) / 2 : 0.5
            result = AxisLayout(scale: .linear, lower: first.value - pad, upper: last.value + pad,
                                ticks: fixed.map { AxisTick(value: $0.value, label: $0.label) })
        }
        return result
    }

    static func dashPattern(_ dash: ChartSeries.Dash) -> String? {
        switch dash {
        case .solid: return nil
        case .dashed: return "7 4"
        case .dotted: return "2 3"
        }
    }

    /// Coordinates with two decimals: sub-pixel enough, and identical for identical input.
    static func n(_ value: Double) -> String {
        let text = String(format: "%.2f", value)
        if text.hasSuffix(".00") { return String(text.dropLast(3)) }
        return text == "-0" ? "0" : text
    }

    /// A number for notes: `1e-17`, `0.001`, `8.33`.
    static func compactNumber(_ value: Double) -> String { ReportFormat.significant(value, digits: 3) }

    /// Splits `text` into lines of at most `columns` characters at spaces.
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && current.count + 1 + word.count > columns {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// Builds indented XML text with escaped attribute values and text.
struct SVGBuilder {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var depth = 0

    mutating func open(_ name: String, _ attributes: [(String, String)] = []) {
        line("<\(name)\(format(attributes))>")
        depth += 1
    }

    mutating func close(_ name: String) {
        depth -= 1
        line("</\(name)>")
    }

    mutating func empty(_ name: String, _ attributes: [(String, String)]) {
        line("<\(name)\(format(attributes))/>")
    }

    mutating func element(_ name: String, _ attributes: [(String, String)] = [], text content: String) {
        line("<\(name)\(format(attributes))>\(XMLText.escape(content))</\(name)>")
    }

    private mutating func line(_ content: String) {
        text += String(repeating: "  ", count: depth) + content + "\n"
    }

    private func format(_ attributes: [(String, String)]) -> String {
        attributes.map { " \($0.0)=\"\(XMLText.escape($0.1))\"" }.joined()
    }
}

/// XML escaping for text and attribute values.
public enum XMLText {
    /// Replaces the five XML special characters with entities and drops the control characters
    /// XML 1.0 forbids (everything below U+0020 except tab, newline and carriage return).
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 && scalar.value != 0xFFFE && scalar.value != 0xFFFF {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
