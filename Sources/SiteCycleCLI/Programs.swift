import SiteCycleKit

/// Running other programs by name, through `PATH`, with argument vectors.
enum Programs {
    static func find(_ name: String, in environment: [String: String]) -> String? {
        Subprocess.find(name, in: environment)
    }

    /// Runs `program` and gives back its status and what it printed (both
    /// streams, in order).
    static func run(_ program: String, _ arguments: [String], environment: [String: String]) -> (status: Int32, output: String) {
        let r = Subprocess.run(program, arguments, environment: environment, mergeErrors: true)
        if let failure = r.failure { return (127, failure) }
        return (r.status, String(decoding: r.stdout, as: UTF8.self))
    }
}
