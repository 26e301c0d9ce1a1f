import SiteCycleKit

/// What `status` shows: the whole report, the `--check` line, the `--short`
/// line (`StatusLines`), or JSON (`StatusJSON`).
struct StatusReport {
    let style: RenderStyle
    /// The device's rotation.
    let journal: Journal
    let device: String
    let now: Instant

    var zone: ZoneRules { journal.zone }

    /// `noNextBecause`: why nothing is recommended (a site resting,
    /// paused or worn by another device), said where Next would be.
    func text(_ status: SiteStatus?, next: String?, noNextBecause: String? = nil) -> String {
        guard let s = status else { return noSiteText(next: next, noNextBecause: noNextBecause) }
        var out = sinceLine(s) + progressLine(s) + stateLine(s) + noteText(s)
        if let next { out += "Next: \(next)\n" }
        else if let why = noNextBecause { out += TextWrap.wrap("Next: none now (\(why))", indent: "  ") + "\n" }
        return out
    }

    /// No site in: since when, and where to put the next one.
    func noSiteText(next: String?, noNextBecause: String? = nil) -> String {
        var out = ""
        if let last = journal.changes.last(where: { $0.start <= now }), last.isRemoval {
            out += "No site active since \(displayStart(last)) (removed).\n"
        } else {
            out += "No site logged yet.\n"
        }
        out += "Log one with `sitecycle log LOCATION`"
        if next == nil, let why = noNextBecause { return TextWrap.wrap(out + "; none is recommended now (\(why)).", indent: "  ") + "\n" }
        return out + (next.map { "; recommended: \($0)." } ?? ".") + "\n"
    }

    /// The state's colour: green, yellow while due soon or in grace, red.
    func colour(_ s: SiteStatus, _ text: String) -> String {
        switch s.state {
        case .ok: return style.text.green(text)
        case .dueSoon, .grace: return style.text.yellow(text)
        case .overdue: return style.text.red(text)
        }
    }

    /// `Left Front Abdomen since … (2 days ago)`.
    func sinceLine(_ s: SiteStatus) -> String {
        style.text.bold(journal.name(of: s.active)!)
            + " since \(displayStart(s.active)) (\(daysAgo(s.active.start, now: now, zone: zone)))\n"
    }

    /// The hours, the bar and the percentage.
    func progressLine(_ s: SiteStatus) -> String {
        let percent = Int((s.progress * 100).rounded(.down))
        return "  \(formatHours(s.elapsedHours)) h of \(formatHours(s.targetHours)) h  "
            + colour(s, progressBar(s.progress, width: 24)) + "  \(percent)%\n"
    }

    /// The state, when the change is due, and when a grace ends.
    func stateLine(_ s: SiteStatus) -> String {
        let graceEnd = s.graceHours == nil ? "" : displayTime(s.overdueAt, in: zone)
        let when = s.state == .grace ? ", grace ends " + graceEnd : s.state == .overdue && s.graceHours != nil
            ? ", grace ended " + graceEnd : ""
        return "  " + colour(s, stateText(s)) + " (due \(displayTime(s.due, in: zone))\(when))\n"
    }

    /// The site's note, when it has one.
    func noteText(_ s: SiteStatus) -> String {
        guard let note = journal.note(of: s.active), !note.isEmpty else { return "" }
        let lines = TextWrap.note(note, start: 8, indent: "        ")
        return "  Note: " + lines.joined(separator: "\n        ") + "\n"
    }

    /// `[██████████░░░░]`, or `[#####-----]` where Unicode is not wanted;
    /// only at or past the target is the bar full (98 % leaves a cell empty).
    func progressBar(_ progress: Double, width: Int) -> String {
        let filled = progress >= 1 ? width : max(0, min(width - 1, Int((progress * Double(width)).rounded(.down))))
        let (on, off) = style.unicode ? ("█", "░") : ("#", "-")
        return "[" + String(repeating: on, count: filled) + String(repeating: off, count: width - filled) + "]"
    }
}
