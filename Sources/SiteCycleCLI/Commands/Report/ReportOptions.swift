import SiteCycleKit

/// What `report` was asked for.
struct ReportOptions {
    static let specs = [
        DeviceOption.spec("only this device (default: every device)"),
        OptionSpec(["--patient"], value: "NAME", "the name printed in the header (over the journal's `patient`)"),
        OptionSpec(["--no-patient"], "print no name, even if the journal has a `patient` line"),
    ] + CGMOptions.specs(cgm: "add the pump's glucose by site from a CGM export (`help outcomes`)")
        + OutputOption.specs + PeriodOptions.specs

    var device: DeviceOption
    var period: PeriodOptions
    var output: OutputOption
    var cgm: CGMOptions
    /// Printed in the header: the report leaves the building with it.
    var patient: String?
    /// `--no-patient`: no name, whatever the journal's `patient` says.
    var anonymous: Bool

    init(_ arguments: ParsedArguments) throws(CommandError) {
        device = DeviceOption(arguments)
        if let name = arguments.value("--patient") {
            let trimmed = name.trimmingBlanks()
            guard !trimmed.isEmpty else { throw CommandError("--patient takes a name", usage: true) }
            patient = trimmed
        }
        anonymous = arguments.flag("--no-patient")
        if anonymous && patient != nil {
            throw CommandError("--patient and --no-patient cannot be used together", usage: true)
        }
        period = try PeriodOptions(arguments)
        output = OutputOption(arguments)
        cgm = try CGMOptions(arguments)
        try ReportOptions.checkFileName(output.path, json: arguments.flag("--json"))
    }

    /// A file named .html gets the page and one named .json the figures,
    /// as `export` matches its format to the name: JSON never lands under
    /// an .html name, nor the page under a .json one.
    static func checkFileName(_ path: String?, json: Bool) throws(CommandError) {
        guard let path, case .file = OutputTarget.classify(path), let dot = path.lastIndex(of: "."),
              !path[dot...].contains("/") else { return }
        let ext = path[path.index(after: dot)...].lowercased()
        if json && (ext == "html" || ext == "htm") {
            throw CommandError("--json writes the report's figures, not the page named \(path.terminalSafe)",
                               help: "name the file .json, or drop --json to write the page", usage: true)
        }
        if !json && ext == "json" {
            throw CommandError("the report is an HTML page, not the JSON that \(path.terminalSafe) names",
                               help: "add --json for the figures, or name the file .html", usage: true)
        }
    }

    /// The name for the header: --patient, else the journal's `patient`
    /// line, unless --no-patient.
    func patient(for journal: Journal) -> String? {
        anonymous ? nil : patient ?? journal.settings.patient
    }

    /// `--cgm`: the exports as `outcomes` reads them; nil without one.
    func glucose(for journal: Journal, _ invocation: Invocation) throws(CommandError) -> ClinicReport.Glucose? {
        cgm.files.isEmpty ? nil : ClinicReport.Glucose(try cgm.read(for: journal, invocation))
    }
}
