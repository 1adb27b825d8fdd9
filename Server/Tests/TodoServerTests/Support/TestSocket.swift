import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A raw loopback TCP connection, for sending bytes no HTTP client would. Its waits run
/// `offThePool`; it closes when the last reference to it goes.
final class TestSocket: @unchecked Sendable {
    enum Closed: Equatable, Sendable { case eof, reset }

    private let fd: Int32

    /// Connects to the loopback `port`; with `receiveBuffer`, the kernel keeps at most about that
    /// many bytes the test has not read (else loopback buffers take megabytes of an answer).
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket() failed") }
        if var size = receiveBuffer {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(fd)
            throw TestFailure("connect to port \(port) failed")
        }
        // Set only now: an initializer that throws once every property is set still runs
        // deinit, whose second close(2) would close whatever file another test opened since.
        self.fd = fd
    }

    deinit { close(fd) }

    /// Sends all of `bytes`; throws when the server has closed the connection.
    func send(_ bytes: [UInt8]) async throws {
        try await offThePool { try self.blockingSend(bytes) }
    }

    func send(_ text: String) async throws { try await send(Array(text.utf8)) }

    /// `send` for code already off the pool.
    func blockingSend(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { sendNoSignal(fd, $0) }
            guard n > 0 else { throw TestFailure("send failed: errno \(errno)") }
            sent += n
        }
    }

    /// Reads one whole answer (its head, then `Content-Length` bytes of body), waiting at most
    /// `seconds`; nil if none arrived in that time or the connection closed first.
    func readResponse(within seconds: Double) async -> RawHTTP.Response? {
        await offThePool { self.readResponseNow(within: seconds) }
    }

    private func readResponseNow(within seconds: Double) -> RawHTTP.Response? {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while deadline.timeIntervalSinceNow > 0 {
            if let response = RawHTTP.parse(received),
                response.body.count >= Int(response.header("Content-Length") ?? "0") ?? 0
            {
                return response
            }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(deadline.timeIntervalSinceNow, 1) * 1000) + 1) > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { return nil }
            received.append(contentsOf: buffer[0..<n])
        }
        return nil
    }

    /// Reads until the server closes the connection or `seconds` have passed; returns what
    /// arrived and how the connection ended (nil: still open at the deadline).
    func readUntilClosed(within seconds: Double) async -> (data: Data, closed: Closed?) {
        await offThePool { self.blockingReadUntilClosed(within: seconds) }
    }

    /// `readUntilClosed` for code already off the pool.
    func blockingReadUntilClosed(within seconds: Double) -> (data: Data, closed: Closed?) {
        let deadline = Date().addingTimeInterval(seconds)
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return (received, nil) }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000) + 1)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let n = recv(fd, &buffer, buffer.count, 0)
            if n > 0 {
                received.append(contentsOf: buffer[0..<n])
            } else if n == 0 {
                return (received, .eof)
            } else if errno == ECONNRESET {
                return (received, .reset)
            } else if errno != EINTR && errno != EAGAIN {
                return (received, .reset)
            }
        }
    }
}

/// `send` that reports a closed connection as an error instead of raising SIGPIPE.
private func sendNoSignal(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
    #if canImport(Glibc)
        return send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
    #else
        var on: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        return send(fd, bytes.baseAddress, bytes.count, 0)
    #endif
}

/// HTTP/1.1 as bytes on a `TestSocket`, byte for byte as curl would send it (so headers curl
/// sends unchecked reach the server unchanged).
enum RawHTTP {
    struct Response: Sendable {
        let status: Int
        let head: String
        let body: Data
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// Sends one request (raw header lines, as bytes) with `Connection: close` semantics and
    /// reads the whole answer; nil when the server closed without answering.
    static func request(
        port: Int, method: String, path: String, headers: [[UInt8]] = [], body: String? = nil
    ) async throws -> Response? {
        var request = Array(
            "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUser-Agent: curl/7.88.1\r\nAccept: */*\r\n".utf8)
        for line in headers { request += line + Array("\r\n".utf8) }
        if let body { request += Array("Content-Length: \(body.utf8.count)\r\n".utf8) }
        request += Array("Connection: close\r\n\r\n".utf8)
        if let body { request += Array(body.utf8) }

        let socket = try TestSocket(port: port)
        try await socket.send(request)
        let (received, closed) = await socket.readUntilClosed(within: 15)
        guard closed != nil else { throw TestFailure("no complete answer within 15s") }
        return parse(received)
    }

    /// The first answer in `data`, or nil when there is none.
    static func parse(_ data: Data) -> Response? {
        guard let split = data.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self)
        let statusLine = head.split(separator: "\r\n").first ?? ""
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { return nil }
        return Response(status: status, head: head, body: Data(data[split.upperBound...]))
    }

    /// A header line as bytes, for `request`.
    static func header(_ text: String) -> [UInt8] { Array(text.utf8) }
}
