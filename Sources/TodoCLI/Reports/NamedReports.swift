import TodoCore

/// Taskwarrior's reports by name, each `todo list` with a filter, an order and columns of its
/// own, so that `todo overdue` is `todo list +OVERDUE` and `todo completed` is `todo list
/// --filter completed`. Described once here; each becomes a command of the table
/// (`commands`), and a person's own words and options come after the report's. The config's
/// `report.NAME.PART` settings (`ReportPart`) redefine one, or make a report of their own
/// (`todo standup`), through the same `named(_:config:)`.
struct NamedReport {
    var name: String
    var summary: String
    /// Filter terms put before the person's own.
    var terms: [String] = []
    /// `--filter`'s value, unless the person gives one.
    var status: TodoFilter?
    /// `--sort`'s value, unless the person gives one.
    var sort: String?
    /// Taskwarrior's columns (`due.relative`); nil for list's own table.
    var columns: [String]?
    /// Their headings; nil for each column's own.
    var labels: [String]?
    /// Whether the context in force narrows it (`report.NAME.context`).
    var usesContext = true

    static let all: [NamedReport] = [
        NamedReport(name: "active", summary: "List the todos being worked on (started)", terms: ["+ACTIVE"]),
        NamedReport(name: "all", summary: "List every todo, completed and waiting ones too", status: .all),
        NamedReport(
            name: "completed", summary: "List the completed todos, most recently completed first", status: .completed),
        NamedReport(
            name: "overdue", summary: "List the active todos past their due date", terms: ["+OVERDUE"], sort: "due"),
        NamedReport(
            name: "waiting", summary: "List the todos hidden until their wait date", terms: ["+WAITING"], sort: "wait"),
        NamedReport(name: "recurring", summary: "List the active todos that recur", terms: ["recur.any:"]),
        NamedReport(
            name: "ready", summary: "List the active todos that can be started now (not waiting, scheduled or blocked)",
            terms: ["+READY"], sort: "urgency"),
        NamedReport(name: "blocked", summary: "List the active todos that wait on another", terms: ["+BLOCKED"]),
        NamedReport(name: "blocking", summary: "List the active todos others wait on", terms: ["+BLOCKING"]),
        NamedReport(name: "unblocked", summary: "List the active todos that wait on none", terms: ["+UNBLOCKED"]),
        NamedReport(
            name: "newest", summary: "List the pending todos (not waiting), the newest first",
            terms: ["status:pending"], sort: "-created"),
        NamedReport(
            name: "oldest", summary: "List the pending todos (not waiting), the oldest first",
            terms: ["status:pending"], sort: "created"),
        NamedReport(
            name: "long", summary: "List the active todos with every attribute, as Taskwarrior's long report",
            columns: [
                "id", "start.active", "entry", "modified.age", "depends", "priority", "project", "tags", "recur",
                "wait.remaining", "scheduled", "due", "until", "description"
            ],
            labels: [
                "ID", "A", "Created", "Mod", "Deps", "P", "Project", "Tags", "Recur", "Wait", "Sched", "Due", "Until",
                "Description"
            ]),
        NamedReport(
            name: "minimal",
            summary:
                "List the active todos by project: number, project, tags and name, as Taskwarrior's minimal report",
            sort: "project,name", columns: ["id", "project", "tags.count", "description.count"],
            labels: ["ID", "Project", "Tags", "Description"])
    ]

    /// `list` itself: no filter, order or columns of its own until the config gives them.
    static let list = NamedReport(name: "list", summary: "List todos")
    /// `next`, by urgency, as many as fit: the config may give it a filter, an order and columns.
    static let next = NamedReport(name: "next", summary: "List the active todos most worth doing now")
    /// The reports whose commands have plans of their own, which read the config's parts.
    static let own = [list, next]

    /// Its row of the command table: list's arguments and options.
    var command: CommandSpec {
        let name = name
        var meaning = "todo list"
        if !terms.isEmpty { meaning += " " + terms.joined(separator: " ") }
        if let status { meaning += " --filter \(status.rawValue)" }
        if let sort { meaning += " --sort \(sort)" }
        if let columns { meaning += ", in the columns \(columns.joined(separator: ","))" }
        let said = meaning
        return CommandSpec(
            name: name, summary: summary, plan: { try Self.plan(name, $0, $1) },
            discussion:
                """
                Taskwarrior's \(name) report: \(said), with your filter terms and options after it (--filter and \
                --sort given replace its own). 'todo config report.\(name).filter' and the other report.\(name) \
                settings redefine it ('todo help config').
                """,
            arguments: [CommandTable.filterTerms], options: CommandTable.listOptions,
            examples: [("todo \(name)", summary.prefix(1).lowercased() + summary.dropFirst())], everyday: false)
    }

    /// The row of a report the config defines (`report.standup.columns`): not in the table,
    /// found by `CommandWords` among the config's report names.
    static func configured(_ name: String) -> CommandSpec {
        CommandSpec(
            name: name, summary: "Your report \(name) (todo config report.\(name).*)",
            plan: { try Self.plan(name, $0, $1) },
            discussion:
                """
                A report the config file defines: its report.\(name).filter, sort, columns and labels ('todo help \
                config'), with your filter terms and options after them.
                """,
            arguments: [CommandTable.filterTerms], options: CommandTable.listOptions, everyday: false)
    }

    /// Runs the report `name` as the config leaves it.
    static func plan(_ name: String, _ invocation: Invocation, _ context: Context) throws -> Plan {
        let config = try context.config()
        let report = try named(name, config: config) ?? list
        let layout = try report.layout(udas: { try config?.udaSchema() ?? .none })
        if name == next.name { return try NextCommand.plan(report.invocation(invocation), context, layout: layout) }
        return try ListCommand.plan(report.invocation(invocation), context, layout: layout)
    }

    /// The person's `invocation` with the report's terms, filter and order.
    func invocation(_ invocation: Invocation) -> Invocation {
        var invocation = invocation
        invocation.arguments = terms + invocation.arguments
        invocation.literalFrom = invocation.literalFrom.map { $0 + terms.count }
        if let status, invocation.value(.filter) == nil, !invocation.flag(.all) {
            invocation.options[OptionSpec.filter.long] = [status.rawValue]
        }
        if let sort, invocation.value(.sort) == nil { invocation.options[OptionSpec.sort.long] = [sort] }
        if !usesContext { invocation.set(.noContext) }
        return invocation
    }
}

/// Taskwarrior's names for a report in one period: `burndown.daily`, `history.monthly`,
/// `ghistory.annual` (history's `--graph`), each `todo burndown daily` and so on.
enum PeriodReport {
    static let commands: [CommandSpec] =
        rows("burndown", ["daily", "weekly", "monthly"], graph: false, BurndownCommand.plan)
        + rows("history", ReportPeriod.allCases.map(\.rawValue), graph: false, HistoryCommand.plan)
        + rows("ghistory", ReportPeriod.allCases.map(\.rawValue), graph: true, HistoryCommand.plan)

    private static func rows(
        _ name: String, _ periods: [String], graph: Bool,
        _ plan: @escaping @Sendable (Invocation, Context) throws -> Plan
    ) -> [CommandSpec] {
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
        "colors": "todo help colours (the rules color.* sets; NO_COLOR and --color choose whether it colours)",
        "logo": "todo has no logo to print", "news": "todo has no release news; see todo --version",
        "execute": "run the command in your shell",
        "timesheet": "todo list --filter completed end.after:-1w, and todo active",
        "_aliases": "todo help commands", "_config": "todo config", "_context": "todo context", "_show": "todo config",
        "_urgency": "todo _get ID.urgency", "_zshattributes": "the completion scripts: todo completions zsh",
        "_zshcommands": "the completion scripts: todo completions zsh", "_zshids": "todo _ids",
        "_zshuuids": "todo _uuids"
    ]

    /// The refusal for `word`, if it is one of these.
    static func refusal(_ word: String) -> String? {
        answers[word].map {
            """
            '\(word)' is a Taskwarrior command todo does not have; instead: \($0) (to search for the word, todo \
            list \(word))
            """
        }
    }
}
