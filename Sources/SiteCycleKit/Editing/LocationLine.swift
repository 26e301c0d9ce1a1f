/// A `location` declaration as the journal writes it: the name, then the
/// clauses in the order the parser reads them (`for`, `paused until`,
/// `disabled`), then the comment. Every new `location` line — from init,
/// `locations add`, `locations sides` and import — is composed here, and the
/// clause editors write the same words.
package struct LocationLine: Equatable, Sendable {
    package var name: String
    /// The devices that use it; the pump alone is what no `for` means.
    package var devices: [String] = []
    package var pausedUntil: CivilDate?
    package var enabled = true
    package var note: String?

    package init(_ name: String, devices: [String] = [], pausedUntil: CivilDate? = nil, enabled: Bool = true,
                 note: String? = nil) {
        self.name = name
        self.devices = devices
        self.pausedUntil = pausedUntil
        self.enabled = enabled
        self.note = note
    }

    package var text: String {
        var line = "location " + name
        if let clause = Self.devicesClause(devices) { line += "  " + clause }
        if let pausedUntil { line += "  " + Self.pauseClause(pausedUntil) }
        if !enabled { line += "  " + Self.disabledClause }
        if let note, !note.isEmpty { line += "  ; " + note }
        return line
    }

    /// `for pump,sensor`; nil for the pump alone or no list.
    package static func devicesClause(_ devices: [String]) -> String? {
        devices.isEmpty || devices == [Device.pumpName] ? nil : "for " + devices.joined(separator: ",")
    }

    package static func pauseClause(_ until: CivilDate) -> String { "paused until " + until.iso }

    package static let disabledClause = "disabled"
}

extension JournalEditor {
    /// New `location` lines where the header rule puts them: after the
    /// last declaration, the order they are listed in.
    package mutating func declare(_ locations: [LocationLine], in syntax: JournalSyntax) {
        insertHeader(locations.map(\.text), as: .location, in: syntax)
    }

    /// New `location` lines right after `line`, so that a zone's unsided
    /// and sided names stay together (`locations sides`).
    package mutating func declare(_ locations: [LocationLine], afterLine line: Int) {
        insert(locations.map(\.text), afterLine: line)
    }
}
