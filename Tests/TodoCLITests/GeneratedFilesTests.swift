import Foundation
import Testing

/// The committed completion scripts and man page match what the command table generates now,
/// and the completion callback they rely on.
@Suite struct GeneratedFilesTests {
    let box: Sandbox
    init() throws { box = try Sandbox() }

    static let files: [(arguments: [String], path: String)] = [
        (["completions", "bash"], "completions/todo.bash"),
        (["completions", "zsh"], "completions/_todo"),
        (["completions", "fish"], "completions/todo.fish"),
        (["__man"], "man/todo.1")
    ]

    @Test(arguments: files)
    func committedFileIsUpToDate(arguments: [String], path: String) throws {
        let generated = try box.run(arguments)
        #expect(generated.status == 0)
        #expect(generated.stderr == "")
        let committed = try String(contentsOfFile: repositoryRoot + "/" + path, encoding: .utf8)
        #expect(generated.stdout == committed, "\(path) is out of date: run 'bash .ci/generate'")
    }

    @Test func unknownShellIsAUsageErrorNamingTheShells() throws {
        #expect(
            try box.run("completions", "nosuch")
                == RunResult(
                    stdout: "",
                    stderr: """
                        todo: 'nosuch' is not a valid shell for 'completions' (choose from bash, zsh, fish)
                        usage: todo completions SHELL
                        See 'todo completions --help'.

                        """, status: 2))
        #expect(try box.run("completions", "zhs").stderr.contains("Did you mean 'zsh'?"))
        #expect(try box.run("completions").status == 2)
    }

    @Test func hiddenCommandsStayOutOfHelp() throws {
        let help = try box.run("--help").stdout
        #expect(help.contains("  completions"))
        #expect(!help.contains("__complete"))
        #expect(!help.contains("__man"))
    }

    @Test func completeIdsPrintsNumberTabNameLines() throws {
        try box.write([1: "buy milk", 2: "two\nlines\tand a tab", 4: "call mom"])
        #expect(
            try box.run("__complete", "ids")
                == RunResult(
                    stdout: "1\tbuy milk\n2\ttwo\\nlines\\tand a tab\n4\tcall mom\n", stderr: "", status: 0))
    }

    @Test func completeIdsHonoursFileThenTodoFile() throws {
        let other = try box.write([7: "elsewhere"], to: box.directory + "/other.json")
        try box.write([1: "here"])
        #expect(try box.run("__complete", "ids").stdout == "1\there\n")
        #expect(try box.run("__complete", "ids", "--file=" + other).stdout == "7\telsewhere\n")
        #expect(try box.run(["__complete", "ids"], environment: ["TODO_FILE": other]).stdout == "7\telsewhere\n")
    }

    @Test(arguments: ["missing", "damaged", "directory", "no home"])
    func completeIdsPrintsNothingWhenThereIsNoList(_ situation: String) throws {
        var environment: [String: String] = [:]
        switch situation {
        case "damaged": try Data("{\"todos\": [".utf8).write(to: URL(fileURLWithPath: box.file))
        case "directory": try FileManager.default.createDirectory(atPath: box.file, withIntermediateDirectories: true)
        case "no home": environment = ["TODO_FILE": "", "HOME": ""]
        default: break
        }
        #expect(
            try box.run(["__complete", "ids"], environment: environment) == RunResult(stdout: "", stderr: "", status: 0)
        )
        #expect(
            try box.run(["__complete", "ids", "--file="], environment: environment)
                == RunResult(stdout: "", stderr: "", status: 0))
    }
}
