/// Where a new header line goes — one rule for `set`, `locations add` and
/// `import`, matching the order `fmt` writes: settings, then locations,
/// then the site changes, a blank line before the first change.
package enum HeaderLine {
    case setting, location
    /// A `device` line: after the last `device` line, else as a setting.
    case device
}

extension JournalEditor {
    /// Inserts header `lines` of one kind in their place:
    /// - a device after the last device, else as a setting;
    /// - a setting after the last setting, else before the first location
    ///   (or, with none, the first site change, followed by a blank line);
    /// - a location after the last location, else after the last setting,
    ///   else before the first site change (followed by a blank line);
    /// - at the end of a file that has none of these.
    package mutating func insertHeader(_ lines: [String], as kind: HeaderLine, in syntax: JournalSyntax) {
        guard !lines.isEmpty else { return }
        let lastLocation = syntax.directiveLines(.location).last, lastSetting = syntax.settingLines.last
        switch kind {
        case .device:
            if let lastDevice = syntax.directiveLines(.device).last {
                insert(lines, afterLine: lastDevice)
            } else {
                insertHeader(lines, as: .setting, in: syntax)
            }
        case .setting:
            if let lastSetting {
                insert(lines, afterLine: lastSetting)
            } else if let first = syntax.directiveLines(.location).first {
                insert(lines + [""], beforeLine: first)
            } else if let first = syntax.firstEntryLine {
                insert(lines + [""], beforeLine: first)
            } else {
                append(lines)
            }
        case .location:
            if let anchor = lastLocation ?? lastSetting {
                insert(lines, afterLine: anchor)
            } else if let first = syntax.firstEntryLine {
                insert(lines + [""], beforeLine: first)
            } else {
                append(lines)
            }
        }
    }
}
