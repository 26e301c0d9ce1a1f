// The fuzz target over the parser, check's rendering, fmt and the merge
// driver. Built for libFuzzer with
//   swift build --product sitecycle-fuzz --scratch-path .build-fuzz \
//     -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -parse-as-library
// and run as `.build-fuzz/debug/sitecycle-fuzz CORPUS_DIR -max_total_time=600`.
// For speed (about 1.6 times the executions), add
// `-Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table` to keep
// edge coverage without comparison tracing (`sitecycle help performance`).
// A normal build instead replays files given as arguments (a crash found by
// the fuzzer, or the corpus), so every crash can become a regression test.
import SiteCycleKit

#if canImport(Glibc)
import Glibc
#endif

/// The three parts of one input: a journal, and two more versions of it
/// for a three-way merge, separated by a 0x1E byte.
func check(_ bytes: [UInt8]) {
    let parts = bytes.split(separator: 0x1E, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    if let problem = JournalInvariants.violation(in: parts[0]) {
        fatalError("invariant broken: \(problem)")
    }
    // The same bytes as a file to import (CSV, our JSON, Nightscout).
    if let problem = JournalInvariants.importViolation(in: parts[0]) {
        fatalError("import invariant broken: \(problem)")
    }
    // The same bytes as a CGM export (`outcomes --cgm`).
    if let problem = JournalInvariants.cgmViolation(in: parts[0]) {
        fatalError("CGM invariant broken: \(problem)")
    }
    if parts.count == 3 {
        let result = JournalMerge.merge(base: SourceFile(path: "b", bytes: parts[0]), ours: SourceFile(path: "o", bytes: parts[1]),
                                        theirs: SourceFile(path: "t", bytes: parts[2]), defaultZone: .utc)
        let merged = JournalBuilder.load(SourceFile(path: "m", bytes: result.bytes), defaultZone: .utc)
        // A clean merge (exit 0) is a journal `check` accepts (issue 22,
        // item 4), when both sides were.
        let sides = [parts[1], parts[2]].map { JournalBuilder.load(SourceFile(path: "s", bytes: $0), defaultZone: .utc) }
        if result.conflicts == 0, !sides.contains(where: { $0.diagnostics.hasErrors }), merged.diagnostics.hasErrors {
            fatalError("merge invariant broken: a merge without conflicts has errors")
        }
    }
}

#if FUZZING
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    check(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under this name; it hands the
/// command line to libFuzzer.
@_cdecl("sitecycle_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runDriver(&count, &arguments, fuzzOne)
}
#else
@main
struct Replay {
    static func main() {
        var count = 0
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else { print("cannot open \(path)"); exit(1) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = fread(&buffer, 1, buffer.count, file)
                if n <= 0 { break }
                bytes += buffer[0..<n]
            }
            fclose(file)
            check(bytes)
            count += 1
        }
        print("replayed \(count) inputs: no invariant broken")
    }
}
#endif
