import SiteCycleKit

/// What `log` and `remove` say once the line is written: the sites opened
/// and closed, warnings about the choice, or the outcome as JSON.
struct SiteChangeRenderer {
    let invocation: Invocation

    func logged(_ o: SiteChangeService.LogOutcome) {
        let writer = EntryWriter(journal: o.journal)
        if invocation.json {
            invocation.out(JSON.object([
                ("logged", writer.entryJSON(o.logged)),
                ("previous", o.closed.map(writer.entryJSON) ?? .null),
                ("recentlyUsed", .bool(o.recentlyUsed != nil)),
            ]).rendered())
            return
        }
        warnAboutLongSessions(o.longSessions, in: o.journal)
        if let (why, alternatives) = o.restriction {
            invocation.warn("\(o.journal.name(of: o.logged)!) is " + RecommendReport.describe(why, zone: o.journal.zone),
                            help: alternatives.isEmpty ? nil : "recommended instead: \(alternatives.joined(separator: ", "))")
        }
        let device = o.journal.hasDevices ? " (\(o.journal.deviceNames[Int(o.logged.device)]))" : ""
        invocation.out("Logged \(o.journal.name(of: o.logged)!)\(device) at \(displayStart(o.logged)).\n")
        if let closed = o.closed, let hours = closed.durationHours {
            invocation.out("Closed \(o.journal.name(of: closed)!) after \(formatHours(hours)) h (in since \(displayStart(closed))).\n")
        }
        switch o.previousNote {
        case .added(let c)?:
            invocation.out("Added a line to the note of \(o.journal.name(of: c)!) (\(displayStart(c))).\n")
        case .replaced(let c, let was)?:
            invocation.out("Replaced the note of \(o.journal.name(of: c)!) (was: \(was)).".terminalSafeMessage + "\n")
        case nil:
            break
        }
        if let (site, was) = o.replacedReason {
            invocation.out("Replaced the reason of \(o.journal.name(of: site)!) (\(displayStart(site))) (was: \(was.word)).\n")
        }
        if let (last, alternatives) = o.recentlyUsed {
            invocation.out(TextWrap.wrap("Note: \(o.journal.name(of: o.logged)!) was used recently (\(displayStart(last)), "
                           + "\(daysAgo(last.start, now: o.logged.start, zone: o.journal.zone)))."
                           + (alternatives.isEmpty ? "" : " Rested longest: \(alternatives.joined(separator: ", ")).")
                           , indent: "  ") + "\n")
        }
        if let words = VerdictText.short(o.flags.flags) {
            let instead = o.flags.alternatives.filter { $0 != o.journal.name(of: o.logged) }
            invocation.out(TextWrap.wrap("Note: \(o.journal.name(of: o.logged)!) is flagged (\(words))."
                           + (instead.isEmpty ? "" : " Recommended instead: \(instead.joined(separator: ", ")).")
                           , indent: "  ") + "\n")
        }
    }

    func removed(_ o: SiteChangeService.RemoveOutcome) {
        let writer = EntryWriter(journal: o.journal)
        if invocation.json {
            invocation.out(JSON.object([("removed", writer.entryJSON(o.removal)),
                                        ("previous", writer.entryJSON(o.closed))]).rendered())
            return
        }
        warnAboutLongSessions(o.longSessions, in: o.journal)
        let site = o.journal.name(of: o.closed)!, hours = formatHours(o.closed.durationHours ?? 0)
        guard o.journal.hasDevices else {
            invocation.out("Removed \(site) at \(displayStart(o.removal)) after \(hours) h.\n")
            invocation.out("No site is active now; log the next one with `sitecycle log LOCATION`.\n")
            return
        }
        // The body as it is now: what the other devices still occupy.
        let device = o.journal.deviceNames[Int(o.removal.device)], others = o.stillIn
        var message = "Removed the \(device) from \(site) after \(hours) h (at \(displayStart(o.removal)))"
        message += others.isEmpty ? "; no site is in now. Log the next one with "
            + "`sitecycle log \(device == Device.pumpName ? "" : device + " ")LOCATION`."
            : "; " + others.map { "the \($0.device) is still in at \($0.location)" }.joined(separator: ", ") + "."
        invocation.out(TextWrap.wrap(message) + "\n")
    }

    /// A session this write ended (or a backdated line started) that lasted
    /// far past the target is most likely a change that was never logged.
    func warnAboutLongSessions(_ sessions: [SiteChange], in journal: Journal) {
        for c in sessions {
            invocation.warn("\(journal.name(of: c)!) was in for \(counted(Int(((c.durationHours ?? 0) / 24).rounded()), "day")), over "
                            + "\(SiteChange.longSessionFactor)× the target",
                            help: "a change missing? `sitecycle log LOCATION --at TIME` adds it")
        }
    }
}
