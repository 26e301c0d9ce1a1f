import SiteCycleKit

extension Invocation {
    /// Writes a command's product where `-o PATH` says: standard output or
    /// error, into a device or FIFO, into FOLDER/`fileInFolder`, or to a
    /// file, replaced whole (a new one private, 0600), never through a link
    /// and never over the journal (`FileSystem.writeOutput`). Returns the path written,
    /// or nil when the text went to standard output.
    func writeOutput(_ text: String, to output: String, fileInFolder: String) throws(CommandError) -> String? {
        try writeOutput(to: output, fileInFolder: fileInFolder) { (sink: (String) throws(FileError) -> Void) throws(FileError) in
            try sink(text)
        }
    }

    /// `writeOutput` of a product made in pieces (each ending at a line's
    /// end), each written as it comes: standard output, a file's temporary.
    func writeOutput(to output: String, fileInFolder: String,
                     producing produce: (_ sink: (String) throws(FileError) -> Void) throws(FileError) -> Void)
        throws(CommandError) -> String? {
        var path = output
        let unchanged = "nothing was written to \(path.terminalSafe)"
        func whole() throws(FileError) -> String {
            var text = ""
            try produce { (piece: String) throws(FileError) in text += piece }
            return text
        }
        func writeProduced(_ path: String) throws(FileError) {
            try withoutActuallyEscaping(produce) { (produce) throws(FileError) in
                try fileSystem.writeOutput(path) { (sink: ([UInt8]) throws(FileError) -> Void) throws(FileError) in
                    try produce { (piece: String) throws(FileError) in try sink(Array(piece.utf8)) }
                }
            }
        }
        do throws(FileError) {
            switch OutputTarget.classify(output) {
            case .standardOutput:
                try produce { (piece: String) throws(FileError) in out(piece) }
                return nil
            case .standardError:
                try produce { (piece: String) throws(FileError) in err(piece) }
            case .stream(let device):
                try OutputTarget.writeStream(device, Array(try whole().utf8), unchanged: unchanged, fileSystem: fileSystem)
            case .folder(let folder):
                path = folder + (folder.hasSuffix("/") ? "" : "/") + fileInFolder
                try writeProduced(path)
            case .file(let file):
                try writeProduced(file)
            }
        } catch {
            throw CommandError(error.message, help: error.hint)
        }
        return path
    }
}
