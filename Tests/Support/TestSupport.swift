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
