import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TodoSync

/// Follows a redirect only within the server's origin (scheme, host and port), where the token
/// already goes; refuses any other, so the token never reaches another origin, and https is
/// never downgraded to http. A refused redirect ends the request with the 3xx answer.
final class RedirectGuard: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    private let origin: String?
    private let lock = NSLock()
    private var refusedOrigin: String?

    init(server: URL) {
        origin = ServerAddress.origin(server)
    }

    /// The origin of the redirect refused, if one was; never its path or query.
    var refused: String? {
        lock.lock()
        defer { lock.unlock() }
        return refusedOrigin
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = request.url.flatMap(ServerAddress.origin)
        if let target, target == origin {
            completionHandler(request)
            return
        }
        lock.lock()
        refusedOrigin = target ?? "an address that is not a URL"
        lock.unlock()
        completionHandler(nil)
    }
}
