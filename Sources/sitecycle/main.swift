#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SiteCycleCLI

// Hands argv, the environment and the standard streams to the library.
var environment: [String: String] = [:]
var cursor = environ
while let entry = cursor.pointee {
    let pair = String(cString: entry)
    if let eq = pair.firstIndex(of: "=") {
        environment[String(pair[..<eq])] = String(pair[pair.index(after: eq)...])
    }
    cursor += 1
}
exit(run(Array(CommandLine.arguments.dropFirst()), .process(environment: environment)))
