import TodoCore
import TodoWire
import TodoSync

/// Every option but the fields' (`CommandTable.fieldOptions`), declared once: the table lists
/// them and commands read them by these names (`invocation.flag(.json)`), so that a renamed
/// option is a compile error, never a flag that is silently never set.
extension OptionSpec {
    public static let file = value(
        "file", "PATH",
        """
        Use the state file at PATH (default: $TODO_FILE, else $XDG_DATA_HOME/todo/todos.json, else \
        ~/.local/share/todo/todos.json).
        """,
        kind: .path)
    public static let json = flag(
        "json", "Print machine-readable JSON instead of text (shapes in the README, section Scripting).")
    public static let quiet = flag(
        "quiet", short: "q", "Print no informational messages; data (numbers, lists, JSON) and errors still appear.")
    public static let color = value(
        "color", "WHEN",
        """
        Colour output: auto (only on a terminal, and not with NO_COLOR set or 'todo config color off'), always (even \
        so) or never (default: auto).
        """,
        kind: .choice(["auto", "always", "never"]))
    public static let noContext = flag(
        "no-context", "Leave out the context in force ('todo context'): what scripts want.")
    public static let syntax = value(
        "syntax", "DIALECT",
        """
        Read words as Taskwarrior does (taskwarrior, the default) or as todo.txt does (todotxt), over TODO_SYNTAX and \
        'todo config syntax' (more in 'todo help todotxt').
        """,
        kind: .choice(Dialect.allCases.map(\.rawValue)))
    public static let help = flag("help", short: "h", "Show help for todo or for the command.")
    public static let version = flag("version", "Print the version of todo.")

    public static let filter = value(
        "filter", short: "f", "FILTER",
        """
        Show all, active, completed or unsynced todos (default: active, or what 'todo config default-filter' says); \
        waiting todos only with all.
        """,
        kind: .choice(TodoFilter.allCases.map(\.rawValue)))
    public static let all = flag("all", "Show every todo, completed and waiting ones too: --filter all.")
    public static let waiting = flag("waiting", "Show active todos whose wait date has not come, too.")
    public static let sort = value(
        "sort", "KEYS",
        """
        Order by KEYS, \
        comma-separated: \(TodoSort.Key.allCases.map(\.rawValue).joined(separator: ", ")); \(SortError.directions). \
        Todos without the key's value come last.
        """,
        kind: .commaSeparated(CommandTable.sortKeys))
    /// `list --format`; `next` explains it its own way (`explained`).
    public static let format = value(
        "format", "TEMPLATE",
        """
        Print each todo as TEMPLATE and a newline. \
        Fields: \(ListTemplate.fields.map { "{\($0)}" }.joined(separator: " ")); dates on your clock, or with .utc in \
        UTC as --json has them ({due.utc}); escapes \\t \\n \\\\ \\{ \\}.
        """
    )
    public static let ids = flag("ids", "Print only the numbers, one a line.")

    public static let series = flag(
        "series", "Delete every todo of each named todo's series (the ones done too), which ends it.")
    /// `batch --dry-run`; `sync` explains it its own way.
    public static let dryRun = flag("dry-run", "Check every line against the todos and report, but change nothing.")
    public static let to = value(
        "to", "FORMAT", "What to write: \(TransferFormat.names.joined(separator: ", ")) (default: todo).",
        kind: .choice(TransferFormat.names))
    public static let from = value(
        "from", "FORMAT",
        """
        What FILE is: todo (an export, or list --json), taskwarrior, todotxt, ical (an .ics of VTODOs), or taskrc \
        (Taskwarrior's settings, ~/.taskrc unless FILE is given) (default: todo).
        """,
        kind: .choice(TransferFormat.names + [TaskrcImport.format]))
    public static let strict = flag(
        "strict", "Taskwarrior: stop at a task todo cannot hold and import nothing, instead of skipping it.")
    public static let unset = flag("unset", "Remove KEY from the config file.")
    public static let graph = flag(
        "graph", "Draw a bar per period instead: added (+), completed (X) and deleted (-), as Taskwarrior's ghistory.")

    /// The option that sets `field` (`--due DATE`), from the field table; nil for a field todo keeps itself.
    static func setting(_ field: TodoField) -> OptionSpec? {
        let spec = field.spec
        guard let option = spec.option else { return nil }
        let kind: ValueKind = spec.completion == .text ? .text : .field(spec.completion)
        return .value(option.long, short: option.short, option.valueName, spec.help, kind: kind)
    }
}

/// Every command and option of `todo`. The parser, `--help`, the completion scripts and
/// the man page are all derived from this table.
public enum CommandTable {
    public static let version = SyncAPI.release

    public static let globalOptions: [OptionSpec] = [.file, .json, .quiet, .color, .noContext, .syntax, .help, .version]

    static let todoID = Argument<String>.todo.spec
    static let todoIDs = ArgumentSpec("ID", .todoID, repeats: true, "Todo numbers or UUID prefixes.")
    static let filterTerms = ArgumentSpec(
        "FILTER", .filter, optional: true, repeats: true, "Filter terms, and words to search for.")
    /// Every sort key, for completion (a KEYS value is checked by `TodoSort`).
    static let sortKeys = TodoSort.Key.allCases.flatMap { [$0.rawValue, "+" + $0.rawValue, "-" + $0.rawValue] }

    /// An option for each field of the field table (`--name`, `-d`, `--tag`, `--due`, …).
    static let fieldOptions: [OptionSpec] = TodoField.settable.compactMap(OptionSpec.setting)

    /// `+TAG, -TAG, project:NAME, priority:H|M|L (or pri:), due:DATE, wait:DATE`, from the field table.
    static func attributeWords(removing: Bool) -> String {
        TodoField.settable.flatMap { field -> [String] in
            let spec = field.spec
            let value = spec.option?.valueName ?? "VALUE"
            switch spec.syntax {
            case nil: return []
            case .signs: return ["+\(value) adds a tag"] + (removing ? ["-\(value) removes one"] : [])
            case .keys(let keys):
                let other = keys.dropFirst().map { " (or \($0):)" }.joined()
                return ["\(keys[0]):\(value)\(other)"]
            case .members(let keys):
                let other = keys.dropFirst().map { " (or \($0):)" }.joined()
                return ["\(keys[0]):\(value)\(other) adds \(field.key)"]
                    + (removing ? ["\(keys[0]):-ID removes one"] : [])
            }
        }.joined(separator: ", ")
    }

    /// The fields besides the name that a Taskwarrior task holds as attributes: "tags, project, … and wait".
    static let taskwarriorFields: String = {
        let keys = TodoField.attributes.filter { $0.spec.taskwarrior != nil && $0.spec.kind != .udas }.map(\.key)
        return keys.dropLast().joined(separator: ", ") + " and " + keys.last!
    }()

    /// Where a VTODO keeps each field, from the field table: "name in SUMMARY, …".
    static let icalFields: String = {
        let fields = TodoField.allCases.compactMap { field in field.spec.ical.map { "\(field.key) in \($0.properties)" }
        }
        return fields.joined(separator: ", ")
            + """
            ; completed as STATUS:COMPLETED, COMPLETED (when) and PERCENT-COMPLETE:100, createdAt and updatedAt as \
            CREATED and LAST-MODIFIED; a whole day as a DATE, an instant as a DATE-TIME (UTC; read, a TZID's zone \
            or floating on the local clock)
            """
    }()

    /// What `report.NAME.PART` settings do, for config's help.
    static let reportSettings =
        "report.NAME.PART makes 'todo NAME' a report, as Taskwarrior's report settings do, or redefines one of todo's "
        + "(list, next and the reports 'todo reports' lists; next stays as many as fit the terminal): "
        + ReportPart.allCases.map { "\($0.rawValue), \($0.help)" }.joined(separator: "; ")
            + """
            . A report with columns is drawn as Taskwarrior draws one: the labels over the columns any todo has a \
            value for, cut to the terminal's width on a terminal, whole in a pipe.
            """

    /// Each setting of `todo config`, its variable and what it is for, for its help.
    static let configSettings = ConfigKey.allCases.map { key in
        key.rawValue + (key.variable.map { " (\($0))" } ?? "") + ": " + key.help
    }.joined(separator: "; ")

    /// The urgency settings of `todo config`, for its help: Taskwarrior 2.6's, by key or pattern.
    static let urgencySettings =
        "Urgency (todo next, --sort urgency, {urgency}, _get ID.urgency) is counted as Taskwarrior 2.6 counts it, "
        + "with its coefficients under the same keys, each a number: "
        + UrgencySetting.allCases.map { setting in
            setting.key + (setting.taskwarriorDefault.map { " (\(Urgency.number($0)) unless set)" } ?? "") + ": "
                + setting.meaning
        }.joined(separator: "; ") + ". 'todo import --from taskrc' carries them from a .taskrc."

    /// The colour rules of `todo config`, for its help; 'todo help colours' says more.
    static let colourSettings =
        "Colour rules (color.tag.TAG, color.overdue and the others) colour the rows of list and reports as "
        + "Taskwarrior's do, each a colour such as 'bold red on blue': "
        + ColourRule.allCases.map(\.key).joined(separator: ", ") + "; 'todo help colours' says how."

    /// `todo` in a crontab line: cron runs commands with PATH=/usr/bin:/bin and none of the
    /// shell's variables, so by its full path, where README.md's Install section puts it (cron
    /// sets HOME), with the state file named as TODO_FILE would (else it syncs another).
    static let cronTodo = "TODO_FILE=$HOME/.local/share/todo/todos.json $HOME/.local/bin/todo"

    /// What DATE may be, for help.
    static let dates =
        """
        A DATE is \(DateReader.accepted); a time is on the local clock (TZ), a date without one is that whole day, and \
        someday parks a todo (every form under DATES AND RULES in 'man todo').
        """

    /// Dates in full, and where they differ from Taskwarrior's on purpose: the man page's DATES AND RULES, before
    /// `dateTables`.
    static let dateDetails = [
        """
        A DATE is one of the forms or words below (letters in any case): everything Taskwarrior 2.6's 'task calc' \
        reads as a date, read as it reads it, and a few forms more.
        """,
        """
        A date without a time is that whole day, wherever you are; Taskwarrior keeps it as that day's local midnight. \
        A start or end word (sow, eom) is a whole day too, which a filter compares with from its start or up to its \
        end: due.before:eow includes Sunday. A time is on the local clock (TZ).
        """,
        """
        Where todo reads otherwise: ISO week dates by ISO 8601 (Taskwarrior 2.6.2 reads 2026-W50-1 as 14 December, a \
        week late), midsommarafton and juhannus always a Friday from 19 to 25 June (Taskwarrior 2.6.2 gives 18 June \
        2027); and todo also reads 2026-12-01 15:00, 20261201 and 2026W50-3, which 'task calc' does not.
        """
    ]

    /// The forms and the words a DATE may be, with their headings and rows.
    static let dateTables: [(heading: String, rows: [(String, String)])] = [
        ("Forms:", DateReader.forms.map { ($0.form, $0.meaning) }),
        (
            "Words (a shorter spelling Taskwarrior takes is in parentheses):",
            DateWord.allCases.map { word in
                (word.rawValue + (word.abbreviation.map { " (\($0))" } ?? ""), word.help)
            }
        )
    ]

    /// Rules in full, and where they differ from Taskwarrior's on purpose: after `dateTables`.
    static let ruleDetails = [
        "A RULE for recur: is \(Recurrence.accepted).",
        """
        Rules step by the calendar from the due date the series began with, on the clock of the zone it began in. \
        Where Taskwarrior differs: monthly from 31 January is due 28 February, then 31 March (Taskwarrior steps from \
        the previous due date and stays on the 28th); 3mo, 3months, quarter, 1y and 2years are calendar months and \
        years (Taskwarrior counts 30, 91 and 365 days); a time of day stays on that clock across a change of the \
        clocks (09:00 stays 09:00); export writes periods Taskwarrior also steps by the calendar (3m, and 24m for 2y).
        """
    ]

    /// `list`'s options; `listall` and `listpri` take some of them.
    static let listOptions: [OptionSpec] = [.filter, .all, .waiting, .sort, .format, .ids]

    static let reportFilter = ArgumentSpec(
        "FILTER", .filter, optional: true, repeats: true, "Filter terms: only the todos they pass are counted.")
    /// What every report does with filters, the context, the width and --json.
    static let reportNote =
        """
        Filter terms and the context in force ('todo context'; --no-context leaves it out) narrow the todos counted, \
        completed ones included; the output fits the terminal (80 columns in a pipe), and --json prints the numbers \
        instead.
        """
    /// What the reports can know of deleted todos.
    static let deletedNote =
        """
        Deleted todos are counted while the state still knows them: from the undo history (the \
        last \(TodoState.historyLimit) changes) with the time of the deletion, and from deletions not yet synced \
        (counted in stats only: their time is not kept). Once a deletion has left the undo history and reached the \
        server, nothing of it remains to count.
        """

    public static let commands: [CommandSpec] =
        [
            CommandSpec(
                name: "add", aliases: ["a"], summary: "Add a todo and print its number",
                plan: { try AddCommand.plan($0, $1) },
                discussion:
                    """
                    In the todo.txt dialect ('todo help todotxt') NAME is a todo.txt line: (A) 2026-11-25 Call mom \
                    +Family @phone due:2026-12-02. Otherwise the words of NAME are joined with single spaces. Among \
                    them, attribute words set fields: \(attributeWords(removing: false)); KEY: with nothing after it \
                    leaves the field empty; a key may be shortened to two letters or more that start no other key \
                    (pro:, prio:, sch:). Only these keys, in lower case, count: 'meet at 10:30', 're: budget' and \
                    'Due: Friday' stay in the name, but a word naming a key todo has not (uuid:, status:; entry: and \
                    the other times todo keeps itself) or a shortening of several (pr:) is refused. Every word after \
                    -- is a name word, so 'todo add -- +1 due:x' keeps both, and a name may start with a \
                    dash. \(dates) With NAME '-', adds one todo per non-empty line of stdin, each line as it is, in \
                    one step for undo, and prints their numbers one a line; attribute words and options apply to each.
                    """,
                arguments: [
                    ArgumentSpec(
                        "NAME", .attributes, repeats: true, "The todo's name, with attribute words among its words.")
                ],
                options: fieldOptions.filter { $0.long != TodoField.name.spec.option?.long },
                examples: [
                    ("todo add buy milk --notes '2 litres'", "add a todo with notes"),
                    (
                        "todo add pay rent +bills project:home pri:H due:eom",
                        "add a todo with tags, a project, a priority and a due date"
                    ), ("todo add -- -5 degrees: wear a coat", "a name that starts with a dash"),
                    ("grep -h TODO *.c | todo add - +code", "one todo per line of stdin, each tagged code")
                ]),
            CommandSpec(
                name: "list", aliases: ["ls"], summary: NamedReport.list.summary,
                plan: { try NamedReport.plan(NamedReport.list.name, $0, $1) },
                discussion:
                    """
                    Active todos come first, newest first, then completed ones, most recently completed first; --sort \
                    orders them otherwise. Filter terms narrow the list: \(FilterError.terms); any other word matches \
                    todos whose name, description, notes or an annotation hold it, in any case. Terms next to each \
                    other must all match; 'or' and parentheses combine them otherwise, and words after -- are only \
                    searched for. project:home matches home.garden too; the modifiers (due.by:eow, project.not:home), \
                    +ACTIVE, -BLOCKED and the other virtual tags are in 'todo help filter'. \(dates) Active todos \
                    whose wait date has not come are hidden unless --filter all or --waiting is given, or a term asks \
                    about them (status:waiting, +WAITING, wait.after:today). Once a server is set ('todo config \
                    server'), a '*' marks a todo with changes not yet synced; '!' marks a sync conflict. After the \
                    name come the priority, project, tags and due date (in 3d, 2d overdue), then waiting, started 2h \
                    ago and blocked where they apply. On a terminal long names are cut to fit, the due date last; in a \
                    pipe nothing is cut. In the todo.txt dialect ('todo help todotxt') filter words are read as \
                    todo.sh reads them (text the todo's todo.txt line holds; -TEXT, text it must not) and each todo is \
                    printed as todo.sh ls prints it: its number and todo.txt line, in the order of the lines, then \
                    '--' and 'TODO: n of m tasks shown'.
                    """,
                arguments: [filterTerms],
                options: listOptions,
                examples: [
                    ("todo ls --filter active", "what is left to do"),
                    ("todo list +work due.before:eow", "work due by the end of the week"),
                    ("todo list '(+home or +garden)' -later", "either tag, but not later"),
                    ("todo list status:waiting urgency.over:5", "waiting todos worth doing"),
                    ("todo list project:home --sort due,-priority", "a project by due date, then priority"),
                    ("todo list --json", "every todo as a JSON array"),
                    ("todo list --format '{id}\\t{name}'", "number and name, tab-separated"),
                    ("todo list --filter completed --ids | todo delete -", "delete every completed todo")
                ]),
            CommandSpec(
                name: "listall", aliases: ["lsa"], summary: "List every todo, completed ones too, as todo.sh listall",
                plan: { try ListCommand.plan($0, $1, .all) },
                discussion:
                    """
                    As list --all. In the todo.txt dialect the footer counts the open todos (todo.txt) and the \
                    completed ones (todo.sh's done.txt) apart, and completed todos keep their numbers.
                    """,
                arguments: [filterTerms], options: [.sort, .format, .ids],
                examples: [("todo listall milk", "every todo that mentions milk")], everyday: false),
            CommandSpec(
                name: "listpri", aliases: ["lsp"], summary: "List the todos with a priority, or these priorities",
                plan: TodoTxtList.priorityPlan,
                discussion:
                    """
                    LETTERS is a todo.txt priority letter (A) or a range of them (A-C); without it, every todo with a \
                    priority. In the default dialect H, M and L name Taskwarrior's priorities. Filter terms after it \
                    narrow the list as list's do.
                    """,
                arguments: [
                    ArgumentSpec("LETTERS", .text, optional: true, "A to Z, or a range such as A-C."), filterTerms
                ], options: [.filter, .waiting, .sort, .format, .ids],
                examples: [
                    ("todo listpri A", "the todos of priority (A)"),
                    ("todo listpri A-B +work", "priorities A and B in project work")
                ], everyday: false),
            CommandSpec(
                name: "listproj", aliases: ["lsprj"], summary: "List the projects of the active todos, as +NAME",
                plan: { try ListWordsCommand.plan($0, $1, projects: true) },
                discussion:
                    """
                    One a line, sorted, of the todos list would show; filter terms narrow them. 'todo projects' gives \
                    counts too.
                    """,
                arguments: [filterTerms],
                examples: [("todo listproj", "every project in use")], everyday: false),
            CommandSpec(
                name: "listcon", aliases: ["lsc"],
                summary: "List the tags of the active todos, as todo.txt contexts (@NAME)",
                plan: { try ListWordsCommand.plan($0, $1, projects: false) },
                discussion: "One a line, sorted, of the todos list would show; filter terms narrow them.",
                arguments: [filterTerms],
                examples: [("todo listcon", "every context in use")], everyday: false),
            CommandSpec(
                name: "archive", summary: "Say where completed todos are; todo.sh's archive moves nothing here",
                plan: ArchiveCommand.plan,
                discussion:
                    """
                    todo.sh archive moves completed tasks from todo.txt to done.txt. todo keeps every todo in its one \
                    state file, and list (ls) already leaves completed todos out as an archived todo.txt would, so \
                    there is nothing to move; archive says how many completed todos there are. listall shows them, \
                    clear-completed deletes them, and todo numbers never change.
                    """,
                examples: [("todo archive", "how many completed todos are kept")], everyday: false),
            CommandSpec(
                name: "next", summary: NamedReport.next.summary,
                plan: { try NamedReport.plan(NamedReport.next.name, $0, $1) },
                discussion:
                    """
                    Active todos that are not waiting, most urgent first, as many as fit the terminal above the \
                    summary and the prompt (all of them in a pipe). Filter terms narrow them as list's do. A started \
                    todo, or one others wait on, ranks higher; one blocked by an open dependency ranks lower.
                    """,
                arguments: [filterTerms],
                options: [.format.explained("Print each todo as TEMPLATE and a newline, as list --format does."), .ids],
                examples: [("todo next", "what to do now"), ("todo next +work", "the most urgent work")],
                table: (Urgency.heading, Urgency.terms.map { ($0.name, $0.meaning) })),
            CommandSpec(
                name: "ui", aliases: ["tui"], summary: "Browse and change todos full-screen, by keys",
                plan: UICommand.plan,
                discussion:
                    """
                    Shows the list 'todo list FILTER...' would show on the whole terminal, under a line with the view, \
                    the filter, the context, the counts and, once a server is set, how many todos are not synced. \
                    Keys: j and k (or the arrows) move, PgDn and PgUp (or Space) a screen, g and G to the first and \
                    last; Tab cycles the views active, completed and all; Enter shows every field (as show), Esc goes \
                    back; a adds a todo from a line read as add reads its words (Water plants +home due:fri); m \
                    modifies the selected todo with attribute words; e edits it in $EDITOR as edit does; d completes \
                    it, or reopens a completed one; s starts it, or stops it; x deletes it, after asking once; u \
                    undoes the last change; / reads filter words, as list reads them (Esc clears them); c puts a \
                    context in force (none ends it); S syncs, when a server is set, and says how it went; ? lists the \
                    keys; q (or Ctrl-C) quits. Every change is the command it mirrors, run as if typed: the same lock, \
                    undo step and hooks. A change another todo makes to the state file shows at once. Ctrl-Z and \
                    SIGTSTP, SIGINT, SIGTERM and a crash put the terminal back as it was.
                    """,
                arguments: [filterTerms],
                options: [
                    .filter.explained(
                        """
                        The view to start in: active, completed or all (default: active, or what 'todo config \
                        default-filter' says); Tab cycles them.
                        """
                    )
                ],
                examples: [
                    ("todo ui", "the active todos, full-screen"),
                    ("todo ui +work --filter all", "every todo tagged work")
                ], everyday: false),
            CommandSpec(
                name: "show", aliases: ["info"], summary: "Show every field of a todo", plan: ShowCommand.plan,
                arguments: [todoID], habits: ["information"],
                examples: [("todo show 3", "todo number 3"), ("todo show 8f0e", "the todo whose UUID starts with 8f0e")]
            ),
            CommandSpec(
                name: "edit", aliases: ["modify"], summary: "Change todos' fields, or a todo in your editor",
                plan: EditCommand.plan,
                discussion:
                    """
                    The IDs come first ('-' reads more from stdin, separated by blanks); the words after them are read \
                    as add reads NAME: attribute words (\(attributeWords(removing: true))) change only their fields, \
                    and other words become the new name (description:TEXT, Taskwarrior's, sets it too; details:TEXT \
                    sets todo's description). Taskwarrior's /FROM/TO/ changes the first match of FROM, a regular \
                    expression with case counting, in the name (or else in the first annotation holding one) to the \
                    text TO, and /FROM/TO/g every match in the name and annotations; one that matches nothing in the \
                    todos named is an error and changes nothing. A name word that looks like an ID goes after --. \
                    Every todo named changes, or none does (an unknown ID changes nothing), in one step for \
                    undo. \(dates) Without words or options, on a terminal, opens $VISUAL or $EDITOR (default vi) on \
                    one todo as git commit does: a 'field: value' line for each field, the further lines of a value \
                    indented, and a value in double quotes read as a JSON string. An unchanged file changes nothing; \
                    an empty file, or an editor that fails or is interrupted, leaves the todo as it was. Text todo \
                    refuses (a bad value, a missing line) opens again with the reason in comment lines on top, until \
                    it is right or saved unchanged.
                    """,
                arguments: [
                    todoIDs,
                    ArgumentSpec(
                        "WORDS", .attributes, optional: true, repeats: true, "Attribute words, and words of a new name."
                    )
                ],
                options: fieldOptions,
                examples: [
                    ("todo edit 3 --name 'buy oat milk'", "rename todo 3"),
                    (
                        "todo modify 3 4 +urgent -later due:fri",
                        "tag two todos, untag them, and make them due on Friday"
                    ), ("todo 3 modify /login/signin/", "change login to signin in todo 3's name"),
                    ("todo list +work --ids | todo modify - +q4", "tag every todo tagged work"),
                    ("todo edit 3", "edit todo 3 in your editor")
                ]),
            CommandSpec(
                name: "done", aliases: ["do"], summary: "Complete todos",
                plan: { try StatusCommand.plan($0, $1, completed: true) },
                discussion:
                    """
                    A todo already completed stays completed, and done says so; so a script can make sure. An ID of \
                    '-' reads more IDs from stdin, separated by blanks or newlines; nothing on stdin changes nothing.
                    """,
                arguments: [todoIDs], habits: ["complete", "finish"],
                examples: [
                    ("todo done 3 4", "complete todos 3 and 4"),
                    ("todo list --filter active --ids | todo done -", "complete everything")
                ]),
            CommandSpec(
                name: "reopen", summary: "Make completed todos active again",
                plan: { try StatusCommand.plan($0, $1, completed: false) },
                discussion:
                    """
                    A todo already active stays active, and reopen says so. An ID of '-' reads more IDs from stdin, \
                    separated by blanks or newlines.
                    """,
                arguments: [todoIDs], habits: ["undone", "uncomplete"],
                examples: [("todo reopen 3", "todo 3 is not done after all")]),
            CommandSpec(
                name: "annotate", summary: "Add a dated remark to a todo", plan: AnnotateCommand.plan,
                discussion:
                    """
                    The words of TEXT are joined with single spaces and kept as an annotation, with the time it was \
                    made (to the second). 'todo show' lists them; 'todo edit' changes them, a line each; two devices \
                    annotating the same todo keep both.
                    """,
                arguments: [todoID, Argument<[String]>.remark.spec], habits: ["note"],
                examples: [("todo annotate 3 called the plumber, coming Monday", "keep a log on todo 3")]),
            CommandSpec(
                name: "append", aliases: ["app"], summary: "Add words to the end of a todo's name",
                plan: { try LineEditCommand.plan($0, $1, .append) },
                discussion:
                    """
                    As todo.sh's and Taskwarrior's append: TEXT's words go after the name (straight after it when they \
                    start with , . : or ;), and its attribute words change their fields as edit's do; in the todo.txt \
                    dialect TEXT is read as the rest of a todo.txt line, so +word sets the project (a tag when there \
                    is one) and @word adds a tag. 'annotate' adds a dated remark instead.
                    """,
                arguments: [todoID, Argument<[String]>.appended.spec],
                examples: [("todo append 3 and dad", "'Call mom' becomes 'Call mom and dad'")], everyday: false),
            CommandSpec(
                name: "prepend", aliases: ["prep"], summary: "Add words to the start of a todo's name",
                plan: { try LineEditCommand.plan($0, $1, .prepend) },
                discussion:
                    """
                    As append, but TEXT's words go before the name; the priority and creation date stay where todo.txt \
                    keeps them.
                    """,
                arguments: [todoID, Argument<[String]>.prepended.spec],
                examples: [("todo prepend 3 urgent:", "'Call mom' becomes 'urgent: Call mom'")], everyday: false),
            CommandSpec(
                name: "replace", summary: "Make a todo what TEXT says, as a new todo.txt line",
                plan: { try LineEditCommand.plan($0, $1, .replace) },
                discussion:
                    """
                    TEXT is read as add reads NAME (in the todo.txt dialect, as a todo.txt line) and replaces the \
                    todo's name, tags, project, due, wait and recurrence, which TEXT leaves out are cleared; the \
                    priority stays unless TEXT gives one, as with todo.sh replace. The description, notes, \
                    annotations, dependencies and your attributes are kept: a todo.txt line has no place for them.
                    """,
                arguments: [todoID, Argument<[String]>.replacement.spec],
                examples: [("todo replace 3 Call dad +Family", "a new name and project, no other tags or dates")],
                everyday: false),
            CommandSpec(
                name: "pri", aliases: ["p"], summary: "Give a todo a todo.txt priority letter", plan: PriCommand.plan,
                discussion:
                    """
                    A is priority H, B is M, and C to Z are L; a letter after C is kept, so that 'export --to todotxt' \
                    and ls in the todo.txt dialect write it back. In the default dialect H, M and L are Taskwarrior's \
                    priorities (A, B and C); in the todo.txt dialect they are letters like the others.
                    """,
                arguments: [todoID, Argument<String>.letter.spec],
                examples: [
                    ("todo pri 3 A", "todo 3 is high priority: (A)"), ("todo pri 3 D", "low priority, written (D)")
                ], everyday: false),
            CommandSpec(
                name: "depri", aliases: ["dp"], summary: "Take todos' priority away", plan: DepriCommand.plan,
                discussion: "A todo without one stays so, and depri says so. An ID of '-' reads more IDs from stdin.",
                arguments: [todoIDs],
                examples: [("todo depri 3 5", "todos 3 and 5 have no priority")], everyday: false),
            CommandSpec(
                name: "denotate", summary: "Remove an annotation from a todo", plan: DenotateCommand.plan,
                discussion:
                    """
                    Removes the annotation whose text is TEXT, or else the only one whose text holds TEXT, in any case.
                    """,
                arguments: [todoID, Argument<[String]>.annotationText.spec],
                habits: ["unannotate", "deannotate", "unnote"],
                examples: [("todo denotate 3 plumber", "remove todo 3's annotation about the plumber")], everyday: false
            ),
            CommandSpec(
                name: "start", summary: "Mark todos as being worked on",
                plan: { try StartCommand.plan($0, $1, starting: true) },
                discussion:
                    """
                    Sets their start to now (a todo already started keeps its start); started todos are +ACTIVE, shown \
                    first by 'next' and marked in 'list'. 'todo stop' or 'todo done' ends it. An ID of '-' reads more \
                    IDs from stdin.
                    """,
                arguments: [todoIDs],
                examples: [("todo start 3", "start working on todo 3")]),
            CommandSpec(
                name: "stop", summary: "Mark todos as no longer worked on",
                plan: { try StartCommand.plan($0, $1, starting: false) },
                discussion: "Clears their start. An ID of '-' reads more IDs from stdin.",
                arguments: [todoIDs], habits: ["unstart"],
                examples: [("todo stop 3", "pause todo 3")], everyday: false),
            CommandSpec(
                name: "toggle", summary: "Mark todos completed, or active again", plan: ToggleCommand.plan,
                discussion:
                    """
                    An ID of '-' reads more IDs from stdin, separated by blanks or newlines; nothing on stdin changes \
                    nothing.
                    """,
                arguments: [todoIDs],
                examples: [("todo toggle 3 4", "complete (or reopen) todos 3 and 4")]),
            CommandSpec(
                name: "delete", aliases: ["rm", "del"], summary: "Delete todos", plan: DeleteCommand.plan,
                discussion:
                    """
                    Numbers of deleted todos are never given to another todo. 'todo undo' brings them back. Deleting \
                    the open occurrence of a recurring todo skips it: the next one is made, as completing it would. An \
                    ID of '-' reads more IDs from stdin, separated by blanks or newlines; nothing on stdin changes \
                    nothing.
                    """,
                arguments: [todoIDs],
                options: [.series],
                habits: ["remove"],
                examples: [
                    ("todo rm 3", "delete todo 3"),
                    ("todo rm --series 3", "delete recurring todo 3 and the rest of its series"),
                    ("todo list --filter completed --ids | todo delete -", "delete every completed todo")
                ]),
            CommandSpec(
                name: "clear-completed", summary: "Delete every completed todo and say how many",
                plan: ClearCompletedCommand.plan,
                examples: [("todo clear-completed", "tidy up")], everyday: false),
            CommandSpec(
                name: "undo", summary: "Revert the last change; repeat to go further back", plan: UndoCommand.plan,
                discussion:
                    """
                    Any command that changed todos can be undone, up to the last 100 changes. Restored todos count as \
                    changed, so the next sync sends them.
                    """,
                habits: ["undelete"],
                examples: [("todo undo", "revert the last change")]),
            CommandSpec(
                name: "batch", summary: "Apply changes read as JSON Lines from stdin, all or nothing",
                plan: BatchCommand.plan,
                discussion:
                    """
                    Each non-blank line of stdin is a JSON object with an \"action\" and its fields: {\"action\": \
                    \"add\", \"name\": N, and any \
                    of \(TodoField.settable.dropFirst().map(\.key).joined(separator: ", "))}, {\"action\": \"edit\", \
                    \"id\": ID, and one or more of \(TodoField.settable.map(\.key).joined(separator: ", "))}, where \
                    tags is an array of strings, a project, priority, recur rule or date a string (a date as on the \
                    command line) or null for none, and the others strings; {\"action\": \"toggle\" or \"delete\", \
                    \"id\": ID or \"ids\": [ID, ...]}, {\"action\": \"clear-completed\"}. An ID is a number or a \
                    string (a number or UUID prefix); it names the todo as it is after the lines before it, so a line \
                    may use a number an earlier add took. Every line is checked before anything is written: the first \
                    bad line is reported with its number and nothing is applied. All lines are one lock, one save and \
                    one step for undo.
                    """,
                options: [.dryRun],
                examples: [
                    (
                        """
                        printf '%s\\n' '{\"action\": \"add\", \"name\": \"milk\"}' '{\"action\": \"toggle\", \"id\": \
                        3}' | todo batch
                        """,
                        "add a todo and complete todo 3 in one step"
                    ), ("todo batch --dry-run < changes.jsonl", "check a file of changes")
                ]),
            CommandSpec(
                name: "export", summary: "Print every todo: JSON, Taskwarrior, todo.txt, iCalendar",
                plan: ExportCommand.plan,
                discussion:
                    """
                    The output is what 'todo import --from FORMAT' reads. todo (the default): every field, \
                    {\"format\": \"todo-export\", \"version\": 1, \"todos\": [...]} with the todos in number order. \
                    taskwarrior: a JSON array for 'task import', with \(taskwarriorFields); the lines of the \
                    description and the notes become annotations; a date without a time is written as its local \
                    midnight. todotxt: one line per todo with x, dates and (A) for H, (B) for M, (C) for L; +project, \
                    @tag for each tag, due:DATE and t:DATE for the wait; todo.txt has no place for the description and \
                    the notes. ical: an iCalendar file (RFC 5545) with a VTODO per todo, its UID the todo's UUID, for \
                    task apps (Thunderbird, Apple Reminders, Tasks.org); \(icalFields).
                    """,
                options: [.to],
                examples: [
                    ("todo export > backup.json", "back up every todo"),
                    ("todo export --to taskwarrior | task import -", "hand the todos to Taskwarrior"),
                    ("todo export --to todotxt > ~/todo.txt", "write a todo.txt file"),
                    ("todo export --to ical > todos.ics", "write an iCalendar file for a task app")
                ]),
            CommandSpec(
                name: "import", summary: "Merge todos from todo, Taskwarrior, todo.txt or iCalendar",
                plan: ImportCommand.plan,
                discussion:
                    """
                    Merges by UUID: a new UUID becomes a new todo with the next free number; a known one takes the \
                    file's fields and status only if they differ and the file's updatedAt is newer. Importing the same \
                    file twice changes nothing. Taskwarrior: the output of 'task export'; description becomes the name \
                    and \(taskwarriorFields) become those fields (a date at local midnight is that whole day), any \
                    other attribute a user-defined attribute (with a note on stderr), a blank in a \
                    project \(TaskwarriorValue.blank); a recurring template and its instances become one series, the \
                    latest pending instance holding the rule. Deleted tasks, templates and tasks with a value todo \
                    cannot hold (a tag starting with a digit, a period such as hourly) are skipped, each named on \
                    stderr and counted; --strict makes such a value an error instead, and nothing is imported. \
                    todo.txt: one todo per line; x, dates and (A) (H), (B) (M), (C) and lower (L) are read; the first \
                    +project is the project, further +words and @contexts are tags, due:DATE the due date and t:DATE \
                    the wait; a word that is none of these stays in the name. ical: each VTODO of an .ics file (as \
                    Apple Reminders, Thunderbird, Nextcloud Tasks and Tasks.org export them) is a todo: \(icalFields); \
                    a UID that is no UUID stands for a UUID made from it (version 5), so importing the same file again \
                    updates the same todos; what todo cannot hold (an RRULE it has no rule for, a category with a \
                    control character) is left out with a note on stderr. The whole import is one step for undo. \
                    taskrc: the settings of a .taskrc and the files it includes that todo's config takes are written \
                    there: hooks.location (else the hooks folder of data.location, when it holds a hook), hooks, due, \
                    weekstart, context, context.NAME (its read filter), uda.NAME.type, .label and .values, every \
                    urgency coefficient (urgency.*.coefficient, urgency.age.max; not urgency.inherit), and Taskwarrior \
                    3's sync.server.url (or .origin), sync.server.client_id and sync.encryption_secret (never \
                    printed); each other setting, and a value todo refuses, is named on stderr as not carried. \
                    Importing it again changes nothing.
                    """,
                arguments: [Argument<String?>.importFile.spec],
                options: [.from, .strict],
                examples: [
                    ("todo import backup.json", "merge a backup made by todo export"),
                    ("task export | todo import --from taskwarrior -", "move over from Taskwarrior"),
                    (
                        "todo import --from taskrc",
                        "bring Taskwarrior's settings from ~/.taskrc: hooks, attributes, contexts"
                    ), ("todo import --from todotxt ~/todo.txt", "move over from todo.txt"),
                    ("todo import --from ical tasks.ics", "bring in the tasks a task app exported")
                ]),
            CommandSpec(
                name: "sync", summary: "Exchange changes with the todo server", plan: SyncCommand.plan,
                discussion:
                    """
                    Sends local changes and fetches other devices' changes; safe to run from cron while you edit. A \
                    field changed on both sides keeps the server's value (the change that reached it first); the value \
                    that lost is listed by 'todo show' until you edit the todo. A todo edited on one device and \
                    deleted on another is kept, edited. The server and token come from TODO_SERVER and TODO_TOKEN or \
                    'todo config'. The token goes over https:// to any server, but over plain http:// only to this \
                    machine (localhost, 127.0.0.0/8, ::1) unless 'todo config insecure-http true' allows it, with a \
                    warning at each sync; a redirect to another origin (scheme, host and port) is not followed. Exit \
                    status 3: server unreachable, timed out or unavailable (HTTP 502, 503, 504: try again later); 4: \
                    token refused; 5: another bad answer from the server. The state file is unchanged by a step that \
                    fails, and a later sync resumes. With sync.server.url, sync.server.client_id and \
                    sync.encryption_secret set (Taskwarrior 3's settings; 'todo import --from taskrc' takes them), \
                    todo syncs instead as one more replica of a Taskwarrior 3 account on that TaskChampion server: \
                    tasks end-to-end encrypted with the secret, a property changed on both sides keeping the later \
                    change, a delete being Taskwarrior's status:deleted, properties todo does not hold kept untouched; \
                    exit status 4 then also means the secret does not open what the server holds, and --dry-run is not \
                    available. A state file syncs one way at a time: both server and sync.server.url set is refused.
                    """,
                options: [.dryRun.explained("Show what would be pulled and pushed; send and save nothing.")],
                habits: ["synchronize", "synchronise"],
                examples: [
                    ("todo sync", "push and pull changes"),
                    (
                        "todo config sync.server.url https://todo.example.org",
                        "sync with a Taskwarrior 3 account instead (with its client id and secret)"
                    ),
                    (
                        "* * * * * \(cronTodo) sync --quiet",
                        """
                        a crontab line: sync every minute (todo by its full path: cron's PATH is /usr/bin:/bin; and \
                        the state file, as your shell's TODO_FILE names it: cron has none)
                        """
                    )
                ]),
            CommandSpec(
                name: "config", summary: "Show or set sync settings and your own attributes", plan: ConfigCommand.plan,
                discussion:
                    """
                    Settings live in $XDG_CONFIG_HOME/todo/config.json (else ~/.config/todo/config.json), mode 0600; a \
                    setting's environment variable, when set, is used instead, and todo config with no KEY says so \
                    beside the value, as it says of an rc.KEY=VALUE given with it (Taskwarrior's show). Give '-' as \
                    the value to read it from standard input. The settings: \(configSettings). uda.NAME.type (string, \
                    number, date or duration) declares an attribute of your own, as Taskwarrior's UDAs: NAME:VALUE \
                    then sets it on add and edit, filters on it, and --sort and --format {NAME} take it; \
                    uda.NAME.values limits it to a comma-separated list, uda.NAME.label names it in 'todo show'. \
                    Values of attributes no setting declares (from sync or an import) are kept and exported, never \
                    lost. \(urgencySettings) \(reportSettings) \(colourSettings)
                    """,
                arguments: [
                    Argument<String?>.key.spec,
                    Argument<String?>.value.spec
                ],
                options: [.unset],
                examples: [
                    ("todo config server https://todo.example.org", "set the server"),
                    ("todo config token - < token.txt", "set the token without it showing in your shell history"),
                    ("todo config uda.client.type string", "give todos a client: 'todo add call back client:acme'")
                ]),
            CommandSpec(
                name: "context", summary: "Show, choose or define the context that narrows reports",
                plan: ContextCommand.plan,
                discussion:
                    """
                    A context is a named filter, as in Taskwarrior: while one is in force, list and next show only the \
                    todos that pass it too, their summary names it, and add gives new todos its +TAG and project:NAME \
                    words (when it has no or, not or parentheses), or, when 'todo config context.NAME.write WORDS' \
                    gives it write words as Taskwarrior's write contexts have, those attribute words. With no ACTION, \
                    or show, prints the context in force. NAME puts a defined context in force; none ends it; list \
                    shows them all; define NAME FILTER... makes or replaces one (its words are kept joined by spaces); \
                    delete NAME removes one. Contexts live in the config file (context.NAME, and context for the one \
                    in force); TODO_CONTEXT (a name, or none) overrides it for one shell, and --no-context for one \
                    command.
                    """,
                arguments: [
                    Argument<String?>.contextAction.spec,
                    Argument<[String]>.contextWords.spec
                ],
                examples: [
                    ("todo context define work +work or project:acme", "a context for work"),
                    ("todo context work", "show only work from now on"), ("todo context none", "show everything again"),
                    ("todo list --no-context", "everything, this once")
                ],
                everyday: false),
            CommandSpec(
                name: "completions", summary: "Print the completion script for bash, zsh or fish",
                plan: { invocation, _ in CompletionsCommand.plan(invocation) },
                discussion:
                    """
                    The script completes commands (the config's reports too, and after IDs: todo 3 mo<Tab>), options, \
                    their values, contexts, todo numbers with their names, tags after + and -, projects after \
                    project:, attribute keys and named dates. README.md says where to install it.
                    """,
                arguments: [Argument<String>.shell.spec],
                examples: [
                    (
                        "todo completions bash > ~/.local/share/bash-completion/completions/todo",
                        "install bash completion for yourself"
                    )
                ]),
            CommandSpec(
                name: "__complete",
                summary:
                    "Print completion candidates (ID, a tab, the name; or tags, or projects) for the shell scripts",
                plan: CompleteCommand.plan,
                arguments: [Argument<String>.subject.spec],
                hidden: true),
            CommandSpec(
                name: "__man", summary: "Print the man page todo(1) as mdoc source",
                plan: { _, _ in .output(Output(stdout: manPage())) }, hidden: true),
            CommandSpec(
                name: "help", summary: "Show help for todo or for a command", plan: HelpCommand.plan,
                arguments: [
                    ArgumentSpec(
                        "COMMAND", .command, optional: true,
                        """
                        The command to explain, or a \
                        topic: \(HelpTopic.allCases.map(\.rawValue).joined(separator: ", ")).
                        """
                    )
                ],
                examples: [
                    ("todo help list", "the options of list"), ("todo help options", "the options every command takes")
                ]),
            CommandSpec(
                name: "reports", summary: "List the reports: todo's, and those the config defines",
                plan: ReportsCommand.plan,
                discussion:
                    """
                    Each report's name and what it lists: the reports of Taskwarrior's todo has (each a command), and \
                    those 'todo config report.NAME.columns' and the other report settings define, which 'todo NAME' \
                    runs.
                    """,
                examples: [("todo reports", "every report there is")], everyday: false),
            CommandSpec(
                name: "projects", summary: "Show the project tree with each project's active and done todos",
                plan: ProjectsCommand.plan,
                discussion:
                    """
                    Every project in use and every project above one (home for home.garden), sub-projects indented \
                    under their parent, in name order; (none) counts the todos without a project. A project counts the \
                    todos of its sub-projects too; % done is the completed share, rounded down. \(reportNote) The \
                    completion of project: offers the same projects.
                    """,
                arguments: [reportFilter],
                examples: [
                    ("todo projects", "how much is left where"), ("todo projects +work", "the projects of work todos")
                ], everyday: false),
            CommandSpec(
                name: "tags", summary: "Show each tag with its active and done todos", plan: TagsCommand.plan,
                discussion:
                    "Every tag in use, in name order. \(reportNote) The completion of +TAG offers the same tags.",
                arguments: [reportFilter],
                examples: [("todo tags", "every tag and how often it is used")], everyday: false),
            CommandSpec(
                name: "summary", summary: "Show each project's remaining todos, their average age and how much is done",
                plan: SummaryCommand.plan,
                discussion:
                    """
                    One line per project with active todos, sub-projects indented and counted in their parent too: the \
                    active todos, their average age, the completed share (rounded down) and a bar of it, drawn with \
                    eighth blocks where the locale is UTF-8. \(reportNote)
                    """,
                arguments: [reportFilter],
                examples: [
                    ("todo summary", "the state of every project"),
                    ("todo summary project:home", "home and its sub-projects")
                ], everyday: false),
            CommandSpec(
                name: "calendar", aliases: ["cal"], summary: "Show months with the days todos are due on",
                plan: CalendarCommand.plan,
                discussion:
                    """
                    Without a word, as many months from this one as fit side by side; MONTH (2026-12, or dec or \
                    december of this year) starts there instead; YEAR (2026) shows its twelve months; due shows each \
                    month an active todo is due in. Weeks start on the day 'todo config week-start' names, else on the \
                    locale's first day (LC_ALL, LC_TIME or LANG; Monday for C and POSIX). A day active todos are due \
                    on has a * after it, a ! when one of them is overdue; today has a < (# with todos due), or with \
                    colour is reversed, overdue days red. \(reportNote)
                    """,
                arguments: [
                    ArgumentSpec(
                        "WORDS", .filter, optional: true, repeats: true, "MONTH, YEAR or due, then filter terms.")
                ],
                examples: [
                    ("todo calendar", "this month and the next ones"), ("todo calendar 2027", "all of 2027"),
                    ("todo calendar due +work", "the months work is due in")
                ], everyday: false),
            CommandSpec(
                name: "burndown", summary: "Chart pending, started and done todos over time, and when all will be done",
                plan: BurndownCommand.plan,
                discussion:
                    """
                    PERIOD is daily (the default), weekly or monthly: one bar per period up to this one, as many as \
                    the width holds. As Taskwarrior counts: a todo is pending from the period it was added in, started \
                    from the one it was started in, done from the one it was completed in (the todos done before the \
                    first bar count in every bar), and a deleted one is pending until it was deleted. The net fix rate \
                    is the todos closed per day since the most were open, and the estimated completion when the open \
                    ones will be done at that rate (none when fewer were open more than 3 days ago). Bars are drawn \
                    with block characters, eighths at the top, where the locale is UTF-8, else with X, + and . as \
                    Taskwarrior's. \(reportNote) \(deletedNote)
                    """,
                arguments: [
                    ArgumentSpec(
                        "WORDS", .filter, optional: true, repeats: true,
                        "PERIOD (daily, weekly or monthly), then filter terms.")
                ],
                examples: [
                    ("todo burndown", "day by day"), ("todo burndown weekly project:work", "work, week by week"),
                    ("todo burndown --json", "the numbers behind the chart")
                ], everyday: false),
            CommandSpec(
                name: "history", summary: "Count the todos added, completed and deleted in each period",
                plan: HistoryCommand.plan,
                discussion:
                    """
                    PERIOD is daily, weekly, monthly (the default) or annual; each period in which a todo was added, \
                    completed or deleted gets a line, then the totals and the averages. A deleted todo counts as \
                    deleted, not completed. \(reportNote) \(deletedNote)
                    """,
                arguments: [
                    ArgumentSpec(
                        "WORDS", .filter, optional: true, repeats: true,
                        "PERIOD (daily, weekly, monthly or annual), then filter terms.")
                ],
                options: [.graph],
                examples: [("todo history", "month by month"), ("todo history annual --graph", "a bar per year")],
                everyday: false),
            CommandSpec(
                name: "stats",
                summary: "Show counts, ages and rates of the todos, and the state file's size and undo depth",
                plan: StatsCommand.plan,
                discussion:
                    """
                    Todos by state, the oldest and newest, the average time from adding a todo to completing it, todos \
                    added and completed per day since the oldest, the state file's size (with its journal), the undo \
                    steps and the undo log's size, and where the file stands with the server (the revision it has read \
                    up to; the time of the last sync is not kept). \(reportNote) \(deletedNote)
                    """,
                arguments: [reportFilter],
                examples: [("todo stats", "the numbers"), ("todo stats --json", "for a script")], everyday: false),
            CommandSpec(
                name: "log", summary: "Add a todo that is already done",
                plan: { try AddCommand.plan($0, $1, logging: true) },
                discussion:
                    """
                    As add, with the todo completed at once (Taskwarrior's log): for what you did and want counted. \
                    Prints its number.
                    """,
                arguments: [
                    ArgumentSpec("NAME", .attributes, repeats: true, "The todo's name, with attribute words among it.")
                ],
                options: fieldOptions, examples: [("todo log paid parking +errand", "record it as done")],
                everyday: false),
            CommandSpec(
                name: "count", summary: "Print how many todos pass a filter, completed ones too",
                plan: TaskwarriorVerbs.count,
                discussion:
                    """
                    Taskwarrior's count: every todo the filter terms (and the context in force) pass, active and \
                    completed.
                    """,
                arguments: [reportFilter], examples: [("todo +work count", "how many work todos there are")],
                everyday: false),
            CommandSpec(
                name: "ids", summary: "Print the numbers of the active todos a filter passes, as ranges",
                plan: { try TaskwarriorVerbs.ids($0, $1, lines: false) },
                discussion:
                    """
                    Taskwarrior's ids: 1-3,5 for the shell (todo $(todo +work ids) done). Nothing passes: a line on \
                    stderr, exit 0.
                    """,
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "uuids", summary: "Print the UUIDs of the todos a filter passes, on one line",
                plan: { try TaskwarriorVerbs.uuids($0, $1, lines: false) },
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "_ids", summary: "Print the numbers of the active todos a filter passes, one a line",
                plan: { try TaskwarriorVerbs.ids($0, $1, lines: true) },
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "_uuids", summary: "Print the UUIDs of the todos a filter passes, one a line",
                plan: { try TaskwarriorVerbs.uuids($0, $1, lines: true) },
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "_projects", summary: "Print the projects of the active todos, one a line",
                plan: { try TaskwarriorVerbs.names($0, $1, tags: false) },
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "_tags", summary: "Print the tags of the active todos and the virtual tags, one a line",
                plan: { try TaskwarriorVerbs.names($0, $1, tags: true) },
                arguments: [reportFilter], everyday: false),
            CommandSpec(
                name: "_unique", summary: "Print each value a field has among the active todos, one a line",
                plan: TaskwarriorVerbs.unique,
                arguments: [
                    ArgumentSpec("FIELD", .text, "A field by Taskwarrior's name: \(DOMReference.fieldNames)."),
                    reportFilter
                ],
                examples: [("todo _unique project", "every project in use")], everyday: false),
            CommandSpec(
                name: "_get", summary: "Print the values of DOM references, as Taskwarrior's _get",
                plan: TaskwarriorVerbs.get,
                discussion:
                    """
                    Each reference's value, blank-separated on one line: ID.FIELD with Taskwarrior's names for fields \
                    (\(DOMReference.fieldNames)), ID.tags.TAG, ID.annotations.count, ID.annotations.N.description or \
                    .entry (N from 1), rc.SETTING. Dates on the local clock (2026-12-10T14:00:00); a todo or value \
                    that is not there prints an empty value.
                    """,
                arguments: [
                    ArgumentSpec("REFERENCE", repeats: true, "A DOM reference: 3.due, 3.urgency, rc.due-days.")
                ],
                examples: [("todo _get 3.due 3.project", "two fields of #3")], everyday: false),
            CommandSpec(
                name: "calc", summary: "Print the date a date expression names", plan: TaskwarriorVerbs.calc,
                discussion:
                    """
                    Reads the words as one date, as due: and wait: do ('todo help dates'), and prints it on the local \
                    clock as Taskwarrior's calc does.
                    """,
                arguments: [ArgumentSpec("DATE", repeats: true, "A date or date expression: eom+1d, now+2h, friday.")],
                examples: [("todo calc eoww", "the end of this work week")], everyday: false),
            CommandSpec(
                name: "duplicate", summary: "Add a copy of a todo, changed by words as edit changes one",
                plan: DuplicateCommand.plan,
                discussion:
                    """
                    As Taskwarrior's duplicate: the copy has every field of the todo but where work on it stands \
                    (start) and its series; it is open and made now, and a rule it has starts a series of its own. \
                    Words and options after the ID change the copy as they change a todo in edit. Prints the copy's \
                    number.
                    """,
                arguments: [
                    todoID,
                    ArgumentSpec(
                        "WORDS", .attributes, optional: true, repeats: true,
                        "Attribute words, and words for a new name.")
                ],
                options: fieldOptions, examples: [("todo duplicate 3 due:friday", "the same again, due on Friday")],
                everyday: false),
            CommandSpec(
                name: "purge", summary: "Say that there is nothing to purge: todo keeps no deleted todos",
                plan: TaskwarriorVerbs.purge, everyday: false),
            CommandSpec(
                name: "version", summary: "Print the version of todo",
                plan: { try TaskwarriorVerbs.version($0, $1, bare: false) }, everyday: false),
            CommandSpec(
                name: "_version", summary: "Print the version number alone",
                plan: { try TaskwarriorVerbs.version($0, $1, bare: true) }, everyday: false),
            CommandSpec(
                name: "commands", summary: "List every command, its aliases and what it does",
                plan: { invocation, _ in Catalogue.commands(invocation, names: false) }, everyday: false),
            CommandSpec(
                name: "_commands", summary: "Print the commands' names, one a line",
                plan: { invocation, _ in Catalogue.commands(invocation, names: true) }, everyday: false),
            CommandSpec(
                name: "columns", summary: "List the columns a report may show, with their formats",
                plan: { try Catalogue.columns($0, $1, names: false) },
                discussion:
                    """
                    What 'todo config report.NAME.columns' takes, by Taskwarrior's names: each column and its formats, \
                    the first of which it has unless one follows a dot (due.relative).
                    """,
                everyday: false),
            CommandSpec(
                name: "_columns", summary: "Print the columns' names, one a line",
                plan: { try Catalogue.columns($0, $1, names: true) }, everyday: false),
            CommandSpec(
                name: "udas", summary: "List the attributes the config declares, and those todos hold undeclared",
                plan: { try Catalogue.udas($0, $1, names: false) },
                discussion:
                    """
                    Each attribute 'todo config uda.NAME.type' declares: its type, label, allowed values and how many \
                    todos hold it; then each attribute todos hold that nothing declares.
                    """,
                everyday: false),
            CommandSpec(
                name: "_udas", summary: "Print the declared attributes' names, one a line",
                plan: { try Catalogue.udas($0, $1, names: true) }, everyday: false),
            CommandSpec(
                name: "diagnostics", summary: "Show the version, the files todo reads and the hooks it finds",
                plan: DiagnosticsCommand.plan,
                discussion:
                    """
                    For a bug report, and to see which hooks run: the state file and the config file with their sizes, \
                    whether hooks are on, their folder, and each file in it with whether it runs ('todo help hooks'). \
                    Runs no hook itself.
                    """,
                examples: [("todo diagnostics", "where everything is")], everyday: false)
        ] + NamedReport.all.map(\.command) + PeriodReport.commands

    public static func command(named word: String) -> CommandSpec? {
        commands.first { $0.words.contains(word) }
    }
}

/// The arguments commands read by name (`invocation.argument(.todo)`): one word each.
extension Argument<String> {
    static var todo: Self { Self("ID", .todoID, "A todo's number, or 4 or more leading hex digits of its UUID.") }
    /// `pri`'s.
    static var letter: Self { Self("LETTER", .text, "A to Z, in either case.") }
    /// `completions`'.
    static var shell: Self { Self("SHELL", .choice(Completion.shells), "bash, zsh or fish.") }
    /// `__complete`'s.
    static var subject: Self { Self("WHAT", .choice(CompleteCommand.subjects), "What to list.") }
}

/// The arguments commands read by name that may be left out.
extension Argument<String?> {
    /// `import`'s.
    static var importFile: Self { Self("FILE", .path, "The file to read, or '-' for stdin (needed but for taskrc).") }
    /// `config`'s.
    static var key: Self {
        Self(
            "KEY",
            .choice(
                ConfigKey.allCases.map(\.rawValue) + ["context.NAME"]
                    + UDASchema.Part.allCases.map { "uda.NAME.\($0.rawValue)" } + UrgencySetting.allCases.map(\.key)
                    + ReportPart.allCases.map { $0.key("NAME") } + ColourRule.allCases.map(\.key)),
            """
            \(ConfigKey.allCases.map(\.rawValue).joined(separator: ", ")), context.NAME, uda.NAME.type, \
            uda.NAME.values, uda.NAME.label, \(ReportPart.allCases.map { $0.key("NAME") }.joined(separator: ", ")), an \
            urgency setting (urgency.due.coefficient, urgency.user.tag.TAG.coefficient, …) or a colour rule \
            (color.tag.TAG, color.overdue and the others: 'todo help colours').
            """
        )
    }
    /// `config`'s.
    static var value: Self { Self("VALUE", .text, "The new value; - reads it from standard input.") }
    /// `context`'s first word.
    static var contextAction: Self { Self("ACTION", .context, "NAME, none, list, show, define or delete.") }
}

/// The arguments commands read by name that take the words from their place on.
extension Argument<[String]> {
    /// `annotate`'s.
    static var remark: Self { Self("TEXT", .text, "The remark.") }
    /// `denotate`'s.
    static var annotationText: Self { Self("TEXT", .text, "The annotation's text, or part of it.") }
    /// `append`'s.
    static var appended: Self { Self("TEXT", .attributes, "Words to add, with attribute words among them.") }
    /// `prepend`'s.
    static var prepended: Self { Self("TEXT", .attributes, "Words to add, with attribute words among them.") }
    /// `replace`'s.
    static var replacement: Self { Self("TEXT", .attributes, "The todo's new name and attribute words.") }
    /// `context`'s words after ACTION.
    static var contextWords: Self {
        Self("WORDS", .filter, optional: true, "For define: NAME and the filter words; for delete: NAME.")
    }
}
