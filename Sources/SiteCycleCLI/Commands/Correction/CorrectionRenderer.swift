import SiteCycleKit

/// What `amend` and `delete` say: which line, and the entry's lines as
/// they were deleted or as they now are.
struct CorrectionRenderer {
    let invocation: Invocation

    func deleted(_ o: CorrectionService.DeleteOutcome) {
        invocation.out("Deleted line \(o.deleted.line):\n\(Self.text(o.lines))\n")
    }

    func amended(_ o: CorrectionService.AmendOutcome) {
        invocation.out("Amended line \(o.amended.line):\n\(Self.text(o.lines))\n")
    }

    /// An entry's lines for the terminal.
    static func text(_ lines: [String]) -> String {
        lines.map(\.terminalSafe).joined(separator: "\n")
    }
}
