import SiteCycleKit

/// A request's id as the client sent it (JSON-RPC: a number or a string),
/// echoed in its response as it came.
enum RequestID: Equatable {
    case int(Int)
    case string(String)
    /// A number with a fraction, or beyond 10^15 (JSON-RPC advises
    /// against them; echoed as read).
    case number(Double)

    /// Nil for anything else (`true`, `{}`, `null`).
    init?(_ json: JSON) {
        switch json {
        case .string(let s): self = .string(s)
        case .int(let i): self = .int(i)
        case .double(let d): self = d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .number(d)
        default: return nil
        }
    }

    var json: JSON {
        switch self {
        case .int(let i): .int(i)
        case .string(let s): .string(s)
        case .number(let d): .double(d)
        }
    }
}

/// A JSON-RPC error: its code and its words.
struct ResponseError: Error, Equatable {
    var code: Int
    var message: String

    /// JSON-RPC's and LSP's codes.
    static let parseError = -32700, invalidRequest = -32600, methodNotFound = -32601, invalidParams = -32602
    static let serverNotInitialized = -32002, requestFailed = -32803
}

/// One JSON-RPC message, read once from its body where it comes in and
/// written by `json` where it goes out: every envelope is built here.
enum Message {
    case request(id: RequestID, method: String, params: JSON)
    case notification(method: String, params: JSON)
    /// An answer: to a request we could not read, its id is nil (`null`).
    case response(id: RequestID?, Result<JSON, ResponseError>)

    /// What a body that is no message is answered with.
    struct Refusal: Error {
        var answers: [Message]

        init(_ id: RequestID?, _ code: Int, _ words: String) {
            answers = [.response(id: id, .failure(ResponseError(code: code, message: words)))]
        }

        init(answers: [Message]) { self.answers = answers }
    }

    /// The answer to bytes that are no message (a header without a
    /// length, a body too large to read): an error with a null id.
    static func unread(_ error: ResponseError) -> Message { .response(id: nil, .failure(error)) }

    /// A body read: the message it holds, or the errors that answer it.
    static func read(_ body: [UInt8]) -> Result<Message, Refusal> {
        // The one decoder: a key given twice or nesting past its limit is
        // refused as `import` and `outcomes --cgm` refuse them, by name.
        let parsed: JSON
        switch JSON.decode(body) {
        case .success(let value): parsed = value
        case .failure(let e) where e.kind == .syntax:
            return .failure(Refusal(nil, ResponseError.parseError, "the message is not JSON"))
        case .failure(let e):
            return .failure(Refusal(nil, ResponseError.parseError, "the message is refused: \(e.located)"))
        }
        if let batch = parsed.items {
            // JSON-RPC batches are not part of LSP; each entry is answered as invalid.
            guard !batch.isEmpty else { return .failure(Refusal(nil, ResponseError.invalidRequest, "an empty batch")) }
            let error = ResponseError(code: ResponseError.invalidRequest, message: "batches are not supported")
            return .failure(Refusal(answers: batch.map { .response(id: $0["id"].flatMap(RequestID.init), .failure(error)) }))
        }
        guard case .object = parsed else {
            return .failure(Refusal(nil, ResponseError.invalidRequest, "a message is a JSON object"))
        }
        let id = parsed["id"].flatMap(RequestID.init)
        guard let method = parsed["method"]?.text else {
            // A response to a request of ours (we send none), or nonsense.
            if let error = parsed["error"] {
                return .success(.response(id: id, .failure(ResponseError(code: error["code"]?.number.flatMap { Int(exactly: $0) } ?? 0,
                                                                         message: error["message"]?.text ?? ""))))
            }
            if let result = parsed["result"] { return .success(.response(id: id, .success(result))) }
            return .failure(Refusal(id, ResponseError.invalidRequest, "a request needs a method"))
        }
        // JSON-RPC: an id is a number or a string; `true`, `{}` or `null`
        // make the request invalid, not a notification to pass over.
        if parsed["id"] != nil, id == nil {
            return .failure(Refusal(nil, ResponseError.invalidRequest, "a request's id is a number or a string"))
        }
        let params = parsed["params"] ?? .object([])
        guard let id else { return .success(.notification(method: method, params: params)) }
        return .success(.request(id: id, method: method, params: params))
    }

    /// The message as it goes on the wire.
    var json: JSON {
        switch self {
        case .request(let id, let method, let params):
            envelope([("id", id.json), ("method", .string(method)), ("params", params)])
        case .notification(let method, let params):
            envelope([("method", .string(method)), ("params", params)])
        case .response(let id, .success(let result)):
            envelope([("id", id?.json ?? .null), ("result", result)])
        case .response(let id, .failure(let error)):
            envelope([("id", id?.json ?? .null),
                      ("error", .object([("code", .int(error.code)), ("message", .string(error.message))]))])
        }
    }

    private func envelope(_ fields: [(String, JSON)]) -> JSON { .object([("jsonrpc", .string("2.0"))] + fields) }
}
