import Foundation

/// Where and how to sync with a TaskChampion server: Taskwarrior 3's `sync.server.url`,
/// `sync.server.client_id` and `sync.encryption_secret`, with todo's `timeout`, `ca-file` and
/// `insecure-http`.
public struct ReplicaSettings: Sendable {
    public var server: URL
    public var clientID: UUID
    /// Never printed: `description` leaves it out.
    public var secret: String
    public var timeout: Double
    public var insecureHTTP: Bool
    public var caFile: String?

    public init(
        server: URL, clientID: UUID, secret: String, timeout: Double, insecureHTTP: Bool = false, caFile: String? = nil
    ) {
        self.server = server
        self.clientID = clientID
        self.secret = secret
        self.timeout = timeout
        self.insecureHTTP = insecureHTTP
        self.caFile = caFile
    }
}

extension ConfigFile {
    /// The TaskChampion settings in force, nil when `sync.server.url` is not set; refuses a
    /// half-made set, and a config that names both kinds of server.
    public func replicaSettings(environment: [String: String]) throws(SyncError) -> ReplicaSettings? {
        let stored = try read().merging(overrides) { $1 }
        func value(_ key: ConfigKey) -> String? {
            key.value(environment: environment, stored: stored).flatMap { $0.isEmpty ? nil : $0 }
        }
        guard let urlText = value(.syncServerURL) else { return nil }
        if value(.server) != nil {
            throw .notConfigured(
                """
                both 'server' (todo-server's sync) and 'sync.server.url' (TaskChampion's) are set: a state file syncs \
                one way; unset one with 'todo config --unset KEY'
                """
            )
        }
        guard let server = SyncSettings.server(urlText) else {
            throw .notConfigured("sync.server.url '\(urlText)' is not an http:// or https:// URL")
        }
        guard let clientText = value(.syncClientID) else {
            throw .notConfigured(
                """
                no client id: run 'todo config sync.server.client_id UUID' (what 'todo-server taskchampion add USER' \
                printed)
                """
            )
        }
        guard let clientID = UUID(uuidString: clientText) else {
            throw .notConfigured("sync.server.client_id '\(clientText)' is not a UUID")
        }
        guard let secret = value(.syncEncryptionSecret) else {
            throw .notConfigured(
                """
                no encryption secret: run 'todo config sync.encryption_secret -' and paste the one your other replicas \
                use
                """
            )
        }
        let timeout = try Self.timeout(value(.timeout))
        let insecureHTTP = try Self.insecureHTTP(value(.insecureHTTP))
        if let refusal = SyncSettings.transportRefusal(server: server, insecureHTTP: insecureHTTP) { throw refusal }
        return ReplicaSettings(
            server: server, clientID: clientID, secret: secret, timeout: timeout, insecureHTTP: insecureHTTP,
            caFile: value(.caFile))
    }
}
