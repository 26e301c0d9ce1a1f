#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials
import SiteCycleKit


/// How long `sitecycle lsp` takes from a change to the diagnostics it
/// publishes (issue 30): one server, the journal opened once, then edits of
/// one character on the last line (an incremental change, as an editor
/// sends while typing), each timed from the write to the diagnostics read.
/// The median of `runs` × 5 edits; peak memory is the server's.
@MainActor func lspLatency(_ path: String) -> Sample {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return Sample(seconds: .nan, maxRSSKB: 0, status: -1) }
    var toServer: [Int32] = [0, 0], fromServer: [Int32] = [0, 0]
    guard pipe(&toServer) == 0, pipe(&fromServer) == 0 else { return Sample(seconds: .nan, maxRSSKB: 0, status: -1) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, toServer[0], 0)
    posix_spawn_file_actions_adddup2(&actions, fromServer[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    for fd in toServer + fromServer { posix_spawn_file_actions_addclose(&actions, fd) }
    let words: [String] = [binary, "lsp"], settings: [String] = ["TZ=UTC", "LANG=C.UTF-8", "SITECYCLE_NOW=9999-12-31 23:00"]
    let argv = words.map { strdup($0) } + [nil]
    let env = settings.map { strdup($0) } + [nil]
    defer { (argv + env).forEach { free($0) } }
    var pid: pid_t = 0
    guard posix_spawn(&pid, binary, &actions, nil, argv, env) == 0 else { return Sample(seconds: .nan, maxRSSKB: 0, status: -1) }
    close(toServer[0])
    close(fromServer[1])
    let input = toServer[1], output = fromServer[0]
    var buffer: [UInt8] = []
    func send(_ body: String) {
        let bytes = Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            sent += n
        }
    }
    /// Reads messages until one contains `marker`; false at the end.
    func awaitMessage(_ marker: String) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let header = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let text = String(decoding: buffer[..<header.lowerBound], as: UTF8.self)
                let length = Int(text.split(separator: ":").last.map { $0.filter { $0 != " " } } ?? "") ?? 0
                if buffer.count >= header.upperBound + length {
                    let body = String(decoding: buffer[header.upperBound..<(header.upperBound + length)], as: UTF8.self)
                    buffer.removeSubrange(..<(header.upperBound + length))
                    if body.contains(marker) { return true }
                    continue
                }
            }
            let n = chunk.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
            if n <= 0 { return false }
            buffer += chunk[..<n]
        }
    }
    let uri = "file://" + path
    send(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
    var seconds: [Double] = []
    if awaitMessage(#""id":1"#) {
        send(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#)
        send(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(uri)","languageId":"sitecycle","version":1,"text":\#(JSON.string(text).compact())}}}"#)
        let lastLine = text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) } - 1
        if awaitMessage("publishDiagnostics") {
            for i in 0..<(runs * 5) {
                // The minute's last digit of the last entry, 7 or 8 in turn.
                let change = #"{"range":{"start":{"line":\#(lastLine),"character":15},"end":{"line":\#(lastLine),"character":16}},"text":"\#(7 + i % 2)"}"#
                var start = timespec(), end = timespec()
                clock_gettime(CLOCK_MONOTONIC, &start)
                send(#"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(i + 2)},"contentChanges":[\#(change)]}}"#)
                guard awaitMessage("publishDiagnostics") else { break }
                clock_gettime(CLOCK_MONOTONIC, &end)
                seconds.append(Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9)
            }
        }
        send(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
        _ = awaitMessage(#""id":2"#)
        send(#"{"jsonrpc":"2.0","method":"exit"}"#)
    }
    close(input)
    close(output)
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let median = seconds.isEmpty ? Double.nan : seconds.sorted()[seconds.count / 2]
    return Sample(seconds: median, maxRSSKB: Int(usage.ru_maxrss), status: seconds.isEmpty ? 1 : (status >> 8) & 0xFF)
}
