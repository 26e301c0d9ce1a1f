import Foundation
import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

struct CivilTimeTests {
    @Test func daysSinceEpochRoundTripsAcrossCenturies() {
        var day = CivilDate(year: 1, month: 1, day: 1).daysSinceEpoch
        let last = CivilDate(year: 9999, month: 12, day: 31).daysSinceEpoch
        var previous = CivilDate(year: 0, month: 12, day: 31)
        while day <= last {
            let date = CivilDate(daysSinceEpoch: day)
            #expect(date.isValid && date > previous && date.daysSinceEpoch == day)
            previous = date
            day += 97  // every weekday and month position, quickly
        }
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(year: 2026, month: 2, day: 7).daysSinceEpoch == 20491)
    }

    @Test func leapYears() {
        #expect(CivilDate(year: 2024, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 2026, month: 2, day: 29).isValid)
        #expect(CivilDate(year: 2000, month: 2, day: 29).isValid)
        #expect(!CivilDate(year: 1900, month: 2, day: 29).isValid)
    }

    @Test func isoFormatting() {
        #expect(formatISO8601(Instant(seconds: 0), offsetSeconds: 0) == "1970-01-01T00:00:00Z")
        #expect(formatISO8601(instant("2026-02-07T07:15:00Z"), offsetSeconds: 3600) == "2026-02-07T08:15:00+01:00")
        #expect(formatISO8601(instant("2026-02-07T07:15:00Z"), offsetSeconds: -16200) == "2026-02-07T02:45:00-04:30")
    }
}

struct ZoneRulesTests {
    @Test func ordinaryTimesResolveUniquely() {
        let t = CivilDateTime(date: CivilDate(year: 2026, month: 2, day: 1), hour: 8, minute: 15)
        #expect(berlin.resolve(t) == .unique(instant("2026-02-01T07:15:00Z"), offset: 3600))
        let summer = CivilDateTime(date: CivilDate(year: 2026, month: 7, day: 1), hour: 8, minute: 15)
        #expect(berlin.resolve(summer) == .unique(instant("2026-07-01T06:15:00Z"), offset: 7200))
    }

    @Test func springForwardGapIsNonexistent() {
        let t = CivilDateTime(date: CivilDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)
        guard case .nonexistent(let from, let to) = berlin.resolve(t) else {
            Issue.record("expected a gap")
            return
        }
        #expect((from.hour, from.minute, to.hour, to.minute) == (2, 0, 3, 0))
        let ny = ZoneRules(identifier: "America/New_York")!
        let nyGap = CivilDateTime(date: CivilDate(year: 2026, month: 3, day: 8), hour: 2, minute: 15)
        if case .nonexistent = ny.resolve(nyGap) {} else { Issue.record("expected a New York gap") }
    }

    @Test func autumnFoldHasTwoReadings() {
        let t = CivilDateTime(date: CivilDate(year: 2026, month: 10, day: 25), hour: 2, minute: 30)
        #expect(berlin.resolve(t) == .ambiguous(earlier: instant("2026-10-25T00:30:00Z"), earlierOffset: 7200,
                                                later: instant("2026-10-25T01:30:00Z"), laterOffset: 3600))
    }

    /// One reading of a wall-clock time: a journal line, `--at` and the
    /// zone's own function name the same instant at a fold (the first
    /// time), with a written offset, and none in a gap.
    @Test func aWallTimeHasOneReadingEverywhere() {
        for (text, expected) in [("2026-10-25 02:30", "2026-10-25T00:30:00Z"), ("2026-10-25 02:30 +01:00", "2026-10-25T01:30:00Z"),
                                 ("2026-02-01 08:15", "2026-02-01T07:15:00Z"), ("2026-03-29 02:30", nil)] {
            let journal = load("timezone Europe/Berlin\nlocation A\n\n\(text)  A\n")
            let argument = try? TimeArgument.read(text, zone: berlin).get().instant
            #expect(journal.changes.first?.start == expected.map(instant), "journal line \(text)")
            #expect(argument == expected.map(instant), "--at \(text)")
            if !text.contains("+") {
                let civil = CivilDateTime(secondsAsIfUTC: CivilDateTime(date: CivilDate(year: 2026, month: Int(text.dropFirst(5).prefix(2))!,
                                                                                          day: Int(text.dropFirst(8).prefix(2))!),
                                                                         hour: Int(text.dropFirst(11).prefix(2))!,
                                                                         minute: 0).secondsAsIfUTC + 60 * Int64(text.suffix(2))!)
                #expect(berlin.instant(reading: civil) == expected.map(instant), "zone reading \(text)")
            }
        }
        if case .skipped(let jump) = berlin.reading(CivilDateTime(date: CivilDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30)) {
            #expect(jump.suggestion == "2026-03-29 03:00")
        } else {
            Issue.record("a time in the spring gap is skipped")
        }
    }

    @Test func halfHourZones() {
        let india = ZoneRules(identifier: "Asia/Kolkata")!
        #expect(india.offset(at: instant("2026-02-01T00:00:00Z")) == 19800)
        let t = CivilDateTime(date: CivilDate(year: 2026, month: 2, day: 1), hour: 5, minute: 30)
        #expect(india.resolve(t) == .unique(instant("2026-02-01T00:00:00Z"), offset: 19800))
    }

    @Test func systemZoneComesFromTZ() {
        #expect(ZoneRules.system(environment: ["TZ": "Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(ZoneRules.system(environment: ["TZ": ":Europe/Paris"]).identifier == "Europe/Paris")
    }
}

struct TimeArgumentTests {
    @Test(arguments: [
        ("2026-02-07", "2026-02-06T23:00:00Z"),
        ("2026-02-07 08:15", "2026-02-07T07:15:00Z"),
        ("2026-02-07 08:15:30", "2026-02-07T07:15:30Z"),
        ("2026-02-07 08:15 +02:00", "2026-02-07T06:15:00Z"),
        ("2026-02-07 08:15 -0500", "2026-02-07T13:15:00Z"),
        ("2026-02-07T08:15:00Z", "2026-02-07T08:15:00Z"),
        ("2026-02-07T08:15:00.250Z", "2026-02-07T08:15:00Z"),
        ("2026-02-07T08:15+01:00", "2026-02-07T07:15:00Z"),
        ("2026-07-07T08:15", "2026-07-07T06:15:00Z"),
    ])
    func accepted(_ text: String, _ utc: String) {
        #expect(TimeArgument.parse(text, zone: berlin) == .success(instant(utc)))
    }

    @Test(arguments: ["", "yesterday", "2026-02-30", "2026-02-07 25:00", "2026-02-07 08:15 +15:00",
                      "2026-02-07 8:15", "2026-03-29 02:30", "2026-02-07 08:15 nonsense"])
    func rejected(_ text: String) {
        guard case .failure(let e) = TimeArgument.parse(text, zone: berlin) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(!e.message.isEmpty)
    }
}

struct ZoneCacheTests {
    /// The window cache must give exactly what Foundation gives, around every
    /// transition and far from them, in zones with odd rules.
    @Test(arguments: ["Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Asia/Kolkata",
                      "America/Santiago", "Pacific/Apia", "UTC"])
    func cachedOffsetsMatchFoundation(_ name: String) {
        let rules = ZoneRules(identifier: name)!
        let zone = TimeZone(identifier: name)!
        var t: Int64 = -2_000_000_000
        var checked = 0
        while t < 4_000_000_000 {
            let expected = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t)))
            #expect(rules.offset(at: Instant(seconds: t)) == expected, "\(name) at \(t)")
            t += 86_400 * 7 + 3_607  // drifts through every hour of the day
            checked += 1
        }
        #expect(checked > 9_000)
        // Both sides of each transition in 2026.
        var cursor = Date(timeIntervalSince1970: 1_767_225_600)
        while let next = zone.nextDaylightSavingTimeTransition(after: cursor), next.timeIntervalSince1970 < 1_798_761_600 {
            for delta in [-1.0, 0, 1] {
                let at = next.addingTimeInterval(delta)
                #expect(rules.offset(at: Instant(seconds: Int64(at.timeIntervalSince1970))) == zone.secondsFromGMT(for: at))
            }
            cursor = next
        }
    }
}

struct RelativeTimeTests {
    let berlin = ZoneRules(identifier: "Europe/Berlin")!
    let now = instant("2026-03-20T14:30:00Z")  // 15:30 in Berlin

    func read(_ text: String) -> Instant? {
        try? TimeArgument.parse(text, zone: berlin, now: now).get()
    }

    @Test func formsRelativeToNow() {
        #expect(read("07:45") == instant("2026-03-20T06:45:00Z"))
        #expect(read("07:45:30") == instant("2026-03-20T06:45:30Z"))
        #expect(read("yesterday 21:00") == instant("2026-03-19T20:00:00Z"))
        #expect(read("yesterday") == instant("2026-03-18T23:00:00Z"))
        #expect(read("today") == instant("2026-03-19T23:00:00Z"))
        #expect(read("-2h") == instant("2026-03-20T12:30:00Z"))
        #expect(read("-1d2h") == instant("2026-03-19T12:30:00Z"))
        #expect(read("-90m") == instant("2026-03-20T13:00:00Z"))
        #expect(read("now") == now)
        for bad in ["-2", "-h", "-2x", "tomorrow", "7:45", "25:00", "yesterday 7"] { #expect(read(bad) == nil, "\(bad)") }
        // Without a clock (an imported file) relative forms are refused.
        #expect((try? TimeArgument.parse("07:45", zone: berlin).get()) == nil)
    }

    func end(_ text: String) -> Instant? {
        try? TimeArgument.parseEnd(text, zone: berlin, now: now).get()
    }

    @Test func aDayAloneAsAnEndMeansAllOfIt() {
        #expect(end("2026-03-20") == instant("2026-03-20T22:59:59Z"))
        #expect(end("yesterday") == instant("2026-03-19T22:59:59Z"))
        #expect(end("2026-03-20 08:00") == instant("2026-03-20T07:00:00Z"))
        // The day the clocks go forward has 23 hours.
        #expect(end("2026-03-29") == instant("2026-03-29T21:59:59Z"))
    }

    /// A traveller's clock: `local` reads a wall time in the system's zone,
    /// and a reading says which clock a wall time was read on.
    @Test func localReadsTheSystemsZone() {
        let newYork = ZoneRules(identifier: "America/New_York")!
        func read(_ text: String) -> TimeArgument.Reading? {
            try? TimeArgument.read(text, zone: berlin, now: now, local: newYork).get()
        }
        #expect(read("08:00 local")?.instant == instant("2026-03-20T12:00:00Z"))
        #expect(read("08:00 LOCAL")?.wallClock == .local)
        #expect(read("yesterday 21:00 local")?.instant == instant("2026-03-20T01:00:00Z"))
        #expect(read("2026-03-01 08:00 local")?.instant == instant("2026-03-01T13:00:00Z"))
        #expect(read("2026-03-01 local")?.instant == instant("2026-03-01T05:00:00Z"))
        let end = try? TimeArgument.readEnd("2026-03-01 local", zone: berlin, now: now, local: newYork).get()
        #expect(end?.instant == instant("2026-03-02T04:59:59Z"))
        #expect(read("08:00")?.instant == instant("2026-03-20T07:00:00Z"))
        #expect(read("08:00")?.wallClock == .journal)
        #expect(read("2026-03-01 08:00")?.wallClock == .journal)
        for unnoted in ["2026-03-01", "yesterday", "-2h", "now", "2026-03-01 08:00 +01:00", "2026-03-01T08:00Z"] {
            #expect(read(unnoted) != nil && read(unnoted)?.wallClock == nil, "\(unnoted)")
        }
        for bad in ["local", "now local", "-2h local", "2026-03-01 08:00 +01:00 local", "08:00local", "08:00 locale"] {
            #expect(read(bad) == nil, "\(bad)")
        }
    }
}

/// Issue 28 item 4: `$TZ` in glibc's forms names the zone; a POSIX rule is
/// named as ignored, so the caller can say so.
struct TZVariableTests {
    @Test(arguments: ["Asia/Tokyo", ":Asia/Tokyo", "/usr/share/zoneinfo/Asia/Tokyo",
                      ":/usr/share/zoneinfo/Asia/Tokyo", ":/usr/share/zoneinfo/posix/Asia/Tokyo"])
    func glibcFormsNameTheZone(tz: String) throws {
        try #require(ZoneRules(identifier: "Asia/Tokyo") != nil, "needs tzdata's Asia/Tokyo")
        #expect(ZoneRules.system(environment: ["TZ": tz]).identifier == "Asia/Tokyo")
        #expect(ZoneRules.ignoredTZ(environment: ["TZ": tz]) == nil)
    }

    @Test func aPOSIXRuleIsNamedAsIgnored() {
        #expect(ZoneRules.ignoredTZ(environment: ["TZ": "JST-9"]) == "JST-9")
        #expect(ZoneRules.ignoredTZ(environment: ["TZ": "/tmp/not-a-zone"]) == "/tmp/not-a-zone")
        #expect(ZoneRules.ignoredTZ(environment: [:]) == nil)
    }
}
