import SiteCycleKit

/// What `locations` shows: the list (a table, or JSON), and what a
/// subcommand changed.
struct LocationsRenderer {
    let invocation: Invocation

    func list(_ journal: Journal, now: Instant) {
        let uses = LocationUsage(journal, upTo: now)
        let short = LocationMatcher(locations: journal.locations).shortForms()
        if invocation.json {
            // The one shape of a location (as in `export --format json`),
            // then what this listing adds.
            invocation.out(JSON.array(zip(journal.locations, short).map { l, short in
                .object(l.jsonFields(note: journal.comment(of: l)) + [
                    ("short", .string(short)), ("uses", .int(uses.uses(of: l.name))),
                    ("lastUsed", uses.lastUse(of: l.name).map { .string(formatISO8601($0.start, offsetSeconds: $0.offset)) } ?? .null),
                ])
            }).rendered())
            return
        }
        guard !journal.locations.isEmpty else {
            invocation.out("No locations declared. Add one with `sitecycle locations add NAME [--sides]`.\n")
            return
        }
        invocation.out(table(journal, uses, short, today: journal.zone.civil(now).date))
    }

    /// Devices and pauses show only where the journal has them, so an
    /// older journal lists exactly as before.
    func table(_ journal: Journal, _ uses: LocationUsage, _ short: [String], today: CivilDate) -> String {
        func count(_ l: Location) -> String { String(uses.uses(of: l.name)) }
        func last(_ l: Location) -> String { uses.lastUse(of: l.name).map(displayStart) ?? "never" }
        if journal.hasDevices || journal.locations.contains(where: { $0.pausedUntil != nil }) {
            let rows = [["Location", "Abbr", "For", "In rotation", "Uses", "Last used"]] + zip(journal.locations, short).map { l, short in
                let state = !l.isEnabled ? "no" : l.pausedUntil.map { today < $0 ? "from \($0.iso)" : "yes" } ?? "yes"
                return [l.name, short, l.devices.joined(separator: ","), state, count(l), last(l)]
            }
            return SiteCycleCLI.table(rows, rightAligned: [4])
        }
        let rows = [["Location", "Abbr", "Zone", "Side", "Enabled", "Uses", "Last used"]] + zip(journal.locations, short).map { l, short in
            [l.name, short, l.zone, l.side?.rawValue ?? "-", l.isEnabled ? "yes" : "no", count(l), last(l)]
        }
        return SiteCycleCLI.table(rows, rightAligned: [5])
    }

    // MARK: Outcomes

    /// With --json, the locations as they now are; else what changed.
    func render(_ o: LocationsService.Outcome) {
        if invocation.json {
            list(o.journal, now: Instant(seconds: .max))
        } else {
            invocation.out(message(o.change) + "\n")
        }
    }

    func message(_ change: LocationsService.Change) -> String {
        switch change {
        case .added(let names, let devices):
            return "Added \(and(names))\(devices.isEmpty ? "" : " (for \(devices.joined(separator: ", ")))")."
        case .devicesSet(let changed, let devices, let unchanged):
            return devicesMessage(changed, devices, unchanged)
        case .renamed(let renamings, let entries):
            let what = renamings.map { "\($0.from) to \($0.to)" }.joined(separator: ", ")
            return TextWrap.wrap("Renamed \(what) (\(counted(entries, "site change")) rewritten).")
        case .enabled(let changed, let unchanged):
            return enabledMessage(true, changed, unchanged)
        case .disabled(let changed, let unchanged):
            return enabledMessage(false, changed, unchanged)
        case .removed(let removals):
            return removals.map(removedMessage).joined(separator: "\n")
        case .sides(let s):
            return sidesMessage(s)
        case .paused(let names, let until):
            return TextWrap.wrap("Paused \(and(names)) until \(until.iso): not recommended before then.")
        case .resumed(let resumed, let notPaused, let stillDisabled):
            let back = resumed.filter { !stillDisabled.contains($0) }
            var message = back.isEmpty ? "" : "Resumed \(and(back)): back in rotation."
            if !stillDisabled.isEmpty {
                message += (message.isEmpty ? "" : " ") + "Resumed \(and(stillDisabled)): no longer paused, but still "
                    + "disabled, so not in rotation; `sitecycle locations enable` puts "
                    + (stillDisabled.count == 1 ? "it" : "them") + " back."
            }
            if !notPaused.isEmpty {
                message += (message.isEmpty ? "" : " ") + "\(and(notPaused)) "
                    + "\(notPaused.count == 1 ? "was" : "were") not paused."
            }
            return TextWrap.wrap(message)
        case .moved(let names, let placement, let anchor):
            return "Moved \(and(names)) \(placement.rawValue) \(anchor)."
        }
    }

    func and(_ names: [String]) -> String { names.joined(separator: " and ") }

    func devicesMessage(_ changed: [String], _ devices: [String], _ unchanged: [String]) -> String {
        let what = devices == [Device.pumpName] ? "the pump only" : devices.joined(separator: ", ")
        var message = changed.isEmpty ? "" : "\(and(changed)) \(changed.count == 1 ? "is" : "are") now for \(what)."
        if !unchanged.isEmpty {
            message += (message.isEmpty ? "" : " ") + "\(and(unchanged)) \(unchanged.count == 1 ? "was" : "were") "
                + "already for \(what)."
        }
        return TextWrap.wrap(message)
    }

    func removedMessage(_ removal: LocationsService.Removal) -> String {
        switch removal {
        case .deleted(let name):
            return "Removed \(name) (it had no site changes)."
        case .disabled(let name, let uses):
            return "Disabled \(name): its \(uses) site change\(uses == 1 ? " stays" : "s stay") in "
                + "the history (`locations enable` brings it back)."
        case .alreadyDisabled(let name, let uses):
            return "\(name) is already disabled and keeps its \(counted(uses, "site change"))."
        }
    }

    func sidesMessage(_ s: LocationsService.SidesChange) -> String {
        guard s.changed else { return "\(s.zone) already \(s.on ? "has sides" : "is one location")." }
        var message = "\(s.zone) " + (s.on ? "now has sides" : "is one location again") + ":"
        if !s.added.isEmpty { message += " added \(and(s.added));" }
        if !s.enabled.isEmpty { message += " enabled \(and(s.enabled));" }
        if !s.disabled.isEmpty { message += " disabled \(and(s.disabled)), kept for its history;" }
        return TextWrap.wrap(String(message.dropLast()) + ".")
    }

    func enabledMessage(_ enable: Bool, _ changed: [String], _ unchanged: [String]) -> String {
        var message = changed.isEmpty ? "" : "\(enable ? "Enabled" : "Disabled") \(changed.joined(separator: " and "))."
        if !unchanged.isEmpty {
            message += (message.isEmpty ? "" : " ") + "\(unchanged.joined(separator: " and ")) "
                + "\(unchanged.count == 1 ? "was" : "were") already \(enable ? "enabled" : "disabled")."
        }
        return message
    }
}
