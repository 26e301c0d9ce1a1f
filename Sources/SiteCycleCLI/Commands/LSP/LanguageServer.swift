import SiteCycleKit

/// The language server's state and its answer to each message: documents
/// by URI, the position encoding agreed at `initialize`, and where the
/// session is in its life. Pure over messages in and messages out, so the
/// transport (`LSPCommand`) only moves bytes; it never writes a file.
final class LanguageServer {
    enum State { case starting, running, shuttingDown }

    /// JSON-RPC and LSP error codes.
    enum ErrorCode {
        static let parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
        static let serverNotInitialized = -32002, requestFailed = -32803
    }

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

    /// The answers to one message body: a response to a request, and any
    /// notifications (diagnostics) it causes.
    func handle(_ body: [UInt8]) -> [JSON] {
        guard let parsed = ImportReaders.parseJSON(bytes: body) else {
            return [errorResponse(id: .null, ErrorCode.parseError, "the message is not JSON")]
        }
        if let batch = parsed as? [Any] {
            // JSON-RPC batches are not part of LSP; answer each entry as invalid.
            return batch.isEmpty ? [errorResponse(id: .null, ErrorCode.invalidRequest, "an empty batch")]
                : batch.map { errorResponse(id: Self.id(($0 as? [String: Any])?["id"]) ?? .null, ErrorCode.invalidRequest,
                                            "batches are not supported") }
        }
        guard let message = parsed as? [String: Any] else {
            return [errorResponse(id: .null, ErrorCode.invalidRequest, "a message is a JSON object")]
        }
        let id = Self.id(message["id"])
        guard let method = message["method"] as? String else {
            // A response to a request of ours (we send none), or nonsense.
            if message["result"] != nil || message["error"] != nil { return [] }
            return [errorResponse(id: id ?? .null, ErrorCode.invalidRequest, "a request needs a method")]
        }
        // JSON-RPC: an id is a number or a string; `true`, `{}` or `null`
        // make the request invalid, not a notification to pass over.
        if message["id"] != nil, id == nil {
            return [errorResponse(id: .null, ErrorCode.invalidRequest, "a request's id is a number or a string")]
        }
        let params = message["params"] as? [String: Any] ?? [:]
        guard let id else { return notification(method, params) }
        switch state {
        case .starting where method != "initialize":
            return [errorResponse(id: id, ErrorCode.serverNotInitialized, "initialize first")]
        case .shuttingDown:
            return [errorResponse(id: id, ErrorCode.invalidRequest, "the server is shutting down")]
        default:
            break
        }
        switch request(method, params) {
        case .success(let result): return [.object([("jsonrpc", .string("2.0")), ("id", id), ("result", result)])]
        case .failure(let e): return [errorResponse(id: id, e.code, e.message)]
        }
    }

    struct Failure: Error {
        var code: Int
        var message: String
    }

    private func request(_ method: String, _ params: [String: Any]) -> Result<JSON, Failure> {
        switch method {
        case "initialize":
            guard state == .starting else { return .failure(Failure(code: ErrorCode.invalidRequest, message: "already initialized")) }
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
            return .failure(Failure(code: ErrorCode.methodNotFound, message: "unknown method \(method)"))
        }
    }

    private func notification(_ method: String, _ params: [String: Any]) -> [JSON] {
        if method == "exit" {
            exitStatus = state == .shuttingDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        let textDocument = params["textDocument"] as? [String: Any] ?? [:]
        guard let uri = textDocument["uri"] as? String else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let text = textDocument["text"] as? String else { return [] }
            let document = LSPDocument(uri: uri, bytes: Array(text.utf8), version: Self.int(textDocument["version"]) ?? 0,
                                       zone: defaultZone, encoding: encoding)
            documents[uri] = document
            return [diagnostics(document)]
        case "textDocument/didChange":
            guard let document = documents[uri] else { return [] }
            document.version = Self.int(textDocument["version"]) ?? document.version
            let wasInStep = document.outOfStep == nil
            apply(params["contentChanges"], to: document)
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

    /// A `didChange`'s changes, in order. One that cannot be applied (a
    /// range that is not line and character numbers, no text) leaves the
    /// server's copy out of step with the editor's: the rest are not
    /// applied, and nothing is, except a whole new text, until one comes.
    private func apply(_ contentChanges: Any?, to document: LSPDocument) {
        guard let changes = contentChanges as? [Any] else {
            document.outOfStep = LSPWords.outOfStep(change: nil, "its contentChanges are not a list")
            return
        }
        for (k, item) in changes.enumerated() {
            guard let change = item as? [String: Any], let text = change["text"] as? String else {
                document.outOfStep = document.outOfStep ?? LSPWords.outOfStep(change: k + 1, "it has no text")
                return
            }
            guard let range = change["range"] else {
                document.replaceAll(with: Array(text.utf8))
                continue
            }
            guard document.outOfStep == nil else { continue }
            guard let object = range as? [String: Any], let r = byteRange(object, in: document) else {
                document.outOfStep = LSPWords.outOfStep(change: k + 1, "its range is not line and character numbers")
                return
            }
            document.replace(r, with: Array(text.utf8))
        }
    }

    private func withDocument(_ params: [String: Any], _ body: (LSPDocument) -> Result<JSON, Failure>) -> Result<JSON, Failure> {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else {
            return .failure(Failure(code: ErrorCode.invalidParams, message: "no textDocument.uri"))
        }
        guard let document = documents[uri] else {
            return .failure(Failure(code: ErrorCode.invalidParams, message: "\(uri) is not open"))
        }
        // An answer from a copy that is not the editor's could be an edit in the wrong place.
        if let why = document.outOfStep { return .failure(Failure(code: ErrorCode.requestFailed, message: why)) }
        return body(document)
    }

    // MARK: Lifecycle

    private func initialize(_ params: [String: Any]) -> JSON {
        let general = (params["capabilities"] as? [String: Any])?["general"] as? [String: Any]
        let offered = general?["positionEncodings"] as? [String] ?? []
        encoding = offered.contains("utf-8") ? .utf8 : .utf16
        let document = (params["capabilities"] as? [String: Any])?["textDocument"] as? [String: Any]
        hoverMarkup = LSPMarkup(offered: (document?["hover"] as? [String: Any])?["contentFormat"])
        let item = (document?["completion"] as? [String: Any])?["completionItem"] as? [String: Any]
        documentationMarkup = LSPMarkup(offered: item?["documentationFormat"])
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

    // MARK: Messages

    func errorResponse(id: JSON, _ code: Int, _ message: String) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("id", id),
                 ("error", .object([("code", .int(code)), ("message", .string(message))]))])
    }

    /// `window/logMessage`; `type` 1 is an error.
    func logMessage(type: Int, _ message: String) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string("window/logMessage")),
                 ("params", .object([("type", .int(type)), ("message", .string(message))]))])
    }

    func publish(uri: String, version: Int?, _ items: [JSON]) -> JSON {
        .object([("jsonrpc", .string("2.0")), ("method", .string("textDocument/publishDiagnostics")),
                 ("params", .object([("uri", .string(uri))] + (version.map { [("version", JSON.int($0))] } ?? [])
                                    + [("diagnostics", .array(items))]))])
    }

    /// A request's id as it came (a number or a string); nil for a notification.
    static func id(_ value: Any?) -> JSON? {
        if let s = value as? String { return .string(s) }
        if let d = value as? Double { return d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .double(d) }
        return nil
    }

    static func int(_ value: Any?) -> Int? {
        guard let d = value as? Double, d.isFinite, d >= 0, d < 1e15 else { return nil }
        return Int(d)
    }
}
