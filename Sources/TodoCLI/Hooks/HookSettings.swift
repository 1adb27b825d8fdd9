#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoCore
import TodoStore
import TodoSync

/// Whether hooks run, where they are and how long each may take: `hooks`, `hooks.location`
/// and `hooks.timeout` (`ConfigKey`), with `TODO_HOOKS` and `rc.` overrides.
struct HookSettings {
    var enabled: Bool
    /// The folder of scripts.
    var location: String
    var timeout: Double

    static let defaultTimeout = 30.0
    static let timeoutRule = "must be a number of seconds above 0 and at most 600"

    static func timeout(_ text: String) -> Double? {
        guard let seconds = Double(text), seconds > 0, seconds <= 600 else { return nil }
        return seconds
    }

    /// The settings in force; the folder is `hooks` beside the config file unless set.
    init(_ config: ConfigValues, environment: [String: String]) throws {
        func value(_ key: ConfigKey) -> String? { key.value(environment: environment, stored: config.values) }
        func refuse(_ message: String) -> CommandError {
            CommandError(message: "\(message) (\(config.path) or its environment variable)", status: ExitStatus.usage)
        }
        enabled = true
        if let text = value(.hooks) {
            guard let on = OnOff.read(text) else { throw refuse("hooks \(OnOff.rule), not '\(text)'") }
            enabled = on
        }
        location = PathText.directory(of: config.path) + "/hooks"
        if let path = value(.hooksLocation) {
            guard path.hasPrefix("/") else { throw refuse("hooks.location must be an absolute path, not '\(path)'") }
            location = path
        }
        timeout = Self.defaultTimeout
        if let text = value(.hooksTimeout) {
            guard let seconds = Self.timeout(text) else {
                throw refuse("hooks.timeout \(Self.timeoutRule), not '\(text)'")
            }
            timeout = seconds
        }
    }
}

/// One file in the hooks folder, and whether it runs.
struct HookScript: Equatable {
    var name: String
    var path: String
    /// The event its name starts with; nil for a name that starts with none (never run).
    var event: HookEvent?
    var executable: Bool

    /// Whether todo runs it for its event.
    var runs: Bool { event != nil && executable }

    /// `on-add.log (executable)`, as Taskwarrior's diagnostics says it, with why one does not run.
    var state: String {
        if event == nil {
            return
                "not run: its name starts with no event (\(HookEvent.allCases.map(\.rawValue).joined(separator: ", ")))"
        }
        return executable ? "executable" : "not run: not executable (chmod +x)"
    }

    /// The files of `folder` in name order (hidden ones and folders left out); none when
    /// there is no such folder. One `opendir` when there is none.
    static func scan(_ folder: String) -> [HookScript] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var scripts: [HookScript] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard !name.hasPrefix(".") else { continue }
            let path = folder + "/" + name
            var info = stat()
            guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            let event = HookEvent.allCases.first { name.hasPrefix($0.rawValue) }
            scripts.append(HookScript(name: name, path: path, event: event, executable: access(path, X_OK) == 0))
        }
        return scripts.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }
}
