import Foundation
import TodoSync
import TodoSyncCrypto

/// TaskChampion's sync protocol over HTTP (`/v1/client/…`), with its encryption: every body
/// sealed with the key of the account's secret and client id (derived once, here, and kept in
/// memory only), snapshots compressed with zlib. Every call is bounded by `timeout`.
public struct TaskChampionClient: ReplicaTransport {
    public let server: URL
    let clientID: UUID
    let key: SyncKey
    let timeout: TimeInterval
    let trust: TrustAnchors

    static let segmentType = "application/vnd.taskchampion.history-segment"
    static let snapshotType = "application/vnd.taskchampion.snapshot"
    /// A snapshot inflating to more is refused (a decompression bomb): 100,000 tasks are ~50 MB.
    static let maxSnapshotBytes = 512 << 20

    public init(settings: ReplicaSettings) throws(SyncError) {
        server = settings.server
        clientID = settings.clientID
        timeout = settings.timeout
        trust = try TrustAnchors.from(file: settings.caFile)
        do {
            key = try SyncKey(secret: Array(settings.secret.utf8), clientID: settings.clientID)
        } catch {
            throw .notConfigured("cannot derive the encryption key: \(error)")
        }
    }

    public func childVersion(of parent: UUID) throws(SyncError) -> ChildVersion {
        let answer = try send(HTTPRequest(url: endpoint("get-child-version", parent)))
        switch answer.status {
        case 404: return .upToDate
        case 410: return .gone
        case 200:
            let id = try versionID(answer, "x-version-id")
            guard try versionID(answer, "x-parent-version-id") == parent else {
                throw .badResponse(
                    "\(serverName) answered the version after \(text(parent)) with one after another version")
            }
            return .version(id: id, segment: try open(answer.body, for: parent, what: "a version"))
        default: throw failure(answer)
        }
    }

    public func addVersion(_ segment: [UInt8], parent: UUID) throws(SyncError) -> AddedVersion {
        let body = try seal(segment, for: parent)
        let request = HTTPRequest(
            url: endpoint("add-version", parent), method: "POST", headers: [("Content-Type", Self.segmentType)],
            body: Data(body))
        let answer = try send(request)
        switch answer.status {
        case 200:
            let urgency = answer.headers["x-snapshot-request"] ?? ""
            return .accepted(
                id: try versionID(answer, "x-version-id"),
                snapshotWanted: urgency.contains("urgency=low") || urgency.contains("urgency=high"))
        case 409: return .conflict(expectedParent: try versionID(answer, "x-parent-version-id"))
        default: throw failure(answer)
        }
    }

    public func snapshot() throws(SyncError) -> (version: UUID, tasks: [UInt8])? {
        let answer = try send(HTTPRequest(url: server.appendingPathComponent("v1/client/snapshot")))
        switch answer.status {
        case 404: return nil
        case 200:
            let version = try versionID(answer, "x-version-id")
            let compressed = try open(answer.body, for: version, what: "the snapshot")
            do {
                return (version, try Zlib.decompress(compressed, limit: Self.maxSnapshotBytes))
            } catch {
                throw .badResponse("\(serverName): \(error)")
            }
        default: throw failure(answer)
        }
    }

    public func addSnapshot(_ tasks: [UInt8], version: UUID) throws(SyncError) {
        let compressed: [UInt8]
        do {
            compressed = try Zlib.compress(tasks)
        } catch {
            throw .badResponse("cannot compress the snapshot: \(error)")
        }
        let body = try seal(compressed, for: version)
        let request = HTTPRequest(
            url: endpoint("add-snapshot", version), method: "POST", headers: [("Content-Type", Self.snapshotType)],
            body: Data(body))
        let answer = try send(request)
        guard answer.status == 200 else { throw failure(answer) }
    }

    private var serverName: String { ServerAddress.displayName(server) }

    private func endpoint(_ call: String, _ version: UUID) -> URL {
        server.appendingPathComponent("v1/client/\(call)/\(text(version))")
    }

    private func text(_ uuid: UUID) -> String { uuid.uuidString.lowercased() }

    private func send(_ request: HTTPRequest) throws(SyncError) -> HTTPAnswer {
        var request = request
        request.headers.append(("X-Client-Id", text(clientID)))
        return try HTTPRedirects.follow(request, server: server, timeout: timeout, trust: trust)
    }

    private func versionID(_ answer: HTTPAnswer, _ header: String) throws(SyncError) -> UUID {
        guard let value = answer.headers[header], let id = UUID(uuidString: value.trimmingCharacters(in: .whitespaces))
        else {
            throw .badResponse(
                "\(serverName) answered without a valid \(header.capitalized) header: is it a TaskChampion sync server?"
            )
        }
        return id
    }

    private func seal(_ plaintext: [UInt8], for version: UUID) throws(SyncError) -> [UInt8] {
        do {
            return try Envelope.seal(plaintext, key: key, versionID: version)
        } catch {
            throw .badResponse("cannot encrypt: \(error)")
        }
    }

    private func open(_ body: Data, for version: UUID, what: String) throws(SyncError) -> [UInt8] {
        do {
            return try Envelope.open(Array(body), key: key, versionID: version)
        } catch SyncCryptoError.authenticationFailed {
            throw .unauthorized(
                """
                \(serverName) sent \(what) this replica cannot decrypt: the encryption secret (sync.encryption_secret) \
                is not the one the other replicas use, or the data was altered
                """
            )
        } catch {
            throw .badResponse("\(serverName) sent \(what) that is not a TaskChampion envelope: \(error)")
        }
    }

    /// An answer no call expects, as one line.
    private func failure(_ answer: HTTPAnswer) -> SyncError {
        let reason =
            String(decoding: answer.body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first.map {
                ": \($0)"
            } ?? ""
        let shown = String(reason.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        switch answer.status {
        case 401, 403:
            return .unauthorized(
                "\(serverName) refused the client id (HTTP \(answer.status)\(shown)); check sync.server.client_id")
        case 502, 503, 504:
            return .unreachable("\(serverName) is unavailable (HTTP \(answer.status)\(shown)); try again later")
        default:
            return .badResponse(
                "\(serverName) answered HTTP \(answer.status)\(shown): is it a TaskChampion sync server?")
        }
    }
}
