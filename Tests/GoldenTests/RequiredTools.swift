import Foundation
import Testing

/// Tools some tests drive (the real shells, tmux, Python's icalendar,
/// Chromium, Neovim, Vim, Emacs and Eglot). On a
/// machine without one, those tests are skipped with a message naming it,
/// instead of failing; .ci/run installs them all and sets
/// SITECYCLE_REQUIRE_TOOLS=1, so in CI a missing tool fails the tests.
enum RequiredTools {
    static let required = ProcessInfo.processInfo.environment["SITECYCLE_REQUIRE_TOOLS"].map { !$0.isEmpty && $0 != "0" } ?? false

    static func program(_ path: String) -> Bool {
        required || FileManager.default.isExecutableFile(atPath: path)
    }

    static let zsh = program("/usr/bin/zsh")
    static let fish = program("/usr/bin/fish")
    static let tmux = program("/usr/bin/tmux")
    static let git = program("/usr/bin/git")
    static let strace = program("/usr/bin/strace")
    static let pdftotext = program("/usr/bin/pdftotext")
    static let man = program("/usr/bin/man")
    static let nvim = program("/usr/bin/nvim")
    static let vim = program("/usr/bin/vim")
    static let emacs = program("/usr/bin/emacs")
    /// Built into Emacs 29; Debian's elpa-eglot on Emacs 28, found once the
    /// packages are activated as start-up does for a user's init file.
    static let eglot = required || runs(["emacs", "--batch", "-q", "--eval", "(progn (package-activate-all) (require 'eglot))"])
    static let python3 = required || runs(["python3", "-c", "pass"])
    static let icalendar = required || runs(["python3", "-c", "import icalendar"])

    /// Whether `/usr/bin/env ARGS` runs and exits 0.
    static func runs(_ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}
