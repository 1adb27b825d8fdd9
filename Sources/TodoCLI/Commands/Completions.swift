import TodoCore
import TodoStore

enum CompletionsCommand {
    static func plan(_ invocation: Invocation) -> Plan {
        .output(Output(stdout: Completion.script(for: invocation.argument(.shell))))
    }
}

/// `todo __complete ids|tags|projects|udas|syntax|contexts|reports`, which the completion
/// scripts run on every TAB: for ids a line per todo, its number, a tab and its name; for tags
/// and projects each one in use, sorted, a project's parents too (`home` for `home.garden`);
/// for udas `NAME:` for each attribute the config declares; for syntax the dialect in force;
/// for contexts the names of the contexts the config defines, then `todo context`'s action
/// words; for reports the reports the config defines (`report.NAME.columns`), which are
/// commands too. It prints nothing rather than an error into the completion: a missing,
/// unreadable or damaged state or config file completes nothing.
enum CompleteCommand {
    /// What the scripts ask to complete.
    enum Subject: String, CaseIterable {
        case ids, tags, projects, udas, syntax, contexts, reports
    }

    static var subjects: [String] { Subject.allCases.map(\.rawValue) }

    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        // The command table's choice of subjects let nothing else through.
        guard let subject = Subject(rawValue: invocation.argument(.subject)) else { return .output(Output()) }
        switch subject {
        case .syntax:
            // The dialect in force, so that the scripts complete +PROJECT and @CONTEXT in todo.txt's.
            return .output(
                Output(stdout: ((try? context.dialect(invocation, context.config())) ?? .taskwarrior).rawValue + "\n"))
        case .udas:
            // `NAME:` for each attribute the config declares, to complete as attribute words.
            let names = (try? context.udaSchema().names) ?? []
            return .output(Output(stdout: names.map { $0 + ":\n" }.joined()))
        case .contexts:
            // Names first: an action word is a habit, a name what the person made.
            let names = ContextCommand.names((try? context.config())?.values ?? [:])
            return .output(Output(stdout: (names.map(oneLine) + ContextCommand.actions).map { $0 + "\n" }.joined()))
        case .reports:
            let names = NamedReport.configuredNames((try? context.config())?.values ?? [:])
            return .output(Output(stdout: names.map { oneLine($0) + "\n" }.joined()))
        // The runner reads the state file; no path (no HOME), like no file, completes nothing.
        case .ids: return .peek(path: path(invocation, context), .numberedNames)
        // The same counts as `todo tags` and `todo projects`.
        case .tags: return .peek(path: path(invocation, context), .words { TagCount.counts($0).map(\.tag) })
        case .projects:
            return .peek(path: path(invocation, context), .words { ProjectTree.counts($0).compactMap(\.project) })
        }
    }

    private static func path(_ invocation: Invocation, _ context: Context) -> String? {
        try? stateFilePath(invocation, context.environment)
    }
}
