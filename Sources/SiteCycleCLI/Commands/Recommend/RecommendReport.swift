import SiteCycleKit

/// The `recommend` lists and their JSON (`RecommendJSON`).
struct RecommendReport {
    let style: RenderStyle
    let zone: ZoneRules
    let now: Instant
    var device = Device.pumpName

    /// "resting until 2026-02-10 08:00", "paused until …", "in use by the sensor".
    static func describe(_ r: Recommendation.Restriction, zone: ZoneRules) -> String {
        switch r {
        case .resting(let t): return "resting until \(displayTime(t, in: zone))"
        case .paused(let t): return "paused until \(displayTime(t, in: zone))"
        case .occupied(let device): return "in use by the \(device)"
        }
    }

    /// When it last went in, and how the skin stands now (`BodyWords`).
    /// A site left but resting or paused says until when instead of how
    /// long it has rested: that date decides, and both would pass 80
    /// columns beside a tag.
    func lastUsed(_ item: Recommendation.Item, _ restriction: Recommendation.Restriction?) -> String {
        let held = self.held(item, restriction)
        guard let use = item.lastUse else {
            // The hold under the state column: "YYYY-MM-DD HH:MM" and two spaces.
            return held.map { "never used" + String(repeating: " ", count: 18 - "never used".count) + $0 } ?? "never used"
        }
        return "\(displayStart(use))  " + (held ?? BodyWords.state(item, device: device))
    }

    /// "paused until 2026-12-10", "resting until 2026-11-29" for a site no
    /// device is on; nil otherwise (a site in use says so).
    func held(_ item: Recommendation.Item, _ restriction: Recommendation.Restriction?) -> String? {
        guard item.site?.isOccupied != true, let restriction, let until = restriction.until else { return nil }
        return restriction.tag.rawValue + " until " + String(displayTime(until, in: zone).prefix(10))
    }

    func text(_ r: Recommendation) -> String {
        "Strategy: \(r.strategy.journalText)\n\n" + lists(r) + fewerNote(r) + "\n" + allLocations(r)
    }

    /// One location's line: a marker, the name padded to `width`, its last
    /// use, and a tag after that. `colored`: the hold in its colour (not
    /// inside a line coloured whole).
    func row(_ marker: String, _ item: Recommendation.Item, _ restriction: Recommendation.Restriction?,
             width: Int, tag: String = "", colored: Bool = false) -> String {
        let name = item.location.name, used = lastUsed(item, restriction)
        var shown = used
        if colored, let held = held(item, restriction) {
            shown = String(used.dropLast(held.count)) + style.text.yellow(held)
        }
        var line = "  \(marker) " + name + String(repeating: " ", count: width - name.count) + shown
        if !tag.isEmpty {
            // Aligned, unless that would pass 80 columns (a long name):
            // then closer, never cut.
            let room = TextWrap.width - 4 - width - used.count - TextWrap.columns(tag)
            line += String(repeating: " ", count: max(2, min(34 - used.count, room))) + tag
        }
        return line + "\n"
    }

    /// The name column: the longest name and two spaces, at least 20.
    func nameWidth(_ r: Recommendation) -> Int {
        max(20, (r.all.map { $0.item.location.name.count }.max() ?? 0) + 2)
    }

    /// Avoid, then Recommended.
    func lists(_ r: Recommendation) -> String {
        let style = self.style.text, width = nameWidth(r)
        let (no, yes) = self.style.unicode ? ("✗", "✓") : ("x", "+")
        var out = style.red(style.bold("Avoid")) + " (used most recently)\n"
        out += r.avoid.isEmpty ? "  (none yet)\n"
            : r.avoid.map { style.red(row(no, $0, r.restriction(of: $0.location.name), width: width)) }.joined()
        out += "\n" + style.green(style.bold("Recommended")) + " (rested longest)\n"
        if r.recommended.isEmpty {
            let why = Self.noneBecause(r, device: device, zone: zone)
            out += why.map { TextWrap.lines("(none: \($0))", width: 76).map { "  " + $0 + "\n" }.joined() } ?? "  (none)\n"
        }
        out += r.recommended.map { style.green(row(yes, $0, nil, width: width)) + flagLines($0, r) }.joined()
        return out
    }

    /// A flagged site's evidence under its row, one flag a line, indented
    /// past the name's start: "⚠ 3 of 3 ended early (2 occlusion)"
    /// (`VerdictText`).
    func flagLines(_ item: Recommendation.Item, _ r: Recommendation) -> String {
        r.flags(of: item.location.name).map { flag in
            TextWrap.lines(style.warningSign + " " + VerdictText.long(flag), width: 72)
                .map { "      " + style.text.yellow($0) + "\n" }.joined()
        }.joined()
    }

    /// Why Recommended is empty, or nil when it is not: what every view
    /// says after "none" (recommend, `status`'s "Next: none now (…)",
    /// `remind`, and JSON's "noneBecause"). The sites held back, else the
    /// device's only location being the one it is on, else no location.
    static func noneBecause(_ r: Recommendation, device: String, zone: ZoneRules) -> String? {
        guard r.recommended.isEmpty else { return nil }
        if let held = heldBack(r, zone: zone) { return held }
        if r.all.count == 1, let only = r.avoid.first {
            return "\(only.location.name), the \(device)'s only location, is in use"
        }
        return r.all.isEmpty ? "no location in rotation is for the \(device)" : nil
    }

    /// Why Recommended is short or empty (`Recommendation.heldBack`):
    /// "Right Back Arm is resting until 2026-02-10 08:00; …", or nil.
    static func heldBack(_ r: Recommendation, zone: ZoneRules) -> String? {
        let held = r.heldBack.map { $0.item.location.name + " is " + describe($0.restriction, zone: zone) }
        return held.isEmpty ? nil : held.joined(separator: "; ")
    }

    /// Why Recommended is short, when sites are held back (resting, paused,
    /// occupied) rather than avoided.
    func fewerNote(_ r: Recommendation) -> String {
        guard !r.recommended.isEmpty, r.recommended.count < Recommender.listSize,
              let held = Self.heldBack(r, zone: zone) else { return "" }
        return TextWrap.lines("(fewer than \(Recommender.listSize): " + held + ")", width: 76)
            .map { "  " + $0 + "\n" }.joined()
    }

    /// Every location with its last use and tag.
    func allLocations(_ r: Recommendation) -> String {
        let width = nameWidth(r)
        var out = style.text.bold("All locations") + "\n"
        for (item, tag) in r.all {
            let restriction = r.restriction(of: item.location.name)
            out += row(" ", item, restriction, width: width,
                       tag: label(held(item, restriction) != nil && tag != .avoid ? nil : tag, until: restriction?.until),
                       colored: true)
            out += flagLines(item, r)
        }
        return out
    }

    /// The tag in its colour, and until when it holds. A hold the state
    /// column shows ("paused until …") is not said twice.
    func label(_ tag: Recommendation.Tag?, until: Instant?) -> String {
        let style = self.style.text
        // Another device's site: the state column already says
        // "in use (sensor)".
        var label = tag == .occupied ? "" : tag.map { $0 == .avoid ? style.red("avoid")
            : $0 == .recommended ? style.green("recommended") : style.yellow($0.rawValue) } ?? ""
        if let until, tag == .resting || tag == .paused {
            label += " until " + String(displayTime(until, in: zone).prefix(10))
        }
        return label
    }
}
