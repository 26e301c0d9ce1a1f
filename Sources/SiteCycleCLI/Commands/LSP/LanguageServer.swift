import SiteCycleKit

/// The language server's state and its answer to each message: documents
/// by URI, the position encoding agreed at `initialize`, and where the
/// session is in its life. Pure over messages in and messages out, so the
/// transport (`LSPCommand`) only moves bytes; it never writes a file.
final class LanguageServer {
    enum State { case starting, running, shuttingDown }

    private(set) var state = State.starting
    /// Set by `exit`: the process ends with this status.
    private(set) var exitStatus: Int32?
    var documents: [String: LSPDocument] = [:]
    /// UTF-16 unless the client offers UTF-8.
    var encoding = PositionEncoding.utf16
    /// Markdown unless the client takes only plain text, for hovers and
    /// for completions' documentation (each said apart).
    var hoverMarkup = LSPMarkup.markdown, documentationMarkup = LSPMarkup.markdown
    let defaultZone: ZoneRules
    /// "Now" as every command takes it (`--now`, `$SITECYCLE_NOW`, the clock), in a zone.
    let now: (ZoneRules) -> Instant
    /// The CGM export a journal names (`cgm PATH`), given the journal and
    /// its path (`LSPGlucose`); nil reads none.
    var glucoseExport: ((Journal, String) -> CGMExport?)?

    init(defaultZone: ZoneRules, now: @escaping (ZoneRules) -> Instant) {
        self.defaultZone = defaultZone
        self.now = now
    }

    /// The answers to one message, read once (`Message.read`): a response
    /// to a request, and any notifications (diagnostics) it causes.
    func answer(_ message: Message) -> [Message] {
        switch message {
        case .response:
            return []  // to a request of ours: we send none
        case .notification(let method, let params):
            return notification(method, params)
        case .request(let id, let method, let params):
            switch state {
            case .starting where method != "initialize":
                return [.response(id: id, .failure(ResponseError(code: ResponseError.serverNotInitialized,
                                                                 message: "initialize first")))]
            case .shuttingDown:
                return [.response(id: id, .failure(ResponseError(code: ResponseError.invalidRequest,
                                                                 message: "the server is shutting down")))]
            default:
                return [.response(id: id, request(method, params))]
            }
        }
    }

    private func request(_ method: String, _ params: JSON) -> Result<JSON, ResponseError> {
        switch method {
        case "initialize":
            guard state == .starting else {
                return .failure(ResponseError(code: ResponseError.invalidRequest, message: "already initialized"))
            }
            state = .running
            return .success(initialize(params))
        case "shutdown":
            state = .shuttingDown
            return .success(.null)
        case "textDocument/completion": return withDocument(params) { .success(completion($0, params)) }
        case "textDocument/hover": return withDocument(params) { .success(hover($0, params)) }
        case "textDocument/definition": return withDocument(params) { .success(definition($0, params)) }
        case "textDocument/documentSymbol": return withDocument(params) { .success(symbols($0)) }
        case "textDocument/codeAction": return withDocument(params) { .success(codeActions($0, params)) }
        case "textDocument/formatting": return withDocument(params) { formatting($0) }
        default:
            return .failure(ResponseError(code: ResponseError.methodNotFound, message: "unknown method \(method)"))
        }
    }

    private func notification(_ method: String, _ params: JSON) -> [Message] {
        if method == "exit" {
            exitStatus = state == .shuttingDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        let textDocument = params["textDocument"]
        guard let uri = textDocument?["uri"]?.text else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let text = textDocument?["text"]?.text else { return [] }
            let document = LSPDocument(uri: uri, bytes: Array(text.utf8), version: textDocument?["version"]?.natural ?? 0,
                                       zone: defaultZone, encoding: encoding)
            documents[uri] = document
            return [diagnostics(document)]
        case "textDocument/didChange":
            guard let document = documents[uri] else { return [] }
            document.version = textDocument?["version"]?.natural ?? document.version
            let wasInStep = document.outOfStep == nil
            document.apply(LSP.ContentChange.list(params["contentChanges"]))
            guard let why = document.outOfStep else { return [diagnostics(document)] }
            // Said once, when the copy falls out of step; every change after
            // it keeps the one error until the whole text comes again.
            return (wasInStep ? [logMessage(type: 1, "\(LSPDocument.path(of: uri)): \(why)")] : []) + [diagnostics(document)]
        case "textDocument/didClose":
            documents[uri] = nil
            // An editor clears what a closed file showed.
            return [publish(uri: uri, version: nil, [])]
        default:
            return []
        }
    }

    private func withDocument(_ params: JSON, _ body: (LSPDocument) -> Result<JSON, ResponseError>) -> Result<JSON, ResponseError> {
        guard let uri = params["textDocument"]?["uri"]?.text else {
            return .failure(ResponseError(code: ResponseError.invalidParams, message: "no textDocument.uri"))
        }
        guard let document = documents[uri] else {
            return .failure(ResponseError(code: ResponseError.invalidParams, message: "\(uri) is not open"))
        }
        // An answer from a copy that is not the editor's could be an edit in the wrong place.
        if let why = document.outOfStep { return .failure(ResponseError(code: ResponseError.requestFailed, message: why)) }
        return body(document)
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSON) -> JSON {
        let offered = params["capabilities"]?["general"]?["positionEncodings"]?.texts ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        let document = params["capabilities"]?["textDocument"]
        hoverMarkup = LSPMarkup(offered: document?["hover"]?["contentFormat"])
        documentationMarkup = LSPMarkup(offered: document?["completion"]?["completionItem"]?["documentationFormat"])
        return .object([
            ("capabilities", .object([
                ("positionEncoding", .string(encoding.rawValue)),
                ("textDocumentSync", .object([("openClose", .bool(true)), ("change", .int(2))])),
                ("completionProvider", .object([("triggerCharacters", .array([]))])),
                ("hoverProvider", .bool(true)),
                ("definitionProvider", .bool(true)),
                ("documentSymbolProvider", .bool(true)),
                ("codeActionProvider", .object([("codeActionKinds", .array([.string("quickfix"), .string("source")]))])),
                ("documentFormattingProvider", .bool(true)),
            ])),
            ("serverInfo", .object([("name", .string("sitecycle")), ("version", .string(sitecycleVersion))])),
        ])
    }

    // MARK: Notifications we send

    /// `window/logMessage`; `type` 1 is an error.
    func logMessage(type: Int, _ message: String) -> Message {
        .notification(method: "window/logMessage", params: .object([("type", .int(type)), ("message", .string(message))]))
    }

    func publish(uri: String, version: Int?, _ items: [LSP.Diagnostic]) -> Message {
        .notification(method: "textDocument/publishDiagnostics",
                      params: .object([("uri", .string(uri))] + (version.map { [("version", JSON.int($0))] } ?? [])
                                      + [("diagnostics", .array(items.map(\.json)))]))
    }
}
