import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Issue 23 item 9: `device sensor 10d grace 12h`. A site past its target
/// is in grace (due, not overdue) until the grace ends; the line is read,
/// kept and written back as it is.
struct GraceTests {
    let path = "/journal/sites.journal"
    let text = """
        timezone UTC
        target 72h
        device sensor  10d   grace 12h   ; G7
        location Left Arm  for pump,sensor
        location Right Arm  for pump,sensor

        2026-02-01 08:00  sensor  Left Arm

        """

    func state(_ at: String, in text: String? = nil) -> SiteStatus? {
        SiteStatus(load(text ?? self.text, zone: .utc).rotation("sensor"), now: instant(at))
    }

    @Test func theDeviceLineDeclaresAGrace() {
        let journal = load(text, zone: .utc)
        #expect(!journal.diagnostics.hasErrors)
        #expect(journal.settings.devices == [Device(name: "sensor", targetHours: 240, graceHours: 12, line: 3)])
        #expect(journal.graceHours(of: "sensor") == 12 && journal.graceHours(of: "pump") == nil)
        let pump = load("timezone UTC\ndevice pump 3d grace 6h\nlocation A\n", zone: .utc)
        #expect(pump.settings.targetHours == 72 && pump.graceHours(of: "pump") == 6)
        for bad in ["device sensor 10d grace", "device sensor 10d grace soon", "device sensor 10d mercy 12h"] {
            #expect(load("timezone UTC\n\(bad)\nlocation A\n", zone: .utc).diagnostics.hasErrors, "\(bad)")
        }
    }

    /// Issue 40 item 3: why a site ended is asked only when it closes well
    /// before its target: the grace before it counts as on time, or without
    /// a grace the last sixth of the target (12 h of 72 h).
    @Test func onlyASiteClosedWellBeforeItsTargetIsAskedWhy() {
        let journal = load(text + "2026-02-01 08:00  Left Arm\n", zone: .utc)
        let sensor = journal.changes.first { journal.deviceName(of: $0) == "sensor" }!
        let pump = journal.changes.first { journal.deviceName(of: $0) == "pump" }!
        #expect(journal.onTimeHours(of: "pump") == 12 && journal.onTimeHours(of: "sensor") == 12)
        #expect(journal.closesWellBeforeTarget(pump, at: instant("2026-02-03T19:59:00Z")))   // 59.98 h of 72
        #expect(!journal.closesWellBeforeTarget(pump, at: instant("2026-02-03T20:00:00Z")))  // 60 h: on time
        #expect(!journal.closesWellBeforeTarget(pump, at: instant("2026-02-04T06:00:00Z")))  // 70 h
        #expect(journal.closesWellBeforeTarget(sensor, at: instant("2026-02-10T19:59:00Z")))  // 228 h of 240, less a minute
        #expect(!journal.closesWellBeforeTarget(sensor, at: instant("2026-02-10T20:00:00Z")))
        let graced = load(text.replacingOccurrences(of: "grace 12h", with: "grace 1d"), zone: .utc)
        #expect(graced.onTimeHours(of: "sensor") == 24)
    }

    @Test func pastTheTargetASiteIsInGraceUntilTheGraceEnds() {
        #expect(state("2026-02-11T07:59:00Z")?.state == .dueSoon)
        #expect(state("2026-02-11T08:00:00Z")?.state == .dueSoon)  // at the target: due, as before
        #expect(state("2026-02-11T08:01:00Z")?.state == .grace)
        #expect(state("2026-02-11T20:00:00Z")?.state == .grace)
        #expect(state("2026-02-11T20:01:00Z")?.state == .overdue)
        let s = state("2026-02-11T17:00:00Z")!
        #expect(s.graceHoursLeft == 3 && s.overdueAt == instant("2026-02-11T20:00:00Z"))
        // Without a grace nothing changes: past the target is overdue.
        let plain = text.replacingOccurrences(of: "   grace 12h", with: "")
        #expect(state("2026-02-11T08:01:00Z", in: plain)?.state == .overdue)
    }

    @Test func remindSaysInGraceOnceAndOverdueOnceMore() {
        let journal = load(text, zone: .utc)
        func decide(_ at: String) -> Reminder? {
            if case .send(let r) = Reminder.decide(journal, device: "sensor", now: instant(at), beforeSeconds: 0,
                                                   memory: ReminderMemory(), again: false) { return r }
            return nil
        }
        let inGrace = decide("2026-02-11T09:00:00Z")!, overdue = decide("2026-02-11T21:00:00Z")!
        #expect(inGrace.inGrace && !inGrace.overdue && inGrace.graceEnds == instant("2026-02-11T20:00:00Z"))
        #expect(overdue.overdue && !overdue.inGrace && overdue.kind == .overdue && inGrace.kind == .due)
        // Sent in grace, the end of the grace is still a moment of its own.
        var memory = ReminderMemory()
        memory.sent(inGrace)
        let after = Reminder.decide(journal, device: "sensor", now: instant("2026-02-11T21:00:00Z"), beforeSeconds: 0,
                                    memory: memory, again: false, repeatSeconds: 24 * 3600)
        #expect(after == .send(overdue))
    }

    @Test func jsonKeepsAGraceAndImportWritesItBack() throws {
        let original = load(text, zone: .utc)
        let now = instant("2026-03-01T00:00:00Z")
        let json = Exporters.json(original, original.changes, now: now).rendered()
        #expect(json.contains("\"graceHours\": 12"))
        guard case .success(let source) = ImportReaders.journalJSON(json) else { Issue.record("unreadable"); return }
        let fs = InMemoryFileSystem([path: ""])
        _ = try fs.transaction(path).run { journal throws(ServiceError) in
            try ImportService.merge(.init(source: source), into: journal)
        }
        let rebuilt = load(fs.text(path)!, zone: .utc)
        #expect(fs.text(path)!.contains("device sensor 10d grace 12h"))
        #expect(Journal.sameMeaning(original, rebuilt))
    }

    @Test func setDeviceChangesTheTargetAndKeepsOrWritesTheGrace() throws {
        let fs = InMemoryFileSystem([path: text])
        _ = try fs.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.device("sensor", hours: 336), in: journal)
        }
        #expect(fs.text(path) == text.replacingOccurrences(of: "sensor  10d", with: "sensor  14d"))
        _ = try fs.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.device("sensor", hours: 240, graceHours: 24), in: journal)
        }
        #expect(fs.text(path) == text.replacingOccurrences(of: "grace 12h", with: "grace 1d"))
        let bare = InMemoryFileSystem([path: "timezone UTC\ndevice sensor 10d  ; G7\nlocation A\n"])
        let result = try bare.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.device("sensor", hours: 240, graceHours: 12), in: journal)
        }
        #expect(bare.text(path) == "timezone UTC\ndevice sensor 10d grace 12h  ; G7\nlocation A\n")
        #expect(result.outcome.journal.graceHours(of: "sensor") == 12)
        let pump = InMemoryFileSystem([path: "timezone UTC\ntarget 72h  ; pods\nlocation A\n"])
        _ = try pump.transaction(path).run { journal throws(ServiceError) in
            try SettingsService.set(.device("pump", hours: 72, graceHours: 8), in: journal)
        }
        #expect(pump.text(path) == "timezone UTC\ndevice pump 3d grace 8h  ; pods\nlocation A\n")
    }
}
