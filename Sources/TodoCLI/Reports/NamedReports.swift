import TodoCore

/// Taskwarrior's reports by name, each `todo list` with a filter and an order of its own, so
/// that `todo overdue` is `todo list +OVERDUE` and `todo completed` is `todo list --filter
/// completed`. Described once here; each becomes a command of the table (`commands`), and a
/// person's own words and options come after the report's.
struct NamedReport {
    var name: String
    var summary: String
    /// Filter terms put before the person's own.
    var terms: [String] = []
    /// `--filter`'s value, unless the person gives one.
    var status: TodoFilter?
    /// `--sort`'s value, unless the person gives one.
    var sort: String?

    static let all: [NamedReport] = [
        NamedReport(name: "active", summary: "List the todos being worked on (started)", terms: ["+ACTIVE"]),
        NamedReport(name: "all", summary: "List every todo, completed and waiting ones too", status: .all),
        NamedReport(name: "completed", summary: "List the completed todos, most recently completed first", status: .completed),
        NamedReport(name: "overdue", summary: "List the active todos past their due date", terms: ["+OVERDUE"], sort: "due"),
        NamedReport(name: "waiting", summary: "List the todos hidden until their wait date", terms: ["+WAITING"], sort: "wait"),
        NamedReport(name: "recurring", summary: "List the active todos that recur", terms: ["recur.any:"]),
        NamedReport(name: "ready", summary: "List the active todos that can be started now (not waiting, scheduled or blocked)", terms: ["+READY"], sort: "urgency"),
        NamedReport(name: "blocked", summary: "List the active todos that wait on another", terms: ["+BLOCKED"]),
        NamedReport(name: "blocking", summary: "List the active todos others wait on", terms: ["+BLOCKING"]),
        NamedReport(name: "unblocked", summary: "List the active todos that wait on none", terms: ["+UNBLOCKED"]),
        NamedReport(name: "newest", summary: "List every todo, the newest first", status: .all, sort: "-created"),
        NamedReport(name: "oldest", summary: "List every todo, the oldest first", status: .all, sort: "created"),
        NamedReport(name: "long", summary: "List todos (Taskwarrior's long report: list shows every field it has)"),
        NamedReport(name: "minimal", summary: "List todos (Taskwarrior's minimal report)"),
    ]

    /// Its row of the command table: list's arguments and options.
    var command: CommandSpec {
        let report = self
        var discussion = "todo list"
        if !terms.isEmpty { discussion += " " + terms.joined(separator: " ") }
        if let status { discussion += " --filter \(status.rawValue)" }
        if let sort { discussion += " --sort \(sort)" }
        return CommandSpec(
            name: name, summary: summary, plan: { try ListCommand.plan(report.invocation($0), $1) },
            discussion: "Taskwarrior's \(name) report: \(discussion), with your filter terms and options after it (--filter and --sort given replace its own).",
            arguments: [CommandTable.filterTerms], options: CommandTable.listOptions,
            examples: [("todo \(name)", summary.prefix(1).lowercased() + summary.dropFirst())], everyday: false)
    }

    /// The person's `invocation` with the report's terms, filter and order.
    func invocation(_ invocation: Invocation) -> Invocation {
        var invocation = invocation
        invocation.arguments = terms + invocation.arguments
        invocation.literalFrom = invocation.literalFrom.map { $0 + terms.count }
        if let status, invocation.value(.filter) == nil, !invocation.flag(.all) { invocation.options[OptionSpec.filter.long] = [status.rawValue] }
        if let sort, invocation.value(.sort) == nil { invocation.options[OptionSpec.sort.long] = [sort] }
        return invocation
    }
}

/// Taskwarrior's names for a report in one period: `burndown.daily`, `history.monthly`,
/// `ghistory.annual` (history's `--graph`), each `todo burndown daily` and so on.
enum PeriodReport {
    static let commands: [CommandSpec] = rows("burndown", ["daily", "weekly", "monthly"], graph: false, BurndownCommand.plan)
        + rows("history", ReportPeriod.allCases.map(\.rawValue), graph: false, HistoryCommand.plan)
        + rows("ghistory", ReportPeriod.allCases.map(\.rawValue), graph: true, HistoryCommand.plan)

    private static func rows(_ name: String, _ periods: [String], graph: Bool, _ plan: @escaping @Sendable (Invocation, Context) throws -> Plan) -> [CommandSpec] {
        periods.map { period in
            let base = graph ? "history" : name
            let meaning = "todo \(base) \(period)\(graph ? " --graph" : "")"
            return CommandSpec(
                name: "\(name).\(period)", summary: "Taskwarrior's name for \(meaning)",
                plan: { invocation, context in
                    var invocation = invocation
                    invocation.arguments.insert(period, at: 0)
                    invocation.literalFrom = invocation.literalFrom.map { $0 + 1 }
                    if graph { invocation.set(.graph) }
                    return try plan(invocation, context)
                },
                discussion: "The same as \(meaning), with your filter terms after it.",
                arguments: [CommandTable.reportFilter], options: base == "history" && !graph ? [.graph] : [],
                everyday: false)
        }
    }
}

/// Every command of Taskwarrior 2.6 (`task commands`) that todo has under no name of its own
/// and does not do, with what to do instead: typed as a command they are refused (exit 2)
/// with that line, never read as words to search for.
enum ForeignCommand {
    static let answers: [String: String] = [
        "colors": "todo has no colour rules to sample; NO_COLOR and --color choose whether it colours",
        "logo": "todo has no logo to print", "news": "todo has no release news; see todo --version",
        "execute": "run the command in your shell", "reports": "todo help commands lists every report",
        "timesheet": "todo list --filter completed end.after:-1w, and todo active",
        "commands": "todo help commands", "_commands": "todo help commands", "udas": "todo config (its uda.NAME settings)",
        "_udas": "todo config (its uda.NAME settings)", "columns": "the fields of todo list --format (todo help list)",
        "_columns": "the fields of todo list --format (todo help list)",
        "_aliases": "todo help commands", "_config": "todo config", "_context": "todo context", "_show": "todo config",
        "_urgency": "todo _get ID.urgency", "_zshattributes": "the completion scripts: todo completions zsh",
        "_zshcommands": "the completion scripts: todo completions zsh", "_zshids": "todo _ids", "_zshuuids": "todo _uuids",
    ]

    /// The refusal for `word`, if it is one of these.
    static func refusal(_ word: String) -> String? {
        answers[word].map { "'\(word)' is a Taskwarrior command todo does not have; instead: \($0) (to search for the word, todo list \(word))" }
    }
}
