import SiteCycleKit

/// The terminal body map: two views, a key beside them, a legend and the
/// unplaced locations below (`MapLegend`); at most 80 columns. Marks and
/// their words are in `MapSymbols`, the JSON in `MapJSON`.
struct MapReport {
    let style: TextStyle
    let unicode: Bool
    let map: BodyMap
    static let width = 80
    static let keyColumn = 2 * BodyMap.width + 3
    /// A key line's name column: what is left of 80 after the mark and the value.
    static let keyNameWidth = width - keyColumn - 3 - 5

    func text() -> String {
        style.bold(title()) + "\n" + viewHeadings() + figure() + legend() + unplacedList()
    }

    func title() -> String {
        switch map.measure {
        case .rest: "Rest: how long each site has rested"
        case .uses: "Uses: each site's share of all site changes"
        case .hours: "Hours: each site's mean duration"
        case .failures: "Failures: how often each site ended early"
        }
    }

    /// `FRONT` and `BACK` centred over their views, `Key` over the key.
    func viewHeadings() -> String {
        let half = BodyMap.width
        func centred(_ s: String, _ w: Int) -> String {
            let left = (w - s.count) / 2
            return String(repeating: " ", count: left) + s + String(repeating: " ", count: w - left - s.count)
        }
        return centred("FRONT", half) + " " + centred("BACK", half) + "  "
            + (map.placed.isEmpty ? "" : "Key") + "\n"
    }

    /// The two views with their marks, the key beside them, line by line.
    func figure() -> String {
        let grid = markedViews(), keyLines = keyLines()
        var out = ""
        for r in 0..<max(BodyMap.height, keyLines.count) {
            var line = r < BodyMap.height ? grid[r].joined() : String(repeating: " ", count: 2 * BodyMap.width + 1)
            if r < keyLines.count { line += "  " + keyLines[r] }
            out += line.trimmingTrailingSpaces() + "\n"
        }
        return out
    }

    /// Cells of both views, then marks written over them (two cells each).
    func markedViews() -> [[String]] {
        var grid = BodyMap.outline.map { line -> [String] in
            let row = line.map(String.init)
            return row + [" "] + row
        }
        for (i, mark) in map.placed.enumerated() {
            let place = mark.place!
            let column = place.column + (place.view == .back ? BodyMap.width + 1 : 0)
            grid[place.row][column] = paint(mark.state, symbol(mark.state) + MapReport.key(i))
            grid[place.row][column + 1] = ""
        }
        return grid
    }

    /// One line per placed mark: its symbol and letter, name and value.
    func keyLines() -> [String] {
        let nameWidth = MapReport.keyNameWidth
        return map.placed.enumerated().map { i, mark in
            let name = TimelineReport.cut(mark.location.name, to: nameWidth)
            let v = value(mark)
            return paint(mark.state, symbol(mark.state) + MapReport.key(i)) + " " + name
                + String(repeating: " ", count: nameWidth - name.count + 5 - v.count) + v
        }
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = self
        while s.hasSuffix(" ") { s.removeLast() }
        return s
    }
}
