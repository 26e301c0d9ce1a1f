import SiteCycleKit

/// The app's site-selection sheet as a pure state machine: rows, a filter,
/// a selection; keys in, actions and screen lines out. The terminal driver
/// (`TerminalPicker`) only moves bytes.
struct SitePicker {
    struct Row: Equatable {
        var name: String
        var slug: String
        /// "recommended", "avoid", or nil.
        var tag: String?
        /// "rested 12 days", "in use", "never used" (`BodyWords`).
        var lastUsed: String
    }

    enum Key: Equatable {
        case up, down, enter, escape, interrupt, backspace, character(Character), other
    }

    enum Action: Equatable { case none, pick(String), cancel }

    let rows: [Row]
    var filter = ""
    var selected = 0
    /// How many rows are shown at once (fewer in a short terminal).
    var height: Int
    /// Whether a note is asked for after the pick (not when --note gave one).
    var asksForNote = true
    /// By a row's name: the site picking it closes well before its target
    /// (`Journal.closesWellBeforeTarget`), asked about first: why it ended,
    /// then its note. No entry asks nothing (no such site, or
    /// --previous-reason gave one).
    var closesEarly: [String: String] = [:]
    /// Whether the closing site's note is asked for (not when
    /// --previous-note gave one).
    var asksForPreviousNote = true
    /// The colours of a refusal on standard error: the invocation's
    /// `errStyle`, so `--color` and NO_COLOR hold for the picker too.
    var messageStyle = TextStyle.plain

    /// The reason a line typed at the reason prompt names: a word of the
    /// vocabulary or the start of exactly one (`occ`); `.none` for an
    /// empty line, nil for anything else.
    static func reason(typed: String) -> EndReason?? {
        let word = typed.trimmingBlanks().lowercased()
        if word.isEmpty { return .some(nil) }
        if let exact = EndReason(word: word) { return .some(exact) }
        let starting = EndReason.allCases.filter { $0.word.hasPrefix(word) }
        return starting.count == 1 ? .some(starting[0]) : nil
    }

    init(rows: [Row], height: Int = 10) {
        self.rows = rows
        self.height = max(1, height)
    }

    /// Recommended first (the top one selected), then the other locations,
    /// longest rested first, then Avoid, each with its last use.
    init(recommendation: Recommendation, now: Instant, zone: ZoneRules, device: String = Device.pumpName,
         height: Int = 10) {
        let rec = recommendation
        let recommended = Set(rec.recommended.map(\.location.name)), avoid = Set(rec.avoid.map(\.location.name))
        // The body in the words recommend and completion use: a site
        // another device is on says so, instead of "avoid".
        func row(_ item: Recommendation.Item, _ tag: String?) -> Row {
            let restriction = rec.restriction(of: item.location.name)
            var label = tag
            if case .occupied? = restriction { label = BodyWords.tag(.occupied, restriction) }
            let state = BodyWords.state(item, device: device)
            // The verdict in a few words before the state (`SiteVerdict`).
            let flag = VerdictText.brief(rec.flags(of: item.location.name)).map { "⚠ " + $0 }
            return Row(name: item.location.name, slug: LocationMatcher.slug(item.location.name), tag: label,
                       lastUsed: [flag, state == label ? nil : state].compactMap { $0 }.joined(separator: " · "))
        }
        // A flagged site after every other that is free.
        let flagged = Set((rec.verdict?.flagged ?? []).map(\.location.name))
        let others = rec.all.map(\.item).filter { !recommended.contains($0.location.name) && !avoid.contains($0.location.name) }
            .sorted { a, b in
                let fa = flagged.contains(a.location.name), fb = flagged.contains(b.location.name)
                return fa != fb ? fb : Recommender.restedLongest(a, b, now: now)
            }
        self.init(rows: rec.recommended.map { row($0, "recommended") } + others.map { row($0, nil) }
                  + rec.avoid.map { row($0, "avoid") }, height: height)
    }

    /// Rows matching the filter: by name or slug, any case, as a substring,
    /// or by initials as `log` takes them (`rft`).
    var visible: [Row] {
        let f = filter.lowercased()
        guard !f.isEmpty else { return rows }
        return rows.filter { row in
            row.name.lowercased().contains(f) || row.slug.contains(f)
                || String(row.name.split(separator: " ").compactMap(\.first)).lowercased().hasPrefix(f)
        }
    }

    /// j and k move while nothing has been typed (after that they filter,
    /// so a name with a j or a k can still be found).
    mutating func handle(_ key: Key) -> Action {
        switch key {
        case .up: move(-1)
        case .down: move(1)
        case .character("j") where filter.isEmpty: move(1)
        case .character("k") where filter.isEmpty: move(-1)
        case .enter:
            let shown = visible
            return shown.isEmpty ? .none : .pick(shown[min(selected, shown.count - 1)].name)
        case .escape, .interrupt: return .cancel
        case .backspace:
            if !filter.isEmpty { filter.removeLast(); selected = 0 }
        case .character(let c):
            filter.append(c)
            selected = 0
        case .other: break
        }
        return .none
    }

    mutating func move(_ by: Int) {
        let count = visible.count
        guard count > 0 else { return }
        selected = min(max(0, selected + by), count - 1)
    }

    /// The narrowest and shortest terminal the picker draws in: the
    /// prompt, the selected row and the keys' line, each readable.
    static let minimumColumns = 20, minimumRows = 3

    /// The picker's lines, each at most `width` screen columns (a CJK or
    /// emoji character counts two): the prompt with the filter, then a
    /// window of rows around the selection.
    func lines(width: Int) -> [String] {
        let width = max(SitePicker.minimumColumns, width)
        var out = [fit("Site> " + filter, width)]
        let shown = visible
        if shown.isEmpty {
            out.append(fit("  no location matches \"\(filter)\"; Backspace to edit", width))
        }
        let first = min(max(0, selected - height + 1), max(0, shown.count - height))
        for (i, row) in shown.enumerated().dropFirst(first).prefix(height) {
            let marker = i == selected ? "> " : "  "
            let detail = (row.tag.map { "\($0) · " } ?? "") + row.lastUsed
            let detailWidth = ScreenColumns.width(detail)
            let name = ScreenColumns.fit(row.name, max(2, width - 2 - detailWidth - 2))
            let gap = max(2, width - 2 - ScreenColumns.width(name) - detailWidth)
            out.append(marker + name + String(repeating: " ", count: gap) + detail)
        }
        out.append(fit("  ↑/↓ move · type to filter · Enter picks · Esc cancels", width))
        return out.map { fit($0, width) }
    }

    func fit(_ s: String, _ width: Int) -> String { ScreenColumns.fit(s, width) }
}
