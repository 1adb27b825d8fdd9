import Foundation
import Testing
import TodoCore
import TodoStore
import TodoTestSupport

/// The repository, found from this file, for the committed generated files.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().path

/// The path of a tool a test needs. A missing tool fails the test (CI installs them with
/// `installer`: `bash .ci/test-completions`, `bash .ci/test-scripting-deps`); it never skips it.
func requiredTool(_ name: String, installer: String = ".ci/test-completions") throws -> String {
    let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map { $0 + name }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
    return try #require(path, "\(name) is not installed: run 'bash \(installer)', which installs it")
}

extension Sandbox {
    /// The environment with the built `todo` first on PATH, as the completion scripts call it.
    var shellEnvironment: [String: String] {
        var environment = baseEnvironment
        environment["PATH"] = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        return environment
    }

    /// Writes todos with these numbers and names to `path` (default: the sandbox's state file).
    @discardableResult
    func write(_ todos: KeyValuePairs<Int, String>, to path: String? = nil) throws -> String {
        let base = FixedClock.epoch
        let state = TodoState(todos: todos.map { Todo(id: $0, uuid: UUID(), name: $1, createdAt: base) })
        let path = path ?? file
        try Data(StateCodec.encode(state)).write(to: URL(fileURLWithPath: path))
        return path
    }
}
