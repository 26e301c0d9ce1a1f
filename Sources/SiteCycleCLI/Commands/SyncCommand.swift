import Foundation
import SiteCycleKit

extension CommandRegistry {
    static let sync = Command(
        name: "sync",
        summary: "sync the journal with git; merge conflict copies",
        usage: "sitecycle sync [--setup] [--timeout SECONDS]",
        details: """
            In a git repository: commits the journal if it changed (the message
            says what: "log Left Front Abdomen 2026-02-07 08:15; set target
            48h", "amend 3 site changes: …"), fetches and
            merges the remote branch through the journal merge driver, and
            pushes. Without a remote it commits and says so. The journal may be
            in a subfolder: git runs at the top of the repository. "In sync"
            means HEAD is the remote branch after the push. A remote or branch
            whose name starts with "-" is refused (git would read it as an
            option). Fetch and push give up after --timeout seconds (default
            60), naming the remote; the commit is kept. A network or
            authentication failure, or a conflict the driver could not resolve
            (two different edits of the same entry or setting), stops with a
            clear message and a non-zero exit; nothing is lost — conflicts are
            marked in the journal for `sitecycle check` and an editor. Once
            the journal is fixed, `sync` again concludes git's merge and pushes;
            while markers remain it names their lines and exits 1.

            --setup (run once per clone; `sync` does it when needed) adds
            `JOURNAL merge=sitecycle` to .gitattributes and sets
            merge.sitecycle.name and merge.sitecycle.driver in the repository's
            git config to call this binary. It is safe to run again.

            Shared folders (Syncthing, Dropbox, Nextcloud): conflict copies next
            to the journal are merged into it (all entries and locations of
            both) and moved into .sitecycle-merged/ beside it, never deleted.
            Every command warns when such copies exist. Outside git, with no
            conflict copies, there is nothing to sync (exit 1).
            """,
        options: [OptionSpec(["--setup"], "configure git's merge driver and .gitattributes only"),
                  OptionSpec(["--timeout"], value: "SECONDS", "give up on the remote after this long (default 60)")],
        run: { SyncService(invocation: $0).run() })
}

struct SyncService {
    let invocation: Invocation

    var path: String { JournalStore.resolvedPath(invocation.journalLocation.path) }
    var git: Git { Git(folder: JournalStore.parentFolder(of: path), environment: invocation.env) }

    /// Seconds a network step (fetch, push) may take; checked in `run`.
    var timeout: Double { invocation.arguments.value("--timeout").flatMap(Double.init) ?? 60 }

    func run() -> Int32 {
        if let text = invocation.arguments.value("--timeout") {
            guard let t = Double(text), t.isFinite, t > 0 else {
                return invocation.usageError(UsageError("--timeout takes a number of seconds, not `\(text)`",
                                                        help: "for example --timeout 120"))
            }
        }
        guard JournalFile.exists(invocation.journalLocation.path) else {
            _ = invocation.readJournal()
            return ExitCode.failure
        }
        let top = git.topLevel
        if invocation.arguments.flag("--setup") {
            guard let top else { return invocation.fail("\(invocation.journalLocation.path) is not in a git repository",
                                                        help: "run `git init` in its folder first") }
            return setup(top: top, quiet: false) ? ExitCode.ok : ExitCode.failure
        }
        let merged = mergeConflictCopies()
        if merged == nil { return ExitCode.failure }
        guard let top else {
            if merged! > 0 { return ExitCode.ok }
            return invocation.fail("nothing to sync: \(invocation.journalLocation.path) is not in a git repository "
                                   + "and has no conflict copies beside it",
                                   help: "for git: `git init`, then `sitecycle sync --setup`")
        }
        return syncWithGit(top: top)
    }

    // MARK: git

    func relativePath(top: String) -> String {
        let root = JournalStore.resolvedPath(top)
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }

    /// The running binary, for the merge driver line.
    static var executable: String {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        return JournalStore.resolvedPath(CommandLine.arguments.first ?? "sitecycle")
    }

    @discardableResult
    func setup(top: String, quiet: Bool) -> Bool {
        let relative = relativePath(top: top)
        let pattern = SyncService.attributesPattern(relative)
        let attributes = top + "/.gitattributes"
        let line = "\(pattern) merge=sitecycle"
        let existing = (try? String(contentsOfFile: attributes, encoding: .utf8)) ?? ""
        var did: [String] = []
        if !existing.split(separator: "\n").contains(where: { $0.trimmingBlanks() == line }) {
            let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + line + "\n"
            do { try JournalStore.replace(attributes, with: Array(text.utf8), mode: 0o644) } catch {
                invocation.fail(error.message)
                return false
            }
            did.append("added `\(line)` to .gitattributes")
        }
        let driver = "\(shellQuoted(SyncService.executable)) merge %O %A %B"
        for (key, value) in [("merge.sitecycle.name", "sitecycle journal merge"), ("merge.sitecycle.driver", driver)]
        where git.value(["config", "--get", key]) != value {
            let r = git.run(["config", key, value])
            guard r.ok else {
                invocation.fail("git config \(key) failed: \(r.reason)")
                return false
            }
            did.append("set \(key)")
        }
        if !quiet || !did.isEmpty {
            invocation.out(did.isEmpty ? "Already set up: git merges \(relative) with sitecycle.\n"
                           : "Set up git to merge \(relative) with sitecycle: " + did.joined(separator: "; ") + ".\n")
        }
        return true
    }

    func shellQuoted(_ s: String) -> String {
        s.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+".contains($0) }) ? s : "'" + s.replacingAll("'", with: "'\\''") + "'"
    }

    /// Every git command runs at the top of the work tree, where the paths
    /// it is given (relative to the top) mean what they say; every exit
    /// status is checked.
    func syncWithGit(top: String) -> Int32 {
        let git = Git(folder: top, environment: invocation.env)
        let relative = relativePath(top: top)
        if git.value(["config", "--get", "merge.sitecycle.driver"]) == nil || !attributesMention(top: top, relative) {
            guard setup(top: top, quiet: true) else { return ExitCode.failure }
        }
        // A merge sync stopped on: once the journal is fixed, conclude it.
        let merging = git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"]).ok
        if merging {
            guard let marked = invocation.readJournal() else { return ExitCode.failure }
            let lines = marked.diagnostics.filter { $0.code == .mergeConflict }.map(\.line)
            if !lines.isEmpty {
                let places = lines.map { "\(invocation.journalLocation.path):\($0)" }.joined(separator: ", ")
                return fail("a merge is in progress and the journal still has conflict markers: \(places)",
                            help: "keep the right lines and delete the marker lines in an editor, then sync again")
            }
        }
        guard let journal = invocation.loadJournal() else { return ExitCode.failure }
        // Commit what changed here.
        var paths = [relative]
        if JournalFile.exists(top + "/.gitattributes") { paths.append(".gitattributes") }
        let add = git.run(["add", "--"] + paths)
        guard add.ok else { return fail("git add failed: \(add.reason)") }
        let staged = git.run(["diff", "--cached", "--quiet", "--"] + paths)
        switch merging ? -1 : staged.status {
        case -1:
            // A merge commit takes everything the merge staged: no pathspec.
            let r = git.run(["commit", "-q", "--no-edit"])
            guard r.ok else {
                return fail("could not conclude the merge: \(r.reason)",
                            help: "resolve the other files git lists in `git status`, then sync again")
            }
            invocation.out("Concluded the merge with the fixed journal.\n")
        case 0: break
        case 1:
            let message = commitMessage(journal, relative: relative, git: git)
            let r = git.run(["commit", "-q", "-m", message, "--"] + paths)
            guard r.ok else { return fail("git commit failed: \(r.reason)") }
            invocation.out("Committed: \(message)\n")
        default:
            return fail("git diff failed: \(staged.reason)")
        }
        let remotes = git.run(["remote"])
        guard remotes.ok else { return fail("git remote failed: \(remotes.reason)") }
        guard let remote = remotes.stdout.split(separator: "\n").first.map(String.init) else {
            invocation.out("No remote: committed here only. Add one with `git remote add origin URL`.\n")
            return ExitCode.ok
        }
        guard let branch = git.value(["symbolic-ref", "--short", "HEAD"]) else {
            return fail("not on a branch (detached HEAD)", help: "check out a branch first, then sync again")
        }
        // Names from the repository's config reach git's command line: one
        // that starts with "-" would be read as an option (`--upload-pack=…`
        // runs a program), so it is refused, and `--` goes before each.
        if remote.hasPrefix("-") {
            return fail("refusing the remote \"\(remote)\": git would read a name starting with \"-\" as an option",
                        help: "rename it (`git remote rename -- OLD NEW`); your commit is kept")
        }
        if branch.hasPrefix("-") {
            return fail("refusing the branch \"\(branch)\": git would read a name starting with \"-\" as an option",
                        help: "rename it (`git branch -m -- NEW`); your commit is kept")
        }
        let fetch = git.run(["fetch", "-q", "--", remote], timeout: timeout)
        if fetch.timedOut { return timedOut(remote, while: "fetching") }
        guard fetch.ok else {
            return fail("could not fetch from \(remote): \(fetch.reason)",
                        help: "check the network and your access to the remote; the journal is unchanged")
        }
        let tracking = "refs/remotes/\(remote)/\(branch)"
        let exists = git.run(["rev-parse", "--verify", "-q", tracking + "^{commit}"])
        if exists.ok {
            let before = git.value(["rev-parse", "HEAD"])
            let merge = git.run(["merge", "-q", "--no-edit", "--", tracking])
            guard merge.ok else {
                let unmerged = git.value(["diff", "--name-only", "--diff-filter=U"]) ?? ""
                if !unmerged.isEmpty {
                    return fail("the remote changed the same entry or setting differently; the conflict is marked in the journal",
                                help: "`sitecycle check` shows where; fix it in an editor, then sync again")
                }
                return fail("git merge failed: \(merge.reason)")
            }
            if before != git.value(["rev-parse", "HEAD"]) { invocation.out("Merged changes from \(remote)/\(branch).\n") }
        } else if exists.status != 1 {
            return fail("git rev-parse failed: \(exists.reason)")
        }
        let push = git.run(["push", "-q", "-u", "--", remote, "refs/heads/\(branch):refs/heads/\(branch)"], timeout: timeout)
        if push.timedOut { return timedOut(remote, while: "pushing") }
        guard push.ok else {
            return fail("could not push to \(remote): \(push.reason)",
                        help: "your commit is safe here; sync again when the remote is reachable")
        }
        let head = git.value(["rev-parse", "HEAD"])
        guard let head, head == git.value(["rev-parse", "--verify", "-q", tracking]) else {
            return fail("after pushing, \(branch) and \(remote)/\(branch) still differ",
                        help: "your commit is safe here; look with `git status`, then sync again")
        }
        invocation.out("In sync with \(remote)/\(branch).\n")
        return ExitCode.ok
    }

    func timedOut(_ remote: String, while doing: String) -> Int32 {
        let seconds = timeout.rounded() == timeout ? String(Int(timeout)) : String(timeout)
        return fail("\(remote) did not answer within \(seconds) seconds (\(doing)); git was stopped",
                    help: "your commit is kept here; sync again when the remote is reachable, "
                        + "or allow longer with --timeout SECONDS")
    }

    /// `sitecycle: error:` with the message and hint wrapped to 80 columns.
    @discardableResult
    func fail(_ message: String, help: String? = nil) -> Int32 {
        invocation.fail(wrap(message, used: 18), help: help.map { wrap($0, used: 8) })
    }

    /// Breaks text at spaces so no line passes 80 columns, given `used`
    /// columns before it on the first line; later lines are indented 4.
    func wrap(_ text: String, used: Int) -> String {
        var lines: [String] = []
        var line = ""
        var width = 80 - used
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
                width = 76
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n    ")
    }

    /// The journal's path as a .gitattributes pattern that matches exactly
    /// it: glob characters escaped, and a name with spaces, quotes, line
    /// breaks or other control characters written in C-style quotes, as
    /// gitattributes allows — a newline in the name never starts a line.
    static func attributesPattern(_ path: String) -> String {
        // Two spellings: plain (a backslash escapes a glob character) and
        // inside C-style quotes (where that backslash is itself escaped).
        var plain = "", quoted = "", needsQuotes = false
        for s in path.unicodeScalars {
            switch s {
            case "*", "?", "[", "\\":
                plain += "\\" + String(s)
                quoted += "\\\\" + String(s)
            case "\"":
                quoted += "\\\""
                needsQuotes = true
            case " ":
                quoted += " "
                needsQuotes = true
            case "\n": quoted += "\\n"; needsQuotes = true
            case "\t": quoted += "\\t"; needsQuotes = true
            default:
                if s.value < 0x20 || s.value == 0x7F {
                    let octal = String(s.value, radix: 8)
                    quoted += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                    needsQuotes = true
                } else {
                    plain.unicodeScalars.append(s)
                    quoted.unicodeScalars.append(s)
                }
            }
        }
        return needsQuotes ? "\"" + quoted + "\"" : plain
    }

    func attributesMention(top: String, _ relative: String) -> Bool {
        let text = (try? String(contentsOfFile: top + "/.gitattributes", encoding: .utf8)) ?? ""
        return text.contains("merge=sitecycle")
    }

    /// What changed since the last commit, in the user's words: the site
    /// changes logged, amended and deleted, then the settings and locations,
    /// then .gitattributes ("log Left Hip 2026-03-04 08:00; set target 48h").
    func commitMessage(_ journal: Journal, relative: String, git: Git) -> String {
        let before = git.run(["show", "HEAD:\(relative)"])
        guard before.ok else { return "Start the site journal" }
        let old = JournalBuilder.load(SourceFile(path: relative, text: before.stdout), defaultZone: journal.zone)
        var parts = CommitSummary.describe(old: old, new: journal)
        let staged = git.value(["diff", "--cached", "--name-only", "--", ".gitattributes"]) ?? ""
        if !staged.isEmpty {
            let existed = git.run(["cat-file", "-e", "HEAD:.gitattributes"]).ok
            parts.append((existed ? "update" : "add") + " .gitattributes (merge driver)")
        }
        if parts.isEmpty { return "reformat the journal (comments and layout only)" }
        return parts.joined(separator: "; ")
    }

    // MARK: Shared folders

    /// Merges every conflict copy into the journal; nil when that failed.
    func mergeConflictCopies() -> Int? {
        let copies = ConflictCopies.find(for: invocation.journalLocation.path)
        guard !copies.isEmpty else { return 0 }
        var conflicts = 0
        for copy in copies {
            let code = invocation.changeJournal { journal, _ throws(CommandError) in
                let theirs: [UInt8]
                do throws(FileError) { theirs = try JournalFile.read(copy) } catch { throw CommandError(error.message) }
                let result = JournalMerge.merge(base: SourceFile(path: "base", bytes: []), ours: journal.source,
                                                theirs: SourceFile(path: copy, bytes: theirs), defaultZone: journal.zone)
                conflicts += result.conflicts
                var editor = JournalEditor(source: journal.source)
                if result.bytes != journal.source.bytes { editor.replaceAll(with: result.bytes) }
                return PlannedEdit(editor: editor, writesConflictMarkers: result.conflicts > 0) { _ in }
            }
            if code != ExitCode.ok { return nil }
            do {
                let moved = try ConflictCopies.moveAside(copy)
                invocation.out("Merged \(String(copy.split(separator: "/").last!).terminalSafe) into the journal (moved to \(moved.terminalSafe)).\n")
            } catch {
                invocation.fail(error.message)
                return nil
            }
        }
        if conflicts > 0 {
            invocation.fail("\(conflicts) conflict\(conflicts == 1 ? "" : "s") between the copies are marked in the journal",
                            help: "`sitecycle check` shows where; fix them in an editor")
            return nil
        }
        return copies.count
    }
}

/// The parts of a commit message for one journal edit.
enum CommitSummary {
    static func describe(old: Journal, new: Journal) -> [String] {
        let before = MergeVersion(old), after = MergeVersion(new)
        var parts: [String] = []
        let renames = detectRenames(base: before, side: after)
        // Site changes by start instant; a change that only follows a
        // rename is the rename, not an amendment.
        var added: [SiteChange] = [], amended: [SiteChange] = [], deleted: [SiteChange] = []
        var oldAt: [Int64: SiteChange] = [:]
        for c in old.changes { oldAt[c.start.seconds] = c }
        var newStarts = Set<Int64>()
        for c in new.changes {
            newStarts.insert(c.start.seconds)
            guard let was = oldAt[c.start.seconds] else { added.append(c); continue }
            let location = was.location.map { renames[$0] ?? $0 }
            if location != c.location || was.note != c.note { amended.append(c) }
        }
        for c in old.changes where !newStarts.contains(c.start.seconds) { deleted.append(c) }
        func what(_ c: SiteChange) -> String { c.isRemoval ? "removed \(displayStart(c))" : "\(c.location!) \(displayStart(c))" }
        func list(_ cs: [SiteChange]) -> String {
            cs.prefix(3).map(what).joined(separator: ", ") + (cs.count > 3 ? ", …" : "")
        }
        switch added.count {
        case 0: break
        case 1: parts.append(added[0].isRemoval ? "remove \(displayStart(added[0]))" : "log " + what(added[0]))
        default: parts.append("log \(added.count) site changes, the last \(what(added.last!))")
        }
        switch amended.count {
        case 0: break
        case 1: parts.append("amend " + what(amended[0]))
        default: parts.append("amend \(amended.count) site changes: " + list(amended))
        }
        switch deleted.count {
        case 0: break
        case 1: parts.append("delete " + what(deleted[0]))
        default: parts.append("delete \(deleted.count) site changes: " + list(deleted))
        }
        for k in DirectiveSyntax.Keyword.allCases where k != .location {
            switch (before.settings[k]?.value, after.settings[k]?.value) {
            case let (a, b?) where a != b: parts.append("set \(k.rawValue) \(b)")
            case (_?, nil): parts.append("unset \(k.rawValue)")
            default: break
            }
        }
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) { parts.append("rename location \(from) to \(to)") }
        for name in after.locationOrder where before.locations[name] == nil && !renames.values.contains(name) {
            parts.append("add location \(name)")
        }
        for name in before.locationOrder {
            guard let was = before.locations[name] else { continue }
            if let now = after.locations[name] {
                if was.enabled != now.enabled { parts.append("\(now.enabled ? "enable" : "disable") location \(name)") }
            } else if renames[name] == nil {
                parts.append("remove location \(name)")
            }
        }
        return parts
    }
}
