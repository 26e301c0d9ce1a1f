import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// One verdict per site, built in memory: each kind of flag, recent
/// evidence only, and a site that heals.
struct SiteVerdictTests {
    /// Sets of `hours` each, one after another from 2026-01-01 00:00 UTC,
    /// at the sites named (`name` or `name!reason` for one that ended
    /// early with that reason); returns the journal and the end of the last.
    static func journal(_ sets: [(String, Int64)], start: Int64 = 1_767_225_600) -> (Journal, Instant) {
        var text = "timezone UTC\ntarget 72h\nlocation A\nlocation B\nlocation C\nlocation D\n\n"
        var t = start
        for (site, hours) in sets {
            let parts = site.split(separator: "!")
            text += CivilDateTime(secondsAsIfUTC: t).journalText + "  " + parts[0]
                + (parts.count > 1 ? "  reason: \(parts[1])" : "") + "\n"
            t += hours * 3600
        }
        text += CivilDateTime(secondsAsIfUTC: t).journalText + "  removed\n"
        let journal = load(text, zone: .utc)
        #expect(!journal.diagnostics.hasErrors)
        return (journal, Instant(seconds: t + 3600))
    }

    /// A rotation over A–D of 72 h sets, `rounds` times.
    static func rotation(_ rounds: Int) -> [(String, Int64)] {
        Array(repeating: [("A", 72), ("B", 72), ("C", 72), ("D", 72)], count: rounds).flatMap { $0 }
    }

    @Test func earlyEndingsFlagAtTwoAndHalf() {
        // C: 3 of 3 ended early (2 occlusion, 1 pain).
        let (j, now) = Self.journal([("A", 72), ("B", 72), ("C!occlusion", 20), ("D", 72),
                                     ("A", 72), ("B", 72), ("C!occlusion", 30), ("D", 72),
                                     ("A", 72), ("B", 72), ("C!pain", 40), ("D", 72)])
        let v = SiteVerdict.compute(j, now: now)
        let c = v.site(named: "C")!
        #expect(c.endings.completed == 3 && c.endings.endedEarly == 3)
        #expect(c.flags.map(\.kind).contains(.early))
        #expect(VerdictText.long(c.flags[0]) == "3 of 3 ended early (2 occlusion, 1 pain)")
        #expect(v.flagged.map(\.location.name) == ["C"])
        // One early ending is chance; two of five is less than half.
        #expect(!SiteVerdict.flagsEarly(Self.tally(early: 1, of: 1)))
        #expect(!SiteVerdict.flagsEarly(Self.tally(early: 2, of: 5)))
        #expect(SiteVerdict.flagsEarly(Self.tally(early: 2, of: 4)))
    }

    static func tally(early: Int, of completed: Int) -> EarlyEndings.Tally {
        var t = EarlyEndings.Tally()
        t.completed = completed
        t.endedEarly = early
        return t
    }

    @Test func shortSetsRaiseTheDurationFlag() {
        // D lasts 30 h where the others last 72 h, with no reason given.
        var sets = Self.rotation(4)
        for k in sets.indices where sets[k].0 == "D" { sets[k].1 = 30 }
        let (j, now) = Self.journal(sets)
        let d = SiteVerdict.compute(j, now: now).site(named: "D")!
        #expect(d.flags.map(\.kind) == [.duration])
        #expect(d.absorption?.flagged == true && d.endings.endedEarly == 0)
        #expect(VerdictText.short(d.flags)?.hasPrefix("lasts ") == true)
    }

    /// The verdict's tally starts at the earliest change recent evidence
    /// can count (issue 41 item 6): on a long history with old short sets,
    /// its absorption figures are those of a tally over the whole history
    /// with the same selection.
    @Test func theTallyFromTheRecentWindowGivesTheWholeTallysFigures() {
        var sets = Self.rotation(60)
        for k in sets.indices where k % 7 == 3 || (k > 200 && sets[k].0 == "C") { sets[k].1 = 20 }
        let (j, now) = Self.journal(sets)
        let since = SiteVerdict.recentStarts(j, now: now)
        let include: (SiteChange) -> Bool = { c in
            let i = Int(c.locationIndex)
            return i < since.count && since[i].map { c.start >= $0 } ?? false
        }
        let earliest = since.compactMap { $0 }.min()!
        let first = j.changes.firstIndex { $0.start >= earliest }!
        #expect(first > 100)
        let whole = Statistics.compute(j, include: include, now: now, robust: false)
        let window = Statistics.compute(j, include: include, now: now, robust: false, from: first)
        #expect(whole.locations.map(\.absorption) == window.locations.map(\.absorption))
        #expect(whole.overall.completed == window.overall.completed)
        #expect(SiteVerdict.compute(j, now: now).site(named: "C")!.flags.map(\.kind) == [.duration])
    }

    @Test func theGlucoseFlagIsOutcomesFlag() {
        let (j, now) = Self.journal(Self.rotation(3))
        let start = Int64(1_767_225_600)
        // High through every set at B, in range elsewhere.
        let readings = stride(from: start, to: now.seconds - 3600, by: 300).map { t -> GlucoseReading in
            let set = (t - start) / (72 * 3600)
            return GlucoseReading(instant: Instant(seconds: t), value: set % 4 == 1 ? 260 : 120)
        }
        let outcomes = GlucoseOutcomes.compute(j, export: CGMExport(format: .nightscout, unit: .mgdl, readings: readings))
        let bSets = j.changes.filter { j.name(of: $0) == "B" }
        let v = SiteVerdict.compute(j, now: now, glucose: outcomes, failures: Array(bSets.prefix(2)))
        #expect(v.site(named: "B")!.flags.map(\.kind) == [.glucose, .failures])
        #expect(VerdictText.long(v.site(named: "B")!.flags[0]) == "0 % in range (75 % overall)")
        #expect(VerdictText.long(v.site(named: "B")!.flags[1]) == "2 probable glucose failures")
        #expect(v.flagged.map(\.location.name) == ["B"])
        #expect(v.site(named: "A")!.glucoseFailures == 0)
        // Without an export, the journal alone flags nothing here.
        #expect(SiteVerdict.compute(j, now: now).flagged.isEmpty)
    }

    /// B's two early endings, then a long gap (over half a year), then
    /// `good` rounds of good sets at every site.
    static func healing(good: Int) -> SiteVerdict.Site {
        var sets: [(String, Int64)] = [("A", 72), ("B!occlusion", 10), ("C", 72), ("D", 72),
                                       ("A", 72), ("B!occlusion", 10), ("C", 72), ("D", 72), ("A", 400 * 24)]
        sets += rotation(good)
        let (j, now) = journal(sets)
        return SiteVerdict.compute(j, now: now).site(named: "B")!
    }

    @Test func aSiteHealsAfterFiveGoodSets() {
        #expect(Self.healing(good: 0).isFlagged)
        // 2 of 4: still half.
        #expect(Self.healing(good: 2).isFlagged)
        // 2 of 5 is less than half; the evidence still holds them.
        let three = Self.healing(good: 3)
        #expect(!three.flags.map(\.kind).contains(.early) && three.endings.endedEarly == 2)
        // After five good sets the old ones no longer count at all.
        let healed = Self.healing(good: 5)
        #expect(healed.endings.completed == 5 && healed.endings.endedEarly == 0 && !healed.isFlagged)
    }

    @Test func recentEvidenceIsFiveSetsOrHalfAYear() {
        // Within 180 days every set counts, however many.
        var sets: [(String, Int64)] = []
        for _ in 0..<8 { sets += [("A", 24), ("B", 24)] }
        let (j, now) = Self.journal(sets)
        #expect(SiteVerdict.compute(j, now: now).site(named: "A")!.endings.completed == 8)
        // A year on, only the last 5 at each site.
        let later = now.adding(seconds: 365 * 86_400)
        #expect(SiteVerdict.compute(j, now: later).site(named: "A")!.endings.completed == 5)
        #expect(SiteVerdict.compute(j, now: later).site(named: "C")!.since == nil)
    }
}
