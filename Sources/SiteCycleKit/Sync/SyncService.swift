import FoundationEssentials

/// `sync` as a request and an outcome: merge the conflict copies beside the
/// journal, then, in a git repository, commit the journal, fetch and merge
/// the remote branch through the journal merge driver (or conclude a merge
/// it stopped on), and push. Every git step's exit status is checked; the
/// first failure ends the run with a `SyncError` saying why and what to do.
///
/// It lives in `Sync/` with the pieces it drives (`Git`, `ConflictCopies`,
/// `JournalMerge`, the merge model): unlike the services in `Services/`,
/// which plan one edit of one journal, it runs processes and moves files.
package struct SyncService {
    package struct Request: Sendable {
        /// The journal's path as named (messages and file reads use it).
        package var journal: String
        /// Only configure the merge driver and `.gitattributes` (`--setup`).
        package var setupOnly = false
        /// Seconds fetch or push may take before git is stopped.
        package var timeout: Double = 60
        /// The binary git's merge driver line calls.
        package var executable: String

        package init(journal: String, setupOnly: Bool = false, timeout: Double = 60,
                     executable: String = SyncService.executable) {
            self.journal = journal
            self.setupOnly = setupOnly
            self.timeout = timeout
            self.executable = executable
        }
    }

    /// One thing setting up changed.
    package enum SetupChange: Equatable, Sendable {
        /// Added this line to `.gitattributes`.
        case attributesLine(String)
        /// Set this git config key.
        case config(key: String)
        /// Made the journal (this path, relative to the top) readable by
        /// its owner only.
        case madePrivate(String)
        /// Pointed `merge.sitecycle.driver` at this binary: it ran `was`
        /// (a binary since moved or reinstalled elsewhere).
        case driverRepointed(was: String)
        /// Moved our `.gitattributes` line to the end: a later line set
        /// the journal's merge attribute to `overriding` (`unset` for
        /// `-merge` or `binary`).
        case attributesLineMovedLast(overriding: String)
    }

    /// One thing sync did, in the order it did them.
    package enum Event: Equatable, Sendable {
        /// Configured git to merge `journal` (relative to the top) with
        /// sitecycle; `changes` is what it changed, empty when nothing was needed.
        case setUp(journal: String, changes: [SetupChange])
        /// A conflict copy changed the journal: the bytes before and after.
        case journalWritten(before: [UInt8], after: [UInt8])
        /// A conflict copy was merged into the journal and moved aside.
        case mergedCopy(String, movedTo: String)
        /// The merge by meaning of this copy would have dropped or changed
        /// the entries `atStake` (`MergeInvariant`): it was not written;
        /// the journal and the copy are both kept whole between markers.
        case keptBothOfCopy(String, atStake: [MergeInvariant.Breach])
        /// A conflict copy that is no regular file (`kind`: "a symbolic
        /// link", …) was left alone, its target unread; the others merged.
        case skippedCopy(String, kind: String)
        /// A merge just made (git's or a conflict copy's) put these entries
        /// side by side, one from each side: the same change most probably
        /// logged on two computers.
        case probableDuplicates([ProbableDuplicate])
        /// A merge just made put these changes of one device at different
        /// locations close together, one from each side (`DifferentSitesLogged`):
        /// both kept. `from` names THEIRS: the remote branch merged, the
        /// conflict copy, or nil for a merge found under way.
        case differentSites([DifferentSitesLogged], from: String?)
        /// The journal was written but `undo` cannot reverse it: its record
        /// could not be kept.
        case notRecorded(FileError)
        /// What merging that copy kept, and why (a deletion or amendment
        /// made here since the copy went apart; see `ConflictCopyMerge`).
        case keptInCopy([MergeNote])
        /// git had merged the journal as text (a plain `git pull` before
        /// `--setup`) and left its markers: the three versions it kept were
        /// merged by meaning instead; the marked file was kept at `keptAt`
        /// (relative to the top of the work tree when inside it).
        case mergedTextConflict(keptAt: String, conflicts: Int)
        /// git's merge dropped or changed the entries `atStake` (its
        /// result, kept at `keptAt` unless it was OURS whole, broke the
        /// `MergeInvariant`): the journal was merged by meaning instead.
        case remerged(atStake: [MergeInvariant.Breach], keptAt: String?, conflicts: Int)
        /// What git's merge by meaning kept and why (see `MergeNote`);
        /// `from`: the remote branch merged, nil for a merge found under way.
        case mergeNotes([MergeNote], from: String?)
        /// A merge sync had stopped on was committed with the fixed journal.
        case concludedMerge
        /// The journal was committed with this message.
        case committed(message: String)
        /// The repository has no remote: the commit stays here.
        case noRemote
        /// The remote branch brought changes, merged into HEAD.
        case mergedRemote(remote: String, branch: String)
        /// The push lost a race: another clone pushed to the remote's branch
        /// since the fetch. Sync fetches, merges and pushes again (this is
        /// try `retry` of `of`).
        case lostPushRace(remote: String, branch: String, retry: Int, of: Int)
        /// Pushed: HEAD is the remote branch.
        case inSync(remote: String, branch: String)
    }

    /// How many times sync fetches, merges and pushes again after another
    /// clone's push beat its own, before it gives up.
    package static let pushRetries = 3

    /// Everything a run did.
    package struct Outcome: Equatable, Sendable {
        package var events: [Event] = []

        package var mergedCopies: Int { events.filter { if case .mergedCopy = $0 { true } else { false } }.count }
        package var commitMessage: String? {
            events.lazy.compactMap { if case .committed(let m) = $0 { m } else { nil } }.first
        }
        package var pushed: Bool { events.contains { if case .inSync = $0 { true } else { false } } }
    }

    let git: GitRunner
    let fileSystem: FileSystem
    let folder: SyncFolder
    /// The zone for a journal without a `timezone` line.
    let defaultZone: ZoneRules
    /// The run's clock: like every change of the journal, merging a
    /// conflict copy first reads "now" in the journal's zone, and a "now"
    /// that does not read stops the merge. Nil: the clock alone.
    let clock: RunClock?
    /// The environment git runs in: its `GIT_AUTHOR_*`, `GIT_COMMITTER_*`
    /// and `EMAIL` count as an identity, as they do for git.
    let environment: [String: String]
    /// Where each write of the journal is remembered for `undo`, under the
    /// write's own lock; nil: nowhere (the command says so).
    let recording: UndoRecording?

    package init(git: GitRunner, fileSystem: FileSystem, folder: SyncFolder, defaultZone: ZoneRules,
                 environment: [String: String] = [:], recording: UndoRecording? = nil,
                 clock: RunClock? = nil) {
        self.git = git
        self.fileSystem = fileSystem
        self.folder = folder
        self.defaultZone = defaultZone
        self.environment = environment
        self.recording = recording
        self.clock = clock
    }

    /// Runs the request; `progress` hears each event as it happens (the
    /// command prints them then, so what was done shows before any error).
    package func sync(_ request: Request, progress: @escaping (Event) -> Void = { _ in }) throws(SyncError) -> Outcome {
        var run = Run(service: self, request: request, progress: progress)
        try run.sync()
        return run.outcome
    }

    /// The running binary, for the merge driver line.
    package static var executable: String {
        if let link = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return link }
        return JournalStore.resolvedPath(CommandLine.arguments.first ?? "sitecycle")
    }

    /// The journal's path as a .gitattributes pattern that matches exactly
    /// it: glob characters escaped, and a name with spaces, quotes, line
    /// breaks or other control characters written in C-style quotes, as
    /// gitattributes allows — a newline in the name never starts a line.
    package static func attributesPattern(_ path: String) -> String {
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

    package static func shellQuoted(_ s: String) -> String {
        s.allSatisfy({ $0.isLetter || $0.isNumber || "/._-+".contains($0) }) ? s : "'" + s.replacingAll("'", with: "'\\''") + "'"
    }
}

extension SyncService {
    /// One run: the request, and the events so far.
    struct Run {
        let service: SyncService
        let request: Request
        let progress: (Event) -> Void
        var outcome = Outcome()
        /// The journal's real path (links resolved): git's paths are relative to the top.
        let path: String

        init(service: SyncService, request: Request, progress: @escaping (Event) -> Void) {
            self.service = service
            self.request = request
            self.progress = progress
            path = service.folder.resolvedPath(request.journal)
        }

        var git: GitRunner { service.git }
        var fileSystem: FileSystem { service.fileSystem }

        mutating func emit(_ event: Event) {
            outcome.events.append(event)
            progress(event)
        }

        mutating func sync() throws(SyncError) {
            let top = git.topLevel(of: JournalStore.parentFolder(of: path))
            if request.setupOnly {
                guard let top else { throw .notARepository(journal: request.journal) }
                try setup(top: top, quiet: false)
                return
            }
            // Before anything changes: without a name and an email git
            // refuses every commit, after sync would have set up and merged.
            if let top { try requireIdentity(top: top) }
            let merged = try mergeConflictCopies()
            guard let top else {
                if merged > 0 { return }
                throw .nothingToSync(journal: request.journal)
            }
            try syncWithGit(top: top)
        }

        // MARK: git

        func relativePath(top: String) -> String {
            let root = service.folder.resolvedPath(top)
            return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
        }

        /// git writes the files it checks out readable by everyone (0666
        /// less the umask): after the git steps the journal is private again.
        func keepPrivate() { _ = try? service.folder.makePrivate(path) }

        /// The journal as named, parsed, errors and all.
        func readJournal() throws(SyncError) -> Journal {
            let bytes: [UInt8]
            do { bytes = try fileSystem.read(request.journal) } catch { throw .journalUnreadable(error) }
            return JournalBuilder.load(SourceFile(path: request.journal, bytes: bytes), defaultZone: service.defaultZone)
        }

        /// Every git command runs at the top of the work tree, where the paths
        /// it is given (relative to the top) mean what they say; every exit
        /// status is checked.
        mutating func syncWithGit(top: String) throws(SyncError) {
            defer { keepPrivate() }
            // A commit on a detached HEAD is left behind by the checkout
            // that ends it: refused before anything is committed, so the
            // change is still in the work tree for git to carry over.
            if git.run(["symbolic-ref", "-q", "HEAD"], in: top).status == 1 { throw .detachedHead(journal: request.journal) }
            let relative = relativePath(top: top)
            let journal = try preflight(relative: relative, top: top)
            try commitChanges(journal, relative: relative, top: top)
            guard let (remote, branch) = try remoteAndBranch(top: top) else { return }
            let tracking = try fetchAndMerge(remote: remote, branch: branch, relative: relative, top: top)
            try push(remote: remote, branch: branch, tracking: tracking, relative: relative, top: top)
        }

        /// Before anything is committed: the merge driver set up and really
        /// in effect, a merge under way concluded (or said why not), and
        /// the journal free of errors.
        mutating func preflight(relative: String, top: String) throws(SyncError) -> Journal {
            // Every time: a binary moved since, or a later attributes line,
            // would hand the next merge to git's text or binary merge.
            // A merge found under way was made by git as it was set up
            // then: asked before setup changes that.
            let found = git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: top).ok
            // A conflicted .gitattributes is not set up over.
            if found { try refuseOtherConflicts(relative: relative, top: top) }
            let made = found ? gitsMerge(relative, top: top) : nil
            try setup(top: top, quiet: true)
            if let made { try concludeMerge(relative: relative, top: top, remote: nil, madeBy: made) }
            let journal = try readJournal()
            guard !journal.diagnostics.hasErrors else { throw .journalHasErrors(journal) }
            return journal
        }

        /// Commits what changed here: the journal, and .gitattributes.
        mutating func commitChanges(_ journal: Journal, relative: String, top: String) throws(SyncError) {
            var paths = [relative]
            if fileSystem.exists(top + "/.gitattributes") { paths.append(".gitattributes") }
            let add = git.run(["add", "--"] + paths, in: top)
            guard add.ok else { throw .addFailed(reason: add.reason) }
            let staged = git.run(["diff", "--cached", "--quiet", "--"] + paths, in: top)
            switch staged.status {
            case 0: break
            case 1:
                let message = commitMessage(journal, relative: relative, top: top)
                let r = git.run(["commit", "-q", "-m", message, "--"] + paths, in: top)
                guard r.ok else { throw .commitFailed(reason: r.reason) }
                emit(.committed(message: message))
            default:
                throw .diffFailed(reason: staged.reason)
            }
        }

        /// The first remote and the branch checked out; nil (and said so)
        /// when there is no remote.
        mutating func remoteAndBranch(top: String) throws(SyncError) -> (remote: String, branch: String)? {
            let remotes = git.run(["remote"], in: top)
            guard remotes.ok else { throw .remotesFailed(reason: remotes.reason) }
            let names = remotes.stdout.split(separator: "\n").map(String.init)
            guard !names.isEmpty else {
                emit(.noRemote)
                return nil
            }
            guard let branch = git.value(["symbolic-ref", "--short", "HEAD"], in: top) else {
                throw .detachedHead(journal: request.journal)
            }
            // The remote `git pull` would use: the branch's upstream, else
            // `origin`, else the only one (git lists them sorted, so the
            // first of several is no choice of the user's).
            let upstream = git.value(["config", "--get", "branch.\(branch).remote"], in: top).flatMap { names.contains($0) ? $0 : nil }
            let remote = upstream ?? (names.contains("origin") ? "origin" : names[0])
            // Names from the repository's config reach git's command line: one
            // that starts with "-" would be read as an option (`--upload-pack=…`
            // runs a program), so it is refused, and `--` goes before each.
            if remote.hasPrefix("-") { throw .optionLikeRemote(remote) }
            if branch.hasPrefix("-") { throw .optionLikeBranch(branch) }
            return (remote, branch)
        }

        /// Fetches `remote` and merges its `branch`, when it has one, without
        /// committing: the merge is checked before it is concluded. The
        /// tracking ref.
        mutating func fetchAndMerge(remote: String, branch: String, relative: String, top: String) throws(SyncError) -> String {
            try fetch(remote, top: top)
            return try mergeFetched(remote: remote, branch: branch, relative: relative, top: top)
        }

        func fetch(_ remote: String, top: String) throws(SyncError) {
            let fetch = git.run(["fetch", "-q", "--", remote], in: top, timeout: request.timeout)
            if fetch.timedOut { throw .timedOut(remote: remote, seconds: request.timeout, while: "fetching") }
            guard fetch.ok else { throw .fetchFailed(remote: remote, reason: fetch.reason) }
        }

        /// Merges the fetched `branch` of `remote` (see `fetchAndMerge`).
        mutating func mergeFetched(remote: String, branch: String, relative: String, top: String) throws(SyncError) -> String {
            let tracking = "refs/remotes/\(remote)/\(branch)"
            let exists = git.run(["rev-parse", "--verify", "-q", tracking + "^{commit}"], in: top)
            if exists.ok {
                try refuseDeletedJournal(relative: relative, tracking: tracking, remote: remote, branch: branch, top: top)
                let before = git.value(["rev-parse", "HEAD"], in: top)
                let merge = git.run(["merge", "-q", "--no-commit", "--no-edit", "--", tracking], in: top)
                if git.run(["rev-parse", "-q", "--verify", "MERGE_HEAD"], in: top).ok {
                    try concludeMerge(relative: relative, top: top, remote: (remote, branch))
                } else {
                    guard merge.ok else { throw .mergeFailed(reason: merge.reason) }
                    // A fast-forward: HEAD was BASE, so nothing of ours is lost.
                    if before != git.value(["rev-parse", "HEAD"], in: top) { emit(.mergedRemote(remote: remote, branch: branch)) }
                }
            } else if exists.status != 1 {
                throw .revParseFailed(reason: exists.reason)
            }
            return tracking
        }

        /// Pushes `branch`, then checks the remote's branch is where ours is.
        /// A push another clone's push beat (the remote's branch moved since
        /// the fetch: git says "fetch first" or "failed to update ref") is
        /// no failure of the remote: sync fetches, merges and pushes again,
        /// up to `SyncService.pushRetries` times, and says so each time.
        mutating func push(remote: String, branch: String, tracking: String, relative: String, top: String) throws(SyncError) {
            var tracking = tracking
            for retry in 1...(SyncService.pushRetries + 1) {
                let push = git.run(["push", "-q", "-u", "--", remote, "refs/heads/\(branch):refs/heads/\(branch)"], in: top,
                                   timeout: request.timeout)
                if push.timedOut { throw .timedOut(remote: remote, seconds: request.timeout, while: "pushing") }
                if push.ok { break }
                // Whether it lost a race is what the remote holds now, not
                // how git worded the refusal; a remote that cannot be
                // fetched either was no race.
                guard (try? fetch(remote, top: top)) != nil, remoteMoved(tracking: tracking, top: top) else {
                    throw .pushFailed(remote: remote, reason: push.reason)
                }
                guard retry <= SyncService.pushRetries else {
                    throw .pushRaceLost(remote: remote, branch: branch, attempts: retry)
                }
                emit(.lostPushRace(remote: remote, branch: branch, retry: retry, of: SyncService.pushRetries))
                tracking = try mergeFetched(remote: remote, branch: branch, relative: relative, top: top)
            }
            let head = git.value(["rev-parse", "HEAD"], in: top)
            guard let head, head == git.value(["rev-parse", "--verify", "-q", tracking], in: top) else {
                throw .stillDiffer(remote: remote, branch: branch)
            }
            emit(.inSync(remote: remote, branch: branch))
        }

        /// Whether the fetched remote branch has commits HEAD lacks.
        func remoteMoved(tracking: String, top: String) -> Bool {
            git.run(["rev-parse", "--verify", "-q", tracking + "^{commit}"], in: top).ok
                && git.run(["merge-base", "--is-ancestor", tracking, "HEAD"], in: top).status == 1
        }

        /// What changed since the last commit, in the user's words: the site
        /// changes logged, amended and deleted, then the settings and locations,
        /// then .gitattributes ("log Left Hip 2026-03-04 08:00; set target 48h").
        func commitMessage(_ journal: Journal, relative: String, top: String) -> String {
            let before = git.run(["show", "HEAD:\(relative)"], in: top)
            guard before.ok else { return "Start the site journal" }
            let old = JournalBuilder.load(SourceFile(path: relative, text: before.stdout), defaultZone: journal.zone)
            var parts = CommitSummary.describe(old: old, new: journal)
            let staged = git.value(["diff", "--cached", "--name-only", "--", ".gitattributes"], in: top) ?? ""
            if !staged.isEmpty {
                let existed = git.run(["cat-file", "-e", "HEAD:.gitattributes"], in: top).ok
                parts.append((existed ? "update" : "add") + " .gitattributes (merge driver)")
            }
            if parts.isEmpty { return "reformat the journal (comments and layout only)" }
            return parts.joined(separator: "; ")
        }
    }
}
