import Testing
@testable import SiteCycleKit
import SiteCycleTestSupport

/// Services against an in-memory file system: no disk, no clock. Each test
/// is a small journal, a request, and the file or refusal that follows.
struct SiteChangeServiceTests {
    let path = "/journal/sites.journal"
    let start = """
        timezone UTC
        target 72h
        location Left Arm
        location Right Arm

        2026-02-01 08:00  Left Arm  ; bled; used IV3000 tape

        """

    func transaction(_ fs: InMemoryFileSystem) -> JournalTransaction { fs.transaction(path) }

    @Test func logAppendsOneAlignedLineAndReportsTheClosedSite() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = SiteChangeService.LogRequest(location: "Right Arm", at: instant("2026-02-04T08:00:00Z"), note: "new")
        let result = try transaction(fs).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
        #expect(fs.text(path) == start + "2026-02-04 08:00  Right Arm  ; new\n")
        #expect(result.outcome.closed.flatMap(result.outcome.journal.name(of:)) == "Left Arm")
        #expect(result.outcome.closed?.durationHours == 72)
        #expect(result.outcome.recentlyUsed == nil)
        #expect(result.wrote && result.before == Array(start.utf8))
        // An append: the file is the old bytes and these, and its undo
        // record, made from the parts, takes the file back.
        #expect(result.appended == Array("2026-02-04 08:00  Right Arm  ; new\n".utf8))
        #expect(result.after == fs.files[path])
        let record = result.record(command: "log ra", writtenAt: 0)
        #expect(record == WriteRecord(command: "log ra", writtenAt: 0, before: result.before, after: result.after))
        #expect(record.reverse(fs.files[path]!) == .restored(Array(start.utf8)))
    }

    @Test func aPreviousNoteIsAddedNotReplaced() throws {
        let fs = InMemoryFileSystem([path: start])
        var request = SiteChangeService.LogRequest(location: "Right Arm", at: instant("2026-02-04T08:00:00Z"))
        request.previousNote = "itchy"
        let result = try transaction(fs).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
        #expect(fs.text(path)!.contains("2026-02-01 08:00  Left Arm  ; bled; used IV3000 tape\n"
                                        + "                            ; itchy\n"))
        guard case .added(let c)? = result.outcome.previousNote else { Issue.record("no previous-note outcome"); return }
        #expect(result.outcome.journal.name(of: c) == "Left Arm")
    }

    @Test func aBackdatedLogBeforeTheFirstEntryIsALongSession() throws {
        let fs = InMemoryFileSystem([path: start])
        let request = SiteChangeService.LogRequest(location: "Right Arm", at: instant("2026-01-01T08:00:00Z"))
        let result = try transaction(fs).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
        #expect(result.outcome.longSessions.map(result.outcome.journal.name(of:)) == ["Right Arm"])
        #expect(fs.text(path)!.contains("\n2026-01-01 08:00  Right Arm\n2026-02-01 08:00  Left Arm"))
    }

    /// Issue 24 item 2: the service refuses an unknown or disabled
    /// location itself, with the fact, whoever calls it.
    @Test func logRefusesAnUnknownOrDisabledLocationItself() {
        let fs = InMemoryFileSystem([path: start.replacingOccurrences(of: "location Right Arm", with: "location Right Arm  disabled")])
        func refusal(_ location: String) -> ServiceError.Reason? {
            let request = SiteChangeService.LogRequest(location: location, at: instant("2026-02-04T08:00:00Z"))
            do {
                _ = try transaction(fs).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
                return nil
            } catch { return error.reason }
        }
        #expect(refusal("Nowhere") == .unknownLocation(name: "Nowhere", as: .location))
        #expect(refusal("Right Arm") == .disabledLocation(name: "Right Arm"))
        // A correction may name a disabled site, not an undeclared one.
        func amend(_ location: String) -> ServiceError.Reason? {
            let request = CorrectionService.AmendRequest(entry: .line(6), location: location)
            do {
                _ = try transaction(fs).run { journal throws(ServiceError) in try CorrectionService.amend(request, in: journal) }
                return nil
            } catch { return error.reason }
        }
        #expect(amend("Nowhere") == .unknownLocation(name: "Nowhere", as: .location))
        #expect(fs.writes == 0)
        #expect(amend("Right Arm") == nil)
        #expect(fs.writes == 1)
    }

    @Test func aRefusalWritesNothing() {
        let fs = InMemoryFileSystem([path: start])
        let request = SiteChangeService.LogRequest(location: "Right Arm", at: instant("2026-02-01T08:00:00Z"))
        #expect(throws: ServiceError.self) {
            try transaction(fs).run { journal throws(ServiceError) in try SiteChangeService.log(request, in: journal) }
        }
        #expect(fs.writes == 0 && fs.text(path) == start)
        #expect(throws: ServiceError.self) {
            try transaction(fs).run { journal throws(ServiceError) in
                try SiteChangeService.remove(.init(at: instant("2026-01-01T00:00:00Z")), in: journal)
            }
        }
        #expect(fs.writes == 0)
    }

    @Test func aJournalWithErrorsIsNeverWritten() {
        let fs = InMemoryFileSystem([path: start + "2026-02-02 08:00  Nowhere\n"])
        do {
            _ = try transaction(fs).run { journal throws(ServiceError) in
                try SiteChangeService.remove(.init(at: instant("2026-02-03T00:00:00Z")), in: journal)
            }
            Issue.record("a journal with errors was changed")
        } catch {
            #expect(error.kind == .journalHasErrors)
            #expect(error.journal?.diagnostics.errors.first?.code == .unknownLocation)
        }
        #expect(fs.writes == 0)
    }

    /// Taking one device off says what the others still occupy at the
    /// run's now: a decision of the service, not of the words.
    @Test func aRemovalSaysWhatTheOtherDevicesStillOccupy() throws {
        let text = """
            timezone UTC
            device sensor 10d
            location Left Arm  for pump,sensor
            location Right Arm  for pump,sensor

            2026-02-01 08:00  Left Arm
            2026-02-02 08:00  sensor Right Arm
            2026-02-06 08:00  sensor removed

            """
        func stillIn(now: String) throws -> [String] {
            let fs = InMemoryFileSystem([path: text])
            let result = try transaction(fs).run { journal throws(ServiceError) in
                try SiteChangeService.remove(.init(at: instant("2026-02-03T08:00:00Z"), now: instant(now)), in: journal)
            }
            return result.outcome.stillIn.map { "\($0.device) \($0.location)" }
        }
        #expect(try stillIn(now: "2026-02-04T08:00:00Z") == ["sensor Right Arm"])
        #expect(try stillIn(now: "2026-02-07T08:00:00Z") == [])
    }

    @Test func aFullDiskLeavesTheJournalAsItWas() {
        let fs = InMemoryFileSystem([path: start])
        fs.failingWrites = [path]
        do {
            _ = try transaction(fs).run { journal throws(ServiceError) in
                try SiteChangeService.remove(.init(at: instant("2026-02-03T00:00:00Z"), note: "break"), in: journal)
            }
            Issue.record("the write did not fail")
        } catch {
            #expect(error.kind == .file)
            guard case .file(let e) = error.reason else { Issue.record("not a file error: \(error.reason)"); return }
            #expect(e.detail.contains("no space left"))
        }
        #expect(fs.text(path) == start)
    }

    @Test func theTransactionRefusesAnEditThatWouldInjectALine() {
        let fs = InMemoryFileSystem([path: start])
        do {
            _ = try transaction(fs).run { journal throws(ServiceError) -> PlannedChange<Void> in
                var editor = JournalEditor(source: journal.source)
                editor.append(["2026-02-05 08:00  Left Arm  ; x\nlocation Injected"])
                return PlannedChange(editor: editor) { _ in }
            }
            Issue.record("an injected line was written")
        } catch {
            #expect(error.kind == .wouldBreakJournal)
        }
        #expect(fs.writes == 0)
    }
}

struct VerifiedAppendTests {
    /// The append fast path must give exactly what re-reading the file gives.
    @Test(arguments: ["\n", "\r\n"]) func appendedChangesMatchAFullParse(_ newline: String) throws {
        let text = (header + """
            2026-11-03 08:00  Lower Back   ; late line, out of order
            2026-11-01 08:15  Left Front Abdomen  ; two
                                                  ; lines
            2026-11-02 08:15  removed
            """).replacingOccurrences(of: "\n", with: newline)
        let journal = load(text)
        var editor = JournalEditor(source: journal.source)
        editor.append(["2026-11-04 09:00  Right Front Abdomen  ; new", "                                     ; and more"])
        let fast = try #require(JournalTransaction.verifiedAppend(journal, editor))
        let full = JournalBuilder.load(SourceFile(path: "t", bytes: editor.result()), defaultZone: berlin)
        // The same changes, read through each journal's own names and notes.
        func meaning(_ j: Journal) -> [String] {
            j.changes.map { "\($0.line) \($0.start) \($0.end.map(\.description) ?? "-") \($0.offset) \($0.device) "
                + "\(j.name(of: $0) ?? "removed") \(j.note(of: $0) ?? "-")" }
        }
        #expect(meaning(fast) == meaning(full))
        #expect(fast.changes.last.flatMap(fast.note(of:)) == "new\nand more")
    }
}
