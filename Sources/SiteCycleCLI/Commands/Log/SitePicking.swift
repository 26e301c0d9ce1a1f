import SiteCycleKit

extension SiteChangeCommand {
    /// What `log` does before the journal is locked: nothing when LOCATION
    /// was typed; else, on a terminal, the picker chooses.
    enum Picking {
        case typed
        case picked(PickedSite)
        /// Refused or cancelled: the exit status.
        case ended(Int32)
    }

    /// Exit status when the picker is cancelled (as a shell's Ctrl-C).
    static let cancelled: Int32 = 130

    /// `log` alone, or `log sensor` with nothing after the device word,
    /// opens the picker; without a terminal LOCATION is `missing`.
    func pick(missing: CommandError) -> Picking {
        // Only with a picker is the journal read out here, to tell a device
        // word from a location; without one, that is decided under the
        // lock, on the one reading of the journal.
        let picker = invocation.environment.picker, words = options.words
        let onlyADevice = picker != nil && words.count == 1 && Device.problem(with: words[0]) == nil
            && (words[0] == Device.pumpName || invocation.readJournalQuietly()?.deviceIndex(words[0]) != nil)
        guard words.isEmpty || onlyADevice else { return .typed }
        guard let picker else { return .ended(invocation.fail(missing)) }
        guard let journal = invocation.loadJournal() else { return .ended(ExitCode.failure) }
        let at: Instant, device: String
        do throws(CommandError) {
            let now = try invocation.now(for: journal)
            at = try options.at.instant(invocation, in: journal, now: now)
            device = try DeviceOption.declared(words.first ?? options.device.given ?? Device.pumpName, in: journal)
        } catch {
            return .ended(invocation.fail(error))
        }
        var sheet = SitePicker(recommendation: Recommender.recommend(journal, device: device, now: at), now: at,
                               zone: journal.zone, device: device)
        let devicesOwn = Set(sheet.rows.map(\.name))
        if words.isEmpty, options.device.given == nil { sheet = sheet.adding(otherDevicesSitesIn: journal, at: at) }
        sheet.asksForNote = options.note == nil
        sheet.asksForPreviousNote = options.previousNote == nil
        sheet.messageStyle = invocation.errStyle
        // Whichever device a row logs, the site it closes well before its
        // target is asked about (the Kit's one rule).
        if options.reason == nil {
            sheet.closesEarly = closingEarly(sheet.rows, device: device, own: devicesOwn, in: journal, at: at)
        }
        invocation.environment.stdout.flush()
        guard let choice = picker(sheet) else {
            invocation.out("Nothing logged.\n")
            return .ended(Self.cancelled)
        }
        return .picked(choice)
    }

    /// By row: the site picking it would close well before its target, for
    /// the rows of `device` (`own`) and those another device's own.
    private func closingEarly(_ rows: [SitePicker.Row], device: String, own: Set<String>, in journal: Journal,
                              at: Instant) -> [String: String] {
        func closing(_ device: String) -> String? {
            guard let active = journal.rotation(device).activeChange(at: at),
                  journal.closesWellBeforeTarget(active, at: at) else { return nil }
            return journal.name(of: active)
        }
        var result: [String: String] = [:]
        for row in rows {
            var logs = device
            if !own.contains(row.name), let location = journal.location(named: row.name),
               case .device(let other) = journal.siteDevice(at: location, asked: nil) {
                logs = other
            }
            if let name = closing(logs) { result[row.name] = name }
        }
        return result
    }
}

extension SitePicker {
    /// The picker of `log` alone: after the pump's rows, the sites only
    /// another device may use, each said with its device; picking one logs
    /// that device (`Journal.siteDevice`), as `log LOCATION` would.
    func adding(otherDevicesSitesIn journal: Journal, at: Instant) -> SitePicker {
        var extra: [Row] = []
        for device in journal.deviceNames.dropFirst() {
            let own = Set(journal.locations.filter { $0.isEnabled && journal.siteDevice(at: $0, asked: nil) == .device(device) }
                .map(\.name))
            let sheet = SitePicker(recommendation: Recommender.recommend(journal, device: device, now: at), now: at,
                                   zone: journal.zone, device: device)
            extra += sheet.rows.filter { own.contains($0.name) }.map { row in
                var row = row
                row.lastUsed = row.lastUsed.isEmpty ? device : device + " · " + row.lastUsed
                return row
            }
        }
        var copy = SitePicker(rows: rows + extra, height: height)
        copy.asksForNote = asksForNote
        return copy
    }
}
