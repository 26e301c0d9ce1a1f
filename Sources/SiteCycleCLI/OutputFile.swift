import SiteCycleKit

extension Invocation {
    /// Writes a command's product where `-o PATH` says: standard output or
    /// error, into a device or FIFO, into FOLDER/`fileInFolder`, or to a
    /// file, privately (0600) and replaced whole. Returns the path written,
    /// or nil when the text went to standard output.
    func writeOutput(_ text: String, to output: String, fileInFolder: String) throws(CommandError) -> String? {
        var path = output
        let unchanged = "nothing was written to \(path)"
        do throws(FileError) {
            switch OutputTarget.classify(output) {
            case .standardOutput:
                out(text)
                return nil
            case .standardError:
                err(text)
            case .stream(let device):
                try OutputTarget.writeStream(device, Array(text.utf8), unchanged: unchanged)
            case .folder(let folder):
                path = folder + (folder.hasSuffix("/") ? "" : "/") + fileInFolder
                try JournalStore.replace(path, with: Array(text.utf8), mode: 0o600,
                                         unchanged: "nothing was written to \(path)")
            case .file(let file):
                try JournalStore.replace(file, with: Array(text.utf8), mode: 0o600, unchanged: unchanged)
            }
        } catch {
            throw CommandError(error.message, help: error.hint)
        }
        return path
    }
}
