import SiteCycleKit

/// Under the figure: what each mark means, and the locations with no place.
extension MapReport {
    func legend() -> String {
        // Paused, resting and flagged are keyed when a site is so: most journals have none.
        let states = BodyMap.states(of: map.measure).filter { state in
            ![.paused, .resting, .flaggedSite].contains(state) || map.marks.contains { $0.state == state }
        }
        let items = states.map { paint($0, symbol($0)) + " " + meaning($0) }
        let plain = states.map { symbol($0) + " " + meaning($0) }
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
}
