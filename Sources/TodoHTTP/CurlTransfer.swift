#if os(Linux)
    import CCurl
    import Foundation
    import TodoSync

    /// One exchange through libcurl, the library FoundationNetworking wraps on Linux, used directly
    /// because FoundationNetworking cannot be given CA certificates besides the system's (ca-file).
    /// HTTP and HTTPS only, no redirect followed, bounded by `timeout` and `maxAnswerBytes`.
    enum CurlTransfer {
        /// A larger answer is refused rather than held: no page of the sync API comes near it.
        static let maxAnswerBytes = 256 << 20

        static func send(_ request: HTTPRequest, timeout: TimeInterval, trust: TrustAnchors) throws(SyncError)
            -> HTTPAnswer
        {
            guard let handle = curl_easy_init() else { throw .unreachable("cannot start an HTTP request (libcurl)") }
            defer { curl_easy_cleanup(handle) }
            let answer = Received()
            var headers: UnsafeMutablePointer<curl_slist>?
            defer { curl_slist_free_all(headers) }
            // curl would send Expect: 100-continue before a larger body, a round trip for nothing.
            for line in request.headers.map({ "\($0.name): \($0.value)" }) + ["Expect:"] {
                headers = curl_slist_append(headers, line)
            }
            var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let code: CURLcode = request.url.absoluteString.withCString { url in
                request.method.withCString { method in
                    withBlob(trust.extraPEM.map(systemBundle(with:))) { blob in
                        (request.body ?? Data()).withUnsafeBytes { body in
                            errorText.withUnsafeMutableBufferPointer { errors in
                                let sink = Unmanaged.passUnretained(answer).toOpaque()
                                todo_curl_setopt_pointer(handle, CURLOPT_URL, url)
                                todo_curl_setopt_pointer(handle, CURLOPT_CUSTOMREQUEST, method)
                                todo_curl_setopt_pointer(handle, CURLOPT_PROTOCOLS_STR, "http,https")
                                todo_curl_setopt_long(handle, CURLOPT_FOLLOWLOCATION, 0)
                                todo_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1)
                                todo_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, Int(timeout * 1000))
                                todo_curl_setopt_pointer(handle, CURLOPT_HTTPHEADER, headers)
                                todo_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errors.baseAddress)
                                todo_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, sink)
                                todo_curl_setopt_write(
                                    handle,
                                    { bytes, size, count, sink in
                                        Unmanaged<Received>.fromOpaque(sink!).takeUnretainedValue().take(
                                            bytes, size * count)
                                    })
                                todo_curl_setopt_pointer(handle, CURLOPT_HEADERDATA, sink)
                                todo_curl_setopt_header(
                                    handle,
                                    { bytes, size, count, sink in
                                        Unmanaged<Received>.fromOpaque(sink!).takeUnretainedValue().header(
                                            bytes, size * count)
                                    })
                                // A libcurl older than 7.77 takes no blob: say so rather than go on without the CAs.
                                if let blob,
                                    case let refused = todo_curl_setopt_pointer(handle, CURLOPT_CAINFO_BLOB, blob),
                                    refused != CURLE_OK
                                {
                                    return refused
                                }
                                if request.body != nil {
                                    todo_curl_setopt_long(handle, CURLOPT_POSTFIELDSIZE, body.count)
                                    // curl copies the bytes; an empty body still needs a pointer to copy none from.
                                    todo_curl_setopt_pointer(
                                        handle, CURLOPT_COPYPOSTFIELDS, body.baseAddress ?? UnsafeRawPointer(method))
                                }
                                return curl_easy_perform(handle)
                            }
                        }
                    }
                }
            }
            let said = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let detail =
                said.isEmpty ? String(validatingCString: curl_easy_strerror(code)) ?? "error \(code.rawValue)" : said
            try check(code, detail: detail, request: request, timeout: timeout, trust: trust, answer: answer)
            var status = 0
            todo_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
            var location: UnsafeMutablePointer<CChar>?
            todo_curl_getinfo_string(handle, CURLINFO_REDIRECT_URL, &location)
            return HTTPAnswer(
                status: status, body: answer.data,
                location: location.flatMap { String(validatingCString: $0) }.flatMap { URL(string: $0) },
                headers: answer.headers)
        }

        /// Turns a failed transfer into the error a person reads.
        private static func check(
            _ code: CURLcode, detail: String, request: HTTPRequest, timeout: TimeInterval, trust: TrustAnchors,
            answer: Received
        ) throws(SyncError) {
            let server = ServerAddress.origin(request.url) ?? "the server"
            switch code {
            case CURLE_OK: return
            case CURLE_OPERATION_TIMEDOUT: throw .unreachable("\(server) did not answer within \(Int(timeout)) s")
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE:
                throw .unreachable("cannot verify the certificate of \(server) (\(detail)): \(trust.advice())")
            case CURLE_WRITE_ERROR where answer.tooLarge:
                throw .badResponse("\(server) answered more than \(maxAnswerBytes >> 20) MiB; refused")
            default: throw .unreachable("cannot reach \(server): \(detail)")
            }
        }

        /// The system's CA certificates (libcurl's own bundle) followed by `extra`: curl takes one
        /// list of anchors, so the person's are added to the system's rather than replacing them.
        private static func systemBundle(with extra: Data) -> Data {
            systemCertificates + Data("\n".utf8) + extra
        }

        /// libcurl's CA bundle (else the usual places), read once a process.
        private static let systemCertificates: Data = {
            let paths =
                [todo_curl_version()?.pointee.cainfo.flatMap { String(validatingCString: $0) }].compactMap { $0 }
                + ["/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/cert.pem"]
            return paths.lazy.compactMap { FileManager.default.contents(atPath: $0) }.first ?? Data()
        }()

        /// Runs `body` with `data` as a curl blob (nil: none), valid for the call.
        private static func withBlob<T>(_ data: Data?, _ body: (UnsafeMutableRawPointer?) -> T) -> T {
            guard let data else { return body(nil) }
            return data.withUnsafeBytes { bytes in
                var blob = curl_blob(
                    data: UnsafeMutableRawPointer(mutating: bytes.baseAddress), len: bytes.count,
                    flags: UInt32(CURL_BLOB_COPY))
                return withUnsafeMutablePointer(to: &blob) { body(UnsafeMutableRawPointer($0)) }
            }
        }
    }

    /// The answer's bytes as curl hands them over, up to `CurlTransfer.maxAnswerBytes`.
    private final class Received {
        var data = Data()
        var tooLarge = false
        var headers: [String: String] = [:]
        private var headerBytes = 0

        /// One header line; a status line starts the fields of a new answer (after a 100 Continue).
        func header(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
            headerBytes += count
            guard let bytes, headerBytes <= 1 << 20 else { return headerBytes <= 1 << 20 ? count : 0 }
            let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                headers = [:]
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return count
        }

        func take(_ bytes: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
            guard data.count + count <= CurlTransfer.maxAnswerBytes else {
                tooLarge = true
                return 0
            }
            if let bytes { data.append(UnsafeRawPointer(bytes).assumingMemoryBound(to: UInt8.self), count: count) }
            return count
        }
    }
#endif
