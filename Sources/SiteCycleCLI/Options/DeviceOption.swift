import SiteCycleKit

/// `--device NAME`: the rotation a command reads or writes, the pump when
/// absent. Declared once for every command that has it.
struct DeviceOption {
    static let specs = [spec()]
    /// The spelling every command shares; `summary` where a command reads
    /// it differently (`report`: every device when absent).
    static func spec(_ summary: String = "the rotation: pump (default) or a declared device") -> OptionSpec {
        OptionSpec(["--device"], value: "NAME", summary)
    }

    /// As typed; nil when not given.
    var given: String?

    init(_ arguments: ParsedArguments) { given = arguments.value("--device") }

    /// The device named, or the pump, checked against the journal.
    func name(in journal: Journal) throws(CommandError) -> String {
        try Self.declared(given ?? Device.pumpName, in: journal)
    }

    /// The journal as that device's rotation: its changes, target and
    /// locations (see `Journal.rotation`).
    func rotation(_ journal: Journal) throws(CommandError) -> Journal { journal.rotation(try name(in: journal)) }

    /// `name`, if the journal declares it.
    static func declared(_ name: String, in journal: Journal) throws(CommandError) -> String {
        guard journal.deviceIndex(name) != nil else {
            throw CommandError("no device `\(name)` in \(journal.source.path.terminalSafe)",
                               help: "declared: \(journal.deviceNames.joined(separator: ", ")); add one with "
                                   + "`sitecycle set device NAME DURATION`", usage: true)
        }
        return name
    }

    /// The heading of a one-device view of a journal with devices: which
    /// device is shown, and how to see the others ("Pump (the sensor:
    /// --device sensor)"); nil without devices.
    func heading(in journal: Journal, style: RenderStyle) -> String? {
        guard journal.hasDevices, let shown = try? name(in: journal) else { return nil }
        let others = journal.deviceNames.filter { $0 != shown }.map { "the \($0): --device \($0)" }
        return style.text.bold(shown.prefix(1).uppercased() + shown.dropFirst())
            + " (" + others.joined(separator: "; ") + ")\n"
    }
}
