import Foundation
#if canImport(Glibc)
    import Glibc
#endif
import Logging
import TodoServer
import Vapor

@main
enum Entrypoint {
    static func main() async {
        // The database, its WAL and anything else the server writes: for its own user only.
        umask(0o077)
        do {
            var env = try Environment.detect()
            // Logs go to stderr, so stdout carries only what commands print (a new token, say).
            try LoggingSystem.bootstrap(from: &env) { level in
                { label in
                    var handler = StreamLogHandler.standardError(label: label)
                    handler.logLevel = level
                    return handler
                }
            }
            let app = try await Application.make(env)
            do {
                try await configure(app)
                try await app.startup()
                try await app.running?.onStop.get()
                try await app.asyncShutdown()
            } catch {
                try? await app.asyncShutdown()
                throw error
            }
        } catch {
            FileHandle.standardError.write(Data("todo-server: error: \(error)\n".utf8))
            exit(1)
        }
    }
}
