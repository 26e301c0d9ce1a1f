/// What `sync` was asked for.
struct SyncOptions {
    static let specs = [OptionSpec(["--setup"], "configure git's merge driver and .gitattributes only"),
                        OptionSpec(["--timeout"], value: "SECONDS", "give up on the remote after this long (default 60)")]

    var setupOnly: Bool
    /// Seconds for each fetch and push.
    var timeout = 60.0

    init(_ arguments: ParsedArguments) throws(UsageError) {
        setupOnly = arguments.flag("--setup")
        if let text = arguments.value("--timeout") {
            guard let t = Double(text), t.isFinite, t > 0 else {
                throw UsageError("--timeout takes a number of seconds, not `\(text)`", help: "for example --timeout 120")
            }
            timeout = t
        }
    }
}
