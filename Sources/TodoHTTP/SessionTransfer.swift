#if !os(Linux)
    import Foundation
    #if canImport(FoundationNetworking)
        import FoundationNetworking
    #endif
    import Security
    import TodoSync

    /// One exchange through URLSession, on the platforms whose URLSession can be given CA
    /// certificates besides the system's (`TrustAnchors`); no redirect followed.
    enum SessionTransfer {
        static func send(_ request: HTTPRequest, timeout: TimeInterval, trust: TrustAnchors) throws(SyncError)
            -> HTTPAnswer
        {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            urlRequest.httpBody = request.body
            urlRequest.timeoutInterval = timeout
            for header in request.headers { urlRequest.setValue(header.value, forHTTPHeaderField: header.name) }
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = timeout
            configuration.timeoutIntervalForResource = timeout
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            let delegate = Delegate(anchors: Self.certificates(trust.extraPEM))
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            defer { session.finishTasksAndInvalidate() }
            let box = ResponseBox()
            let done = DispatchSemaphore(value: 0)
            let task = session.dataTask(with: urlRequest) { data, response, error in
                box.set(data, response, error)
                done.signal()
            }
            task.resume()
            let server = ServerAddress.origin(request.url) ?? "the server"
            if done.wait(timeout: .now() + timeout + 5) == .timedOut {
                task.cancel()
                throw .unreachable("\(server) did not answer within \(Int(timeout)) s")
            }
            let (data, response, error) = box.get()
            if let error {
                let code = (error as NSError).code
                if code == NSURLErrorTimedOut {
                    throw .unreachable("\(server) did not answer within \(Int(timeout)) s")
                }
                if code == NSURLErrorServerCertificateUntrusted || code == NSURLErrorServerCertificateHasUnknownRoot {
                    throw .unreachable(
                        "cannot verify the certificate of \(server) (\(error.localizedDescription)): \(trust.advice())")
                }
                throw .unreachable("cannot reach \(server): \(error.localizedDescription)")
            }
            guard let http = response as? HTTPURLResponse else {
                throw .badResponse("\(server) did not answer with HTTP")
            }
            let location = http.value(forHTTPHeaderField: "Location").flatMap {
                URL(string: $0, relativeTo: request.url)?.absoluteURL
            }
            var headers: [String: String] = [:]
            for (name, value) in http.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            return HTTPAnswer(status: http.statusCode, body: data ?? Data(), location: location, headers: headers)
        }

        /// The DER certificates of a PEM text.
        private static func certificates(_ pem: Data?) -> [SecCertificate] {
            guard let pem else { return [] }
            let text = String(decoding: pem, as: UTF8.self)
            return text.components(separatedBy: "-----BEGIN CERTIFICATE-----").dropFirst().compactMap { part in
                guard let body = part.components(separatedBy: "-----END CERTIFICATE-----").first,
                    let der = Data(base64Encoded: body, options: .ignoreUnknownCharacters)
                else { return nil }
                return SecCertificateCreateWithData(nil, der as CFData)
            }
        }

        /// Follows no redirect (the caller decides), and trusts `anchors` besides the system's.
        private final class Delegate: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
            let anchors: [SecCertificate]
            init(anchors: [SecCertificate]) { self.anchors = anchors }

            func urlSession(
                _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
            ) {
                completionHandler(nil)
            }

            func urlSession(
                _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
            ) {
                guard challenge.protectionSpace.authenticationMethod == NSURLAuthenticationMethodServerTrust,
                    let trust = challenge.protectionSpace.serverTrust, !anchors.isEmpty
                else { return completionHandler(.performDefaultHandling, nil) }
                SecTrustSetAnchorCertificates(trust, anchors as CFArray)
                SecTrustSetAnchorCertificatesOnly(trust, false)
                guard SecTrustEvaluateWithError(trust, nil) else {
                    return completionHandler(.cancelAuthenticationChallenge, nil)
                }
                completionHandler(.useCredential, URLCredential(trust: trust))
            }
        }
    }

    private final class ResponseBox: @unchecked Sendable {
        private let lock = NSLock()
        private var value: (Data?, URLResponse?, Error?) = (nil, nil, nil)
        func set(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
            lock.lock()
            value = (data, response, error)
            lock.unlock()
        }
        func get() -> (Data?, URLResponse?, Error?) {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
    }
#endif
