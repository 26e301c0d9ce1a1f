#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleCLI
import SiteCycleKit

// Hands argv, the environment and the standard streams to the library.
// Paths are bytes: every byte is kept (`SystemPath`), not repaired to U+FFFD.
var environment: [String: String] = [:]
var cursor = environ
while let entry = cursor.pointee {
    let pair = SystemPath.string(cString: entry)
    if let eq = pair.firstIndex(of: "=") {
        environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
    }
    cursor += 1
}
let arguments = (0..<Int(CommandLine.argc)).dropFirst().map { SystemPath.string(cString: CommandLine.unsafeArgv[$0]!) }
exit(run(arguments, .process(environment: environment)))
