// Chart.swift — what a chart shows, independent of how it is drawn.
//
// A `Chart` is data: a title, two axes (linear or logarithmic, with a label and a unit), labelled
// series (lines, markers or both), horizontal reference lines (a frame budget) and notes printed
// under the plot. `SVGChartRenderer` turns it into an SVG document; the same value is encoded into
// the JSON beside each page, so the numbers behind every chart are published with it.

/// A chart: title, axes, series, reference lines and notes.
public struct Chart: Codable, Sendable {
    /// The file stem the chart is written under (`charts/<id>.svg`), also the SVG root's id.
    public var id: String
    public var title: String
    public var xAxis: ChartAxis
    public var yAxis: ChartAxis
    public var series: [ChartSeries]
    public var referenceLines: [ReferenceLine]
    /// Sentences printed under the plot (what was clamped, what is missing).
    public var notes: [String]

    public init(id: String, title: String, xAxis: ChartAxis, yAxis: ChartAxis, series: [ChartSeries],
                referenceLines: [ReferenceLine] = [], notes: [String] = []) {
        self.id = id
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.referenceLines = referenceLines
        self.notes = notes
    }
}

/// One axis: its label, unit, scale, and optionally fixed ticks (categories).
public struct ChartAxis: Codable, Sendable {
    public enum Scale: String, Codable, Sendable {
        case linear
        /// Base-10 logarithmic. Values ≤ `ChartAxis.floor` are drawn at the floor.
        case log
    }

    public var label: String
    /// Printed in parentheses after the label: "s", "pt", "ns".
    public var unit: String
    public var scale: Scale
    /// For log axes: the smallest value drawn; smaller (and zero) values are drawn at it and a note
    /// says so. Nil: non-positive values are dropped.
    public var floor: Double?
    /// Fixed ticks with their labels (a categorical axis: percentiles); nil chooses nice ticks.
    public var fixedTicks: [FixedTick]?
    /// Forces the axis to include this value (0 on a linear axis, a budget line).
    public var includes: [Double]

    public struct FixedTick: Codable, Sendable {
        public var value: Double
        public var label: String
        public init(_ value: Double, _ label: String) {
            self.value = value
            self.label = label
        }
    }

    public init(label: String, unit: String = "", scale: Scale = .linear, floor: Double? = nil,
                fixedTicks: [FixedTick]? = nil, includes: [Double] = []) {
        self.label = label
        self.unit = unit
        self.scale = scale
        self.floor = floor
        self.fixedTicks = fixedTicks
        self.includes = includes
    }

    /// "label (unit)", or the label alone.
    public var title: String { unit.isEmpty ? label : "\(label) (\(unit))" }
}

/// One labelled series.
public struct ChartSeries: Codable, Sendable {
    public enum Style: String, Codable, Sendable {
        case line
        case markers
        case lineAndMarkers
        /// A bar from the bottom of the plot to each value. Bar series share each x (a category
        /// of a `fixedTicks` axis) side by side, in series order: a grouped bar chart.
        case bars
    }

    public enum Dash: String, Codable, Sendable {
        case solid, dashed, dotted
    }

    /// A stable identifier (ASCII letters, digits, hyphens): the SVG element's id suffix.
    public var id: String
    /// The legend text.
    public var label: String
    public var x: [Double]
    public var y: [Double]
    public var style: Style
    public var dash: Dash
    /// An index into the palette; nil: the series' position.
    public var colorIndex: Int?
    /// Text drawn beside the series' last point (a scatter point's name).
    public var annotation: String?
    /// A shaded range around the line (a p25–p75 band), in the series' colour.
    public var band: ChartBand?

    public init(id: String, label: String, x: [Double], y: [Double], style: Style = .line, dash: Dash = .solid,
                colorIndex: Int? = nil, annotation: String? = nil, band: ChartBand? = nil) {
        precondition(x.count == y.count, "series '\(id)' needs as many x as y values (\(x.count) vs \(y.count))")
        precondition(band.map { $0.lower.count == x.count && $0.upper.count == x.count } ?? true,
                     "series '\(id)' needs a band bound per x value")
        self.id = id
        self.label = label
        self.x = x
        self.y = y
        self.style = style
        self.dash = dash
        self.colorIndex = colorIndex
        self.annotation = annotation
        self.band = band
    }
}

/// The range a series' band covers at each of its x values.
public struct ChartBand: Codable, Sendable {
    public var lower: [Double]
    public var upper: [Double]
    public init(lower: [Double], upper: [Double]) {
        self.lower = lower
        self.upper = upper
    }
}

/// A horizontal line across the plot at `y` (a frame budget), labelled at its right end.
public struct ReferenceLine: Codable, Sendable {
    public var y: Double
    public var label: String
    public init(y: Double, label: String) {
        self.y = y
        self.label = label
    }
}
