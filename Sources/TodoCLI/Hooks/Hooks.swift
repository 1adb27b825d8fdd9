import Foundation
import TodoCore
import TodoStore
import TodoSync

/// The person's hook scripts for one command, run as Taskwarrior runs them (`HookEvent`):
/// each event's executable scripts in name order, each given what the one before printed.
///
/// Hooks run outside the state file's lock (a hook may run todo itself); what on-add and
/// on-modify hooks print is applied under it, by the runner. Their feedback, and anything
/// they print on stderr, goes to todo's stderr with control characters made visible.
struct Hooks {
    var scripts: [HookScript]
    var settings: HookSettings
    /// Taskwarrior's arguments for a hook: `api:2 args:… command:… rc:… data:… version:…`.
    var arguments: [String]
    var environment: [String: String]
    var dates: DateContext
    /// What the hooks said, for stderr.
    var feedback = ""
    /// The state before and after the command's change, for on-exit; nil when it made none.
    var changes: (before: TodoState, after: TodoState)?

    /// The hooks of `command`'s run; nil when hooks are off or there are none (then one
    /// `opendir` of the folder is all they cost).
    static func find(_ invocation: Invocation, _ context: Context) throws -> Hooks? {
        if let text = context.environment[ConfigKey.hooks.variable!], OnOff.read(text) == false { return nil }
        guard let config = try context.config() else { return nil }
        let settings = try HookSettings(config, environment: context.environment)
        guard settings.enabled else { return nil }
        let scripts = HookScript.scan(settings.location).filter(\.runs)
        guard !scripts.isEmpty else { return nil }
        let data = (try? stateFilePath(invocation, context.environment)).map { PathText.directory(of: $0) } ?? ""
        let arguments = [
            "api:2", "args:" + (["todo"] + context.overrideWords + context.arguments).joined(separator: " "),
            "command:" + invocation.command, "rc:" + config.path, "data:" + data, "version:" + CommandTable.version
        ]
        return Hooks(
            scripts: scripts, settings: settings, arguments: arguments, environment: context.environment,
            dates: context.dateContext)
    }

    func scripts(_ event: HookEvent) -> [HookScript] { scripts.filter { $0.event == event } }

    /// Whether any on-add or on-modify hook would see a change.
    var reviewsChanges: Bool { scripts.contains { $0.event == .onAdd || $0.event == .onModify } }

    /// Runs the on-launch hooks; throws when one fails: the command must not run.
    mutating func launch() throws {
        for script in scripts(.onLaunch) { _ = try run(script, [], failure: "the command did not run") }
    }

    /// Runs the on-exit hooks with the todos the command added or changed; a failing one
    /// is reported, and makes todo exit 1.
    mutating func exit(_ changed: [String]) -> CommandError? {
        for script in scripts(.onExit) {
            do {
                _ = try run(script, changed, failure: "the change is saved")
            } catch {
                return error as? CommandError ?? CommandError(message: "\(error)")
            }
        }
        return nil
    }

    /// The todos the command added or changed as they are now, and those it deleted, as
    /// on-exit hooks read them: a task a line.
    func changedLines() -> [String] {
        guard !scripts(.onExit).isEmpty, let (before, after) = changes else { return [] }
        var old: [UUID: Todo] = [:]
        for todo in before.todos { old[todo.uuid] = todo }
        var lines: [String] = []
        for todo in after.todos where old.removeValue(forKey: todo.uuid) != todo {
            lines.append(HookTask.line(todo, in: dates))
        }
        for todo in before.todos where old[todo.uuid] != nil {
            lines.append(HookTask.line(todo, deletedAt: dates.now, in: dates))
        }
        return lines
    }

    /// Runs on-add hooks for the todos `after` holds that `before` did not, and on-modify
    /// hooks for those it changed or deleted; returns what the hooks made of each todo they
    /// changed. Throws when one refuses the change or misbehaves: nothing may be saved.
    mutating func review(_ before: TodoState, _ after: TodoState) throws -> [ImportedTodo] {
        var old: [UUID: Todo] = [:]
        for todo in before.todos { old[todo.uuid] = todo }
        var rewritten: [ImportedTodo] = []
        var remaining = old
        for todo in after.todos {
            let prior = remaining.removeValue(forKey: todo.uuid)
            guard prior != todo else { continue }
            let sent = prior.map { [HookTask.line($0, in: dates)] } ?? []
            let event: HookEvent = prior == nil ? .onAdd : .onModify
            if let content = try pass(todo, through: event, before: sent, after: HookTask.line(todo, in: dates)) {
                var imported = ImportedTodo(uuid: todo.uuid, name: content.name, createdAt: content.createdAt)
                imported.content = content
                rewritten.append(imported)
            }
        }
        // Deleted: Taskwarrior runs on-modify with the task's status deleted.
        for todo in before.todos where remaining[todo.uuid] != nil {
            _ = try pass(
                todo, through: .onModify, before: [HookTask.line(todo, in: dates)],
                after: HookTask.line(todo, deletedAt: dates.now, in: dates), deleting: true)
        }
        return rewritten
    }

    /// Hands `todo` (as `after`, a task line) through each hook of `event`, each reading
    /// `before` (the task before, for on-modify) and what the hook before it printed.
    private mutating func pass(
        _ todo: Todo, through event: HookEvent, before: [String], after: String, deleting: Bool = false
    ) throws -> TodoContent? {
        let hooks = scripts(event)
        guard !hooks.isEmpty else { return nil }
        var current = after
        for script in hooks {
            let printed = try run(script, before + [current], failure: "nothing changed")
            let returned: [String: Any]
            do {
                returned = try HookTask.object(printed[0], of: todo.uuid)
            } catch {
                throw refusal(script, error, "nothing changed")
            }
            current = String(printed[0])
            if deleting, returned["status"] as? String != "deleted" {
                throw refusal(
                    script, .printed("#\(todo.id) back from deletion: a hook refuses a change by exiting non-zero"),
                    "nothing changed")
            }
        }
        guard !deleting, current != after else { return nil }
        let sent = try JSONSerialization.jsonObject(with: Data(after.utf8)) as! [String: Any]
        let returned = try JSONSerialization.jsonObject(with: Data(current.utf8)) as! [String: Any]
        do {
            return try HookTask.content(of: todo, sent: sent, returned: returned, in: dates)
        } catch {
            throw refusal(hooks.last!, error, "nothing changed")
        }
    }

    /// Runs `script` with `input` (a line each), keeps its feedback, and returns the tasks it
    /// printed, as many as its event asks; throws when it fails or prints another number.
    private mutating func run(_ script: HookScript, _ input: [String], failure consequence: String) throws
        -> [Substring]
    {
        let process = HookProcess(
            path: script.path, arguments: arguments, environment: environment, timeout: settings.timeout)
        let result = process.run(input: Array(input.map { $0 + "\n" }.joined().utf8))
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        let lines = stdout.split(separator: "\n", omittingEmptySubsequences: true)
        let tasks = lines.filter(HookTask.looksLikeTask)
        let said =
            lines.filter { !HookTask.looksLikeTask($0) }
            + String(decoding: result.stderr, as: UTF8.self).split(separator: "\n")
        for line in said where !line.allSatisfy(\.isWhitespace) { feedback += oneLine(String(line)) + "\n" }
        let name = oneLine(script.name)
        switch result.ending {
        case .exited(0): break
        case .exited(let status):
            throw CommandError(message: "hook \(name) failed (exit status \(status)); \(consequence)")
        case .signaled(let signal):
            throw CommandError(message: "hook \(name) was ended by signal \(signal); \(consequence)")
        case .timedOut:
            throw CommandError(
                message:
                    """
                    hook \(name) did not finish within \(seconds(settings.timeout)) s (hooks.timeout) and was \
                    killed; \(consequence)
                    """
            )
        case .printedTooMuch:
            throw CommandError(
                message:
                    "hook \(name) printed more than \(HookProcess.outputLimit >> 20) MiB and was killed; \(consequence)"
            )
        case .couldNotStart(let reason):
            throw CommandError(message: "cannot run hook \(name): \(reason); \(consequence)")
        }
        guard tasks.count == script.event!.tasksPrinted else {
            let expected = script.event!.tasksPrinted
            throw CommandError(
                message:
                    """
                    hook \(name) printed \(tasks.count) task\(tasks.count == 1 ? "" : "s"), where \
                    an \(script.event!.rawValue) hook \
                    prints \(expected == 0 ? "none" : "the task it read, changed or not"); \(consequence)
                    """
            )
        }
        return tasks
    }

    private func refusal(_ script: HookScript, _ problem: HookProblem, _ consequence: String) -> CommandError {
        switch problem {
        case .printed(let what):
            CommandError(message: "hook \(oneLine(script.name)) printed \(oneLine(what)); \(consequence)")
        }
    }

    private func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
