import Foundation
import TodoCore
import TodoStore
import TodoSync

/// Runs one `todo` command line: parse, plan, load, reduce, save, render.
///
/// Informational messages follow stdout unless --quiet; errors are red on a colour terminal.
public func run(_ context: Context) -> Output {
    var context = context
    do {
        try context.takeConfigOverrides()
    } catch {
        return failure(error)
    }
    let config = { [context] in (try? context.config())?.values ?? [:] }
    let parsed = DefaultCommand.applied(
        to: parse(context.arguments, reports: { NamedReport.configuredNames(config()) }), context.arguments,
        config: config)
    var output = run(parsed, context)
    let invocation = try? parsed.get()
    if invocation?.flag(.quiet) != true { output.stdout += output.info }
    output.info = ""
    let style = Style(
        when: invocation?.value(.color), isTerminal: context.stderrIsTerminal, environment: context.environment,
        allowed: context.colourAllowed)
    if style.enabled, output.status != 0, let end = output.stderr.firstIndex(of: "\n") {
        output.stderr = style.red(String(output.stderr[..<end])) + output.stderr[end...]
    }
    return output
}

private func run(_ parsed: Result<Invocation, UsageError>, _ context: Context) -> Output {
    let invocation: Invocation
    switch parsed {
    case .failure(let error): return usageFailure(error)
    case .success(let parsed): invocation = parsed
    }
    if invocation.flag(.version) { return Output(stdout: "todo \(CommandTable.version)\n") }
    if invocation.flag(.help) {
        let explicit = context.arguments.contains {
            (CommandTable.command(named: $0)?.name ?? $0) == invocation.command
        }
        let width = context.helpWidth
        return Output(stdout: explicit ? help(for: invocation.spec, width: width) : generalHelp(width: width))
    }
    do {
        let plan = try invocation.spec.plan(invocation, context)
        // Hooks run around what reads or changes the todos: not help, completions or config.
        guard touchesTodos(plan), let hooks = try Hooks.find(invocation, context) else {
            var unused: Hooks?
            return try execute(
                plan, store: try stateFile(invocation, context), Clock(invocation, context), hooks: &unused)
        }
        return run(plan, with: hooks, try stateFile(invocation, context), Clock(invocation, context), context)
    } catch {
        return failure(error)
    }
}

/// Whether `plan` reads or changes the todos (hooks run around it), or only prints, writes
/// the config file, or peeks at the state file for completion.
private func touchesTodos(_ plan: Plan) -> Bool {
    if case .output = plan { return false }
    if case .peek = plan { return false }
    if case .configure(_, let after) = plan { return touchesTodos(after) }
    return true
}

/// Carries `plan` out between the on-launch and on-exit hooks; what the hooks say goes to
/// stderr in the order they said it.
private func run(_ plan: Plan, with hooks: Hooks, _ store: StateFile, _ clock: Clock, _ context: Context) -> Output {
    var hooks: Hooks? = hooks
    var output: Output
    var launched = ""
    do {
        try hooks!.launch()
        launched = hooks!.feedback
        hooks!.feedback = ""
        output = try execute(plan, store: store, clock, hooks: &hooks)
    } catch {
        output = failure(error)
        output.stderr = hooks!.feedback + output.stderr
        hooks!.feedback = ""
        output.stderr = launched + output.stderr
        return output
    }
    let exitFailure = hooks!.exit(hooks!.changedLines())
    output.stderr = launched + output.stderr + hooks!.feedback
    if let exitFailure {
        output.stderr += "todo: \(oneLine(exitFailure.message))\n"
        output.status = ExitStatus.failure
    }
    return output
}

/// What `execute` needs of the command's context: its clock, whether to say what expired,
/// and whether to leave what it read for the process's exit to free.
private struct Clock {
    var zone: TimeZone
    var now: () -> Date
    var quiet: Bool
    var exitFrees: Bool

    init(_ invocation: Invocation, _ context: Context) {
        zone = context.timeZone
        now = context.now
        quiet = invocation.flag(.quiet)
        exitFrees = context.exitsAfterCommand
    }

    var dates: DateContext { DateContext(now: now(), timeZone: zone) }

    /// `output` with a line on stderr for each todo that expired, unless --quiet.
    func noting(_ expired: [Todo], _ output: Output) -> Output {
        guard !quiet, !expired.isEmpty else { return output }
        var output = output
        output.stderr = Expiry.notes(expired).map { $0 + "\n" }.joined() + output.stderr
        return output
    }
}

/// Carries `plan` out; a series its actions start or move counts on the clock's zone, and
/// todos whose until has passed expire (`Expiry`). With `hooks`, on-add and on-modify hooks
/// review a change before it is saved, and the change is noted for on-exit.
private func execute(_ plan: Plan, store: @autoclosure () throws -> StateFile, _ clock: Clock, hooks: inout Hooks?)
    throws -> Output
{
    let zone = clock.zone
    switch plan {
    case .output(let output):
        return output
    case .query(let selection, let render):
        return try execute(
            .read(reads: selection, then: { _ in .nothing }) { state, _ in try render(state) }, store: try store(),
            clock, hooks: &hooks)
    case .read(let selection, let then, let render):
        let file = try store()
        let dates = clock.dates
        let first = try file.read(selection)
        let read = Expiry.expiring(first.state, clock: dates, in: zone)
        let further = try first.reading(try then(read.state))
        let output = try render(read.state, further)
        if clock.exitFrees { leaveToExit((first, read, further)) }
        if !read.expired.isEmpty { Expiry.persist(selection, in: file, clock: dates, in: zone) }
        return clock.noting(read.expired, output)
    case .run(let body):
        return try body(try store())
    case .prepare(let next):
        return try execute(try next(try store().load()), store: try store(), clock, hooks: &hooks)
    case .change(let selection, let makeActions, let render):
        return try change(
            selection, { Made(actions: try makeActions($0)) }, render, store: try store(), clock, hooks: &hooks)
    case .applied(let selection, let apply, let render):
        let make = { (state: TodoState) in
            let applied = try apply(state)
            return Made(actions: applied.actions, reduced: applied.state)
        }
        return try change(selection, make, render, store: try store(), clock, hooks: &hooks)
    case .configure(let write, let after):
        return try written(write, try execute(after, store: try store(), clock, hooks: &hooks))
    case .peek(let path, let peek):
        return peeked(path.map { StateFile(path: $0) }, peek)
    }
}

/// Keeps `value` until the process exits, which frees it with everything else at once.
private func leaveToExit<Value>(_ value: Value) {
    _ = Unmanaged.passRetained(KeptToExit(value))
}

private final class KeptToExit<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// Actions a plan made from a state, and the state they leave when it applied them itself.
private struct Made {
    var actions: [Action]
    var reduced: TodoState?
}

/// Applies the actions `make` makes under the file's lock, saves and renders them.
private func change(
    _ selection: TodoSelection, _ make: (TodoState) throws -> Made, _ render: (Change) -> Output, store: StateFile,
    _ clock: Clock,
    hooks: inout Hooks?
) throws -> Output {
    if hooks?.reviewsChanges == true {
        let change = try reviewed(selection, make, store: store, in: clock.zone, hooks: &hooks!)
        hooks!.changes = (change.before, change.after)
        return render(change)
    }
    var actions: [Action] = []
    var expired: [Todo] = []
    let (before, after) = try store.update(selection) { state in
        let made = try make(state)
        actions = made.actions
        let reduced = try Expiry.reduce(state, actions, reduced: made.reduced, clock: clock.dates, in: clock.zone)
        expired = reduced.expired
        return reduced.state
    }
    hooks?.changes = (before, after)
    return clock.noting(expired, render(Change(before: before, after: after, actions: actions)))
}

/// `output` once `write` is written, with its notes (or, when it could not be, what it says
/// instead) after `output`'s stderr; a write that fails otherwise fails the command.
private func written(_ write: ConfigWrite, _ output: Output) throws -> Output {
    let notes = try write.perform()
    var output = output
    output.stderr += notes.map { $0 + "\n" }.joined()
    return output
}

/// What completion prints of `file` (nil: no telling where it is): nothing when it cannot be read.
private func peeked(_ file: StateFile?, _ peek: Peek) -> Output {
    switch peek {
    case .numberedNames:
        guard let lines = try? file?.numberedNames(escaping: oneLine) else { return Output() }
        return Output(stdout: String(decoding: lines, as: UTF8.self))
    case .words(let of):
        guard let todos = try? file?.load().todos else { return Output() }
        return Output(stdout: of(todos).sorted().map { oneLine($0) + "\n" }.joined())
    }
}

/// A change the on-add and on-modify hooks see before it is saved: made from the state as
/// read without the lock, handed to the hooks (which may run todo themselves), then made
/// again under the lock with what the hooks returned, as one step. If a todo it touches was
/// changed meanwhile, nothing is saved.
private func reviewed(
    _ selection: TodoSelection, _ make: (TodoState) throws -> Made, store: StateFile, in zone: TimeZone,
    hooks: inout Hooks
) throws -> Change {
    let seen = try store.load(selection)
    let first = try make(seen)
    let actions = first.actions
    let made = try first.reduced ?? reduce(seen, actions, in: zone)
    let rewritten = try hooks.review(seen, made)
    var applied = actions
    if let last = actions.last, !rewritten.isEmpty {
        if case .undo = last {
            throw CommandError(
                message:
                    """
                    a hook changed a todo that undo puts back as it was; nothing changed (rc.hooks=off undoes without \
                    hooks)
                    """
            )
        }
        applied[applied.count - 1] = .hooksRewrote(last, todos: rewritten)
    }
    var read: [UUID: Todo] = [:]
    for todo in seen.todos { read[todo.uuid] = todo }
    let kept = Set(made.todos.lazy.map(\.uuid))
    let touched = Set(made.todos.filter { read[$0.uuid] != $0 }.map(\.uuid)).union(
        seen.todos.lazy.map(\.uuid).filter { !kept.contains($0) })
    let (before, after) = try store.update(selection) { state in
        for todo in state.todos where touched.contains(todo.uuid) && read[todo.uuid] != todo {
            throw CommandError(
                message:
                    """
                    #\(todo.id) changed while the hooks ran (another todo command?); nothing changed: run the command \
                    again
                    """
            )
        }
        return try reduce(state, applied, in: zone)
    }
    return Change(before: before, after: after, actions: actions)
}

/// `--file`, then `$TODO_FILE`, then `$XDG_DATA_HOME/todo/todos.json`, then `~/.local/share/…`.
func stateFilePath(_ invocation: Invocation, _ environment: [String: String]) throws -> String {
    if let path = invocation.value(.file) {
        guard !path.isEmpty else { throw CommandError(message: "--file needs a path", status: ExitStatus.usage) }
        return path
    }
    if let path = environment["TODO_FILE"], !path.isEmpty { return path }
    if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/todo/todos.json" }
    guard let home = environment["HOME"], !home.isEmpty else {
        throw CommandError(
            message: "cannot tell where the state file is: set HOME, XDG_DATA_HOME or TODO_FILE, or pass --file")
    }
    return home + "/.local/share/todo/todos.json"
}

func stateFile(_ invocation: Invocation, _ context: Context) throws -> StateFile {
    var timeout = 5.0
    if let text = context.environment["TODO_LOCK_TIMEOUT"] {
        guard let seconds = Double(text), seconds >= 0, seconds <= 3600 else {
            throw CommandError(
                message: "TODO_LOCK_TIMEOUT must be a number of seconds from 0 to 3600, not '\(text)'",
                status: ExitStatus.usage)
        }
        timeout = seconds
    }
    var file = StateFile(path: try stateFilePath(invocation, context.environment), lockTimeout: timeout)
    file.notice = context.warn
    return file
}

private func usageFailure(_ error: UsageError) -> Output {
    var text = "todo: \(oneLine(error.message))\n"
    if let suggestion = error.suggestion { text += "Did you mean '\(suggestion)'?\n" }
    let usage =
        error.command.flatMap(CommandTable.command(named:))?.usage ?? "todo <command> [<args>] [--file PATH] [--json]"
    text += "usage: \(usage)\n"
    text += "See '\(error.command.map { "todo \($0) --help" } ?? "todo --help")'.\n"
    return Output(stderr: text, status: ExitStatus.usage)
}

private func failure(_ error: Error) -> Output {
    let (message, status) = explain(error)
    return Output(stderr: "todo: \(oneLine(message))\n", status: status)
}

/// The message and exit status for anything a command throws. The message may quote input
/// as it was typed; it is printed through `oneLine`, so whatever it holds stays one line and
/// sends the terminal nothing.
func explain(_ error: Error) -> (String, Int32) {
    switch error {
    case let error as CommandError: return (error.message, error.status)
    case let error as StoreError: return (error.description, ExitStatus.failure)
    case let error as SyncError: return (error.description, error.exitStatus)
    case let error as ReduceError:
        switch error {
        case .unknownId(let id): return ("no todo #\(id)", ExitStatus.failure)
        case .blankName: return ("a todo needs a name that is not blank", ExitStatus.failure)
        case .nothingToUndo: return ("nothing to undo", ExitStatus.failure)
        case .noTodosGiven: return ("no todos given", ExitStatus.usage)
        case .invalid(let field, let text):
            return ("\(quoted(text)) is no \(field.key) value: \(field.valueRule)", ExitStatus.usage)
        case .undoInsideBatch: return ("undo cannot be part of a batch", ExitStatus.failure)
        case .undoStepMismatch(let id):
            return (
                """
                the last undo step would put another todo in the place of #\(id): the undo history does not match this \
                file; nothing undone
                """,
                ExitStatus.failure
            )
        case .recurrenceNeedsDue(let id):
            let which = id == 0 ? "a recurring todo" : "#\(id) would recur but"
            return ("\(which) needs a due date to count from: give due:DATE too", ExitStatus.usage)
        case .recurrenceOnCompleted(let id):
            return (
                "#\(id) is completed, and only an open todo can recur: reopen it first ('todo reopen \(id)')",
                ExitStatus.usage
            )
        case .unknownDependency(let id, let uuid):
            return (
                "\(id == 0 ? "the new todo" : "#\(id)") cannot depend on \(uuidText(uuid).prefix(8)): no such todo",
                ExitStatus.usage
            )
        case .dependencyCycle(let id):
            return (
                "\(id == 0 ? "the new todo" : "#\(id)") would wait on itself through its dependencies", ExitStatus.usage
            )
        case .numbersExhausted:
            return (
                "every todo number up to \(TodoState.maxId) is used; export and import into a new file",
                ExitStatus.failure
            )
        }
    case let error as ReferenceError:
        switch error {
        case .noSuchNumber(let number): return ("no todo #\(number)", ExitStatus.failure)
        case .numberTooLarge(let text):
            return ("no todo #\(text): todo numbers go up to \(TodoState.maxId)", ExitStatus.failure)
        case .noSuchUUID(let prefix): return ("no todo has a UUID starting with \(prefix)", ExitStatus.failure)
        case .malformed(let text):
            return (
                """
                \(quoted(text)) is not a todo ID: give a number (3), a range (3-7), a list (3,5,9) or 4 or more hex \
                digits of a UUID
                """,
                ExitStatus.usage
            )
        case .reversedRange(let text):
            let ends = text.split(separator: "-")
            return ("the range \(text) runs downwards; write \(ends.last ?? "")-\(ends.first ?? "")", ExitStatus.usage)
        case .emptyRange(let text): return ("no todo has a number in \(text)", ExitStatus.failure)
        case .ambiguous(let prefix, let candidates):
            let list = candidates.prefix(5).map {
                "#\($0.id) \(uuidText($0.uuid).prefix(max(8, prefix.count + 4))) \(displayName($0))"
            }
            let more = candidates.count > 5 ? ", and \(candidates.count - 5) more" : ""
            return (
                """
                \(prefix) matches \(candidates.count) todos (\(list.joined(separator: ", "))\(more)); give more digits
                """,
                ExitStatus.failure
            )
        }
    default: return ("\(error)", ExitStatus.failure)
    }
}
