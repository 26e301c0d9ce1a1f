import SiteCycleKit
import Testing
import SiteCycleTestSupport

/// The reminder schedule as a caregiver relies on it (issue 37): a month
/// simulated run by run, with random logs, snoozes, repeat settings,
/// `--before` and an error appearing and disappearing at the journal's end,
/// and `remind` every 5 to 60 minutes. What was sent is checked against
/// the rules, not against the code's own memory.
struct ReminderScheduleTests {
    struct Sent {
        var at: Instant
        var kind: Reminder.Kind
    }

    /// One device's site: what was sent for it and when it was silenced.
    struct CycleLog {
        var due: Instant
        var graceEnds: Instant?
        var sent: [Sent] = []
        /// (from, until) of each snooze.
        var snoozes: [(Instant, Instant)] = []
    }

    static let header = """
        timezone UTC
        device pump 72h GRACE
        device sensor 10d grace 12h
        location Left Arm  for pump,sensor
        location Right Arm  for pump,sensor
        location Left Thigh  for pump,sensor
        location Right Thigh  for pump,sensor

        """

    @Test(arguments: 0..<12) func aSimulatedMonthKeepsEveryRule(seed: UInt64) throws {
        var random = SeededRandom(seed: 37_000 + seed)
        func pick(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let repeatSeconds: Int64? = [nil, 3600, 2 * 3600, 4 * 3600, 6 * 3600][pick(5)]
        let beforeSeconds: Int64 = [0, 0, 2 * 3600, 30 * 60][pick(4)]
        let header = Self.header.replacingOccurrences(of: "GRACE", with: pick(2) == 0 ? "" : "grace 8h")
        let places = ["Left Arm", "Right Arm", "Left Thigh", "Right Thigh"]
        let start = instant("2026-03-01T08:00:00Z")
        var entries = "2026-03-01 08:00  Left Arm\n2026-03-01 08:00  sensor  Right Thigh\n"
        var broken = false
        var parsed = (text: "", journal: load("", zone: .utc))
        var memory = ReminderMemory()
        var logs: [ReminderMemory.Cycle: CycleLog] = [:]
        var now = start
        var previous: (at: Instant, snoozed: Set<ReminderMemory.Cycle>) = (start, [])
        while now < start.adding(seconds: 31 * 86400) {
            now = now.adding(seconds: Int64(5 + pick(56)) * 60)
            // Now and then: a change logged (sometimes late), a snooze, an error.
            let roll = pick(100)
            if roll < 2 {
                let device = pick(3) == 0 ? "sensor  " : ""
                entries += displayTime(now, in: .utc) + "  " + device + places[pick(4)] + "\n"
            }
            if roll == 3 || roll == 4 { broken.toggle() }
            let text = header + entries + (broken ? "2026-03-01 09:00  Nowhere\n" : "")
            if text != parsed.text { parsed = (text, load(text, zone: .utc)) }
            let journal = parsed.journal
            if roll == 5 {
                let until = now.adding(seconds: Int64(30 + pick(150)) * 60)
                for device in journal.deviceNames {
                    guard let active = journal.rotation(device).activeChange(at: now) else { continue }
                    let cycle = ReminderMemory.Cycle(device: device, since: active.start)
                    memory.snooze(cycle, until: until)
                    logs[cycle, default: cycleLog(journal, device)].snoozes.append((now, until))
                }
                continue
            }
            let round = ReminderRound(journal, now: now, beforeSeconds: beforeSeconds, repeatSeconds: repeatSeconds,
                                      again: false, memory: memory)
            #expect(round.undecided.isEmpty && (round.trouble != nil) == broken)
            memory = round.memory
            var snoozedNow: Set<ReminderMemory.Cycle> = []
            for device in journal.deviceNames {
                guard let active = journal.rotation(device).activeChange(at: now) else { continue }
                let cycle = ReminderMemory.Cycle(device: device, since: active.start)
                var log = logs[cycle] ?? cycleLog(journal, device)
                let snoozed = log.snoozes.contains { $0.0 <= now && now < $0.1 }
                if snoozed { snoozedNow.insert(cycle) }
                let sent = round.reminders.filter { $0.cycle == cycle }
                #expect(sent.count <= 1)
                if let r = sent.first {
                    // Never while snoozed, never before it is due (bar --before).
                    #expect(!snoozed, "seed \(seed): reminded during a snooze at \(now)")
                    #expect(now >= log.due.adding(seconds: -beforeSeconds), "seed \(seed): reminded early at \(now)")
                    #expect((r.kind == .early) == (now < log.due))
                    log.sent.append(Sent(at: now, kind: r.kind))
                }
                if now >= log.due && !snoozed {
                    let lastDue = log.sent.last { $0.kind != .early }?.at
                    let intervalStart = interval(now, due: log.due, repeatSeconds: repeatSeconds)
                    // At least once in every repeat interval outside a snooze.
                    #expect(lastDue.map { $0 >= intervalStart } == true,
                            "seed \(seed): nothing sent in the interval from \(intervalStart), at \(now)")
                    // The first run after a snooze ends reminds.
                    if previous.snoozed.contains(cycle) { #expect(!sent.isEmpty, "seed \(seed): silent after a snooze at \(now)") }
                }
                logs[cycle] = log
            }
            previous = (now, snoozedNow)
        }
        // Never twice within one interval, but for a snooze's end and the end
        // of a grace.
        for log in logs.values {
            let dueSent = log.sent.filter { $0.kind != .early }
            #expect(log.sent.filter { $0.kind == .early }.count <= 1)
            for (a, b) in zip(dueSent, dueSent.dropFirst()) {
                let sameInterval = interval(a.at, due: log.due, repeatSeconds: repeatSeconds)
                    == interval(b.at, due: log.due, repeatSeconds: repeatSeconds)
                let snoozeEnded = log.snoozes.contains { a.at < $0.1 && $0.1 <= b.at }
                let graceEnded = log.graceEnds != nil && b.kind == .overdue && a.kind == .due
                #expect(!sameInterval || snoozeEnded || graceEnded, "seed \(seed): twice in one interval, \(a.at) and \(b.at)")
            }
        }
        #expect(logs.values.contains { !$0.sent.isEmpty })
    }

    func cycleLog(_ journal: Journal, _ device: String) -> CycleLog {
        let rotation = journal.rotation(device)
        let active = rotation.changes.last!
        let due = active.start.adding(seconds: Int64(rotation.settings.targetHours * 3600))
        return CycleLog(due: due, graceEnds: rotation.settings.graceHours.map { due.adding(seconds: Int64($0 * 3600)) })
    }

    /// The start of the repeat interval `t` lies in.
    func interval(_ t: Instant, due: Instant, repeatSeconds: Int64?) -> Instant {
        guard let r = repeatSeconds, t >= due else { return due }
        return due.adding(seconds: (t.seconds - due.seconds) / r * r)
    }

    /// A pump and a sensor both overdue, `--repeat 1h`, a run every 30
    /// minutes for 48 h: each is reminded 48 times, whatever the other does
    /// (the memory kept 20 lines sorted by name, and dropped the pump's).
    @Test func twoDevicesKeepTheirOwnSchedule() {
        let journal = load(Self.header.replacingOccurrences(of: "GRACE", with: "")
                            + "2026-03-01 08:00  Left Arm\n2026-02-20 08:00  sensor  Right Thigh\n", zone: .utc)
        var memory = ReminderMemory()
        var count: [String: Int] = [:]
        var now = instant("2026-03-05T08:00:00Z")
        for _ in 0..<96 {
            let round = ReminderRound(journal, now: now, beforeSeconds: 0, repeatSeconds: 3600, again: false, memory: memory)
            for r in round.reminders { count[r.device, default: 0] += 1 }
            memory = ReminderMemory(text: round.memory.text)  // as the file keeps it
            now = now.adding(seconds: 1800)
        }
        #expect(count == ["pump": 48, "sensor": 48])
    }

    @Test func theMemoryReadsBackWhatItWrites() {
        var memory = ReminderMemory()
        memory.snooze(.init(device: "pump", since: Instant(seconds: 10)), until: Instant(seconds: 99))
        for since in [20, 30, 40, 50] as [Int64] {
            memory.noted(.init(device: "sensor", since: Instant(seconds: since)), at: Instant(seconds: since + 5))
        }
        let back = ReminderMemory(text: memory.text + "pump 1 2\nsnooze pump 1 2\n")  // an older version's lines
        #expect(back == memory)
        // Each device keeps its newest cycles, whatever the others do.
        #expect(back.records.keys.filter { $0.device == "sensor" }.count == ReminderMemory.cyclesKept)
        #expect(back.record(.init(device: "pump", since: Instant(seconds: 10))).snoozedUntil == Instant(seconds: 99))
    }
}
