import SiteCycleKit

/// Each request answered from the Kit's facts (`JournalAssist`,
/// `Journal.fixes`, `formattingEdits`) in the protocol's shapes and the
/// command line's words.
extension LanguageServer {
    func assist(_ document: LSPDocument) -> JournalAssist {
        JournalAssist(journal: document.journal, now: now(document.journal.zone))
    }

    // MARK: Diagnostics

    /// `check`'s diagnostics, future entries included, with its codes,
    /// ranges and messages; the help goes in `data`.
    func diagnostics(_ document: LSPDocument) -> Message {
        if let why = document.outOfStep {
            let start = LSP.Range(start: .start, end: .start)
            return publish(uri: document.uri, version: document.version, [LSP.Diagnostic(range: start, severity: .error, message: why)])
        }
        let journal = document.journal
        let all = (journal.diagnostics + journal.futureEntryWarnings(now: now(journal.zone))).sortedForDisplay()
        return publish(uri: document.uri, version: document.version, all.map { diagnostic($0, in: document) }
                       + unrecordedGlucoseFailures(document).map { glucoseDiagnostic($0, in: document) })
    }

    func diagnostic(_ d: Diagnostic, in document: LSPDocument) -> LSP.Diagnostic {
        let source = document.source
        let line = min(max(d.line, 1), max(source.lines.count, 1))
        let columns = source.lines.isEmpty ? 0..<0
            : min(d.column - 1, source.lines[line - 1].contentCount)..<min(d.column - 1 + d.length, source.lines[line - 1].contentCount)
        let range = source.lines.isEmpty ? LSP.Range(start: .start, end: .start) : document.range(line: line, columns)
        return LSP.Diagnostic(range: range, severity: d.severity == .error ? .error : .warning, code: d.code.rawValue,
                              message: d.message, data: .object([("help", .optional(d.help?.words))]))
    }

    // MARK: Completion

    func completion(_ document: LSPDocument, _ params: JSON) -> JSON {
        guard let (line, column) = place(params, in: document),
              let completion = assist(document).completion(line: line, column: column) else { return .null }
        let source = document.source
        let range = line <= source.lines.count
            ? document.range(line: line, completion.replacing)
            : document.range(source.bytes.count..<source.bytes.count)  // the empty line at the end
        let items = completion.candidates.enumerated().map { i, candidate -> JSON in
            let (label, kind, detail, tag) = words(candidate, journal: document.journal)
            var fields: [(String, JSON)] = [("label", .string(label)), ("kind", .int(kind)), ("detail", .string(detail))]
            if let tag { fields.append(("labelDetails", .object([("description", .string(tag))]))) }
            if case .directive(let keyword) = candidate, let help = LSPWords.directiveHelp(keyword) {
                fields.append(("documentation", documentationMarkup.content(documentationMarkup.verbatim(help))))
            }
            // Our order, not the alphabet's.
            fields.append(("sortText", .string(String(repeating: "0", count: 5 - String(i).count) + String(i))))
            fields.append(("textEdit", LSP.TextEdit(range: range, newText: completion.separator + label).json))
            return .object(fields)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items))])
    }

    /// Label, CompletionItemKind, detail and a tag for one candidate.
    private func words(_ candidate: JournalAssist.Candidate, journal: Journal) -> (String, Int, String, String?) {
        switch candidate {
        case .location(let item, let tag, let restriction, let device):
            let detail: String
            switch restriction {
            case .paused(let until)?: detail = "paused until " + journal.zone.civil(until).date.iso
            case .occupied(let other)?: detail = "in use (\(other))"
            default: detail = BodyWords.state(item, device: device)
            }
            return (item.location.name, 12, detail, tag.map { $0 == .occupied ? "in use" : $0.rawValue })
        case .removed:
            return (EntrySyntax.removedKeyword, 14, "ends the active site, starts none", nil)
        case .device(let name):
            let target = journal.targetHours(of: name)
            return (name, 20, "device, target \(formatHours(target)) h", nil)
        case .time(let text):
            return (text, 21, "now", nil)
        case .directive(let keyword):
            return (keyword.rawValue, 14, LSPWords.directiveSummary(keyword), nil)
        }
    }

    // MARK: Hover

    func hover(_ document: LSPDocument, _ params: JSON) -> JSON {
        guard let (line, column) = place(params, in: document), line <= document.source.lines.count else { return .null }
        let journal = document.journal
        guard let (facts, columns) = assist(document).hover(line: line, column: column) else {
            // A line the journal could not take: what check says of it.
            let problems = journal.diagnostics.filter { $0.line == line }
            guard !problems.isEmpty else { return .null }
            let text = problems.map { hoverMarkup.lines(["\(hoverMarkup.strong($0.severity.rawValue)): \(hoverMarkup.text($0.message))"]
                                                         + ($0.help.map { [hoverMarkup.text($0.words)] } ?? [])) }
                .joined(separator: "\n\n")
            return .object([("contents", hoverMarkup.content(text)),
                            ("range", document.range(line: line, 0..<document.source.lines[line - 1].contentCount).json)])
        }
        let text = facts.map { LSPWords.hover($0, journal: journal, now: now(journal.zone), markup: hoverMarkup) }
            .joined(separator: hoverMarkup.separator)
        return .object([("contents", hoverMarkup.content(text)),
                        ("range", document.range(line: line, columns).json)])
    }

    // MARK: Definition and symbols

    func definition(_ document: LSPDocument, _ params: JSON) -> JSON {
        guard let (line, column) = place(params, in: document), line <= document.source.lines.count,
              let target = assist(document).definition(line: line, column: column),
              let symbol = assist(document).symbols().first(where: { $0.line == target }) else { return .null }
        return .object([("uri", .string(document.uri)), ("range", document.range(line: target, symbol.range).json)])
    }

    func symbols(_ document: LSPDocument) -> JSON {
        let source = document.source
        return .array(assist(document).symbols().map { symbol in
            // SymbolKind: a location a Field, a device a Class, a setting a Property.
            let kind = switch symbol.kind { case .location: 8; case .device: 5; case .setting: 7 }
            let whole = 0..<source.lines[symbol.line - 1].contentCount
            return .object([
                ("name", .string(symbol.name)), ("detail", .string(symbol.detail)), ("kind", .int(kind)),
                ("range", document.range(line: symbol.line, whole).json),
                ("selectionRange", document.range(line: symbol.line, symbol.range).json),
            ])
        })
    }

    // MARK: Code actions and formatting

    /// `check`'s fixes for the diagnostics in the range, recording the
    /// reason of a probable glucose failure (`LSPGlucose`), and `fmt` for
    /// the whole file while it is not formatted.
    func codeActions(_ document: LSPDocument, _ params: JSON) -> JSON {
        let journal = document.journal, source = journal.source
        guard let asked = LSP.Range(params["range"]) else { return .array([]) }
        let bytes = document.lines.bytes(of: asked)
        let only = params["context"]?["only"]?.texts
        func wanted(_ kind: String) -> Bool { only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        let first = source.position(ofByte: bytes.lowerBound).line, last = source.position(ofByte: bytes.upperBound).line
        var actions: [JSON] = []
        if wanted("quickfix") {
            let all = (journal.diagnostics + journal.futureEntryWarnings(now: now(journal.zone))).sortedForDisplay()
            for d in all where d.line >= first && d.line <= last {
                for fix in document.fixes.fixes(for: d) {
                    actions.append(action(fix.kind.words, kind: "quickfix", edits: fix.edits, in: document,
                                          diagnostic: diagnostic(d, in: document), preferred: fix.isPreferred))
                }
            }
            for c in unrecordedGlucoseFailures(document) where c.line >= first && c.line <= last {
                if let record = recordHighGlucose(c, in: document) { actions.append(record) }
            }
        }
        if wanted("source"), let edits = document.fixes.formattingEdits(), !edits.isEmpty {
            actions.append(action(DiagnosticFix.Kind.format.words, kind: "source", edits: edits, in: document,
                                  diagnostic: nil, preferred: false))
        }
        return .array(actions)
    }

    func action(_ title: String, kind: String, edits: [TextEdit], in document: LSPDocument, diagnostic: LSP.Diagnostic?,
                preferred: Bool) -> JSON {
        var fields: [(String, JSON)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { fields.append(("diagnostics", .array([diagnostic.json]))) }
        if preferred { fields.append(("isPreferred", .bool(true))) }
        fields.append(("edit", .object([("changes", .object([(document.uri, textEdits(edits, in: document))]))])))
        return .object(fields)
    }

    func textEdits(_ edits: [TextEdit], in document: LSPDocument) -> JSON {
        .array(edits.map { LSP.TextEdit(range: document.range($0.range), newText: $0.text).json })
    }

    /// The journal's 1-based line and the byte column of a request's
    /// `position`; nil if it is not line and character numbers.
    func place(_ params: JSON, in document: LSPDocument) -> (line: Int, column: Int)? {
        LSP.Position(params["position"]).map(document.place)
    }

    /// `fmt`'s layout as the fewest line edits; refused, like `fmt`, while
    /// the journal has errors or a line with a mistyped year.
    func formatting(_ document: LSPDocument) -> Result<JSON, ResponseError> {
        guard let edits = document.fixes.formattingEdits() else {
            let n = document.journal.diagnostics.errors.count
            let message = if n > 0 { "the journal has \(n) error\(n == 1 ? "; fix it" : "s; fix them"), then format" }
                else if let line = document.journal.mistypedYearLine {
                    "line \(line) looks like a mistyped year; correct it first (formatting would sort it into a session of months)"
                } else { "formatting would change what the journal means; nothing was changed" }
            return .failure(ResponseError(code: ResponseError.requestFailed, message: message))
        }
        return .success(textEdits(edits, in: document))
    }
}
