#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import Testing
@testable import TodoCLI

/// The crontab lines README.md, `todo help sync` and the man page show run under cron, whose
/// PATH is /usr/bin:/bin: they name todo by its full path, never a bare `todo`.
@Suite struct CronLineTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    /// A crontab line's command: what follows its five schedule fields.
    static func command(ofCrontabLine line: String) -> String? {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        let schedule = fields.prefix(5)
        guard fields.count == 6, schedule.allSatisfy({ $0.allSatisfy { "*/,-0123456789".contains($0) } }) else {
            return nil
        }
        return String(fields[5])
    }

    static var readmeCrontabLines: [String] {
        let readme = (try? String(contentsOfFile: repositoryRoot + "/README.md", encoding: .utf8)) ?? ""
        return readme.split(separator: "\n").map(String.init).filter { command(ofCrontabLine: $0) != nil }
    }

    @Test func everyCrontabExampleNamesTodoByItsFullPath() throws {
        let help = CommandTable.commands.flatMap(\.examples).map(\.command)
        let man = manExamples(CommandTable.commands, CommandTable.globalOptions).map(\.command)
        let commands = (Self.readmeCrontabLines + help + man).compactMap(Self.command(ofCrontabLine:))
        #expect(commands.count >= 4)
        for command in commands {
            #expect(command.hasPrefix(CommandTable.cronTodo + " "), "\(command)")
        }
    }

    /// The README's sync line, as cron would run it: `sh -c` with only HOME and cron's PATH,
    /// todo installed where the line says and a server set with `todo config`.
    @Test func readmeCronLineSyncsUnderCronsPath() throws {
        let line = try #require(
            Self.readmeCrontabLines.first { $0.contains(" sync") }, "README.md shows no crontab line that syncs")
        let command = try #require(Self.command(ofCrontabLine: line))
        let home = box.directory + "/home"
        let bin = home + "/.local/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let built = URL(fileURLWithPath: Sandbox.binary).deletingLastPathComponent().path
        for program in ["todo", "todo-sync"] {
            try FileManager.default.createSymbolicLink(
                atPath: bin + "/" + program, withDestinationPath: built + "/" + program)
        }
        #expect(command.hasPrefix(CommandTable.cronTodo + " "), "the test installs todo at $HOME/.local/bin: \(line)")
        let server = try TransportServer("api", in: box.directory)
        let cron = ["HOME": home, "PATH": "/usr/bin:/bin"]
        try #require(
            try Sandbox.execute(bin + "/todo", ["config", "server", server.url], stdin: nil, environment: cron).status
                == 0)
        try #require(
            try Sandbox.execute(bin + "/todo", ["config", "token", "secret"], stdin: nil, environment: cron).status == 0
        )
        let result = try Sandbox.execute(
            "/usr/bin/env", ["-i", "HOME=\(home)", "PATH=/usr/bin:/bin", "sh", "-c", command], stdin: nil,
            environment: [:])
        #expect(result == RunResult(stdout: "", stderr: "", status: 0))
        let log = try String(contentsOfFile: server.log, encoding: .utf8)
        #expect(log.contains("GET /v1/changes"), "\(log)")
        let bare = try Sandbox.execute(
            "/usr/bin/env", ["-i", "HOME=\(home)", "PATH=/usr/bin:/bin", "sh", "-c", "todo sync --quiet"], stdin: nil,
            environment: [:])
        #expect(bare.status == 127)
    }
}
