import Foundation
import Testing
import TodoSync

/// Where the token may go: the loopback test, origins, and the check `settings` makes.
struct TransportRuleTests {
    @Test(arguments: ["localhost", "LocalHost", "127.0.0.1", "127.255.0.9", "::1", "[::1]", "0:0:0:0:0:0:0:1"])
    func loopbackHosts(host: String) {
        #expect(ServerAddress.isLoopback(host))
    }

    @Test(arguments: [
        "192.0.2.1", "128.0.0.1", "126.0.0.1", "10.0.0.1", "::2", "::ffff:10.0.0.1", "127.1", "2130706433",
        "0x7f.0.0.1", "localhost.", "my.localhost", "localhost.example.org", "127.0.0.1.example.org", "vm", ""
    ])
    func otherHosts(host: String) {
        #expect(!ServerAddress.isLoopback(host))
    }

    @Test func originsNameSchemeHostAndPortOnly() {
        func origin(_ text: String) -> String? { ServerAddress.origin(URL(string: text)!) }
        #expect(origin("https://Todo.Example.org/v1/changes?since=3") == "https://todo.example.org:443")
        #expect(origin("https://todo.example.org:443/") == origin("https://todo.example.org/x"))
        #expect(origin("http://u:secret@127.0.0.1:8080/p") == "http://127.0.0.1:8080")
        #expect(origin("http://[::1]:8080/") == "http://[::1]:8080")
        #expect(origin("http://todo.example.org/") != origin("https://todo.example.org/"))
        #expect(origin("http://todo.example.org:443/") != origin("https://todo.example.org/"))
        #expect(origin("http://127.0.0.1:8080/") != origin("http://127.0.0.1:8081/"))
    }

    @Test(arguments: [
        "https://192.0.2.1", "https://todo.example.org:8443/base", "http://127.0.0.1:8080", "http://localhost:1",
        "http://[::1]:80"
    ])
    func acceptedWithoutOptIn(server: String) throws {
        let settings = try settings(["TODO_SERVER": server])
        #expect(!settings.sendsTokenInPlainText)
    }

    @Test(arguments: [
        "http://192.0.2.1:8080", "http://todo.example.org", "http://vm:8080/", "http://127.0.0.1@192.0.2.1/"
    ])
    func plainHTTPToAnotherMachineIsRefused(server: String) throws {
        #expect {
            try settings(["TODO_SERVER": server])
        } throws: { error in
            let text = (error as? SyncError)?.description ?? ""
            return (error as? SyncError)?.exitStatus == 1 && text.contains("is plain http:// to another machine")
                && text.contains("todo config insecure-http true")
        }
    }

    @Test func theOptInComesFromTheEnvironmentOrTheFile() throws {
        let server = ["TODO_SERVER": "http://192.0.2.1:8080"]
        #expect(try settings(server.merging(["TODO_INSECURE_HTTP": "true"]) { $1 }).sendsTokenInPlainText)
        #expect(try settings(server, stored: ["insecure-http": "true"]).insecureHTTP)
        #expect(throws: SyncError.self) { try settings(server, stored: ["insecure-http": "false"]) }
        #expect(throws: SyncError.self) {
            try settings(server.merging(["TODO_INSECURE_HTTP": "false"]) { $1 }, stored: ["insecure-http": "true"])
        }
        #expect(throws: SyncError.notConfigured("insecure-http (TODO_INSECURE_HTTP) must be true or false, not 'yes'"))
        {
            try settings(server.merging(["TODO_INSECURE_HTTP": "yes"]) { $1 })
        }
    }

    @Test func redactingReplacesTheSecretAndKeepsTheKind() {
        let error = SyncError.unauthorized("server said: Bearer s3cret-token, s3cret-token")
        #expect(error.redacting("s3cret-token") == .unauthorized("server said: Bearer [token], [token]"))
        #expect(SyncError.badResponse("fine").redacting("s3cret-token") == .badResponse("fine"))
    }

    /// The settings from `environment` and a config file holding `stored` with a token.
    private func settings(_ environment: [String: String], stored: [String: String] = [:]) throws -> SyncSettings {
        let path = NSTemporaryDirectory() + "todo-transport-\(UUID().uuidString).json"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try ConfigFile(environment: ["TODO_CONFIG": path])
        try file.write(stored.merging(["token": "t0ken"]) { $1 })
        return try file.settings(environment: environment)
    }
}
