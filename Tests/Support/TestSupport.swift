import Foundation
import SiteCycleKit

// What the three test targets share: small journals, times, and reading
// wrapped messages. A module of its own, so there is one copy.

public let berlin = ZoneRules(identifier: "Europe/Berlin")!
public let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// Parses journal text as the commands do, in `zone` unless it says otherwise.
public func load(_ text: String, zone: ZoneRules = berlin) -> Journal {
    JournalBuilder.load(SourceFile(path: "test.journal", text: text), defaultZone: zone)
}

public func instant(_ iso: String) -> Instant {
    guard case .success(let i) = TimeArgument.parse(iso, zone: .utc) else { fatalError("bad test time \(iso)") }
    return i
}

public let header = """
    timezone Europe/Berlin
    location Left Front Abdomen
    location Right Front Abdomen
    location Lower Back

    """

extension String {
    /// The text with every line break and the indentation after it made one
    /// space: a message as written, before it was wrapped to 80 columns.
    public var unwrapped: String {
        var out = "", pendingBreak = false
        for ch in self {
            if ch == "\n" { pendingBreak = true; continue }
            if pendingBreak && ch == " " { continue }
            if pendingBreak { out += " "; pendingBreak = false }
            out.append(ch)
        }
        return out
    }
}

extension InMemoryFileSystem {
    /// The transaction the service tests run a plan through: the journal at
    /// `path` in this file system, read in UTC, with no disk and no clock.
    public func transaction(_ path: String) -> JournalTransaction {
        JournalTransaction(fileSystem: self, path: path, defaultZone: .utc)
    }
}

/// The Swift files under `folder` (relative to the package), with their
/// text, sorted by path: for the tests that hold a rule of the source.
public func swiftSources(_ folder: String) throws -> [(path: String, text: String)] {
    let base = packageRoot.appendingPathComponent(folder)
    let paths = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
    return try paths.filter { $0.hasSuffix(".swift") }.sorted().map {
        ($0, try String(contentsOf: base.appendingPathComponent($0), encoding: .utf8))
    }
}

/// Issue 38's journal: Left Buttock's sets keep ending early (3 of 3),
/// so the verdict flags it; every view that advises must say so.
public let flaggedLeftButtockJournal = """
    timezone UTC
    target 72h

    location Left Front Abdomen
    location Right Front Abdomen
    location Left Buttock
    location Right Buttock
    location Left Thigh

    2026-10-01 08:00  Left Buttock  reason: occlusion
    2026-10-02 08:00  Left Front Abdomen
    2026-10-05 08:00  Right Front Abdomen
    2026-10-08 08:00  Left Buttock  reason: occlusion
    2026-10-09 08:00  Right Buttock
    2026-10-12 08:00  Left Thigh
    2026-10-15 08:00  Left Buttock  reason: pain
    2026-10-16 20:00  Left Front Abdomen
    2026-10-19 20:00  Right Front Abdomen
    2026-10-22 20:00  Right Buttock
    2026-10-25 20:00  Left Thigh
    2026-10-28 20:00  Left Front Abdomen
    2026-10-31 20:00  Right Front Abdomen

    """
