import Foundation
import TodoCore

/// todo(1) in mdoc, from `CommandTable` (with its `dateDetails`, `dateTables` and `ruleDetails`), `grammarText`,
/// `VirtualTag.all`, `ExitStatus.table`, `HookEvent` and `environmentVariables`. Bump the `.Dd` date when what the page
/// says changes.
func manPage() -> String {
    var page = Roff()
    page.line(
        #"""
        .\" Generated from todo's command table by 'todo __man'. Do not edit: change the table, then run 'bash \#
        .ci/generate'.
        """#
    )
    page.line(".Dd November 25, 2026")
    page.line(".Dt TODO 1")
    page.line(".Os")
    page.line(".Sh NAME")
    page.line(".Nm todo")
    page.line(".Nd a fast todo list for the shell, safe in scripts and cron")
    page.line(".Sh SYNOPSIS")
    for command in Completion.commands {
        page.line(".Nm")
        page.line(".Cm \(command.name)")
        for argument in command.arguments {
            page.line(argument.optional ? ".Op \(macros(argument))" : ".\(macros(argument))")
        }
        for option in command.options { page.line(".Op \(macros(option, short: false))") }
    }
    page.line(".Sh DESCRIPTION")
    page.text(
        """
        todo keeps a list of todos in a state file. \
        Each todo has a number that never changes and is never given to another todo, and a UUID. \
        Wherever a command takes an ID it also takes 4 or more leading hex digits of the UUID; digits alone always \
        mean a number. \
        With no command, todo lists your todos. \
        Every change can be undone with 'todo undo'.
        """)
    page.line(".Pp")
    page.text("These options work before or after any command:")
    page.line(".Bl -tag -width Ds")
    for option in CommandTable.globalOptions { page.item(macros(option, short: true), option.help) }
    page.line(".El")
    page.line(".Sh COMMANDS")
    page.line(".Bl -tag -width Ds")
    for command in Completion.commands {
        page.line(
            ".It Cm \(command.name)" + command.arguments.map { " " + ($0.optional ? "Op " : "") + macros($0) }.joined())
        page.text(command.summary + ". " + command.discussion)
        if !command.aliases.isEmpty {
            page.text(command.aliases.count == 1 ? "Alias:" : "Aliases:")
            page.line(".Cm " + command.aliases.joined(separator: " , Cm ") + " .")
        }
        if let table = command.table {
            page.text(table.heading)
            page.line(".Bl -tag -width Ds")
            for (term, meaning) in table.rows { page.item("Sy \(term)", meaning) }
            page.line(".El")
        }
        if !command.arguments.isEmpty || !command.options.isEmpty {
            page.line(".Bl -tag -width Ds")
            for argument in command.arguments { page.item(macros(argument), argument.help) }
            for option in command.options { page.item(macros(option, short: true), option.help) }
            page.line(".El")
        }
    }
    page.line(".El")
    page.line(".Sh GRAMMAR")
    page.text(grammarText)
    page.line(".Sh FILTER TERMS")
    page.text(filterTermsText)
    for (heading, rows) in [
        (filterKeysHeading, filterKeyRows), (filterModifiersHeading, filterModifierRows),
        (virtualTagsHeading, virtualTagRows)
    ] {
        page.table(heading, rows)
    }
    page.line(".Sh DATES AND RULES")
    for (index, paragraph) in CommandTable.dateDetails.enumerated() {
        if index > 0 { page.line(".Pp") }
        page.text(paragraph)
    }
    for (heading, rows) in CommandTable.dateTables { page.table(heading, rows) }
    for paragraph in CommandTable.ruleDetails {
        page.line(".Pp")
        page.text(paragraph)
    }
    page.line(".Sh TODO.TXT DIALECT")
    for (index, paragraph) in todoTxtDetails.enumerated() {
        if index > 0 { page.line(".Pp") }
        page.text(paragraph)
    }
    page.line(".Sh HOOKS")
    page.text(hooksIntro)
    page.line(".Bl -tag -width Ds")
    for event in HookEvent.allCases { page.item("Sy " + event.rawValue, event.help) }
    page.line(".El")
    for paragraph in hooksDetails {
        page.line(".Pp")
        page.text(paragraph)
    }
    page.line(".Sh COLOURS")
    page.text(coloursIntro)
    page.line(".Bl -tag -width Ds")
    for (key, meaning) in colourRuleRows { page.item("Sy " + key, meaning) }
    page.line(".El")
    for paragraph in coloursDetails {
        page.line(".Pp")
        page.text(paragraph)
    }
    page.line(".Sh ENVIRONMENT")
    page.line(".Bl -tag -width Ds")
    for (names, meaning) in environmentVariables {
        page.item("Ev " + names.replacingOccurrences(of: ", ", with: " , Ev "), meaning)
    }
    page.line(".El")
    page.line(".Sh FILES")
    page.line(".Bl -tag -width Ds")
    page.item(
        "Pa ~/.local/share/todo/todos.json",
        """
        The state file, unless --file, TODO_FILE or XDG_DATA_HOME name another. It is JSON a person can read, one todo \
        a line, created on the first change with mode 0600. Changes are atomic: a crash leaves the old or the new state.
        """
    )
    page.item(
        "Pa todos.json.journal",
        """
        Next to the state file: small changes appended since the state file was last rewritten (every 100 changes, or \
        for a large one). A line cut short by a crash is ignored. Back up both files, or use todo export.
        """
    )
    page.item(
        "Pa todos.json.lock",
        """
        Next to the state file: every change holds an exclusive lock on it, waiting at most TODO_LOCK_TIMEOUT seconds \
        for another todo.
        """
    )
    page.line(".El")
    page.line(".Sh EXIT STATUS")
    page.line(".Bl -tag -width Ds")
    for (status, meaning) in ExitStatus.table {
        page.item("Li \(status)", meaning.prefix(1).uppercased() + meaning.dropFirst() + ".")
    }
    page.line(".El")
    page.line(".Sh EXAMPLES")
    for (index, (command, meaning)) in manExamples(CommandTable.commands, CommandTable.globalOptions).enumerated() {
        if index > 0 { page.line(".Pp") }
        page.text(meaning.prefix(1).uppercased() + meaning.dropFirst() + ":")
        page.line(".Bd -literal -offset indent")
        page.literal(command)
        page.line(".Ed")
    }
    page.line(".Sh SEE ALSO")
    page.line(".Xr bash 1 ,")
    page.line(".Xr fish 1 ,")
    page.line(".Xr zsh 1")
    return page.out
}

/// Every command's examples, then some that combine commands: pipes, batch edits, cron
/// (syncing from cron once the table has a `sync` command; todo by its full path there).
func manExamples(_ commands: [CommandSpec], _ globalOptions: [OptionSpec]) -> [(command: String, meaning: String)] {
    var examples = commands.filter { !$0.hidden }.flatMap(\.examples)
    examples.append(("todo list --filter completed --json | jq length", "count completed todos with jq"))
    examples.append(
        (
            #"""
            todo list --filter active --json | jq -r '.[] | select(.name | test("milk")) | .id' | xargs -r todo toggle
            """#,
            "complete every active todo that mentions milk, in one change"
        ))
    if let sync = commands.first(where: { $0.name == "sync" }) {
        let quiet = (globalOptions + sync.options).contains { $0.long == OptionSpec.quiet.long } ? " --quiet" : ""
        examples.append(
            ("*/5 * * * * \(CommandTable.cronTodo) sync\(quiet)", "a crontab(5) line that syncs every five minutes"))
    }
    examples.append(
        (
            "0 8 * * 1-5 \(CommandTable.cronTodo) list --filter active | mail -s todo me",
            "a crontab(5) line that mails what is left to do every weekday morning"
        ))
    return examples
}

/// `Ar ID ...`
private func macros(_ argument: ArgumentSpec) -> String {
    "Ar \(argument.name)" + (argument.repeats ? " ..." : "")
}

/// `Fl d , Fl \-description Ar TEXT`, or just the long name.
private func macros(_ option: OptionSpec, short: Bool) -> String {
    var text = short ? option.short.map { "Fl \($0) , " } ?? "" : ""
    text += "Fl \\-\(option.long)"
    return text + (option.valueName.map { " Ar \($0)" } ?? "")
}

/// mdoc source: text escaped, each sentence on a new line and lines kept under 80 bytes,
/// as mandoc asks.
private struct Roff {
    var out = ""

    mutating func line(_ macro: String) { out += macro + "\n" }

    mutating func text(_ text: String) {
        var line = ""
        for word in text.split(separator: " ").map(Self.escaped) {
            if !line.isEmpty, Self.width(line) + 1 + Self.width(word) > 79 {
                emit(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
            if word.hasSuffix(".") {
                emit(line)
                line = ""
            }
        }
        if !line.isEmpty { emit(line) }
    }

    /// A paragraph with `heading`, then `rows` as a tagged list, each term in bold.
    mutating func table(_ heading: String, _ rows: [(String, String)]) {
        line(".Pp")
        text(heading)
        line(".Bl -tag -width Ds")
        for (term, meaning) in rows { item("Sy " + term, meaning) }
        line(".El")
    }

    mutating func item(_ head: String, _ body: String) {
        line(".It \(head)")
        text(body)
    }

    /// A line of a literal display: every hyphen a minus sign, so a command can be copied.
    mutating func literal(_ text: String) {
        emit(text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-"))
    }

    private mutating func emit(_ line: String) {
        out += (line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" : "") + line + "\n"
    }

    /// Backslashes as `\e`; an option name's hyphens as minus signs (`\-`).
    /// Bytes as mandoc counts a line: a character beyond ASCII as the `\[uXXXX]` it reads it as.
    private static func width(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { $0 + ($1.isASCII ? 1 : $1.value > 0xFFFF ? 9 : 8) }
    }

    private static func escaped(_ word: Substring) -> String {
        let word = word.replacingOccurrences(of: "\\", with: "\\e")
        return word.hasPrefix("-") ? word.replacingOccurrences(of: "-", with: "\\-") : word
    }
}
