import SiteCycleKit

/// Why an import row was not taken, in words: the Kit's plain reasons as
/// they are, and the ones that name an option or a command spelled here.
extension RowRejection {
    /// Why a row was not imported, with the option or command that fixes it.
    var words: String {
        switch self {
        case .text(let text): text
        case .undeclaredDevice(let device):
            "device `\(device)` is not declared; add it with `sitecycle set device \(device) DURATION`"
        case .otherDevice(let row, let asked): "the row is for device `\(row)`, not `\(asked)` (--device)"
        }
    }
}
