import Vapor

extension Response {
    /// An answer of JSON already written (`FeedWriter`, `PushResponseWriter`).
    static func json(_ bytes: [UInt8], status: HTTPStatus = .ok) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(buffer: ByteBuffer(bytes: bytes)))
    }
}
