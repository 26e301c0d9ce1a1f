import SiteCycleKit

/// The terminal body map: two views, a key beside them, a legend and the
/// unplaced locations below; at most 80 columns.
struct MapReport {
    let style: TextStyle
    let unicode: Bool
    let map: BodyMap
    static let width = 80
    static let keyColumn = 2 * BodyMap.width + 3

    func symbol(_ state: BodyMap.State) -> String {
        switch state {
        case .active: unicode ? "◉" : "@"
        // Another device's site: a diamond, not a second circle beside ◉.
        case .occupied: unicode ? "◆" : "&"
        case .avoid: unicode ? "×" : "!"
        case .recent: unicode ? "◐" : "+"
        case .rested: unicode ? "●" : "*"
        case .never, .unused, .noData: unicode ? "○" : "."
        case .disabled: unicode ? "·" : "-"
        case .high: unicode ? "█" : "#"
        case .even: unicode ? "▒" : "="
        case .low: unicode ? "░" : "-"
        case .flagged: "!"
        case .shorter: "-"
        case .longer: "+"
        }
    }

    func paint(_ state: BodyMap.State, _ text: String) -> String {
        switch state {
        case .active: style.cyan(text)
        case .occupied: style.magenta(text)
        case .avoid, .high, .flagged: style.red(text)
        case .recent, .low, .shorter: style.yellow(text)
        case .rested, .even, .longer: style.green(text)
        case .never, .disabled, .unused, .noData: style.dim(text)
        }
    }

    func meaning(_ state: BodyMap.State) -> String {
        switch state {
        case .active: "active"
        case .occupied: "another device now"
        case .avoid: "avoid (3 latest)"
        case .recent: "used < \(BodyMap.restDays) days ago"
        case .rested: "rested \(BodyMap.restDays)+ days"
        case .never: "never used"
        case .disabled: "disabled"
        case .high: "over 1.5x equal share"
        case .even: "about even"
        case .low: "under 0.5x equal share"
        case .unused: "unused"
        case .flagged: "absorption flagged"
        case .shorter: "mean below overall"
        case .longer: "mean at or above overall"
        case .noData: "no completed session"
        }
    }

    /// What the key says beside a name: days since use, share, or mean hours.
    func value(_ mark: BodyMap.Mark) -> String {
        switch map.measure {
        case .rest:
            if mark.isActive || mark.occupiedBy != nil { return "now" }
            guard let days = mark.daysSinceUse else { return "-" }
            return days > 999 ? "999+" : "\(days)d"
        case .uses:
            return formatShare(mark.share, whole: true)
        case .hours:
            return mark.meanHours.map { "\(Int($0.rounded()))h" } ?? "-"
        }
    }

    static func key(_ index: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String(letters[index % letters.count])
    }

    func text() -> String {
        let title: String
        switch map.measure {
        case .rest: title = "Rest: how long each site has rested"
        case .uses: title = "Uses: each site's share of all site changes"
        case .hours: title = "Hours: each site's mean duration"
        }
        var out = style.bold(title) + "\n"
        // Cells of both views, then marks written over them (two cells each).
        var grid = BodyMap.outline.map { line -> [String] in
            let row = line.map(String.init)
            return row + [" "] + row
        }
        let placed = map.placed
        var keyLines: [String] = []
        let nameWidth = MapReport.width - MapReport.keyColumn - 3 - 5
        for (i, mark) in placed.enumerated() {
            let place = mark.place!
            let column = place.column + (place.view == .back ? BodyMap.width + 1 : 0)
            let sign = symbol(mark.state), letter = MapReport.key(i)
            grid[place.row][column] = paint(mark.state, sign + letter)
            grid[place.row][column + 1] = ""
            let name = TimelineReport.cut(mark.location.name, to: nameWidth)
            let v = value(mark)
            keyLines.append(paint(mark.state, sign + letter) + " " + name
                            + String(repeating: " ", count: nameWidth - name.count + 5 - v.count) + v)
        }
        let half = BodyMap.width
        func centred(_ s: String, _ w: Int) -> String {
            let left = (w - s.count) / 2
            return String(repeating: " ", count: left) + s + String(repeating: " ", count: w - left - s.count)
        }
        out += centred("FRONT", half) + " " + centred("BACK", half) + "  "
            + (placed.isEmpty ? "" : "Key") + "\n"
        let rows = max(BodyMap.height, keyLines.count)
        for r in 0..<rows {
            var line = r < BodyMap.height ? grid[r].joined() : String(repeating: " ", count: 2 * half + 1)
            if r < keyLines.count { line += "  " + keyLines[r] }
            out += line.trimmingTrailingSpaces() + "\n"
        }
        out += legend()
        out += unplacedList()
        return out
    }

    func legend() -> String {
        let items = BodyMap.states(of: map.measure).map { paint($0, symbol($0)) + " " + meaning($0) }
        let plain = BodyMap.states(of: map.measure).map { symbol($0) + " " + meaning($0) }
        var out = "", line = "", length = 0
        for (item, bare) in zip(items, plain) {
            if length > 0, length + 3 + bare.count > MapReport.width {
                out += line + "\n"
                line = ""; length = 0
            }
            line += (length > 0 ? "   " : "") + item
            length += (length > 0 ? 3 : 0) + bare.count
        }
        return out + line + "\n"
    }

    /// Every location without a known place, in columns, with the same marks.
    func unplacedList() -> String {
        let unplaced = map.unplaced
        guard !unplaced.isEmpty else { return "" }
        // Names padded and values right-aligned, so the columns read as a table.
        let values = unplaced.map(value)
        let valueWidth = values.map(\.count).max() ?? 0
        let nameWidth = min(unplaced.map(\.location.name.count).max() ?? 0, MapReport.width - 3 - valueWidth)
        let entries = zip(unplaced, values).map { mark, v -> (shown: String, length: Int) in
            let name = TimelineReport.cut(mark.location.name, to: nameWidth)
            let gap = String(repeating: " ", count: nameWidth - name.count + 1 + valueWidth - v.count)
            return (paint(mark.state, symbol(mark.state)) + " " + name + gap + v, 2 + nameWidth + 1 + valueWidth)
        }
        let cell = (entries.map(\.length).max() ?? 0) + 2
        let perLine = max(1, (MapReport.width + 2) / cell)
        var out = "\nNo known place (see `sitecycle help map`), \(unplaced.count) location\(unplaced.count == 1 ? "" : "s"):\n"
        for start in stride(from: 0, to: entries.count, by: perLine) {
            let row = entries[start..<min(start + perLine, entries.count)]
            var line = ""
            for (i, e) in row.enumerated() {
                line += e.shown + (i < row.count - 1 ? String(repeating: " ", count: cell - e.length) : "")
            }
            out += line + "\n"
        }
        return out
    }

    func json() -> JSON {
        func unit(_ v: Double) -> JSON { .double((v * 1000).rounded() / 1000) }
        return .object([
            ("by", .string(map.measure.rawValue)),
            ("locations", .array(map.marks.map { m in
                .object([
                    ("location", .string(m.location.name)),
                    ("view", .string((m.place?.view ?? .none).rawValue)),
                    ("x", m.place.map { unit($0.x) } ?? .null),
                    ("y", m.place.map { unit($0.y) } ?? .null),
                    ("state", .string(m.state.rawValue)),
                    ("active", .bool(m.isActive)),
                    ("uses", .int(m.uses)),
                    ("daysSinceUse", m.daysSinceUse.map(JSON.int) ?? .null),
                    ("meanHours", m.meanHours.map { .double(roundedHours($0)) } ?? .null),
                ])
            })),
        ])
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
