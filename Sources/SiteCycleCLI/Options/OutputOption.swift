/// `-o PATH`: where a report or an export is written (a file, a folder,
/// or `-` for standard output); standard output when absent. Declared once
/// for `report` and `export`, written by `Invocation.writeOutput`.
struct OutputOption {
    static let specs = [OptionSpec(["--output", "-o"], value: "PATH", "write to a file (- for stdout), or into a folder")]

    /// As typed; nil for standard output.
    var path: String?

    init(_ arguments: ParsedArguments) { path = arguments.value("--output") }
}
