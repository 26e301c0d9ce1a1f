import SiteCycleKit

extension CommandRegistry {
    static let devices = Command(
        name: "devices",
        summary: "the rotations in the journal (pump, sensor, …) and their sites",
        usage: "sitecycle devices [--json]",
        details: """
            Lists each rotation, the pump first: its target and any grace, the
            site in now and since when, and how many of the locations are for
            it. Declare another with `device NAME DURATION [grace DURATION]` in
            the header (or `sitecycle set device sensor 10d grace 12h`); give
            `--device NAME` to log, remove, status, recommend, history, stats,
            timeline, export, amend and delete.
            --json prints {"devices":[{"device","targetHours",["graceHours",]
            "locations","active":{"location","start"}|null}]}.
            """,
        reportsJSON: true,
        run: { invocation in
            invocation.report { journal, now throws(CommandError) in
                let report = DevicesReport(style: invocation.outStyle, journal: journal, now: now)
                invocation.out(invocation.json ? report.json().rendered() : report.text())
            }
        })
}

/// Each rotation, the pump first: its target and grace, the site in now,
/// and how many locations are for it.
struct DevicesReport {
    let style: TextStyle
    let journal: Journal
    let now: Instant

    struct Row {
        let name: String, target: Double, grace: Double?, locations: Int
        let active: SiteChange?
    }

    var rows: [Row] {
        journal.deviceNames.map { name in
            Row(name: name, target: journal.targetHours(of: name), grace: journal.graceHours(of: name),
                locations: journal.locations.filter { $0.isEnabled && $0.isFor(name) }.count,
                active: journal.rotation(name).activeChange(at: now))
        }
    }

    func text() -> String {
        rows.map { r in
            // As the header writes it: `target 72h` for the pump, `device sensor 14d`.
            style.bold(r.name) + "  target \(r.name == Device.pumpName ? SettingValues.hoursSetting(r.target) : SettingValues.durationSetting(r.target))"
                + (r.grace.map { " + \(SettingValues.hoursSetting($0)) grace" } ?? "") + ", \(r.locations) location"
                + (r.locations == 1 ? "" : "s") + "\n"
                + "  " + (r.active.map { "\(journal.name(of: $0)!) since \(displayStart($0))" } ?? "no site in") + "\n"
        }.joined()
    }

    func json() -> JSON {
        .object([("devices", .array(rows.map { r in
            .object([("device", .string(r.name)), ("targetHours", .double(r.target))]
                + (r.grace.map { [("graceHours", JSON.double($0))] } ?? []) + [
                    ("locations", .int(r.locations)),
                    ("active", r.active.map { .object([("location", .string(journal.name(of: $0)!)),
                                                       ("start", .string(formatISO8601($0.start, offsetSeconds: $0.offset)))]) }
                        ?? .null),
                ])
        }))])
    }
}
