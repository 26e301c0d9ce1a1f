import SiteCycleKit

extension CommandRegistry {
    static let lsp = Command(
        name: "lsp",
        summary: "a language server for editors (LSP on standard input/output)",
        usage: "sitecycle lsp",
        details: """
            Speaks the Language Server Protocol (3.17) on standard input and
            output, for any editor with an LSP client (`sitecycle help editor`
            sets up Neovim, Vim, Emacs and VS Code). It reads only the documents
            the editor sends, as the editor holds them, and never writes a file:
            every change is an edit the editor applies.

              diagnostics   check's, with its codes, ranges and messages, on
                            open and on every change (full or incremental sync);
                            and, as information, each entry with no reason
                            that the journal's CGM export shows as a probable
                            glucose failure (probable-glucose-failure; the
                            rule is in `sitecycle help outcomes`)
              completion    after an entry's date and time, the locations:
                            recommended first, then the rest, longest rested
                            first ("rested 6 days", "in use (sensor)", "paused
                            until …"), `removed` and the device words; the time
                            now at the start of an empty line; the directive
                            keywords in the header
              hover         on an entry: how long it lasted (or how long it has
                            been in and when it is due), how its site has
                            rested since, and its location; on a `location`
                            line: uses, last use, rest, pause, devices and
                            its flags (as `recommend` shows them); on a
                            directive: its entry in `help journal`; on a line
                            check rejects: what check says of it
              code actions  check's fixes: the declared name for a misspelt
                            one, a `location` line for an unknown one, fmt for
                            entries out of order or duplicated, delete a
                            possible duplicate, add a device to a `for` list;
                            on a probable glucose failure, "Record reason
                            high-glucose (probable failure seen in the
                            glucose)": the edit `sitecycle amend N --reason
                            high-glucose` makes; and fmt for the whole file
              formatting    fmt's layout as the fewest line edits; refused
                            while the journal has errors, as fmt refuses
              definition    from an entry's location to its `location` line
              symbols       the header's locations, devices and settings

            Positions count UTF-16 units unless the client offers UTF-8, and
            lines as LSP counts them: a lone CR ends a line there (check
            reports it). Hover and documentation text is Markdown, with names
            and notes escaped so they show as typed, or plain text for a
            client that takes only that (Eglot without markdown-mode). Times
            are read in the journal's `timezone` (else the system's); "now" is
            --now or $SITECYCLE_NOW, else the clock, as for every command.

            The CGM export is the one the document's `cgm PATH` line names,
            beside the file the editor opened (a file: URI), read as `history
            --early` reads it: nothing outside its folder, no link. It is read
            again only when it changes, and kept in memory, not in the state
            folder. One that cannot be read offers nothing, without an error.

            A malformed message gets a JSON-RPC error and the server goes on
            (a request whose id is not a number or a string: Invalid Request).
            A change that cannot be applied (a range that is not numbers) is
            logged, and the file shows that one error, until the editor sends
            its whole text again (reopen it). A Content-Length over 256 MB is
            answered at once and the server ends (status 1): nothing after it
            can be told apart. It ends when the editor sends `exit` (status 0
            after `shutdown`, else 1) or closes its input (status 1 without
            `shutdown`).
            """,
        run: { invocation in
            // A bad --now is said once, before the editor's first message.
            do throws(UsageError) { _ = try invocation.now(in: invocation.systemZone) } catch {
                return invocation.usageError(error)
            }
            let server = LanguageServer(defaultZone: invocation.systemZone) { zone in
                (try? invocation.now(in: zone)) ?? invocation.environment.clock()
            }
            let glucose = LSPGlucose(invocation)
            server.glucoseExport = { journal, path in glucose.export(journal, path: path) }
            var reader = MessageReader(source: FileDescriptorSource(fd: 0))
            func send(_ message: JSON) {
                invocation.out(framed(message))
                invocation.environment.stdout.flush()
            }
            while true {
                switch reader.next() {
                case .end:
                    return server.exitStatus ?? (server.state == .shuttingDown ? ExitCode.ok : ExitCode.failure)
                case .badHeader(let why):
                    send(Message.unread(ResponseError(code: ResponseError.parseError, message: why)).json)
                case .tooLarge(let length):
                    // Its body is not read, so where the next message starts is unknown.
                    send(Message.unread(ResponseError(
                        code: ResponseError.parseError,
                        message: "a message of \(length) bytes is larger than the \(MessageReader.maximumLength)"
                            + " a message may hold; the server stops, as nothing after it can be read")).json)
                    return ExitCode.failure
                case .message(let body):
                    // Read once, here; the server answers the message, never its bytes.
                    let answers = switch Message.read(body) {
                    case .success(let message): server.answer(message)
                    case .failure(let refusal): refusal.answers
                    }
                    for message in answers { send(message.json) }
                    if let status = server.exitStatus { return status }
                    // The editor no longer reads: `run` says why.
                    if invocation.environment.stdout.failure != nil { return ExitCode.failure }
                }
            }
        })
}
