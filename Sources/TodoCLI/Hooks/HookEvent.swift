/// Taskwarrior's hook events, described once: when a hook of each runs, what it reads and
/// what it must print. `todo help hooks` and the man page are made from them; `Hooks` runs them.
enum HookEvent: String, CaseIterable, Sendable {
    case onLaunch = "on-launch"
    case onAdd = "on-add"
    case onModify = "on-modify"
    case onExit = "on-exit"

    /// How many tasks (JSON objects, one a line) a hook of this event prints when it succeeds.
    var tasksPrinted: Int {
        switch self {
        case .onAdd, .onModify: 1
        case .onLaunch, .onExit: 0
        }
    }

    /// Whether a hook failing stops the change: false only once the change is saved.
    var failingStops: Bool {
        switch self {
        case .onLaunch, .onAdd, .onModify: true
        case .onExit: false
        }
    }

    /// When it runs, what it reads and what it prints, for help.
    var help: String {
        switch self {
        case .onLaunch:
            """
            Before a command that reads or changes the todos. Reads nothing; prints feedback. Failing stops the \
            command before it starts.
            """
        case .onAdd:
            """
            For each todo a command adds (add, log, import, a series' next occurrence, the todo.txt verbs that add). \
            Reads the task; prints it, changed or not, and feedback. Failing refuses the whole change.
            """
        case .onModify:
            """
            For each todo a command changes or deletes (modify, done, start, stop, annotate, delete, undo, batch, \
            edit, import, …). Reads the task before and the task after, a line each; prints the task after, changed \
            or not (the one before puts it back), and feedback. Failing refuses the whole change.
            """
        case .onExit:
            """
            After a command that reads or changes the todos, once its change is saved. Reads each todo it added or \
            changed, a line each; prints feedback. Failing makes todo exit 1; the change stays.
            """
        }
    }
}
