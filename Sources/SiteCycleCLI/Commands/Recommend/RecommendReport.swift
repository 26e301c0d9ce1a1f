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
    func lastUsed(_ item: Recommendation.Item) -> String {
        guard let use = item.lastUse else { return "never used" }
        return "\(displayStart(use))  \(BodyWords.state(item, device: device))"
    }

    func text(_ r: Recommendation) -> String {
        "Strategy: \(r.strategy.journalText)\n\n" + lists(r) + fewerNote(r) + "\n" + allLocations(r)
    }

    /// One location's line: a marker, the name padded to `width`, its last
    /// use, and a tag after that.
    func row(_ marker: String, _ item: Recommendation.Item, width: Int, tag: String = "") -> String {
        let name = item.location.name
        var line = "  \(marker) " + name + String(repeating: " ", count: width - name.count) + lastUsed(item)
        if !tag.isEmpty {
            // Aligned, unless that would pass 80 columns (a long name and
            // "paused until …"): then closer, never cut.
            let room = TextWrap.width - TextWrap.columns(line) - TextWrap.columns(tag)
            line += String(repeating: " ", count: max(2, min(34 - lastUsed(item).count, room))) + tag
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
        out += r.avoid.isEmpty ? "  (none yet)\n" : r.avoid.map { style.red(row(no, $0, width: width)) }.joined()
        out += "\n" + style.green(style.bold("Recommended")) + " (rested longest)\n"
        if r.recommended.isEmpty {
            let why = Self.heldBack(r, zone: zone)
            out += why.map { TextWrap.lines("(none: \($0))", width: 76).map { "  " + $0 + "\n" }.joined() } ?? "  (none)\n"
        }
        out += r.recommended.map { style.green(row(yes, $0, width: width)) }.joined()
        return out
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
            out += row(" ", item, width: width, tag: label(tag, until: r.restriction(of: item.location.name)?.until))
        }
        return out
    }

    /// The tag in its colour, and until when it holds.
    func label(_ tag: Recommendation.Tag?, until: Instant?) -> String {
        let style = self.style.text
        // Another device's site: the state column already says
        // "in use (sensor)".
        var label = tag == .occupied ? "" : tag.map { $0 == .avoid ? style.red("avoid")
            : $0 == .recommended ? style.green("recommended") : style.yellow($0.rawValue) } ?? ""
        if let until, tag != .avoid {
            label += " until " + String(displayTime(until, in: zone).prefix(10))
        }
        return label
    }
}
