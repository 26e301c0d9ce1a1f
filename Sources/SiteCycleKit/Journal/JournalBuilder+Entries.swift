/// Entry lines: their instants and locations, time order, per-device ends,
/// clashes and duplicates.
extension BuildState {
    /// Reads the entry records into `changes`: resolved in file order with
    /// their notes (`readInFileOrder`), sorted, then linked into each
    /// device's rotation (`linkRotations`).
    package mutating func readEntries() {
        // Site changes in file order, then sorted and compacted in place: one
        // array for the whole history (a journal may hold a million lines).
        // It is the records' own array: change `written` replaces record
        // `next` or one before it, after that record has been read.
        var list = entries.slots
        entries = EntryRecords()  // the array is `list`'s alone now: no copy
        var pass = FileOrderPass()
        readInFileOrder(&list, &pass)
        list.removeLast(list.count - pass.written)
        if !pass.farSteps.isEmpty { reportMistypedYears(in: list, farSteps: pass.farSteps) }
        if !pass.inOrder { list.sort { ($0.start, $0.line) < ($1.start, $1.line) } }
        linkRotations(&list)
        changes = list
        warnAboutLongSessions()
    }

    /// What `readInFileOrder` carries from one line to the next.
    package struct FileOrderPass {
        /// The next entry record, and the changes written over the records.
        var next = 0, written = 0
        var inOrder = true
        /// Index of the change a continuation line belongs to.
        var noteOwner: Int?
        /// Continuation lines are gathered and joined once per note: adding
        /// them one by one copied the note each time (quadratic).
        var noteParts: [String] = []
        /// Places in file order where a change is far (`mistypedYearSeconds`)
        /// before the one above it: `reportMistypedYears` blames one of the two.
        var farSteps: [Int] = []
    }

    /// Each entry record resolved into a site change, written over the
    /// records in `list` in file order, with its note lines joined to it.
    package mutating func readInFileOrder(_ list: inout [SiteChange], _ pass: inout FileOrderPass) {
        // Bits only, so a line's copy of its field is a plain copy; the lots
        // (strings, retained on every copy) beside them, read only for a
        // field that has one.
        let read = names.map(readField)
        let fields = read.map(\.field), lots = read.map(\.lot)
        // A field with nothing to report, check or keep beside the change,
        // in a zone of one offset: such an entry with no offset of its own
        // and no control character in its note is its change as it stands
        // (what `resolve` makes of it), without asking of each flag.
        let plain = fields.map { $0.isKnown && !$0.mismatch && !$0.clauseProblem && !$0.lotProblem && !$0.hasLot && $0.reason == 0 }
        let fixedOffset = zone.fixedOffset
        let kinds = syntax.kinds
        // The slots read and written without a check of the array's
        // ownership on each (that was a seventh of this loop). The next
        // record and the changes written are the loop's own, put back in
        // `pass` for the rare step that reads them.
        list.withUnsafeMutableBufferPointer { slots in
            var next = pass.next, written = pass.written
            for index in kinds.indices {
                switch kinds[index] {
                case .entry:
                    let record = EntryRecords.record(in: slots[next])
                    next += 1
                    if !pass.noteParts.isEmpty { finishNote(&pass, slots) }
                    pass.noteOwner = nil
                    let field = fields[Int(record.name)]
                    var change: SiteChange
                    if let fixedOffset, plain[Int(record.name)], record.offset == nil, !record.noteHasControl {
                        change = SiteChange(locationIndex: field.location,
                                            start: Instant(seconds: record.localSeconds - Int64(fixedOffset)),
                                            offset: fixedOffset, noteIndex: record.note, line: Int(record.line))
                        change.device = field.device
                    } else {
                        guard let resolved = resolve(record, field, lot: field.hasLot ? lots[Int(record.name)] : nil)
                        else { continue }
                        change = resolved
                    }
                    if written > 0, change.start < slots[written - 1].start {
                        pass.written = written
                        stepBack(change, after: slots[written - 1], &pass)
                    }
                    pass.noteOwner = written
                    slots[written] = change
                    written += 1
                case .noteContinuation:
                    let line = syntax.lines[index]
                    guard case .noteContinuation(let text) = line.kind else { continue }
                    warnAboutControlCharacters(in: text, line: line.number)
                    if pass.noteOwner != nil { pass.noteParts.append(NoteText.read(source.string(text))) }
                case .blank, .comment:
                    break
                default:
                    finishNote(&pass, slots)
                    pass.noteOwner = nil
                }
            }
            (pass.next, pass.written) = (next, written)
            finishNote(&pass, slots)
        }
    }

    /// Joins the gathered continuation lines onto their owner's note.
    package mutating func finishNote(_ pass: inout FileOrderPass, _ slots: UnsafeMutableBufferPointer<SiteChange>) {
        guard !pass.noteParts.isEmpty else { return }  // the rule: most entries have no note lines
        if let owner = pass.noteOwner {
            // Empty parts before the first text add nothing, as before.
            let parts = ([notes[slots[owner].noteIndex] ?? ""] + pass.noteParts).drop { $0.isEmpty }
            slots[owner].noteIndex = notes.add(parts.joined(separator: "\n"))
        }
        pass.noteParts.removeAll(keepingCapacity: true)
    }

    /// A change earlier than the one written before it (`above`): far
    /// earlier is kept for `reportMistypedYears`, else a warning.
    package mutating func stepBack(_ change: SiteChange, after above: SiteChange, _ pass: inout FileOrderPass) {
        pass.inOrder = false
        if above.start.seconds - change.start.seconds > BuildState.mistypedYearSeconds {
            pass.farSteps.append(pass.written)  // which line is wrong needs the next one too
        } else if let (line, e) = entryLine(change.line) {
            report(.warning, .outOfOrder, "out of order: this site change is earlier than the one on line \(above.line)",
                   line: line, e.timestampRange, help: .sortEntries)
        }
    }

    /// Each device is its own rotation: a change ends the one before it on
    /// the same device only. A change at the same instant as the one before
    /// it folds into it; one close after it is warned about; `removed` with
    /// nothing active too. Compacts `list` in place, in time order.
    package mutating func linkRotations(_ list: inout [SiteChange]) {
        var lastKeptArray = [Int](repeating: -1, count: 1 + settings.devices.count)
        let longLimits = longSessionLimits
        // Read and written in place, through the buffer: copying each
        // change (and retaining its strings) twice was a tenth of a big
        // journal's load, and a check of the array on each access most of
        // this pass. The count kept and each device's last are the
        // closure's own (captured, each access went through a box).
        let kept = list.withUnsafeMutableBufferPointer { list in
            lastKeptArray.withUnsafeMutableBufferPointer { lastKept in
                var kept = 0
                for i in list.indices {
                    let change = list[i]
                    let d = Int(change.device), li = lastKept[d]
                    if li >= 0 {
                        if list[li].start == change.start {
                            if let note = foldSameInstant(change, into: list[li]) { list[li].noteIndex = note }
                            continue
                        }
                        let gap = change.start.seconds - list[li].start.seconds
                        if gap < BuildState.duplicateWindowSeconds || gap <= SiteChange.probableDuplicateSeconds {
                            warnAboutCloseChange(change, after: list[li])
                        }
                        if !list[li].isRemoval {
                            list[li].end = change.start
                            if Double(change.start.seconds - list[li].start.seconds) > longLimits[d] { longSessions.append(li) }
                        }
                    }
                    if change.isRemoval, li < 0 || list[li].isRemoval, let (line, e) = entryLine(change.line) {
                        report(.warning, .nothingActive, "`removed` with no site active", line: line,
                               e.locationRange, help: "a `removed` line ends the site before it; delete this line if no site was in")
                    }
                    if kept != i { list[kept] = change }
                    lastKept[d] = kept
                    kept += 1
                }
                return kept
            }
        }
        list.removeLast(list.count - kept)
    }

    /// `change` is at the same instant as `last`, the one kept: a clash,
    /// or an exact duplicate line whose note lines join the kept entry's.
    /// Returns the kept entry's new note, if it changes.
    package mutating func foldSameInstant(_ change: SiteChange, into last: SiteChange) -> UInt32? {
        reportClash(change.line, with: last.line)
        // An exact duplicate line may carry note lines of its own: they
        // belong to it, so they join the kept entry's note (unless they are
        // the same lines again). `fmt` folds the two the same way.
        guard lineBytes(change.line) == lineBytes(last.line) else { return nil }
        let mine = continuationTexts(after: change.line), theirs = continuationTexts(after: last.line)
        guard !mine.isEmpty && mine != theirs else { return nil }
        let joined = ([notes[last.noteIndex] ?? ""] + mine).drop { $0.isEmpty }.joined(separator: "\n")
        return notes.add(joined)
    }

    /// A change soon after `last` on the same device: a probable duplicate
    /// (the same site) or a possible one (`duplicateWindowSeconds`).
    package mutating func warnAboutCloseChange(_ change: SiteChange, after last: SiteChange) {
        let minutes = (change.start.seconds - last.start.seconds) / 60
        let ago = minutes == 0 ? "seconds" : "\(minutes) min"
        if change.isProbableDuplicate(of: last), let (line, e) = entryLine(change.line) {
            report(.warning, .possibleDuplicate, "probable duplicate of line \(last.line) (the same site, \(ago) earlier)",
                   line: line, e.timestampRange, help: .deletePossibleDuplicate(line: change.line))
        } else if change.start.seconds - last.start.seconds < BuildState.duplicateWindowSeconds,
                  let (line, e) = entryLine(change.line) {
            report(.warning, .possibleDuplicate, "possible duplicate: line \(last.line) is only \(ago) earlier",
                   line: line, e.timestampRange, help: .deletePossibleDuplicate(line: change.line))
        }
    }

    /// A change far before the one above it (`farSteps`, positions in
    /// file order) means one of the two has a mistyped year. The odd one
    /// out is blamed: the line far from both its neighbours in the same
    /// direction, too far back (this line) or too far forward (the one
    /// above). A neighbour missing at either end of the file counts as
    /// agreeing; when both lines fit, the one with two neighbours to tell
    /// wins; when neither does (two lines mistyped in a row), this line
    /// is named. `fmt` refuses while any is blamed (`mistypedYearLine`).
    package mutating func reportMistypedYears(in list: [SiteChange], farSteps: [Int]) {
        let far = BuildState.mistypedYearSeconds
        func t(_ i: Int) -> Int64 { list[i].start.seconds }
        func months(_ seconds: Int64) -> Int { Int((Double(seconds) / (30.44 * 86_400)).rounded()) }
        var blamed = Set<Int>()
        for i in farSteps {
            let aboveIsOdd = i == 1 || t(i - 1) - t(i - 2) > far
            let thisIsOdd = i + 1 == list.count || t(i + 1) - t(i) > far
            var forward = aboveIsOdd && !thisIsOdd, backward = !aboveIsOdd || thisIsOdd
            if aboveIsOdd && thisIsOdd, i > 1 || i + 1 < list.count {
                forward = i > 1  // the above line has two neighbours to tell
                backward = i + 1 < list.count
            }
            if forward, blamed.insert(i - 1).inserted, let (line, e) = entryLine(list[i - 1].line) {
                mistypedYearLines.append(list[i - 1].line)
                report(.warning, .mistypedYear,
                       "a mistyped year? this site change is \(months(t(i - 1) - t(i))) months later than the one "
                           + "on line \(list[i].line)",
                       line: line, e.timestampRange, help: .correctYear(line: list[i - 1].line))
            }
            if backward, blamed.insert(i).inserted, let (line, e) = entryLine(list[i].line) {
                mistypedYearLines.append(list[i].line)
                report(.warning, .mistypedYear,
                       "a mistyped year? this site change is \(months(t(i - 1) - t(i))) months earlier than the one "
                           + "on line \(list[i - 1].line)",
                       line: line, e.timestampRange, help: .correctYear(line: list[i].line))
            }
        }
    }

    package mutating func reportClash(_ number: Int, with firstNumber: Int) {
        guard let (line, e) = entryLine(number) else { return }
        if lineBytes(number) == lineBytes(firstNumber) {
            report(.warning, .duplicateEntry, "duplicate of line \(firstNumber)", line: line,
                   line.span.start..<line.span.contentEnd,
                   help: .foldDuplicate)
        } else {
            report(.sameInstant, "two site changes at the same time: line \(firstNumber) is at the same instant",
                   line: line, e.timestampRange, help: "correct the time of one of them, or delete the one that is wrong")
        }
    }

    /// The note text of the continuation lines right below line `number`.
    package func continuationTexts(after number: Int) -> [String] {
        var texts: [String] = []
        var i = number  // 0-based index of the next line
        while i < syntax.kinds.count, syntax.kinds[i] == .noteContinuation,
              case .noteContinuation(let text) = syntax.lines[i].kind {
            texts.append(NoteText.read(source.string(text)))
            i += 1
        }
        return texts
    }

    package func lineBytes(_ number: Int) -> [UInt8] {
        let span = source.lines[number - 1]
        var end = span.contentEnd
        while end > span.start, isBlank(source.bytes[end - 1]) { end -= 1 }
        return source.bytes.array(span.start..<end)
    }

    /// What a location field (device word and all) names, worked out once
    /// per distinct field rather than once per line.
    package struct Field: BitwiseCopyable {
        var device: UInt8
        /// The location's index in the header, or `SiteChange.removal`.
        var location: UInt16
        /// Declared (or `removed`).
        var isKnown: Bool
        /// A declared location whose `for` list leaves out the device.
        var mismatch: Bool
        /// `reason:` (an `EndReason` raw value, 0 for none), and whether
        /// there is a `lot:` (its text is beside the field, in `readField`).
        var reason: UInt8 = 0
        var hasLot = false
        /// A clause the builder reports: an unknown reason, or a clause on
        /// a `removed` line.
        var clauseProblem = false
        /// A lot the journal cannot hold (`EntryClauses.lotProblem`).
        var lotProblem = false
    }

    package func readField(_ field: String) -> (field: Field, lot: String?) {
        // Only a field with a `:` can hold a clause: the common case costs a scan.
        guard field.utf8.contains(UInt8(ascii: ":")) else { return (readLocation(field), nil) }
        let (clauses, bytes) = EntryClauses.scan(field)
        guard !clauses.isEmpty else { return (readLocation(field), nil) }
        var result = readLocation(String(decoding: bytes[clauses.head], as: UTF8.self))
        if let word = clauses.value(.reason, in: bytes) {
            if let reason = EndReason(word: Substring(word)) { result.reason = reason.rawValue } else { result.clauseProblem = true }
        }
        let lot = clauses.value(.lot, in: bytes)
        result.hasLot = lot != nil
        if let lot, EntryClauses.lotProblem(lot) != nil { result.lotProblem = true }
        if result.location == SiteChange.removal && result.isKnown { result.clauseProblem = true }
        return (result, lot)
    }

    package func readLocation(_ field: String) -> Field {
        let (device, name) = splitDevice(field)
        if name == EntrySyntax.removedKeyword { return Field(device: device, location: SiteChange.removal, isKnown: true, mismatch: false) }
        guard let i = locationIndex[name] else { return Field(device: device, location: SiteChange.removal, isKnown: false, mismatch: false) }
        let mismatch = (device > 0 || !settings.devices.isEmpty) && !locations[i].isFor(deviceName(device))
        return Field(device: device, location: UInt16(i), isKnown: true, mismatch: mismatch)
    }

    /// An unknown reason (with the vocabulary's nearest word) or a clause
    /// on a `removed` line, which describes no site.
    package mutating func reportClauseProblem(line number: Int, removal: Bool) {
        guard let (line, e) = entryLine(number), let range = e.clauseRange else { return }
        if removal {
            report(.misplacedClause, "a `removed` line ends a site but describes none: it takes no `reason:` or `lot:`",
                   line: line, range, help: .moveReasonToEndedSite)
            return
        }
        // The word after `reason:` (or in `reason:WORD`), for the carets.
        let wordRange = clauseValue(.reason, in: range) ?? range
        let word = source.string(wordRange)
        report(.unknownReason, "unknown reason `\(excerpt(word))`", line: line, wordRange,
               help: .unknownReason(nearest: EndReason.nearest(to: String(word))))
    }

    /// A lot that `EntryClauses.lotProblem` refuses, with carets on it.
    package mutating func reportLotProblem(line number: Int) {
        guard let (line, e) = entryLine(number), let range = e.clauseRange,
              let lotRange = clauseValue(.lot, in: range) else { return }
        // Not quoted: the problem may be a character that hides or reorders it.
        guard let problem = EntryClauses.lotProblem(source.string(lotRange)) else { return }
        report(.invalidLot, "invalid lot: \(problem)", line: line, lotRange,
               help: .writeLotAsOneWord(suggestion: nil))
    }

    /// An undeclared name that holds `lot:` or `reason:` followed by more
    /// than one word (`Left Arm  lot: X — Y`, `reason: skin reaction`):
    /// the clause is the mistake, not the name, so this says so rather
    /// than suggest declaring `Left Arm lot: X — Y`. A clause's words run
    /// to the next clause. Carets on them; true when any is reported.
    package mutating func reportClauseOfWords(in range: Range<Int>, line: SyntaxLine) -> Bool {
        let bytes = source.bytes
        let words = blankSeparatedWords(bytes, in: range)
        func kind(_ w: Range<Int>) -> EntryClauses.Kind? {
            [EntryClauses.Kind.lot, .reason].first { Array(bytes[w].prefix($0.keyword.utf8.count)) == Array($0.keyword.utf8) }
        }
        let starts = words.indices.dropFirst().filter { kind(words[$0]) != nil }
        var reported = false
        for (n, k) in starts.enumerated() {
            let w = words[k], clause = kind(w)!, keywordLength = clause.keyword.utf8.count
            let end = n + 1 < starts.count ? starts[n + 1] : words.count
            var values = Array(words[(k + 1)..<end])
            if w.count > keywordLength { values.insert((w.lowerBound + keywordLength)..<w.upperBound, at: 0) }
            guard values.count >= 2, let first = values.first, let last = values.last else { continue }
            let span = first.lowerBound..<last.upperBound, text = source.string(span)
            let joined = values.map { source.string($0) }
            switch clause {
            case .lot:
                let lot = joined.joined()
                report(.invalidLot, "a lot is one word: `\(excerpt(text))` has spaces", line: line, span,
                       help: .writeLotAsOneWord(suggestion: EntryClauses.lotProblem(lot) == nil ? excerpt(lot) : nil))
            case .reason:
                report(.unknownReason, "a reason is one word: `\(excerpt(text))` has spaces", line: line, span,
                       help: .unknownReason(nearest: EndReason.nearest(to: joined.joined(separator: "-").lowercased())))
            }
            reported = true
        }
        return reported
    }

    /// The bytes of a clause's value in `range` (the word after `lot:`,
    /// or the rest of `lot:A1`).
    package func clauseValue(_ kind: EntryClauses.Kind, in range: Range<Int>) -> Range<Int>? {
        EntryClauses.scan(source.bytes, range, headWords: 0).clause(kind)?.value
    }

    package func deviceName(_ device: UInt8) -> String {
        device == 0 ? Device.pumpName : settings.devices[Int(device) - 1].name
    }

    /// The instant, location and note of one entry line, or nil (reported).
    /// Inlined into its loop: a change returned through memory was written
    /// in pieces and read back whole, a stall on every entry.
    @inline(__always)
    package mutating func resolve(_ r: EntryRecord, _ field: Field, lot: String?) -> SiteChange? {
        let number = Int(r.line)
        let time = instant(of: r)
        if !field.isKnown, let (line, e) = entryLine(number) {
            let (_, name, nameRange) = deviceAndLocation(e)
            _ = checkLocation(name, nameRange, line: line)
        }
        guard let (instant, offset) = time, field.isKnown else { return nil }
        if r.noteHasControl, let (_, e) = entryLine(number), let range = e.noteRange {
            warnAboutControlCharacters(in: range, line: number)
        }
        var change = SiteChange(locationIndex: field.location, start: instant, offset: offset, noteIndex: r.note, line: number)
        change.device = field.device
        if field.clauseProblem { reportClauseProblem(line: number, removal: field.location == SiteChange.removal) }
        change.reasonCode = field.reason
        if field.reason != 0 { recordsEndings = true }
        if let lot { lots[r.line] = lot }
        if field.lotProblem, field.location != SiteChange.removal { reportLotProblem(line: number) }
        if field.mismatch, let (line, e) = entryLine(number) {
            let i = Int(field.location), name = locations[i].name
            let deviceName = deviceName(field.device)
            report(.warning, .deviceMismatch, "\(excerpt(name)) is not a site for the \(deviceName)", line: line,
                   deviceAndLocation(e).2,
                   help: .addDeviceToLocation(device: deviceName, location: excerpt(name),
                                               devices: locations[i].devices + [deviceName]))
        }
        return change
    }

    /// The instant a line names and the offset in force, or nil (reported).
    @inline(__always)
    package mutating func instant(of r: EntryRecord) -> (Instant, Int)? {
        switch zone.reading(wallSeconds: r.localSeconds, offset: r.offset) {
        case .instant(let i, let o):
            return (i, o)
        case .skipped(let jump):
            guard let (line, e) = entryLine(Int(r.line)) else { return nil }
            report(.nonexistentTime, jump.message, line: line, e.timestampRange,
                   help: "write the time the clock showed, e.g. `\(jump.suggestion)`, or add the offset you meant")
            return nil
        }
    }

    package mutating func checkLocation(_ name: String, _ range: Range<Int>, line: SyntaxLine) -> Bool {
        guard locationIndex[name] == nil else { return true }
        if reportClauseOfWords(in: range, line: line) { return false }
        if suggester == nil { suggester = NameSuggester(locations.map(\.name)) }
        let help = Diagnostic.Help.misreadClause(in: name)
            ?? suggester!.suggestion(for: name).map(Diagnostic.Help.didYouMean)
            ?? LocationName.problem(with: name, devices: [Device.pumpName] + settings.devices.map(\.name))
                .map(Diagnostic.Help.undeclarableName) ?? .declareLocation(name: name)
        report(.unknownLocation, "unknown location \"\(excerpt(name))\"", line: line, range, help: help)
        return false
    }
}
