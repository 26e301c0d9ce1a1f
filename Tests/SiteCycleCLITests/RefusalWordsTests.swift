import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport
@testable import SiteCycleCLI

/// The Kit refuses with facts; these are the words, hints and exit kinds
/// the command line makes of them (the goldens run them end to end).
struct RefusalWordsTests {
    func words(_ reason: ServiceError.Reason) -> (String, String?, Bool) {
        let e = ServiceError(reason)
        return (e.message, e.help, e.usage)
    }

    @Test func aRefusalNamesTheCommandThatHelps() {
        #expect(words(.notASiteChange(line: 3))
                == ("line 3 is not a site change", "`sitecycle history` shows each change's line", true))
        #expect(words(.otherDevicesLine(line: 6, device: "sensor"))
                == ("line 6 is a site change of the sensor", "add `--device sensor`", true))
        #expect(words(.noChangeStarts(time: "2026-02-04 08:01", device: "sensor"))
                == ("no site change of the sensor starts at 2026-02-04 08:01",
                    "`sitecycle history --device sensor` shows the start times", false))
        #expect(words(.noChangeStarts(time: "2026-02-04 08:01", device: nil)).1 == "`sitecycle history` shows the start times")
        #expect(words(.zoneOfSides(zone: "Arm", locations: ["Left Arm", "Right Arm"]))
                == ("Arm is a zone: Left Arm and Right Arm",
                    "log one of them, or make it one location with `sitecycle locations sides \"Arm\" off`", false))
        #expect(words(.unknownLocation(name: "Hip", as: .zone))
                == ("no zone \"Hip\"", "`sitecycle locations` lists them", true))
        #expect(words(.nothingToRemove(time: "2026-02-03 00:00")).1 == "log the next site with `sitecycle log LOCATION`")
    }

    @Test func aDeviceListIsQuotedAsItWasTyped() {
        let withAdd = words(.unknownDeviceInList(name: "cgm", list: "pump, cgm", withAdd: true, journal: "/j",
                                                 declared: ["pump", "sensor"]))
        #expect(withAdd == ("--for pump, cgm: no device `cgm` in /j",
                            "declared: pump, sensor; add one with `sitecycle set device NAME DURATION`", true))
        #expect(words(.unknownDeviceInList(name: "", list: "cgm,", withAdd: false, journal: "/j", declared: ["pump"])).0
                == "cgm,: an empty device name")
        // `locations for X ""` and `--for ""`: no list to quote, so no
        // ": : an empty device name".
        #expect(words(.unknownDeviceInList(name: "", list: "", withAdd: false, journal: "/j", declared: ["pump"])).0
                == "the device list is empty: name one device or more")
        #expect(words(.unknownDeviceInList(name: "", list: "", withAdd: true, journal: "/j", declared: ["pump"])).0
                == "--for is empty: name one device or more")
    }

    @Test func aDeclaredNameSaysHowToShareItOnlyWithDevices() {
        #expect(words(.alreadyDeclared(name: "Belly", line: 5, anotherDeviceMayUseIt: false))
                == ("\"Belly\" is already declared (line 5)", nil, false))
        #expect(words(.alreadyDeclared(name: "Belly", line: 5, anotherDeviceMayUseIt: true)).1
                == "`sitecycle locations for \"Belly\" DEV,…` changes which devices may use it")
    }

    @Test func whatWasTypedIsRefusedInTheOptionsWords() {
        let notATime = SettingError("`soon` is not a time", help: TimeArgument.formsHelp)
        #expect(words(.invalidNow(.option, notATime))
                == ("invalid --now: `soon` is not a time", TimeArgument.formsHelp + " (`help time`)", true))
        #expect(words(.invalidNow(.environment, notATime)).0 == "invalid $SITECYCLE_NOW: `soon` is not a time")
        #expect(words(.invalidTime(.end, notATime)).0 == "invalid --end: `soon` is not a time")
        #expect(words(.timeInFuture(.at, text: "+1d", now: "2026-11-27 10:00"))
                == ("--at +1d is in the future", "it is now 2026-11-27 10:00; log what has happened", false))
        #expect(words(.twoDevicesNamed(word: "sensor", option: "pump"))
                == ("`sensor` and --device pump name two devices", nil, true))
        #expect(words(.undeclaredDevice(name: "cgm", journal: "/j", declared: ["pump"]))
                == ("no device `cgm` in /j", "declared: pump; add one with `sitecycle set device NAME DURATION`", true))
        #expect(words(.entryUnreadable(typed: "lastt"))
                == ("`lastt` is not an entry", "give `last`, a start time or a line number", true))
        #expect(words(.pauseEndNotAfterToday(typed: "2026-01-01", today: "2026-11-27")).0
                == "--until 2026-01-01 is not after today (2026-11-27)")
        #expect(words(.missingLocation).1?.hasPrefix("usage: sitecycle log LOCATION") == true)
    }

    @Test func aFileErrorSpellsTheFixesThatNameTheProgram() {
        let busy = FileError(kind: .busy(seconds: 5), path: "/j")
        #expect(busy.message == "another sitecycle has been writing /j for 5 seconds; nothing was changed, try again")
        let dangling = FileError(kind: .notFound, path: "/a", message: "gone", hint: .createJournal(at: "/b", symlink: "/a"))
        #expect(dangling.hint == "`sitecycle init -f /b` creates the journal there, or remove the symlink /a")
        #expect(words(.file(dangling)) == ("gone", dangling.hint, false))
    }

    @Test func syncErrorsInWords() {
        #expect(SyncError.fetchFailed(remote: "origin", reason: "no route").message == "could not fetch from origin: no route")
        #expect(SyncError.fetchFailed(remote: "origin", reason: "no route").help
                == "check the network and your access to the remote; the journal is unchanged")
        let timedOut = SyncError.timedOut(remote: "origin", seconds: 2.5, while: "pushing")
        #expect(timedOut.message == "origin did not answer within 2.5 seconds (pushing); git was stopped")
        #expect(timedOut.help?.contains("--timeout SECONDS") == true)
        #expect(SyncError.optionLikeRemote("--upload-pack=x").message
                == "refusing the remote \"--upload-pack=x\": git would read a name starting with \"-\" as an option")
        #expect(SyncError.conflictMarkersRemain(journal: "/r/j", lines: [6, 8]).message
                == "a merge is in progress and the journal still has conflict markers: /r/j:6, /r/j:8")
        #expect(SyncError.copyConflicts(1).message == "1 conflict between the copies is marked in the journal")
        #expect(SyncError.nothingToSync(journal: "/S/j").help == "for git: `git init`, then `sitecycle sync --setup`")
        #expect(SyncError.notARepository(journal: "/r/j").help == "run `git init` in its folder first")
    }

    @Test func aRejectedRowNamesTheOptionOrCommand() {
        #expect(RowRejection.undeclaredDevice("cgm").words
                == "device `cgm` is not declared; add it with `sitecycle set device cgm DURATION`")
        #expect(RowRejection.otherDevice(row: "cgm", asked: "pump").words == "the row is for device `cgm`, not `pump` (--device)")
        #expect(RowRejection.text("no date").words == "no date")
    }

    @Test func aDiagnosticsFixIsSpelledForTheCommandLine() {
        #expect(Diagnostic.Help.deletePossibleDuplicate(line: 12).words
                == "two computers (or a retry) may have logged the same change; delete one with `sitecycle delete 12`")
        #expect(Diagnostic.Help.addDeviceToLocation(device: "cgm", location: "Belly", devices: ["pump", "cgm"]).words
                == "if it is, add `cgm` to its `for` list: `sitecycle locations for \"Belly\" pump,cgm`")
        #expect(Diagnostic.Help.text("did you mean \"Hip\"?").words == "did you mean \"Hip\"?")
    }
}
