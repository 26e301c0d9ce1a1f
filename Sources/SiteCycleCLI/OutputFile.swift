import SiteCycleKit

extension Invocation {
    /// Writes a command's product where `-o PATH` says: standard output or
    /// error, into a device or FIFO, into FOLDER/`fileInFolder`, or to a
    /// file, replaced whole (a new one private, 0600), never through a link
    /// and never over the journal (`FileSystem.writeOutput`). Returns the path written,
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
                try OutputTarget.writeStream(device, Array(text.utf8), unchanged: unchanged, fileSystem: fileSystem)
            case .folder(let folder):
                path = folder + (folder.hasSuffix("/") ? "" : "/") + fileInFolder
                try fileSystem.writeOutput(path, Array(text.utf8))
            case .file(let file):
                try fileSystem.writeOutput(file, Array(text.utf8))
            }
        } catch {
            throw CommandError(error.message, help: error.hint)
        }
        return path
    }
}
