#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A shared folder (Syncthing, Dropbox): the conflict copies a sync
/// client left beside the journal, merged into it by meaning.
extension SyncService.Run {

    /// Merges every conflict copy into the journal, each in its own
    /// transaction, and moves it aside; how many there were.
    mutating func mergeConflictCopies() throws(SyncError) -> Int {
        // A copy that is a link (a peer can plant one under any name) is
        // never followed: named, left alone, and the others merged.
        var copies: [String] = []
        for copy in service.folder.conflictCopies(of: request.journal) {
            if let kind = service.folder.notAFile(copy) { emit(.skippedCopy(copy, kind: kind)) } else { copies.append(copy) }
        }
        guard !copies.isEmpty else { return 0 }
        // Where they go once merged, checked before the journal changes:
        // a link there would stop the run with the journal merged and
        // the copy still beside it, merged again next time.
        for folder in Set(copies.map(ConflictCopies.asideFolder)).sorted() {
            do { try service.folder.requireFolderOrNothing(folder) } catch { throw .copyNotMovedAside(error) }
        }
        var transaction = JournalTransaction(fileSystem: fileSystem, path: request.journal,
                                             defaultZone: service.defaultZone)
        transaction.recording = service.recording
        var conflicts = 0
        typealias Merged = (conflicts: Int, notes: [MergeNote], atStake: [MergeInvariant.Breach],
                            found: MergeFindings)
        for copy in copies {
            // This machine's writes (the last copy's merge among them):
            // the base each copy is merged against.
            let history = WriteHistory(journalPath: request.journal, environment: service.environment,
                                       fileSystem: fileSystem)
            let records = history?.records().map(\.record) ?? []
            let result: TransactionResult<Merged>
            do throws(ServiceError) {
                result = try transaction.run { journal throws(ServiceError) -> PlannedChange<Merged> in
                    var now = Int64(time(nil))
                    if let clock = service.clock { now = try clock.now(in: journal.zone).seconds }
                    // What forgotten writes deleted; a link at its name
                    // stops the merge, named, rather than bring them back.
                    let deleted: Set<[UInt8]>
                    do throws(FileError) { deleted = try history?.deletedLines(now: now) ?? [] } catch {
                        throw ServiceError(.file(error))
                    }
                    let theirs: [UInt8]
                    do throws(FileError) { theirs = try fileSystem.read(copy) } catch { throw ServiceError(.copyUnreadable(error)) }
                    // Held to `MergeInvariant` before it is written.
                    let outcome = ConflictCopyMerge.merge(journal: journal.source, copy: SourceFile(path: copy, bytes: theirs),
                                                          records: records, deleted: deleted, defaultZone: journal.zone)
                    let merge = outcome.result
                    var editor = JournalEditor(source: journal.source)
                    if !journal.source.bytes.same(as: merge.bytes) { editor.replaceAll(with: merge.bytes) }
                    let ours = journal.source.bytes.array, zone = journal.zone
                    return PlannedChange(editor: editor, writesConflictMarkers: merge.conflicts > 0) { merged in
                        (merge.conflicts, merge.notes, outcome.atStake,
                         MergeDuplicates.find(result: merged, sides: [ours, theirs], defaultZone: zone))
                    }
                }
            } catch {
                throw .copyNotMerged(error)
            }
            conflicts += result.outcome.conflicts
            if result.wrote {
                emit(.journalWritten(before: result.before, after: result.after))
                if let failure = result.recordFailure { emit(.notRecorded(failure)) }
            }
            if !result.outcome.atStake.isEmpty { emit(.keptBothOfCopy(copy, atStake: result.outcome.atStake)) }
            let moved: String
            do { moved = try service.folder.moveAside(copy) } catch { throw .copyNotMovedAside(error) }
            emit(.mergedCopy(copy, movedTo: moved))
            if !result.outcome.notes.isEmpty { emit(.keptInCopy(result.outcome.notes)) }
            let found = result.outcome.found
            if !found.duplicates.isEmpty { emit(.probableDuplicates(found.duplicates)) }
            if !found.differentSites.isEmpty {
                emit(.differentSites(found.differentSites, from: String(copy.split(separator: "/").last ?? "")))
            }
        }
        if conflicts > 0 { throw .copyConflicts(conflicts) }
        return copies.count
    }
}
