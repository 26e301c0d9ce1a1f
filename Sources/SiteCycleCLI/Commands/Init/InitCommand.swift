import SiteCycleKit

extension CommandRegistry {
    static let initCommand = Command(
        name: "init",
        summary: "create a journal with the default locations",
        usage: "sitecycle init [--timezone TZ] [--zones LIST] [--no-sides] [--target HOURS]\n"
            + "       [--sensor SENSOR [--sensor-zones LIST]]",
        details: """
            Writes a new, commented journal (mode 0600, parent folders created)
            at the journal path and never overwrites an existing file.

            By default it declares the SiteCycle app's 14 locations: seven zones
            (Front Abdomen, Side Abdomen, Back Abdomen, Front Thigh, Side Thigh,
            Back Arm, Buttock), each as a Left and a Right location.

            On a terminal with no options it walks you through it, as the app
            does: a welcome, the time zone (Enter keeps the system's), the
            target (Enter keeps 72h), which zones to keep, zones of your own,
            which zones to use without Left/Right, whether you wear a CGM
            (Dexcom G7: 10 days and 12 h grace, Dexcom G7 15 Day: 15 days and
            12 h grace, FreeStyle Libre: 14 days, FreeStyle Libre 3 Plus: 15
            days, Medtronic Guardian: 7 days, or the days of another) and which
            zones its sensor may use, shared with the pump or its own (every
            default zone is offered; Enter picks Back Arm for a Libre or a G7,
            as labelled, else every pump zone); and
            finally the recommended sites and an offer to log the site (and
            sensor) you are wearing now, with when it went in (`yesterday
            21:00`, `-2d`). Enter, or the end of input, accepts each default.
            With --sensor it asks all but which sensor. --sensor takes a
            sensor by name, with its maker's wear time and grace: g7 (10 days,
            12 h grace), g7-15 (15 days, 12 h grace), libre, libre2 or libre3
            (14 days), libre3-plus (15 days), guardian (7 days); or a wear
            time with an optional grace, as `set device` takes them (`10d`,
            `"10d grace 12h"`). The grace is written on its `device` line
            (`device sensor 10d grace 12h`). Without questions, the sensor
            uses the zones that Enter would pick: Back Arm for a G7 or a
            Libre (added for the sensor alone if the pump does not use it),
            else every zone, shared; --sensor-zones LIST names them instead.

            --zones takes a comma-separated list of those zones (`front-abdomen`
            also works). --no-sides declares each zone once, without Left/Right.
            The time zone defaults to the system's ($TZ, else /etc/localtime).
            """,
        options: InitOptions.specs,
        run: { InitCommand(invocation: $0).run() })
}

/// Gathers the choices for a new journal (flags, or questions on a terminal:
/// `Onboarding`) and hands them to `InitService`, which writes it.
struct InitCommand {
    let invocation: Invocation

    /// The new journal's comments that name commands: the Kit names none.
    static let comments = NewJournal.Comments(
        header: ["; Edit it in any editor; `sitecycle check` says if anything is wrong.",
                 "; The format is described by `sitecycle help journal`."],
        sensor: ["; A CGM sensor is a second rotation (Dexcom G7: 10 days, Libre: 14 days,",
                 "; as their makers label them; `sitecycle help devices` has the sources)."])

    var service: InitService { InitService(fileSystem: invocation.fileSystem) }

    func run() -> Int32 {
        let location = invocation.journalLocation
        // Before any question: a journal that cannot be written is said at once.
        do throws(InitRefusal) { try service.check(location) } catch { return fail(error) }
        let options: InitOptions
        do throws(CommandError) { options = try InitOptions(invocation.arguments) } catch { return invocation.fail(error) }
        if options.asks(invocation.environment) { return onboard(options, at: location) }
        if options.timezone == nil { invocation.warnIfTZIgnored() }
        let journal = options.journal(systemZone: invocation.systemZone.identifier)
        do throws(InitRefusal) { _ = try service.create(journal, comments: InitCommand.comments, at: location) } catch {
            return fail(error)
        }
        invocation.say("Created \(location.path.terminalSafe) with \(counted(journal.locations.count, "location")) in \(journal.timezone).")
        invocation.out("Next: sitecycle log LOCATION   (see `sitecycle recommend`)\n")
        return ExitCode.ok
    }

    /// On a terminal: the questions, the journal, then the first log.
    func onboard(_ options: InitOptions, at location: JournalLocation) -> Int32 {
        // `--sensor` names the wear time; the rest is still asked.
        let journal = Onboarding(invocation: invocation).run(sensor: options.sensor).journal
        do throws(InitRefusal) { _ = try service.create(journal, comments: InitCommand.comments, at: location) } catch {
            return fail(error)
        }
        invocation.out("\n")
        invocation.say("Created \(location.path.terminalSafe) with \(counted(journal.locations.count, "location")) in "
                       + "\(journal.timezone), target \(SettingValues.hoursSetting(journal.targetHours))"
                       + (journal.sensorHours.map { ", a sensor every \(SettingValues.durationSetting($0))" } ?? "") + ".")
        return Onboarding(invocation: invocation).offerFirstLog(path: location.path)
    }

    func fail(_ refusal: InitRefusal) -> Int32 {
        switch refusal {
        case .noLocation:
            return invocation.fail(JournalLocation.noHomeMessage, help: JournalLocation.noHomeHint)
        case .alreadyExists(let path):
            return invocation.fail("\(path.terminalSafe) already exists; init never overwrites a journal",
                                   help: "use it as it is, or pass -f with a new path")
        case .danglingSymlink(let path):
            // The words name where the link points: read only to say so.
            guard let dangling = JournalFile.danglingJournalSymlink(path) else {
                return invocation.fail("\(path.terminalSafe) already exists; init never overwrites a journal")
            }
            return invocation.fail(dangling.message, help: dangling.hint)
        case .unknownTimeZone(let given):
            return invocation.usageError(UsageError("unknown time zone `\(given)`", help: unknownZoneHelp(for: given)))
        case .invalidLocationName(let name, let problem):
            return invocation.fail("`\(name)` cannot be a location name (\(problem)); nothing was written",
                                   help: "choose another name for it")
        case .wouldNotRead(let journal):
            invocation.err(DiagnosticRenderer(style: invocation.errStyle).render(journal.diagnostics.errors, in: journal.source))
            return invocation.fail("the new journal would not read back; nothing was written",
                                   help: "this is a bug in sitecycle; please report it with the lines above")
        case .file(let error):
            return invocation.fail(error.message)
        }
    }
}
