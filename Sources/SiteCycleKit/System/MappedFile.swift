#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A regular file mapped read-only and private: its bytes are the page
/// cache's, with no copy and no zeroed pages of our own. Used only by
/// commands that write nothing (`JournalFile.readMapped`).
///
/// A mapped file that another program cuts short while it is read raises
/// SIGBUS on the missing pages. `map` installs a handler that says so (in
/// the words of `cutShort`) and ends the run: nothing was being written, so
/// nothing is lost, and the next run reads the file as it is then.
package final class MappedFile: @unchecked Sendable {
    package let base: UnsafePointer<UInt8>
    package let count: Int
    private let length: Int
    /// The bytes known to be mapped into this process: populated since,
    /// and not released. Each pass over the file (line starts, parse,
    /// build) asks for its window again; a window already in costs a
    /// walk over its page table (at 100,000 entries, a second 0.15 ms).
    private let mappedIn = Mutex(0..<0)

    /// What `populate` takes as mapped in (for tests).
    package var knownMappedIn: Range<Int> { mappedIn.withLock { $0 } }

    /// Maps the first `count` bytes of `fd` (which may be closed after);
    /// nil where the system will not map it.
    package init?(fd: Int32, count: Int) {
        guard count > 0 else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        length = (count + page - 1) / page * page
        guard let p = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), p != MAP_FAILED else { return nil }
        MappedFile.installBusHandler()
        base = UnsafePointer(p.assumingMemoryBound(to: UInt8.self))
        self.count = count
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: base), length) }

    /// Drops the pages wholly inside `range` from this process (see
    /// `SourceBytes.release`).
    package func release(_ range: Range<Int>) {
        let page = 4096
        let first = (range.lowerBound + page - 1) / page * page
        let last = min(range.upperBound, count) / page * page
        guard last > first else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + first), last - first, MADV_DONTNEED)
        mappedIn.withLock { known in
            // Released from its start: the rest is still in. Elsewhere:
            // nothing is known to be.
            if known.overlaps(first..<last) {
                known = first <= known.lowerBound && last < known.upperBound ? last..<known.upperBound : 0..<0
            }
        }
    }

    /// Maps the pages of `range` in one request rather than a fault per
    /// few pages. Advice only.
    package func populate(_ range: Range<Int>) {
        #if os(Linux)
        let page = 4096
        let first = range.lowerBound / page * page
        let last = min(range.upperBound, length)
        guard last > first else { return }
        let wanted = mappedIn.withLock { known -> Range<Int>? in
            if known.lowerBound <= first && last <= known.upperBound { return nil }
            // Only what lies past the known part, when the two touch.
            let from = known.contains(first) || known.upperBound == first ? known.upperBound : first
            known = (known.isEmpty || from == first && known.upperBound != first ? first : known.lowerBound)..<last
            return from..<last
        }
        guard let wanted else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base + wanted.lowerBound), wanted.count, 22)  // MADV_POPULATE_READ (5.14)
        #endif
    }

    private static let handlerInstalled: Bool = {
        var action = sigaction()
        #if os(Linux)
        action.__sigaction_handler.sa_handler = { _ in MappedFile.busError() }
        #else
        action.__sigaction_u.__sa_handler = { _ in MappedFile.busError() }
        #endif
        sigemptyset(&action.sa_mask)
        return sigaction(SIGBUS, &action, nil) == 0
    }()

    private static func installBusHandler() { _ = handlerInstalled }

    /// What the handler writes to standard error and the status it exits
    /// with: the program's own words, a literal, so that writing it is
    /// async-signal-safe. Set once, before anything is mapped.
    package struct CutShort: Sendable {
        package let message: StaticString
        package let status: Int32

        package init(message: StaticString, status: Int32) {
            self.message = message
            self.status = status
        }
    }

    /// Until the program says otherwise: a bare line, and failure.
    nonisolated(unsafe) package static var cutShort = CutShort(message: "mapped file cut short\n", status: EXIT_FAILURE)

    /// The handler's whole work: async-signal-safe calls and a literal.
    private static func busError() {
        let report = cutShort
        _ = write(2, report.message.utf8Start, report.message.utf8CodeUnitCount)
        _exit(report.status)
    }
}
