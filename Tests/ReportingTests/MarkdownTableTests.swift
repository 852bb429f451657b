import Reporting
import Testing

@Suite("MarkdownTable")
struct MarkdownTableTests {
    @Test("renders aligned columns and the alignment row")
    func rendersAlignedColumnsAndTheAlignmentRow() {
        var table = MarkdownTable(header: ["name", "value"], alignments: [.left, .right])
        table.append(["a", "1"])
        table.append(["longer", "12345"])
        #expect(table.render() == """
            | name   | value |
            | ------ | ----: |
            | a      |     1 |
            | longer | 12345 |

            """)
    }

    @Test("escapes pipes and newlines")
    func escapesPipesAndNewlines() {
        let table = MarkdownTable(header: ["x"], rows: [["a | b\nc"]])
        #expect(table.render().contains("a \\| b c"))
        #expect(table.render().split(separator: "\n").count == 3)
    }

    @Test("centered columns")
    func centeredColumns() {
        let table = MarkdownTable(header: ["mid"], alignments: [.center], rows: [["x"]])
        #expect(table.render().contains("| :-: |"))
    }
}
