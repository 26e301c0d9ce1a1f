import SiteCycleKit
import SiteCycleTestSupport
import Testing
@testable import SiteCycleCLI

struct SitePickerTests {
    let rows = [
        SitePicker.Row(name: "Right Front Abdomen", slug: "right-front-abdomen", tag: "recommended", lastUsed: "never used"),
        SitePicker.Row(name: "Lower Back", slug: "lower-back", tag: nil, lastUsed: "12 days ago"),
        SitePicker.Row(name: "Left Front Abdomen", slug: "left-front-abdomen", tag: "avoid", lastUsed: "today"),
    ]

    @Test func theReasonPromptTakesAWordOrTheStartOfOne() {
        #expect(SitePicker.reason(typed: "") == .some(nil))
        #expect(SitePicker.reason(typed: " Pain ") == .some(.pain))
        #expect(SitePicker.reason(typed: "occ") == .some(.occlusion))
        #expect(SitePicker.reason(typed: "fell-off") == .some(.fellOff))
        #expect(SitePicker.reason(typed: "p") == .some(.pain))
        #expect(SitePicker.reason(typed: "pian") == nil)
        #expect(SitePicker.reason(typed: "xyz") == nil)
    }

    @Test func enterPicksTheTopRowAndArrowsMove() {
        var p = SitePicker(rows: rows)
        #expect(p.handle(.down) == .none)
        #expect(p.handle(.character("k")) == .none)  // j/k move while nothing is typed
        #expect(p.handle(.enter) == .pick("Right Front Abdomen"))
        #expect(p.handle(.up) == .none && p.selected == 0)
        p.selected = 2
        #expect(p.handle(.down) == .none && p.selected == 2)
        #expect(p.handle(.escape) == .cancel && p.handle(.interrupt) == .cancel)
    }

    @Test func typingFiltersByNameOrSlugAnyCase() {
        var p = SitePicker(rows: rows)
        for c in "FRONT" { _ = p.handle(.character(c)) }
        #expect(p.visible.map(\.name) == ["Right Front Abdomen", "Left Front Abdomen"])
        _ = p.handle(.down)
        #expect(p.handle(.enter) == .pick("Left Front Abdomen"))
        var q = SitePicker(rows: rows)
        for c in "lower-b" { _ = q.handle(.character(c)) }  // after typing, j and k filter too
        #expect(q.visible.map(\.name) == ["Lower Back"])
        for _ in 0..<7 { _ = q.handle(.backspace) }
        #expect(q.filter.isEmpty && q.visible.count == 3)
        for c in "zz" { _ = q.handle(.character(c)) }
        #expect(q.handle(.enter) == .none)
        #expect(q.lines(width: 80)[1].contains("no location matches"))
    }

    @Test(arguments: [80, 40, 24]) func everyLineFitsTheWidth(_ width: Int) {
        let p = SitePicker(rows: rows + [SitePicker.Row(name: String(repeating: "Very Long Name ", count: 8), slug: "v",
                                                         tag: "recommended", lastUsed: "never used")])
        for line in p.lines(width: width) { #expect(line.count <= width, "\(line)") }
        #expect(p.lines(width: width).contains { $0.contains("…") })
    }

    /// `log` alone offers a sensor-only site too, said with its device: the
    /// pick goes through `Journal.siteDevice`, as `log rba` does.
    @Test func pickerOffersAnotherDevicesOwnSitesWithTheirDevice() {
        let journal = JournalBuilder.load(SourceFile(path: "p.journal", text: """
            timezone UTC
            device sensor 14d
            location Left Front Abdomen
            location Right Back Arm  for sensor
            location Left Arm  for pump,sensor

            2026-02-01 08:00  Left Front Abdomen

            """), defaultZone: .utc)
        let at = instant("2026-02-03T08:00:00Z")
        let pump = SitePicker(recommendation: Recommender.recommend(journal, device: Device.pumpName, now: at), now: at,
                              zone: journal.zone)
        let sheet = pump.adding(otherDevicesSitesIn: journal, at: at)
        #expect(pump.rows.map(\.name) == ["Left Arm", "Left Front Abdomen"])
        #expect(sheet.rows.map(\.name) == ["Left Arm", "Left Front Abdomen", "Right Back Arm"])
        #expect(sheet.rows.last?.lastUsed.hasPrefix("sensor") == true)
        #expect(journal.siteDevice(at: journal.location(named: "Right Back Arm")!, asked: nil) == .device("sensor"))
        #expect(journal.siteDevice(at: journal.location(named: "Left Arm")!, asked: nil) == .device("pump"))
        #expect(journal.siteDevice(at: journal.location(named: "Right Back Arm")!, asked: "pump")
                    == .notFor(asked: "pump", serves: ["sensor"]))
    }

    /// Initials filter as `log` reads them (issue 31 item 14).
    @Test func typingInitialsFilters() {
        var p = SitePicker(rows: rows)
        for c in "rfa" { _ = p.handle(.character(c)) }
        #expect(p.visible.map(\.name) == ["Right Front Abdomen"])
        #expect(p.handle(.enter) == .pick("Right Front Abdomen"))
    }
}

/// Issue 38: the picker on a journal with one flagged site (Left Buttock,
/// whose sets keep ending early): last of the free sites, its flag in a
/// few words on its row.
struct FlaggedSitePickerTests {
    @Test func theFlaggedSiteComesAfterTheFreeOnesWithItsFlag() {
        let text = flaggedLeftButtockJournal
        let journal = load(text, zone: .utc)
        let now = Instant(seconds: CivilDate(year: 2026, month: 11, day: 2).daysSinceEpoch * 86_400 + 9 * 3600)
        let picker = SitePicker(recommendation: Recommender.recommend(journal, now: now), now: now, zone: .utc)
        #expect(picker.lines(width: 80) == Self.expected, "\(picker.lines(width: 80).joined(separator: "\n"))")
        #expect(picker.lines(width: 80).allSatisfy { ScreenColumns.width($0) <= 80 })
    }

    static let expected = [
        "Site> ",
        "> Right Buttock                                      recommended · rested 8 days",
        "  Left Buttock          recommended · ⚠ 3 of 3 ended early (+1) · rested 17 days",
        "  Right Front Abdomen                                             avoid · in use",
        "  Left Front Abdomen                                       avoid · rested 2 days",
        "  Left Thigh                                               avoid · rested 5 days",
        "  ↑/↓ move · type to filter · Enter picks · Esc cancels",
    ]
}
