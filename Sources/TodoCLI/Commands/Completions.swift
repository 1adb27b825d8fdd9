import TodoCore
import TodoStore

enum CompletionsCommand {
    static func plan(_ invocation: Invocation) -> Plan {
        .output(Output(stdout: Completion.script(for: invocation.arguments[0])))
    }
}

/// `todo __complete ids|tags|projects|udas|syntax`, which the completion scripts run on every TAB: for
/// ids a line per todo, its number, a tab and its name; for tags and projects each one in
/// use, sorted, a project's parents too (`home` for `home.garden`); for udas `NAME:` for each
/// attribute the config declares; for syntax the dialect in force. It prints nothing rather
/// than an error into the completion: a missing, unreadable or damaged state file completes
/// nothing.
enum CompleteCommand {
    static let subjects = ["ids", "tags", "projects", "udas", "syntax"]

    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        if invocation.arguments[0] == "syntax" {
            // The dialect in force, so that the scripts complete +PROJECT and @CONTEXT in todo.txt's.
            return .output(Output(stdout: ((try? context.dialect(invocation, context.config())) ?? .taskwarrior).rawValue + "\n"))
        }
        if invocation.arguments[0] == "udas" {
            // `NAME:` for each attribute the config declares, to complete as attribute words.
            let names = (try? context.udaSchema().names) ?? []
            return .output(Output(stdout: names.map { $0 + ":\n" }.joined()))
        }
        guard let path = try? stateFilePath(invocation, context.environment) else { return .output(Output()) }
        let file = StateFile(path: path)
        switch invocation.arguments[0] {
        case "ids":
            guard let lines = try? file.numberedNames(escaping: oneLine) else { return .output(Output()) }
            return .output(Output(stdout: String(decoding: lines, as: UTF8.self)))
        default:
            guard let todos = try? file.load().todos else { return .output(Output()) }
            // The same counts as `todo tags` and `todo projects`.
            let words = invocation.arguments[0] == "tags" ? TagCount.counts(todos).map(\.tag) : ProjectTree.counts(todos).compactMap(\.project)
            return .output(Output(stdout: words.sorted().map { oneLine($0) + "\n" }.joined()))
        }
    }
}
