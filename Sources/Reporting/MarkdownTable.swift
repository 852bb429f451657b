// MarkdownTable.swift — GitHub-flavoured Markdown tables with aligned columns.
//
// Cells are escaped (`|` would end a cell, a newline would end the row), columns are padded to
// a common width so the source reads as a table too, and the alignment row says which columns
// are numbers (right-aligned).

/// A Markdown table: a header, rows of cells, a per-column alignment.
public struct MarkdownTable: Sendable, Equatable {
    public enum Alignment: Sendable, Equatable { case left, right, center }

    public var header: [String]
    public var alignments: [Alignment]
    public var rows: [[String]]

    /// - Parameter alignments: one per column; missing entries are left-aligned.
    public init(header: [String], alignments: [Alignment] = [], rows: [[String]] = []) {
        self.header = header
        self.alignments = header.indices.map { $0 < alignments.count ? alignments[$0] : .left }
        self.rows = rows
    }

    public mutating func append(_ row: [String]) {
        precondition(row.count == header.count, "a row needs \(header.count) cells, got \(row.count): \(row)")
        rows.append(row)
    }

    /// The table's Markdown text, one line per row, ending with a newline.
    public func render() -> String {
        let cells = ([header] + rows).map { $0.map(Self.escape) }
        let widths = header.indices.map { column in
            Swift.max(3, cells.map { $0[column].count }.max() ?? 0)
        }
        func line(_ row: [String]) -> String {
            let padded = row.enumerated().map { column, cell -> String in
                let fill = String(repeating: " ", count: widths[column] - cell.count)
                return alignments[column] == .right ? fill + cell : cell + fill
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = "|" + header.indices.map { column -> String in
            let dashes = String(repeating: "-", count: widths[column])
            switch alignments[column] {
            case .left: return " " + dashes + " "
            case .right: return " " + dashes.dropLast() + ": "
            case .center: return " :" + dashes.dropFirst().dropLast() + ": "
            }
        }.joined(separator: "|") + "|"
        return ([line(cells[0]), rule] + cells.dropFirst().map(line)).joined(separator: "\n") + "\n"
    }

    /// Escapes a cell: `|` → `\|`, newlines → spaces.
    static func escape(_ cell: String) -> String {
        var result = ""
        for character in cell {
            switch character {
            case "|": result += "\\|"
            case "\n", "\r", "\r\n": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
