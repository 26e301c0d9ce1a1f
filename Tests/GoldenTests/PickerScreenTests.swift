import Foundation
import Testing

/// Issue 33 item 8: the picker in any terminal. Real tmux panes of other
/// sizes, location names in CJK and emoji.
extension PickerTests {
    static let wideJournal = """
        timezone UTC
        target 72h
        location 左の腹部
        location 右の腹部
        location Left Thigh 🦵
        location Right Thigh 🦵
        location Lower Back

        2026-02-01 08:00  左の腹部
        2026-02-04 08:00  Right Thigh 🦵

        """

    /// A bash prompt of `columns`×`rows` in `dir`, the wide journal in place.
    func start(columns: Int, rows: Int) throws {
        try PickerTests.wideJournal.write(to: dir.appendingPathComponent("sites.journal"), atomically: true, encoding: .utf8)
        let closeAll = "for fd in $(ls /proc/$$/fd); do [ \"$fd\" -gt 2 ] && eval \"exec $fd>&-\"; done; exec \"$@\""
        _ = try sh("/bin/bash", ["-c", closeAll, "bash", "/usr/bin/tmux", "-L", socket.name, "new-session", "-d", "-s", "t",
                                 "-x", "\(columns)", "-y", "\(rows)", "bash --norc --noprofile"])
        _ = try tmux("set-option", "-t", "t", "status", "off")
        let bin = BinaryRunner.executable.deletingLastPathComponent().path
        _ = try tmux("send-keys", "-t", "t", "clear; cd '\(dir.path)'; export PATH='\(bin)':$PATH TZ=UTC LANG=C.UTF-8 "
                     + "SITECYCLE_FILE=sites.journal; stty -a > before.txt; echo READY", "Enter")
        _ = try screen { $0.contains("READY") }
    }

    /// After three arrow presses one `Site>` prompt: each redraw cleared
    /// the last, the wide names taking their two columns.
    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"), arguments: [(40, 24), (80, 6)])
    func eachRedrawReplacesTheLastInAnySize(_ size: (Int, Int)) throws {
        defer { stop() }
        try start(columns: size.0, rows: size.1)
        _ = try tmux("send-keys", "-t", "t", "sitecycle --now '2026-02-07 08:00' log; echo EXIT=$?", "Enter")
        var sheet = try screen { $0.contains("Enter picks") || $0.contains("Enter") }
        for _ in 0..<3 {
            _ = try tmux("send-keys", "-t", "t", "Down")
            Thread.sleep(forTimeInterval: 0.2)
        }
        sheet = try screen { $0.contains("> ") }
        #expect(sheet.components(separatedBy: "Site>").count == 2, "\(sheet)")
        // Recommended first (three), then Avoid: the fourth row is selected.
        #expect(sheet.contains("> Right Thigh 🦵"), "\(sheet)")
        _ = try tmux("send-keys", "-t", "t", "Escape")
        let done = try screen { $0.contains("EXIT=1") || $0.contains("EXIT=0") }
        #expect(done.contains("EXIT=130"), "\(done)")
        #expect(try journal() == PickerTests.wideJournal)
        #expect(try terminalRestored())
    }

    /// Where the picker cannot show the row it would log, it refuses: no
    /// site nobody saw is logged.
    @Test(.enabled(if: RequiredTools.tmux, "tmux is not installed (.ci/run installs it)"))
    func aTerminalTooSmallIsRefused() throws {
        defer { stop() }
        try start(columns: 80, rows: 2)
        _ = try tmux("send-keys", "-t", "t", "clear; sitecycle --now '2026-02-07 08:00' log 2>err.txt; echo EXIT=$?", "Enter")
        let done = try screen { $0.contains("EXIT=1") || $0.contains("EXIT=0") }
        _ = try tmux("send-keys", "-t", "t", "Enter")  // a stray Enter logs nothing
        Thread.sleep(forTimeInterval: 0.3)
        #expect(done.contains("EXIT=130"), "\(done)")
        let err = try String(contentsOf: dir.appendingPathComponent("err.txt"), encoding: .utf8)
        #expect(err.contains("the terminal is too small for the site picker (80×2; it needs 20×3)"), "\(err)")
        #expect(err.contains("sitecycle log LOCATION"), "\(err)")
        #expect(try journal() == PickerTests.wideJournal)
    }
}
