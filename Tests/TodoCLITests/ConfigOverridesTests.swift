import Foundation
import Testing
import TodoTestSupport

/// Issue 40: `rc.KEY=VALUE` and `rc:PATH` anywhere on a command line (before `--`) set a
/// setting, or the config file, for that command only, as in Taskwarrior.
@Suite struct ConfigOverridesTests {
    let box: Sandbox
    init() throws {
        box = try Sandbox()
        try box.run("add", "pay rent")
        try box.run("done", "1")
        try box.run("add", "buy milk")
    }

    @Test func aSettingIsUsedForOneCommandAndNotKept() throws {
        #expect(try box.run("list").stdout == "2 [ ] buy milk\n")
        #expect(try box.run("rc.default-filter=all", "list").stdout == "2 [ ] buy milk\n1 [x] pay rent\n")
        #expect(try box.run("list", "rc.default-filter:completed").stdout == "1 [x] pay rent\n")
        #expect(try box.run("config", "default-filter").status == 1, "an override is never written to the file")
        #expect(try box.run("list").stdout == "2 [ ] buy milk\n")
    }

    @Test func theCommandLineIsUsedOverTheEnvironmentAndTheFile() throws {
        #expect(try box.run("config", "syntax", "todotxt").status == 0)
        let added = try box.run(
            ["rc.syntax=taskwarrior", "add", "call mom", "+family"], environment: ["TODO_SYNTAX": "todotxt"])
        #expect(added.status == 0, "\(added)")
        let json = try box.run(["rc.syntax=taskwarrior", "list", "--json"]).stdout
        #expect(
            json.contains(#""tags": ["family"], "project": null"#), "+family is a tag in Taskwarrior's syntax: \(json)")
    }

    @Test func anotherConfigFileForOneCommand() throws {
        let other = box.directory + "/other.json"
        try #"{"default-filter": "completed"}"#.write(toFile: other, atomically: true, encoding: .utf8)
        #expect(try box.run("rc:\(other)", "list").stdout == "1 [x] pay rent\n")
        #expect(try box.run("list").stdout == "2 [ ] buy milk\n")
    }

    @Test func whatCannotBeASettingIsRefused() throws {
        let cases: [([String], String)] = [
            (["rc.colour=red", "list"], "todo: rc.colour is no setting of todo's (see 'todo help config')\n"),
            (["rc.verbose=nothing", "list"], "todo: rc.verbose is no setting of todo's (see 'todo help config')\n"),
            (["list", "rc.timeout=0"], "todo: the timeout must be a number of seconds from 0 to 600, not '0'\n"),
            (["rc.due-days", "list"], "todo: \"rc.due-days\" sets no value: write rc.KEY=VALUE\n"),
            (["rc:", "list"], "todo: rc: needs the path of a config file\n")
        ]
        let before = try #require(box.fileBytes())
        for (arguments, said) in cases {
            #expect(try box.run(arguments) == RunResult(stdout: "", stderr: said, status: 2), "\(arguments)")
        }
        #expect(box.fileBytes() == before)
        #expect(try box.run("add", "--", "rc.local=1", "fix").status == 0)
        #expect(try box.run("list").stdout.hasPrefix("3 [ ] rc.local=1 fix\n"))
    }
}
