/// How sync ends a merge: whoever made it (the driver, git's own text or
/// binary merge, a person by hand), the journal is checked against both
/// sides (`MergeInvariant`) before anything is committed.
extension SyncService.Run {
    /// The three versions a merge under way joins: BASE (nil without one),
    /// OURS (HEAD) and THEIRS (MERGE_HEAD); a side without the journal is
    /// empty.
    struct Sides {
        var base: [UInt8]?
        var ours: [UInt8]
        var theirs: [UInt8]
    }

    func blob(_ revision: String, _ relative: String, top: String) -> [UInt8]? {
        let r = git.run(["show", "\(revision):\(relative)"], in: top)
        return r.ok ? Array(r.stdout.utf8) : nil
    }

    func sides(relative: String, top: String) -> Sides {
        let base = git.value(["merge-base", "HEAD", "MERGE_HEAD"], in: top).flatMap { blob($0, relative, top: top) }
        return Sides(base: base, ours: blob("HEAD", relative, top: top) ?? [],
                     theirs: blob("MERGE_HEAD", relative, top: top) ?? [])
    }

    /// The stages git holds of an unmerged journal ("1", "2", "3"); empty
    /// when git merged it.
    func unmergedStages(relative: String, top: String) -> Set<Substring> {
        let listed = git.run(["ls-files", "-u", "-z", "--", relative], in: top)
        var stages = Set<Substring>()
        for record in listed.stdout.split(separator: "\0") {
            let fields = record.split(separator: "\t", maxSplits: 1).first?.split(separator: " ") ?? []
            if fields.count == 3 { stages.insert(fields[2]) }
        }
        return stages
    }

    /// What git writes into the journal for a merge: the driver's merge
    /// by meaning, its own text merge with markers, or OURS as it was
    /// (`-merge`, `binary`, a driver that could not run).
    enum GitsMerge: Equatable {
        case driver, text, keptOurs
    }

    /// Concludes the merge under way: `remote` names where it came from
    /// when sync has just run it, nil for one found under way (sync stopped
    /// on it, or a person ran `git pull`). The journal is committed only
    /// when it keeps every entry of both sides; git's own result that does
    /// not is merged again by meaning, and a person's own is never
    /// overwritten.
    mutating func concludeMerge(relative: String, top: String, remote: (name: String, branch: String)?,
                                madeBy made: GitsMerge = .driver) throws(SyncError) {
        let stages = unmergedStages(relative: relative, top: top)
        // modify/delete: THEIRS deleted the journal OURS changed.
        if stages.contains("2") && !stages.contains("3") { throw .journalDeletedInMerge(journal: request.journal) }
        let sides = sides(relative: relative, top: top)
        let current: [UInt8]
        do { current = try fileSystem.read(request.journal) } catch { throw .journalUnreadable(error) }
        let breaches = MergeInvariant.check(base: sides.base, ours: sides.ours, theirs: sides.theirs, result: current,
                                            defaultZone: service.defaultZone)
        let merged = JournalMerge.merge(base: SourceFile(path: "base", bytes: sides.base ?? []),
                                        ours: SourceFile(path: "ours", bytes: sides.ours),
                                        theirs: SourceFile(path: "theirs", bytes: sides.theirs),
                                        defaultZone: service.defaultZone)
        // Only what git (or sync) wrote may be merged over: a journal that
        // changed since is a person's resolution, begun or done.
        let marked = MergeInvariant.hasMarkers(current)
        let gitsText = marked && !stages.isEmpty && isGitsTextMerge(current, relative: relative, top: top)
        let gitsOwn = remote != nil || gitsText || current == merged.bytes
            || (made == .keptOurs && !stages.isEmpty && current == sides.ours)
        if marked {
            if gitsText {
                try remerge(current, sides, atStake: [], byText: true, relative: relative, top: top)
            } else if remote != nil && !breaches.isEmpty {
                try remerge(current, sides, atStake: breaches, byText: false, relative: relative, top: top)
            }
        } else if !breaches.isEmpty {
            if gitsOwn {
                // git kept OURS whole and the journal unmerged (a binary
                // merge, `-merge`, a driver that did not run), or sync's own
                // merge just now lost lines.
                try remerge(current, sides, atStake: breaches, byText: false, relative: relative, top: top)
            } else {
                // A person's resolution may keep either side of what was in
                // conflict (or drop it), and only that.
                let split = MergeInvariant.sides(of: merged.bytes)
                let both = MergeInvariant.lines(of: split.ours).map { MergeInvariant.trimmed($0) }
                let either = Set(MergeInvariant.lines(of: split.theirs).map { MergeInvariant.trimmed($0) })
                let clean = Set(both).intersection(either)
                let lost = breaches.filter { clean.contains($0.line) }
                if !lost.isEmpty { throw .resolutionDropsEntries(journal: request.journal, atStake: lost) }
            }
        }
        // What the merge by meaning kept and why: git's driver says it on
        // git's stderr, which sync does not show, so sync says it for the
        // journal that is that merge (the same three versions, the same
        // notes).
        if !merged.notes.isEmpty, (try? fileSystem.read(request.journal)) == merged.bytes {
            emit(.mergeNotes(merged.notes, from: remote.map { "\($0.name)/\($0.branch)" }))
        }
        // `git add` would take any other file's conflict as resolved, markers and all.
        try refuseOtherConflicts(relative: relative, top: top)
        // The driver's markers, or a person's, or ours: theirs to resolve.
        try stopOnMarkers(justMerged: remote != nil)
        let journal = try readJournal()
        guard !journal.diagnostics.hasErrors else { throw .journalHasErrors(journal) }
        var paths = [relative]
        if fileSystem.exists(top + "/.gitattributes") { paths.append(".gitattributes") }
        let add = git.run(["add", "--"] + paths, in: top)
        guard add.ok else { throw .addFailed(reason: add.reason) }
        // A merge commit takes everything the merge staged: no pathspec.
        let r = git.run(["commit", "-q", "--no-edit"], in: top)
        guard r.ok else { throw .concludeFailed(reason: r.reason) }
        if let remote { emit(.mergedRemote(remote: remote.name, branch: remote.branch)) } else { emit(.concludedMerge) }
        let found = MergeDuplicates.find(result: journal, sides: [sides.ours, sides.theirs], defaultZone: service.defaultZone)
        if !found.duplicates.isEmpty { emit(.probableDuplicates(found.duplicates)) }
        if !found.differentSites.isEmpty {
            emit(.differentSites(found.differentSites, from: remote.map { "\($0.name)/\($0.branch)" }))
        }
    }

    /// Files other than the journal that git left unmerged (a
    /// `.gitattributes` both sides changed, a note file): never added, so
    /// never committed or pushed with git's markers; said by name.
    func refuseOtherConflicts(relative: String, top: String) throws(SyncError) {
        let listed = git.run(["diff", "--name-only", "--diff-filter=U", "-z"], in: top)
        let others = listed.stdout.split(separator: "\0").map(String.init).filter { $0 != relative }
        if !others.isEmpty { throw .otherFilesInConflict(Array(Set(others)).sorted()) }
    }

    /// Markers in the journal: said with their lines, never concluded.
    func stopOnMarkers(justMerged: Bool) throws(SyncError) {
        let lines = try readJournal().diagnostics.filter { $0.code == .mergeConflict }.map(\.line)
        guard !lines.isEmpty else { return }
        if justMerged { throw .mergeConflict(journal: request.journal, lines: lines) }
        throw .conflictMarkersRemain(journal: request.journal, lines: lines)
    }

    /// Merges the three versions by meaning and puts the result in place of
    /// git's, which is kept in the git folder (`.git/sitecycle/`). A result
    /// of ours that would itself break the rule is not trusted either: both
    /// sides are then kept whole between markers.
    mutating func remerge(_ current: [UInt8], _ sides: Sides, atStake: [MergeInvariant.Breach], byText: Bool,
                          relative: String, top: String) throws(SyncError) {
        let ours = SourceFile(path: request.journal, bytes: sides.ours)
        let theirs = SourceFile(path: request.journal, bytes: sides.theirs)
        var merge = JournalMerge.merge(base: SourceFile(path: "base", bytes: sides.base ?? []), ours: ours, theirs: theirs,
                                       defaultZone: service.defaultZone)
        var atStake = atStake
        let again = MergeInvariant.check(base: sides.base, ours: sides.ours, theirs: sides.theirs, result: merge.bytes,
                                         defaultZone: service.defaultZone)
        if !again.isEmpty {
            merge = JournalMerge.wholeFileConflict(ours, theirs)
            atStake += again.filter { !atStake.contains($0) }
        }
        var kept: String?
        if current != sides.ours {
            guard let gitFolder = git.value(["rev-parse", "--absolute-git-dir"], in: top) else {
                throw .stageUnreadable(stage: 2, reason: "git did not say where its folder is")
            }
            let name = String(path.split(separator: "/").last ?? "journal") + (byText ? ".marked" : ".merged-by-git")
            let saved: String
            do { saved = try service.folder.saveAside(current, as: name, in: gitFolder + "/sitecycle") } catch {
                throw .copyNotMovedAside(error)
            }
            let root = service.folder.resolvedPath(top) + "/"
            kept = saved.hasPrefix(root) ? String(saved.dropFirst(root.count)) : saved
        }
        let recordFailure = try replaceJournal(expecting: current, with: merge.bytes, marked: merge.conflicts > 0)
        emit(.journalWritten(before: current, after: merge.bytes))
        if let recordFailure { emit(.notRecorded(recordFailure)) }
        if byText {
            emit(.mergedTextConflict(keptAt: kept ?? "", conflicts: merge.conflicts))
        } else {
            emit(.remerged(atStake: atStake, keptAt: kept, conflicts: merge.conflicts))
        }
    }

    /// The one way sync writes the journal over git's result: a
    /// transaction (the lock, the bytes it expects, the result re-read);
    /// a journal that changed since git wrote it is left as it is. Only a
    /// result with conflicts marked may have errors. The write is
    /// remembered for `undo` under the same lock; why it could not be.
    func replaceJournal(expecting current: [UInt8], with bytes: [UInt8], marked: Bool) throws(SyncError) -> FileError? {
        var transaction = JournalTransaction(fileSystem: fileSystem, path: request.journal, defaultZone: service.defaultZone)
        transaction.acceptsErrors = true
        transaction.recording = service.recording
        let journal = request.journal
        do throws(ServiceError) {
            return try transaction.run { found throws(ServiceError) -> PlannedChange<Void> in
                guard found.source.bytes.same(as: current) else {
                    throw ServiceError(.changedMeanwhile(path: journal))
                }
                var editor = JournalEditor(source: found.source)
                editor.replaceAll(with: bytes)
                return PlannedChange(editor: editor, writesConflictMarkers: marked) { _ in }
            }.recordFailure
        } catch {
            if case .changedMeanwhile = error.reason { throw .journalChangedMeanwhile(journal: journal) }
            throw .journalNotReplaced(error)
        }
    }

    /// Whether the journal is exactly what git's own text merge of the
    /// three versions it holds makes (labels aside): only then is it git's
    /// doing and may be merged again by meaning. Marker-like lines that
    /// are a version's committed content, the driver's own markers, and a
    /// resolution a person has begun all differ from it.
    func isGitsTextMerge(_ current: [UInt8], relative: String, top: String) -> Bool {
        let out = git.run(["checkout-index", "--stage=all", "--temp", "--", relative], in: top)
        guard out.ok, let names = out.stdout.split(separator: "\t").first?.split(separator: " "), names.count == 3 else {
            return false
        }
        let temporary = names.filter { $0 != "." }.map { top + "/" + $0 }
        defer { for file in temporary { try? fileSystem.remove(file) } }
        guard names[1] != ".", names[2] != "." else { return false }
        let base = names[0] == "." ? "/dev/null" : String(names[0])
        // git labels its markers with names and commits; the driver's own
        // `<<<<<<< ours` / `>>>>>>> theirs` are never git's.
        func normalized(_ bytes: [UInt8]) -> [String] {
            MergeInvariant.lines(of: bytes).map { line in
                let text = MergeInvariant.trimmed(line)
                guard let m = MergeInvariant.marker(line) else { return text }
                return text == "<<<<<<< ours" || text == ">>>>>>> theirs" ? text : String(repeating: m, count: 7)
            }
        }
        let want = normalized(current)
        // Each conflict style a person may have configured.
        for style in [nil, "diff3", "zdiff3"] {
            let files = ["--", String(names[1]), base, String(names[2])]
            let r = git.run(["merge-file", "-p"] + (style.map { ["--" + $0] } ?? []) + files, in: top)
            guard r.status >= 0, r.status < 128 else { continue }
            if normalized(Array(r.stdout.utf8)) == want { return true }
        }
        return false
    }

    /// Before merging: a remote that deleted (or moved) the journal BASE
    /// and HEAD have is refused, before git takes it away here too; so is
    /// one that made it a symlink (or anything but a file) where HEAD has
    /// a file: git would check the link out, and the next write would
    /// follow it wherever the remote pointed it.
    func refuseDeletedJournal(relative: String, tracking: String, remote: String, branch: String, top: String) throws(SyncError) {
        // `MODE TYPE OBJECT<TAB>PATH`; a file is 100644 or 100755.
        let entry = { (commit: String) in git.value(["ls-tree", "--full-tree", commit, "--", relative], in: top) ?? "" }
        let theirs = entry(tracking)
        if let mode = theirs.split(separator: " ").first, mode != "100644", mode != "100755", theirs != entry("HEAD") {
            throw .journalReplacedOnRemote(journal: relative, remote: remote, branch: branch, symlink: mode == "120000")
        }
        guard !git.run(["cat-file", "-e", "\(tracking):\(relative)"], in: top).ok,
              let base = git.value(["merge-base", "HEAD", tracking], in: top),
              git.run(["cat-file", "-e", "\(base):\(relative)"], in: top).ok else { return }
        throw .journalDeletedOnRemote(journal: relative, remote: remote, branch: branch)
    }
}
