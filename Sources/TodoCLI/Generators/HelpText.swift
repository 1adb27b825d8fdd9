import TodoCore
import TodoSync

/// `todo --help`: the everyday commands, one a line, and where to read more; short enough
/// for one screen (`todo help commands` lists them all).
func generalHelp(width: Int) -> String {
    var out = wrap(["usage:", "todo", "<command>", "[<args>]", "[<options>]"], width: width, indent: 7) + "\n"
    out += commandRows(CommandTable.commands.filter { !$0.hidden && $0.everyday }, width: width)
    let topics = HelpTopic.allCases.map(\.rawValue).joined(separator: ", ")
    // No blank line before it: the page fits 24 lines with the prompt.
    out += wrap("todo alone lists your todos. More: todo help COMMAND (\(topics)), man todo.", width: width)
    return out
}

/// A row for each command: its name and aliases, and its summary.
func commandRows(_ commands: [CommandSpec], width: Int) -> String {
    rows(commands.map { ($0.words.joined(separator: ", "), $0.summary) }, width: width)
}

/// `todo COMMAND --help`: its usage, what it does, its arguments, options and examples.
func help(for name: String, width: Int) -> String {
    guard let command = CommandTable.command(named: name) else { return generalHelp(width: width) }
    return help(for: command, width: width)
}

/// The help of `command`, of the table or a report the config defines.
func help(for command: CommandSpec, width: Int) -> String {
    var out = wrap(["usage:", "todo", command.name] + command.usageParts, width: width, indent: 7) + "\n"
    out += wrap(command.summary + ".", width: width)
    if !command.discussion.isEmpty { out += "\n" + wrap(command.discussion, width: width) }
    if let table = command.table { out += "\n" + wrap(table.heading, width: width) + rows(table.rows, width: width) }
    if !command.aliases.isEmpty {
        out += "\n" + wrap("Aliases: \(command.aliases.joined(separator: ", "))", width: width)
    }
    if !command.arguments.isEmpty {
        out += "\nArguments:\n" + rows(command.arguments.map { ($0.synopsis, $0.help) }, width: width)
    }
    if !command.options.isEmpty {
        out += "\nOptions:\n" + rows(command.options.map { ($0.synopsis, $0.help) }, width: width)
    }
    if !command.examples.isEmpty {
        out += "\nExamples:\n"
        for example in command.examples {
            out += wrap(example.command.split(separator: " ").map(String.init), width: width, indent: 6, first: 2)
            out += wrap(example.meaning.split(separator: " ").map(String.init), width: width, indent: 6, first: 6)
        }
    }
    out +=
        "\n"
        + wrap("Global options (--file, --json, --quiet, ...): todo help \(HelpTopic.options.rawValue).", width: width)
    return out
}

/// Help that belongs to no one command.
enum HelpTopic: String, CaseIterable {
    case commands
    case filter
    case options
    case grammar
    case dates
    case todotxt
    case exitStatus = "exit-status"
    case environment
    case hooks
    case colours

    /// The topic `word` names: its name, or its name with an s (`filters`); color for colour.
    init?(word: String) {
        let word = ["color", "colors", "colour"].contains(word) ? Self.colours.rawValue : word
        guard let topic = Self(rawValue: word) ?? (word.hasSuffix("s") ? Self(rawValue: String(word.dropLast())) : nil)
        else { return nil }
        self = topic
    }

    func text(width: Int) -> String {
        switch self {
        case .commands:
            return "Commands:\n\n" + commandRows(CommandTable.commands.filter { !$0.hidden }, width: width)
        case .filter:
            return wrap(filterTermsText, width: width) + "\n" + wrap(filterKeysHeading, width: width)
                + rows(filterKeyRows, width: width)
                + "\n" + wrap(filterModifiersHeading, width: width) + rows(filterModifierRows, width: width)
                + "\n" + wrap(virtualTagsHeading, width: width) + rows(virtualTagRows, width: width)
        case .grammar:
            return wrap(grammarText, width: width)
        case .dates:
            let tables = CommandTable.dateTables.map { wrap($0.heading, width: width) + rows($0.rows, width: width) }
            return
                (CommandTable.dateDetails.map { wrap($0, width: width) } + tables
                + CommandTable.ruleDetails.map { wrap($0, width: width) })
                .joined(separator: "\n")
        case .todotxt:
            return todoTxtDetails.map { wrap($0, width: width) }.joined(separator: "\n")
        case .options:
            return wrap("Options every command takes, before or after it:", width: width) + "\n"
                + rows(CommandTable.globalOptions.map { ($0.synopsis, $0.help) }, width: width)
        case .exitStatus:
            return "Exit status:\n\n" + rows(ExitStatus.table.map { (String($0.0), $0.1) }, width: width)
        case .environment:
            return "Environment:\n\n" + rows(environmentVariables, width: width)
        case .hooks:
            return wrap(hooksIntro, width: width) + "\n"
                + rows(HookEvent.allCases.map { ($0.rawValue, $0.help) }, width: width)
                + "\n" + hooksDetails.map { wrap($0, width: width) }.joined(separator: "\n")
        case .colours:
            return wrap(coloursIntro, width: width) + "\n" + rows(colourRuleRows, width: width)
                + "\n" + coloursDetails.map { wrap($0, width: width) }.joined(separator: "\n")
        }
    }
}

/// What colour rules are, for `todo help colours` and the man page's COLOURS.
let coloursIntro =
    """
    Colour rules are Taskwarrior's: a setting color.RULE=COLOUR ('todo config color.tag.next \"bold yellow\"', \
    rc.color.overdue=red for one command, or carried from a .taskrc by 'todo import --from taskrc') colours the rows \
    of list, next and the reports of the todos the rule matches. A COLOUR is \(TerminalColour.rule). A value todo \
    cannot read is refused by 'todo config', and named with its key when the config file has it. The rules:
    """

/// A row for each colour rule: its key and the todos it colours (`ColourRule`).
var colourRuleRows: [(String, String)] { ColourRule.allCases.map { ($0.key, $0.meaning) } }

/// How rules combine, how they meet todo's own style, and when there is colour at all.
let coloursDetails = [
    """
    Precedence: the colours of the rules a todo matches blend as in Taskwarrior, from the lowest in \
    rule.precedence.color up to the highest (\(ColourRules.defaultPrecedence) unless set, highest first; a word ending \
    in a dot takes every rule it starts, in key order): a colour of a higher rule replaces a lower one's, bold, \
    underline and inverse add up. With 'todo config rule.color.merge off' only the highest rule's colour is drawn. A \
    todo with the tag nocolor is never coloured. Mixing the 16 colours with the 256 makes them all 256 ones, where a \
    bold colour is its bright one and bold itself is not drawn, as in Taskwarrior 2.6.
    """,
    """
    With todo's own style: a row no rule colours keeps it (bold number, dim when completed, red when overdue); a row a \
    rule colours is drawn whole in the rules' colour, number and padding too, as Taskwarrior draws it, so no rules at \
    all leave the list as it was. Headings, summaries, calendar and charts keep todo's own: color.header, \
    color.calendar.today and Taskwarrior's other colour settings are not read ('todo import --from taskrc' names them).
    """,
    """
    When: only in colour, that is on a terminal (--color auto) unless --color never, NO_COLOR or 'todo config color \
    off' (rc.color=off; Taskwarrior's color=off) says otherwise, or whenever --color always says so. --json, --ids, \
    --format, export and a pipe get no escape codes.
    """,
    """
    Where todo differs: project.PROJECT colours PROJECT and the projects under it (PROJECT.x), not every project whose \
    name merely starts so (Taskwarrior 2.6 colours Homework by color.project.Home); due matches todo's +DUE, which \
    leaves out a todo overdue earlier today; a value that gives two foreground or two background colours is refused \
    (Taskwarrior mixes their bits), as are colorN, grayN and rgbRGB without their digits; Taskwarrior 3's 0xRRGGBB is \
    not read.
    """
]

/// What hooks are, for `todo help hooks` and the man page's HOOKS.
let hooksIntro =
    """
    Hooks are Taskwarrior's: scripts that todo runs at four events, so that Timewarrior's on-modify.timewarrior and \
    every on-add or on-modify script written for task work unchanged. Each executable file in the hooks folder whose \
    name starts with an event's name runs for it, in name order, each reading what the one before printed. A task is a \
    line of Taskwarrior's JSON, as 'todo export --to taskwarrior' writes it; any other line a hook prints, and what it \
    prints on stderr, is feedback, shown on todo's stderr. A hook fails by exiting non-zero.
    """

/// Where hooks live and how they behave, after the events.
let hooksDetails = [
    """
    Where: the folder hooks.location names ('todo config hooks.location ~/.task/hooks' uses Taskwarrior's as it is), \
    else a hooks folder beside the config file (~/.config/todo/hooks). 'todo diagnostics' lists what is there and \
    whether each runs; a file without its run bit, or whose name starts with no event, does not.
    """,
    """
    Off: 'todo config hooks off', or for one command rc.hooks=off or TODO_HOOKS=off (what scripts and a hook that runs \
    todo itself may want).
    """,
    """
    Bounds: each hook may run hooks.timeout seconds (30 unless set), then it is killed with what it started, and the \
    command fails with nothing changed. A hook that prints a line that is not a JSON object, a task without \
    description or uuid, another task's UUID, a value todo cannot hold or the wrong number of tasks fails the command \
    the same way.
    """,
    """
    Which changes: every change made here runs them: add, edit, done, start, stop, annotate, delete, undo, batch, \
    import, edit's editor, the todo.txt verbs. Changes that arrive by sync run none, as in Taskwarrior; on-launch and \
    on-exit run around every command that reads or changes the todos, sync too, but not help, completions, config or \
    diagnostics.
    """,
    """
    Hooks run while todo holds no lock, so a hook may run todo itself; what they print is applied under the lock, as \
    one step for undo. If another command changed the same todo meanwhile, nothing is saved and the command says so. A \
    hook's arguments are Taskwarrior's six: api:2, args: and the command line, command: and the command, rc: and the \
    config file, data: and the state file's folder, version: and todo's version.
    """
]

/// The todo.txt dialect, for `todo help todotxt` and the man page's TODO.TXT DIALECT.
let todoTxtDetails = [
    """
    todo reads words as Taskwarrior does unless the todo.txt dialect is chosen: 'todo config syntax todotxt' for good, \
    TODO_SYNTAX=todotxt for a shell, --syntax todotxt for one command (--syntax taskwarrior goes back). The dialect \
    changes how words are read and how ls prints, never the data: both dialects read and write the same state file.
    """,
    """
    In the dialect, the words of add, edit, append, prepend and replace are a todo.txt line, as todo.sh joins its \
    arguments into one: a quoted argument holding blanks is the words it holds. (A) to (Z) at the start is the \
    priority (A is H, B is M, C to Z are L; a letter after C is kept for export), a date after it the creation date, \
    the first +word the project and a further one a tag, @word a tag (a context), due:DATE the due date, t:DATE the \
    wait date, rec:RULE the recurrence (+2w counts from the due date, 2w from the day it is done, +1b every weekday), \
    pri:A the priority; DATE is YYYY-MM-DD. Other words, and a field word whose value is not one (due:friday), are the \
    name's; after -- every word is. This is the mapping of 'todo import --from todotxt' and 'todo export --to todotxt'.
    """,
    """
    Filter words (list, ls, listall, listpri, listproj, listcon, and a filter before a command) are read as todo.sh ls \
    reads them: text the todo's todo.txt line holds, in any case, and -TEXT text it must not hold; a context's filter \
    is still read as filter terms. ls prints each todo as todo.sh does: its number, padded with zeros, and its \
    todo.txt line, in the order of the lines, then -- and TODO: n of m tasks shown (not with --quiet). Colours are \
    todo.sh's: (A) yellow, (B) green, (C) light blue, other letters white, completed todos light grey; none under \
    NO_COLOR or --color never.
    """,
    """
    Both dialects have todo.sh's verbs: pri, depri, append, prepend, replace, listall, listpri, listproj, listcon, \
    archive, and the short forms a, ls, lsa, lsp, lsprj, lsc, p, dp, app, prep, rm, del, do. Where todo differs from \
    todo.sh: numbers never change (todo.sh renumbers its lines on archive); completed todos leave ls at once, as with \
    todo.sh's auto-archive, and stay in the state file, so archive moves nothing; a todo's words are written in one \
    order (name, contexts, project, add-ons), so a second +word comes back as an @context; a completed todo keeps its \
    priority, as pri:A; a todo whose t: date is still ahead is left out of ls until that day (the footer counts it); \
    rec: needs a due: to count from, and completing a recurring todo makes the next one; del takes no TERM; and \
    todo.sh's dates are whole days, so a todo added in the dialect is created on today's date in UTC.
    """
]

/// What filter terms are, for `todo help filter` and the man page.
let filterTermsText =
    """
    Filter terms (list, next): \(FilterError.terms). A key may be shortened to two letters or more that start only its \
    names (pro:, sch:), in any case; a key of Taskwarrior's that todo has not (uuid:), or a shortening that starts \
    several (pr:), is an error. As in Taskwarrior, description: is the name, and its .has, .startswith and .endswith \
    look in the annotations too (description.has:milk); todo's own description is details: (details.has:litres). \
    entry:, modified: and end: are when a todo was added, last changed and completed (entry.after:2026-01-01, \
    end.before:today, modified.after:-1h). limit:N among the words of list or next shows N rows at most (todo list \
    limit:3). DATE is as for add; KEY: with nothing after it matches todos without that field. /REGEX/ matches todos \
    whose name, description, notes or an annotation match the regular expression, in any case; any other word, those \
    where one holds the word. An argument that holds blanks or parentheses, as '(+home or +garden)', is read as the \
    words it holds, unless it is one term (client:'Acme Corp', '/buy milk/'); there \"double quotes\" keep blanks in a \
    word, and a single quote is a letter.
    """

/// The line before the filter keys.
let filterKeysHeading =
    "Keys: KEY:VALUE keeps the todos below; KEY.MODIFIER:VALUE asks otherwise, with the modifiers each key takes."

/// A row for each filter key: its form, what it keeps and its modifiers (`FilterKey.all`).
var filterKeyRows: [(String, String)] {
    FilterKey.all.map { key in
        (
            key.form,
            key.meaning.prefix(1).uppercased() + key.meaning.dropFirst()
                + ". Modifiers: \(key.modifiers.map(\.rawValue).joined(separator: ", "))."
        )
    }
}

/// The line before the modifiers.
let filterModifiersHeading =
    """
    Modifiers (Taskwarrior's; other spellings in parentheses). .not, .isnt and .hasnt also keep the todos without the \
    field.
    """

/// A row for each modifier: `.before (.under, .below)` and what it keeps.
var filterModifierRows: [(String, String)] {
    FilterModifier.allCases.map { modifier in
        let aliases =
            modifier.aliases.isEmpty ? "" : " (" + modifier.aliases.map { "." + $0 }.joined(separator: ", ") + ")"
        return (
            ".\(modifier.rawValue)\(aliases)",
            modifier.meaning.prefix(1).uppercased() + modifier.meaning.dropFirst() + "."
        )
    }
}

/// How a command line reads, for `todo help grammar` and the man page.
let grammarText =
    """
    todo COMMAND [ARGS] runs a command, as git does; Taskwarrior's order works too: todo [IDS | FILTER] COMMAND \
    [ARGS]. The command is the first word that names one (a command word always wins over a search word; after -- \
    nothing is a command). Words before a report (list, next) are its filter: todo +work list, todo project:home. IDs \
    before a command that takes IDs are its IDs: todo 3 done, todo 3-5,8 modify pri:H. A filter before such a command \
    picks every todo that passes it, completed ones too: todo +shop done; undo takes the whole change back. Words \
    alone run list with them as its filter (todo project:home, todo milk), unless a plain word is one typo from a \
    command (todo lsit asks whether you meant list; todo list lsit searches). IDs are numbers (3), ranges (3-7), lists \
    (3,5,9) and mixtures (1-3,8), or 4 or more hex digits of a UUID (8 or more in a filter, where shorter words such \
    as cafe are searched for); a range names the todos whose numbers it holds and never a UUID prefix; a dash or comma \
    is never part of a UUID prefix unless the UUID is whole. In a filter, IDs next to each other are one set (todo 3 4 \
    list shows both). While a context is in force (todo context), the reports show only the todos that pass its filter \
    too; --no-context or TODO_CONTEXT=none leaves it out. As in Taskwarrior, rc.KEY=VALUE (or rc.KEY:VALUE) anywhere \
    before -- sets a setting of 'todo help config' for that command only, over its environment variable and the config \
    file (todo rc.default-filter=all list), and rc:PATH reads another config file.
    """

/// The line before the virtual tags.
let virtualTagsHeading =
    """
    Virtual tags: todos have them by their state; +NAME keeps the todos that have one, -NAME those that do not. \
    Capitals name only these: +NAME in capitals that names none is an error, and a tag of yours in capitals is \
    tag:NAME (added with --tag NAME).
    """

/// A row for each virtual tag: `+ACTIVE` and what having it means.
var virtualTagRows: [(String, String)] {
    VirtualTag.all.map { ("+" + $0.name, $0.meaning.prefix(1).uppercased() + $0.meaning.dropFirst() + ".") }
}

/// The environment variables todo reads: its own, then each setting's (`ConfigKey`).
let environmentVariables: [(String, String)] =
    [
        ("TODO_FILE", "The state file, unless --file is given."),
        ("XDG_DATA_HOME", "The state file is $XDG_DATA_HOME/todo/todos.json when TODO_FILE is unset."),
        ("TODO_LOCK_TIMEOUT", "Seconds to wait for another todo process to finish (default 5)."),
        ("VISUAL, EDITOR", "The editor 'todo edit' opens (default vi)."),
        ("TZ", "The time zone dates are shown in, --format's too ({due.utc} is in UTC); --json keeps UTC."),
        ("COLUMNS", "The columns help is wrapped to when the terminal's width is unknown, as in a pipe (default 80)."),
        ("XDG_CONFIG_HOME", "The config file is $XDG_CONFIG_HOME/todo/config.json (else ~/.config/todo/config.json)."),
        ("TODO_CONFIG", "The config file, over XDG_CONFIG_HOME's.")
    ]
    + ConfigKey.allCases.compactMap { key in
        key.variable.map { ($0, "The setting \(key.rawValue), over the config file's: \(key.help).") }
    }

extension Context {
    /// Columns to wrap help to: the terminal's, else $COLUMNS, else 80; prose stays readable
    /// within 100, and nothing is made narrower than 20.
    var helpWidth: Int {
        let columns = terminalWidth ?? environment["COLUMNS"].flatMap { Int($0) } ?? 80
        return min(100, max(20, columns))
    }
}

/// A two-column table: each right text wrapped beside its left, in a column as wide as the
/// longest left (up to 20); on a narrow screen, or after a longer left, the text goes below.
private func rows(_ pairs: [(String, String)], width: Int) -> String {
    let column = min(20, pairs.map(\.0.count).max() ?? 0) + 4
    return pairs.map { left, right in
        let words = right.split(separator: " ").map(String.init)
        guard width >= 60, left.count + 4 <= column else {
            let indent = width >= 60 ? column : 6
            return wrap(["  " + left], width: width) + wrap(words, width: width, indent: indent, first: indent)
        }
        return wrap(
            [left.padding(toLength: column - 2, withPad: " ", startingAt: 0)] + words, width: width, indent: column,
            first: 2, separator: "")
    }.joined()
}

/// `text` wrapped at blanks to `width` columns.
func wrap(_ text: String, width: Int) -> String {
    wrap(text.split(separator: " ").map(String.init), width: width)
}

/// `words` joined into lines of at most `width` columns: the first line indented by `first`,
/// the others by `indent`; a word too long for a line is cut. The first word is followed by
/// `separator`, the others by a blank.
func wrap(_ words: [String], width: Int, indent: Int = 0, first: Int? = nil, separator: String = " ") -> String {
    var out = ""
    var line = String(repeating: " ", count: first ?? 0)
    var empty = true
    for (index, word) in words.enumerated() {
        let gap = empty ? "" : index == 1 ? separator : " "
        var word = Substring(word)
        if !empty, displayWidth(line) + gap.count + displayWidth(String(word)) > width {
            out += line + "\n"
            line = String(repeating: " ", count: indent)
            empty = true
        } else {
            line += gap
        }
        // A word longer than a whole line is cut where the line ends.
        while displayWidth(line) + displayWidth(String(word)) > width, width - displayWidth(line) > 0 {
            let room = width - displayWidth(line)
            line += word.prefix(room)
            word = word.dropFirst(room)
            out += line + "\n"
            line = String(repeating: " ", count: indent)
        }
        line += word
        empty = false
    }
    return out + line + "\n"
}
