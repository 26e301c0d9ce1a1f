import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// Reports are drawn from a plain `RenderStyle`, not from an invocation:
/// the same data renders as plain ASCII or with colour and symbols by the
/// style alone, and the colour adds nothing but escape codes.
struct ReportStyleTests {
    /// C is worn half as long as A (48 h against 96 h): flagged for absorption.
    static let journal = JournalBuilder.load(SourceFile(path: "styled.journal", text: """
        timezone UTC
        location A
        location B
        location C

        2026-01-01 00:00  A
        2026-01-05 00:00  C
        2026-01-07 00:00  A
        2026-01-11 00:00  C  ; sore
        2026-01-13 00:00  A
        2026-01-17 00:00  C
        2026-01-19 00:00  B

        """), defaultZone: .utc)
    static let now = instant("2026-01-22 00:00")
    static let colourful = RenderStyle(text: TextStyle(colored: true), unicode: true)

    static func stats(_ style: RenderStyle) -> String {
        #expect(!journal.diagnostics.hasErrors)
        let stats = Statistics.compute(journal, include: { _ in true }, now: now, robust: false)
        return StatsReport(style: style, stats: stats).text()
    }

    static func history(_ style: RenderStyle) -> String {
        HistoryReport(style: style, journal: journal, now: now).text(oldestFirst: journal.changes)
    }

    func withoutEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    @Test func plainStatsAreASCIIWithoutEscapes() {
        let text = ReportStyleTests.stats(.plain)
        #expect(!text.contains("\u{1B}"))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.hasPrefix("Site changes 7, completed 6"))
        #expect(text.contains("  ! C\n"))  // the absorption flag's ASCII mark
        #expect(text.contains("#") && !text.contains("█"))
    }

    @Test func colourAndUnicodeStatsBoldHeadingsAndMarkTheFlag() {
        let text = ReportStyleTests.stats(ReportStyleTests.colourful)
        #expect(text.hasPrefix("\u{1B}[1mSite changes 7\u{1B}[0m, completed 6"))
        #expect(text.contains("\u{1B}[33m  ⚠ C\u{1B}[0m\n"))
        #expect(text.contains("█"))
        #expect(!text.contains("  ! C"))
    }

    @Test func colourOnlyAddsEscapesToHistory() {
        let plain = ReportStyleTests.history(.plain)
        let coloured = ReportStyleTests.history(RenderStyle(text: TextStyle(colored: true), unicode: false))
        #expect(!plain.contains("\u{1B}"))
        #expect(plain.hasPrefix("Line  Start"))
        #expect(coloured.hasPrefix("\u{1B}[1mLine  Start"))
        #expect(coloured != plain)
        #expect(withoutEscapes(coloured) == plain)
        // Newest first: B (active) heads the table, A (line 6) ends it.
        let rows = plain.split(separator: "\n").dropFirst()
        #expect(rows.first?.contains("B") == true && rows.first?.contains("active") == true)
        #expect(rows.last?.hasPrefix("   6  2026-01-01 00:00") == true)
    }

    /// 90 days in 3 + N columns: a day a column at 120, two at 80, three at 40.
    @Test(arguments: [(40, "one column per 3 days"), (80, "one column per 2 days"), (120, "one column per day")])
    func timelineIsAsWideAsTheStyleSays(width: Int, scale: String) {
        let timeline = Timeline.compute(ReportStyleTests.journal, days: 90, now: ReportStyleTests.now)
        let text = TimelineReport(style: RenderStyle(text: .plain, unicode: true, width: width), timeline: timeline).text()
        #expect(text.contains("(\(scale))\n"))
        let rows = text.split(separator: "\n").filter { $0.hasPrefix("A ") || $0.hasPrefix("C ") }
        #expect(rows.count == 2)
        #expect(rows.allSatisfy { $0.count <= width })
        #expect(text.contains("█") && !text.contains("#"))
    }
}
