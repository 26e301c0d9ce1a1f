import SiteCycleKit

/// What `amend` and `delete` say: which line, and the entry's lines as
/// they were deleted or as they now are.
struct CorrectionRenderer {
    let invocation: Invocation

    func deleted(_ o: CorrectionService.DeleteOutcome) {
        invocation.out("Deleted line \(o.deleted.line), " + Self.describe(o.deleted, location: o.location, device: o.device)
                       + ":\n\(Self.text(o.lines))\n")
    }

    /// "Left Back Arm (sensor) from 2026-01-01 08:00", "`removed` (pump) at …".
    static func describe(_ c: SiteChange, location: String?, device: String) -> String {
        (location.map { "\($0) (\(device)) from " } ?? "`removed` (\(device)) at ").terminalSafe + displayStart(c)
    }

    func amended(_ o: CorrectionService.AmendOutcome) {
        invocation.out("Amended line \(o.amended.line):\n\(Self.text(o.lines))\n")
    }

    /// An entry's lines for the terminal.
    static func text(_ lines: [String]) -> String {
        lines.map(\.terminalSafe).joined(separator: "\n")
    }
}
