import Foundation
import Testing
import TodoCLI

/// The table of exit statuses is the same in `todo help exit-status`, the README and `ExitStatus`,
/// and each is produced.
@Suite struct ExitStatusTests {
    @Test func everyStatusIsDocumentedAndProduced() throws {
        let box = try Sandbox()
        let readme = try String(
            contentsOfFile: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md").path,
            encoding: .utf8)
        let help = try box.run("help", "exit-status").stdout
        for (status, meaning) in ExitStatus.table {
            #expect(readme.contains("| \(status) | \(meaning) |"), "README lacks status \(status)")
            #expect(help.contains("\n  \(status)  \(meaning.prefix(30))"), "help lacks status \(status)")
        }
        #expect(ExitStatus.table.map(\.0) == [0, 1, 2, 3, 4, 5])
        #expect(try box.run("add", "x").status == 0)
        #expect(try box.run("show", "9").status == 1)
        #expect(try box.run(["import", "-"], stdin: "not json").status == 1)
        #expect(try box.run("lsit").status == 2)
        #expect(try box.run(["batch"], stdin: "{").status == 2)
        #expect(try box.run("list", "--format", "{nope}").status == 2)
        // 3, 4 and 5 come from sync (todo-sync), exercised against real and fake servers in SyncTests.
        #expect(
            try Sandbox(.binary).run(
                ["sync"], environment: ["TODO_SERVER": "http://127.0.0.1:9", "TODO_TOKEN": "t", "TODO_TIMEOUT": "2"]
            ).status == 3)
    }
}

/// `todo` must start without loading the HTTP stack; only `todo-sync` links it.
@Suite struct LinkageTests {
    func libraries(_ binary: String) throws -> String {
        try Sandbox.execute("/usr/bin/ldd", [binary], stdin: nil, environment: ProcessInfo.processInfo.environment)
            .stdout
    }

    @Test func onlyTodoSyncLinksTheNetworkingLibraries() throws {
        let todo = try libraries(Sandbox.binary)
        let helper = try libraries((Sandbox.binary as NSString).deletingLastPathComponent + "/todo-sync")
        #expect(todo.contains("libc.so"))
        #expect(!todo.contains("libcurl"))
        #expect(!todo.contains("FoundationNetworking"))
        #expect(helper.contains("libcurl") || helper.contains("FoundationNetworking"))
    }
}
