/// Why a sync step failed. The state file is left as it was before that step.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// No server or token configured, or the config file is unsafe.
    case notConfigured(String)
    /// The server could not be reached, did not answer in time, or said it is unavailable
    /// (502, 503, 504): a later try may succeed.
    case unreachable(String)
    /// The server refused the token.
    case unauthorized(String)
    /// The server answered something that is not the sync API.
    case badResponse(String)
    /// The server, or a proxy before it, refused a request as too large (HTTP 413): the engine
    /// sends fewer operations at once, down to one.
    case tooLarge(String)

    public var description: String {
        switch self {
        case .notConfigured(let text), .unreachable(let text), .unauthorized(let text), .badResponse(let text),
            .tooLarge(let text):
            text
        }
    }

    /// The same error with every occurrence of `secret` in its message replaced by `[token]`.
    public func redacting(_ secret: String) -> SyncError {
        guard !secret.isEmpty, description.contains(secret) else { return self }
        let text = description.replacingOccurrences(of: secret, with: "[token]")
        switch self {
        case .notConfigured: return .notConfigured(text)
        case .unreachable: return .unreachable(text)
        case .unauthorized: return .unauthorized(text)
        case .badResponse: return .badResponse(text)
        case .tooLarge: return .tooLarge(text)
        }
    }

    /// The exit status documented for each kind.
    public var exitStatus: Int32 {
        switch self {
        case .notConfigured: 1
        case .unreachable: 3
        case .unauthorized: 4
        case .badResponse, .tooLarge: 5
        }
    }
}
