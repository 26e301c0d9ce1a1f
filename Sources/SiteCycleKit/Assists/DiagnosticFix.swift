/// `check`'s fix for a diagnostic as edits to the document: what
/// `check --format json` prints beside each diagnostic and what the
/// language server offers as a code action. The Kit says what the fix does
/// (`Kind`); the words for it are the command line's.
public struct DiagnosticFix: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// Write the declared name in place of the misspelt one.
        case useDeclaredName(String)
        /// Write the directive keyword in place of the misspelt one.
        case useKeyword(String)
        /// Add `location NAME` to the header, after the last location.
        case declareLocation(String)
        /// `fmt` the whole journal (entries into time order, duplicates folded).
        case format
        /// Delete an entry line and its note's continuation lines.
        case deleteEntry(line: Int)
        /// Add a device to a location's `for` list.
        case addDevice(device: String, location: String)
    }

    public var kind: Kind
    public var edits: [TextEdit]
    /// The one fix an editor may apply without asking (`isPreferred`).
    public var isPreferred: Bool
}

/// The fixes of one journal's diagnostics. `fmt`'s edits, the fix of every
/// order and duplicate warning, are worked out once however many such
/// warnings there are (a journal pasted in reverse has thousands).
public struct DiagnosticFixes {
    public let journal: Journal
    private var formatting: [TextEdit]??

    public init(journal: Journal) { self.journal = journal }

    /// `Journal.formattingEdits`, once.
    public mutating func formattingEdits() -> [TextEdit]? {
        if let known = formatting { return known }
        let edits = journal.formattingEdits()
        formatting = .some(edits)
        return edits
    }

    public mutating func fixes(for d: Diagnostic) -> [DiagnosticFix] {
        switch d.help {
        case .sortEntries?, .foldDuplicate?:
            return formattingEdits().map { [DiagnosticFix(kind: .format, edits: $0, isPreferred: true)] } ?? []
        default:
            return journal.fixes(for: d)
        }
    }
}

extension Journal {
    /// Every fix `check` knows for `d`, best first; none for a diagnostic
    /// only a person can settle (a wrong date, a conflict marker).
    /// (`DiagnosticFixes` for many diagnostics of one journal.)
    public func fixes(for d: Diagnostic) -> [DiagnosticFix] {
        guard d.line >= 1, d.line <= source.lines.count else { return [] }
        let start = source.lines[d.line - 1].start + d.column - 1
        let span = start..<min(start + d.length, source.lines[d.line - 1].contentEnd)
        switch d.help {
        case .didYouMean(let name)?:
            var out = [DiagnosticFix(kind: .useDeclaredName(name), edits: [TextEdit(range: span, text: name)], isPreferred: true)]
            if let typed = undeclaredName(at: d.line) { out += declaration(of: typed) }
            return out
        case .declareLocation(let name)?:
            return declaration(of: name)
        case .didYouMeanDirective(let keyword)?:
            return [DiagnosticFix(kind: .useKeyword(keyword), edits: [TextEdit(range: span, text: keyword)], isPreferred: true)]
        case .sortEntries?, .foldDuplicate?:
            return formattingEdits().map { [DiagnosticFix(kind: .format, edits: $0, isPreferred: true)] } ?? []
        case .deletePossibleDuplicate(let line)?:
            guard let change = changes.first(where: { $0.line == line }) else { return [] }
            var editor = JournalEditor(source: source)
            EntryWriter(journal: self).delete(change, in: &editor)
            return [DiagnosticFix(kind: .deleteEntry(line: line), edits: editor.textEdits, isPreferred: false)]
        case .addDeviceToLocation(let device, let name, let devices)?:
            guard let location = location(named: name) else { return [] }
            var editor = JournalEditor(source: source)
            guard editor.setDevices(devices, locationLine: location.line, in: syntax) else { return [] }
            return [DiagnosticFix(kind: .addDevice(device: device, location: name), edits: editor.textEdits, isPreferred: true)]
        default:
            return []
        }
    }

    /// The first entry line `check` asks "a mistyped year?" about. `fmt`
    /// would sort it into time order and make a session of months out of a
    /// typo, so `fmt`, `fmt --stdin` and an editor's formatting all refuse
    /// while there is one: the year is the person's to correct.
    public var mistypedYearLine: Int? {
        diagnostics.first { $0.code == .mistypedYear }?.line
    }

    /// `fmt`'s result as the fewest line edits, or nil when the journal has
    /// errors, a line with a mistyped year (`mistypedYearLine`), or
    /// formatting would change what it means (`fmt` refuses all three).
    /// Empty when it is already formatted.
    public func formattingEdits() -> [TextEdit]? {
        guard !diagnostics.hasErrors, mistypedYearLine == nil else { return nil }
        let bytes = JournalFormatter(journal: self).formatted()
        if source.bytes.same(as: bytes) { return [] }
        let after = JournalBuilder.load(SourceFile(path: source.path, bytes: bytes), defaultZone: zone)
        guard Journal.sameMeaning(self, after) else { return nil }
        return MinimalEdits.between(source, bytes)
    }

    /// The location an entry line names when it is not declared.
    private func undeclaredName(at line: Int) -> String? {
        guard case .entry(let e) = syntax.lines[line - 1].kind else { return nil }
        let (_, name) = EntryField.split(e.locationName, devices: settings.devices)
        return location(named: name) == nil ? name : nil
    }

    private func declaration(of name: String) -> [DiagnosticFix] {
        guard LocationName.problem(with: name, devices: deviceNames) == nil else { return [] }
        var editor = JournalEditor(source: source)
        editor.insertHeader(["location \(name)"], as: .location, in: syntax)
        return [DiagnosticFix(kind: .declareLocation(name), edits: editor.textEdits, isPreferred: false)]
    }
}
