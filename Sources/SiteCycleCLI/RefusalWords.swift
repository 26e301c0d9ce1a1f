import SiteCycleKit

/// A service's refusal in the words the person at the keyboard reads: the
/// Kit gives the facts (`ServiceError.Reason`), and here they become the
/// message, the hint and whether it was a mistake on the command line
/// (`usage`, exit status 2) rather than a request the journal refused.
extension ServiceError {
    var message: String {
        switch reason {
        case .journalHasErrors(let path): "\(path.terminalSafe) has errors; nothing was done"
        case .newLineBreaksLines(let path):
            "a line break inside a new line would have added lines to \(path.terminalSafe); nothing was written"
        case .resultUnreadable(let path): "the change would leave \(path.terminalSafe) unreadable, so nothing was written"
        case .formatChangesMeaning: "formatting would change what the journal says, so nothing was written"
        case .mistypedYear(let path, let line):
            "\(path.terminalSafe):\(line): this line looks like a mistyped year; sorting it would make a session of months, "
                + "so nothing was written"
        case .file(let e), .copyUnreadable(let e): e.message
        case .changedMeanwhile(let path): "\(path.terminalSafe) changed while this run was writing it; nothing was written"
        case .invalidNow(let source, let e): "invalid \(Self.name(source)): \(e.message)"
        case .invalidTime(let role, let e): "invalid \(Self.name(role)): \(e.message)"
        case .timeInFuture(let role, let text, _): "\(Self.name(role)) \(text) is in the future"
        case .missingLocation: "missing argument"
        case .noLocationTyped: "which location?"
        case .unexpectedArgument(let word): "unexpected argument `\(word)`"
        case .twoDevicesNamed(let word, let option): "`\(word)` and --device \(option) name two devices"
        case .undeclaredDevice(let name, let journal, _): "no device `\(name)` in \(journal.terminalSafe)"
        case .unresolvedLocation(let typed, let resolution): LocationResolver.words(typed, resolution).0
        case .unselectedLocation(let typed, let selection): LocationResolver.words(typed, selection).0
        case .pickedLocationGone(let name): "\"\(name)\" is no longer an enabled location"
        case .zoneForOneLocation(let typed): "\"\(typed)\" is a zone; give one location"
        case .correctedLocationNotForDevice(let location, let device, _): "\(location) is not a site for the \(device)"
        case .entryUnreadable(let typed): "`\(typed)` is not an entry"
        case .pauseEndNotAfterToday(let typed, let today): "--until \(typed) is not after today (\(today))"
        case .noSiteChanges(let device): "there are no site changes\(of(device)) yet"
        case .otherDevicesLine(let line, let device): "line \(line) is a site change of the \(device)"
        case .notASiteChange(let line): "line \(line) is not a site change"
        case .noChangeStarts(let time, let device): "no site change\(of(device)) starts at \(time)"
        case .notAnEntry: "not an entry"
        case .startTaken(let time, let line, _): "a site change is already logged at \(time) (line \(line))"
        case .endAfterNextSite(let line, let time): "that end is after the next site went in (line \(line), \(time))"
        case .endNotAfterStart: "the end must be after the start"
        case .startPastOwnEnd(let line, let time, isRemoval: false):
            "that start is at or after the `removed` line that ends this site (line \(line), \(time))"
        case .startPastOwnEnd(let line, let time, isRemoval: true):
            "a `removed` line must stay after the start of the site it ends (line \(line), \(time))"
        case .startAndEndTogether: "change the start and the end in two steps"
        case .nothingToChange: "nothing to change"
        case .removalHasNoLocation: "a `removed` line has no location"
        case .removalHasNoEnd: "a `removed` line has no end"
        case .noSiteForPreviousNote(let time): "no site was active at \(time) to take --previous-note"
        case .noSiteForPreviousReason(let time): "no site was active at \(time) to take --previous-reason"
        case .removalHasNoReason: "a `removed` line takes no reason or lot"
        case .nothingToRemove(let time): "no site is active at \(time); nothing to remove"
        case .unknownDevice(let name, _): "no device `\(name)` in this journal"
        case .unknownDeviceInList(let name, let list, let withAdd, let journal, _):
            list.isEmpty ? (withAdd ? "--for" : "the device list") + " is empty: name one device or more"
                : (withAdd ? "--for " : "") + list + (name.isEmpty ? ": an empty device name" : ": no device `\(name)` in \(journal.terminalSafe)")
        case .invalidDeviceName(let name, let problem): "invalid device name `\(name)`: \(problem)"
        case .unknownLocation(let name, .location): "no location \"\(name)\""
        case .unknownLocation(let name, .zone): "no zone \"\(name)\""
        case .unknownLocation(let name, .locationOrZone): "no location or zone \"\(name)\""
        case .disabledLocation(let name): "\"\(name)\" is disabled"
        case .locationNotForDevice(let location, let device, let serves):
            "\(location) is not a site for the \(device)" + (serves.isEmpty ? "" : "; it serves \(Self.devices(serves))")
        case .locationNeedsDevice(let location, let serves): "\(location) serves \(Self.devices(serves)); say which"
        case .invalidLocationName(let problem): problem
        case .invalidMapTarget(let name): "--map target \"\(name)\" is not a valid location name"
        case .alreadyDeclared(let name, let line, _): "\"\(name)\" is already declared (line \(line))"
        case .alreadySided(let name): "\"\(name)\" already has a side; --sides adds `Left` and `Right` to a zone"
        case .zoneOfSides(let zone, let locations): "\(zone) is a zone: " + locations.joined(separator: " and ")
        case .zoneRenamedWithSide(let typed): "\"\(typed)\" is a zone; give the new zone name without Left/Right"
        case .notPaused(let names): "\(names.joined(separator: " and ")) \(names.count == 1 ? "is" : "are") not paused"
        case .moveRelativeToItself: "cannot move a location relative to itself"
        case .noEnabledLocationLeft: "that would leave no enabled location"
        }
    }

    /// `the sensor`, `the pump and the sensor`.
    static func devices(_ names: [String]) -> String {
        let the = names.map { "the " + $0 }
        return the.count < 2 ? the.joined() : the.dropLast().joined(separator: ", ") + " and " + the.last!
    }

    var help: String? {
        switch reason {
        case .journalHasErrors: "fix them, then run `sitecycle check`"
        case .newLineBreaksLines: "this is a bug in sitecycle; please report it"
        case .resultUnreadable: "this is a bug in sitecycle; please report it with the lines above"
        case .formatChangesMeaning: "this is a bug in sitecycle; please report it with the journal"
        case .mistypedYear(_, let line):
            "correct the year of line \(line) first (`sitecycle edit`, or `sitecycle amend \(line) --at TIME`), then run `sitecycle fmt`"
        case .file(let e): e.hint
        case .changedMeanwhile: "run the command again when nothing else is writing the journal"
        case .invalidNow(_, let e), .invalidTime(_, let e): Self.timeHelp(e)
        case .timeInFuture(_, _, let now): "it is now \(now); log what has happened"
        case .missingLocation: "usage: \(CommandRegistry.log.usage)"
        case .noLocationTyped: "sitecycle log LOCATION"
        case .undeclaredDevice(_, _, let declared):
            "declared: \(declared.joined(separator: ", ")); add one with `sitecycle set device NAME DURATION`"
        case .unresolvedLocation(let typed, let resolution): LocationResolver.words(typed, resolution).1
        case .unselectedLocation(let typed, let selection): LocationResolver.words(typed, selection).1
        case .correctedLocationNotForDevice(let location, let device, let devices):
            Diagnostic.Help.addDeviceToLocation(device: device, location: location, devices: devices).words
        case .entryUnreadable: "give `last`, a start time or a line number"
        case .pauseEndNotAfterToday: "a pause ends at the start of DATE; give a later day"
        case .otherDevicesLine(_, let device): "add `--device \(device)`"
        case .notASiteChange: "`sitecycle history` shows each change's line"
        case .noChangeStarts(_, let device):
            "`sitecycle history\(device.map { $0 == Device.pumpName ? "" : " --device " + $0 } ?? "")` shows the start times"
        case .startTaken(_, _, newEntry: true): "pick another --at time, or correct that line with an editor"
        case .endAfterNextSite: "amend that entry instead"
        case .startPastOwnEnd(_, _, isRemoval: false): "move the end first with `--end`, or delete that `removed` line"
        case .startPastOwnEnd(_, _, isRemoval: true): "amend the site's start first, or delete this line"
        case .nothingToChange: "give --location, --at, --end, --note, --reason or --lot"
        case .removalHasNoLocation: "delete it and log the site instead"
        case .removalHasNoReason: "amend the entry of the site that ended instead"
        case .nothingToRemove: "log the next site with `sitecycle log LOCATION`"
        case .unknownDevice(_, let declared): "declared: \(declared.joined(separator: ", "))"
        case .unknownDeviceInList(_, _, _, _, let declared):
            "declared: \(declared.joined(separator: ", ")); add one with `sitecycle set device NAME DURATION`"
        case .unknownLocation: "`sitecycle locations` lists them"
        case .disabledLocation(let name): "enable it with `sitecycle locations enable \"\(name)\"`"
        case .locationNotForDevice(let location, _, let serves), .locationNeedsDevice(let location, let serves):
            serves.isEmpty ? "`sitecycle locations` lists them"
                : "log it for " + serves.map { "the \($0): `sitecycle log \"\(location)\" --device \($0)`" }
                    .joined(separator: "\nor for ")
        case .alreadyDeclared(let name, _, anotherDeviceMayUseIt: true):
            "`sitecycle locations for \"\(name)\" DEV,…` changes which devices may use it"
        case .zoneOfSides(let zone, _): "log one of them, or make it one location with `sitecycle locations sides \"\(zone)\" off`"
        case .noEnabledLocationLeft: "add or enable another location first"
        case .copyUnreadable, .noSiteChanges, .notAnEntry, .startTaken, .endNotAfterStart, .startAndEndTogether,
             .removalHasNoEnd, .noSiteForPreviousNote, .noSiteForPreviousReason, .invalidDeviceName, .invalidLocationName, .invalidMapTarget,
             .alreadyDeclared, .alreadySided, .zoneRenamedWithSide, .notPaused, .moveRelativeToItself,
             .unexpectedArgument, .twoDevicesNamed, .pickedLocationGone, .zoneForOneLocation:
            nil
        }
    }

    /// A mistake in what was typed (exit status 2), not a refusal by the journal.
    var usage: Bool {
        switch reason {
        case .unresolvedLocation(let typed, let resolution): LocationResolver.words(typed, resolution).usage
        case .invalidNow, .invalidTime, .missingLocation, .noLocationTyped, .unexpectedArgument, .twoDevicesNamed, .undeclaredDevice,
             .unselectedLocation, .zoneForOneLocation, .entryUnreadable, .pauseEndNotAfterToday:
            true
        case .otherDevicesLine, .notASiteChange, .nothingToChange, .startAndEndTogether, .removalHasNoEnd,
             .removalHasNoReason, .endNotAfterStart, .unknownDevice, .unknownDeviceInList, .invalidDeviceName, .unknownLocation,
             .invalidLocationName, .invalidMapTarget, .alreadySided, .zoneRenamedWithSide, .moveRelativeToItself:
            true
        default:
            false
        }
    }

    /// The option a time was given with.
    static func name(_ role: TimeQuery.Role) -> String {
        switch role {
        case .at: "--at"
        case .end: "--end"
        }
    }

    static func name(_ source: RunClock.Source) -> String {
        switch source {
        case .option: "--now"
        case .environment: "$SITECYCLE_NOW"
        }
    }

    /// A time's hint; the forms a time takes point to `help time`.
    static func timeHelp(_ e: SettingError) -> String? {
        e.help == TimeArgument.formsHelp ? e.help! + " (`help time`)" : e.help
    }

    /// " of the pump", when the journal has devices to tell apart.
    private func of(_ device: String?) -> String { device.map { " of the \($0)" } ?? "" }
}
