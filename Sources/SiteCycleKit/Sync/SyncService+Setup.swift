import FoundationEssentials

/// Setting a clone up for `sync` (the merge driver in git's config, the
/// journal's line in `.gitattributes`), and the checks before a commit:
/// git must merge the journal with sitecycle, and know who commits.
extension SyncService.Run {
    mutating func setup(top: String, quiet: Bool) throws(SyncError) {
        let relative = relativePath(top: top)
        let pattern = SyncService.attributesPattern(relative)
        let attributes = top + "/.gitattributes"
        let line = "\(pattern) merge=sitecycle"
        // Never replace a file we could not read with our one line.
        let existing: String
        do { existing = try service.folder.text(attributes) ?? "" } catch { throw .attributesNotWritten(error) }
        var did: [SyncService.SetupChange] = []
        if !existing.split(separator: "\n").contains(where: { $0.trimmingBlanks() == line }) {
            let text = existing + (existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n") + line + "\n"
            do { try service.folder.replaceAttributes(attributes, with: Array(text.utf8)) } catch {
                throw .attributesNotWritten(error)
            }
            did.append(.attributesLine(line))
        }
        let driver = driverLine
        for (key, value) in [("merge.sitecycle.name", "sitecycle journal merge"), ("merge.sitecycle.driver", driver)] {
            let was = git.value(["config", "--get", key], in: top)
            guard was != value else { continue }
            let r = git.run(["config", key, value], in: top)
            guard r.ok else { throw .configFailed(key: key, reason: r.reason) }
            did.append(key.hasSuffix(".driver") && was != nil ? .driverRepointed(was: was!) : .config(key: key))
        }
        // What git will use, not what the file says: a later line
        // (`* binary`, `-merge`, a remote's own) overrides ours.
        let inEffect = mergeAttribute(relative, top: top)
        if inEffect != "sitecycle" {
            if did.contains(.attributesLine(line)) { throw .driverNotInEffect(journal: relative, value: inEffect) }
            let others = existing.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.trimmingBlanks() != line }.joined(separator: "\n")
            let text = others + (others.isEmpty || others.hasSuffix("\n") ? "" : "\n") + line + "\n"
            do { try service.folder.replaceAttributes(attributes, with: Array(text.utf8)) } catch {
                throw .attributesNotWritten(error)
            }
            did.append(.attributesLineMovedLast(overriding: inEffect))
            let now = mergeAttribute(relative, top: top)
            if now != "sitecycle" { throw .driverNotInEffect(journal: relative, value: now) }
        }
        // A clone's files are readable by everyone (0666 less the umask).
        if (try? service.folder.makePrivate(path)) == true { did.append(.madePrivate(relative)) }
        if !quiet || !did.isEmpty { emit(.setUp(journal: relative, changes: did)) }
    }

    /// git's `merge.sitecycle.driver` line that runs this binary.
    var driverLine: String { "\(SyncService.shellQuoted(request.executable)) merge %O %A %B" }

    /// Which merge git makes of the journal as the repository is set
    /// up now (for a merge a person ran, before sync sets anything up).
    func gitsMerge(_ relative: String, top: String) -> GitsMerge {
        let attribute = mergeAttribute(relative, top: top)
        switch attribute {
        case "unspecified", "set", "text": return .text
        case "unset", "binary": return .keptOurs
        default:
            // A driver git has no line for is git's text merge; one
            // that cannot run leaves OURS as it was.
            guard let line = git.value(["config", "--get", "merge.\(attribute).driver"], in: top) else { return .text }
            return attribute == "sitecycle" && line == driverLine ? .driver : .keptOurs
        }
    }

    /// The `merge` attribute git gives the journal (`sitecycle`,
    /// `unset`, `unspecified`, `binary`, …).
    func mergeAttribute(_ relative: String, top: String) -> String {
        let r = git.run(["check-attr", "-z", "merge", "--", relative], in: top)
        let fields = r.stdout.split(separator: "\0", omittingEmptySubsequences: false)
        return r.ok && fields.count >= 3 ? String(fields[2]) : "unknown (\(r.reason))"
    }

    /// git commits only with a name and an email: from its config as git
    /// reads it in this repository (`user.*`, or `author.*` and
    /// `committer.*`) or from the environment git runs in.
    func requireIdentity(top: String) throws(SyncError) {
        let found = git.run(["config", "--get-regexp", "^(user|author|committer)\\.(name|email)$"], in: top)
        var set = Set<String>()
        for line in found.stdout.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            if parts.count == 2, !parts[1].trimmingBlanks().isEmpty { set.insert(String(parts[0])) }
        }
        let env = service.environment
        func has(_ key: String, _ variable: String) -> Bool { set.contains(key) || !(env[variable] ?? "").isEmpty }
        let name = set.contains("user.name")
            || (has("author.name", "GIT_AUTHOR_NAME") && has("committer.name", "GIT_COMMITTER_NAME"))
        let email = set.contains("user.email") || !(env["EMAIL"] ?? "").isEmpty
            || (has("author.email", "GIT_AUTHOR_EMAIL") && has("committer.email", "GIT_COMMITTER_EMAIL"))
        if !name || !email { throw .noIdentity(name: !name, email: !email) }
    }
}
