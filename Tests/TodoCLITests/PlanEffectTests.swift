import Foundation
import Testing
@testable import TodoCLI
import TodoCore
import TodoStore
import TodoTestSupport

/// Plans have no effects: what a command writes to the config file, or reads of the state file
/// for completion, its plan only says; the runner does it. A batch is applied once.
@Suite struct PlanEffectTests {
    let todo: InProcess
    init() throws { todo = try InProcess() }

    var configPath: String { todo.box.directory + "/config.json" }

    /// The plan `arguments` make, as the runner gets it.
    func plan(_ arguments: String..., stdin: String = "") throws -> Plan {
        let context = context(arguments: arguments, stdin: stdin)
        let invocation = try parse(arguments).get()
        return try invocation.spec.plan(invocation, context)
    }

    func context(arguments: [String], stdin: String) -> Context {
        Context(
            arguments: arguments, environment: todo.environment, now: { FixedClock.noon }, timeZone: .utc,
            readStdin: { Array(stdin.utf8) })
    }

    func config() throws -> [String: String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: configPath))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
    }

    @Test func configKeyValueReturnsTheWriteAndTheRunnerWritesIt() throws {
        let plan = try plan("config", "token", "-", stdin: "s3cret\n")
        guard case .configure(let write, after: .output(let output)) = plan else {
            Issue.record("config KEY VALUE planned \(plan), not a write")
            return
        }
        #expect(write.file.path == configPath)
        #expect(write.values == ["token": "s3cret"])
        #expect(output == Output())
        #expect(!FileManager.default.fileExists(atPath: configPath))

        #expect(todo.run(["config", "token", "-"], stdin: "s3cret\n") == RunResult(stdout: "", stderr: "", status: 0))
        #expect(try config() == ["token": "s3cret"])
        #expect(mode(configPath) == 0o600)
    }

    @Test func configUnsetReturnsTheWrite() throws {
        todo.run("config", "due-days", "3")
        todo.run("config", "week-start", "monday")
        let plan = try plan("config", "--unset", "due-days")
        guard case .configure(let write, after: .output) = plan else {
            Issue.record("config --unset planned \(plan), not a write")
            return
        }
        #expect(write.values == ["week-start": "monday"])
        #expect(try config() == ["due-days": "3", "week-start": "monday"])
        #expect(todo.run("config", "--unset", "due-days").status == 0)
        #expect(try config() == ["week-start": "monday"])
    }

    @Test func aRefusedValueWritesNothing() throws {
        #expect(throws: CommandError.self) { try plan("config", "timeout", "forever") }
        let run = todo.run("config", "timeout", "forever")
        #expect(run.status == ExitStatus.usage)
        #expect(!FileManager.default.fileExists(atPath: configPath))
    }

    @Test func contextDefineReturnsTheWrite() throws {
        let plan = try plan("context", "define", "work", "+work")
        guard case .configure(let write, after: .output(let output)) = plan else {
            Issue.record("context define planned \(plan), not a write")
            return
        }
        #expect(write.values == ["context.work": "+work"])
        #expect(output.info == "Defined the context \"work\"; use it with: todo context work\n")
        #expect(!FileManager.default.fileExists(atPath: configPath))
    }

    @Test func contextDeleteWithoutANameIsAUsageError() {
        #expect(
            todo.run("context", "delete")
                == RunResult(
                    stdout: "", stderr: "todo: 'context delete' needs a NAME: todo context delete work\n",
                    status: ExitStatus.usage))
    }

    @Test func taskrcImportReturnsTheWrite() throws {
        let taskrc = todo.box.directory + "/.taskrc"
        try "weekstart=monday\ncolor=on\n".write(toFile: taskrc, atomically: true, encoding: .utf8)
        let plan = try plan("import", "--from", "taskrc", taskrc)
        guard case .configure(let write, after: .output) = plan else {
            Issue.record("import --from taskrc planned \(plan), not a write")
            return
        }
        #expect(write.values["week-start"] == "monday")
        #expect(!FileManager.default.fileExists(atPath: configPath))
    }

    @Test func importDeclaresAttributesOnlyOnceTheTodosAreImported() throws {
        let export = """
            [{"uuid":"0b6a1e2c-1111-4c5e-9f00-000000000001","status":"pending","description":"a",\
            "entry":"20260101T000000Z","client":"acme"}]
            """
        let plan = try plan("import", "--from", "taskwarrior", "-", stdin: export)
        guard case .configure(let write, after: .change) = plan else {
            Issue.record("an import keeping an attribute planned \(plan), not a change and a write")
            return
        }
        #expect(write.values == ["uda.client.type": "string"])
        #expect(!FileManager.default.fileExists(atPath: configPath))
        let run = todo.run(["import", "--from", "taskwarrior", "-"], stdin: export)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "note: kept user-defined attribute 'client' on 1 todo, declared as string ('todo config "
                + "uda.client.type TYPE' changes it)\n"
        )
        #expect(try config() == ["uda.client.type": "string"])
    }

    @Test func completionPeeksThroughTheRunner() throws {
        todo.run("add", "milk", "+shop")
        for (subject, expected) in [("ids", "1\tmilk\n"), ("tags", "shop\n")] {
            let plan = try plan("__complete", subject)
            guard case .peek(let path, _) = plan else {
                Issue.record("__complete \(subject) planned \(plan), not a peek")
                continue
            }
            #expect(path == todo.box.file)
            #expect(todo.run("__complete", subject).stdout == expected)
        }
    }

    @Test func aBatchIsAppliedOnceAndSavedAsOneStep() throws {
        todo.run("add", "a")
        let input = """
            {"action": "add", "name": "b"}
            {"action": "edit", "id": 2, "name": "B"}
            """
        let plan = try plan("batch", stdin: input)
        guard case .applied(_, let apply, _) = plan else {
            Issue.record("batch planned \(plan), not an applied change")
            return
        }
        let state = try StateFile(path: todo.box.file).load(.all.withHistory)
        let applied = try apply(state)
        guard case .batch(let inner)? = applied.actions.first, applied.actions.count == 1 else {
            Issue.record("the batch's actions are \(applied.actions)")
            return
        }
        #expect(inner.count == 2)
        #expect(applied.state == (try reduce(state, applied.actions)))
        #expect(applied.state.history.count == state.history.count + 1)
    }

    @Test func argumentsAreReadByTheirSpec() throws {
        let set = try parse(["config", "due-days", "3"]).get()
        #expect(set.argument(.key) == "due-days")
        #expect(set.argument(.value) == "3")
        let show = try parse(["config"]).get()
        #expect(show.argument(.key) == nil)
        #expect(show.argument(.value) == nil)
        let define = try parse(["context", "define", "work", "+work", "-home"]).get()
        #expect(define.argument(.contextAction) == "define")
        #expect(define.argument(.contextWords) == ["work", "+work", "-home"])
        let pri = try parse(["3", "pri", "a"]).get()
        #expect(pri.argument(.todo) == "3")
        #expect(pri.argument(.letter) == "a")
        let annotate = try parse(["annotate", "3", "called", "--", "-x"]).get()
        #expect(annotate.argument(.remark) == ["called", "-x"])
    }
}
