import SiteCycleKit

/// A failed file operation in the words the person at the keyboard reads:
/// the system's account as the Kit has it, and the fixes that name this
/// program or its commands spelled here.
extension FileError {
    var message: String {
        if case .busy(let seconds) = kind {
            return "another sitecycle has been writing \(path.terminalSafe) for \(seconds) seconds; nothing was changed, try again"
        }
        return detail
    }

    var hint: String? {
        switch advice {
        case nil: nil
        case .text(let text): text
        case .runAsOwner: "run sitecycle as the file's owner, or take the file over with chown"
        case .regularFilesOnly: "sitecycle only reads and writes regular files (or symlinks to them)"
        case .createJournal(let target, let symlink):
            "`sitecycle init -f \(target.terminalSafe)` creates the journal there, or remove the symlink \(symlink.terminalSafe)"
        case .addAttributesLineByHand: "add the sitecycle line to it yourself, or save it as UTF-8"
        case .linksNotFollowed:
            "sitecycle follows no link beside the journal or in its state folder (`sitecycle help security`); "
                + "remove it or put a real file there"
        case .folderNotFollowed(let folder):
            "sitecycle follows no link beside the journal (`sitecycle help security`); remove or rename \(folder.terminalSafe) "
                + "(sitecycle makes a real folder there), then sync again"
        case .outputIsJournal: "name another file for -o; sitecycle never writes a report or an export over the journal"
        }
    }
}
