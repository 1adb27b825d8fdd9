import TodoCore

/// Every command and option of `todo`. The parser, `--help`, the completion scripts and
/// the man page are all derived from this table.
public enum CommandTable {
    public static let version = "0.1.0"

    public static let globalOptions: [OptionSpec] = [
        .value("file", "PATH", "Use the state file at PATH (default: $TODO_FILE, else $XDG_DATA_HOME/todo/todos.json, else ~/.local/share/todo/todos.json).", kind: .path),
        .flag("json", "Print machine-readable JSON instead of text."),
        .flag("help", short: "h", "Show help for todo or for the command."),
        .flag("version", "Print the version of todo."),
    ]

    static let todoID = ArgumentSpec("ID", .todoID, "A todo's number, or 4 or more leading hex digits of its UUID.")
    static let todoIDs = ArgumentSpec("ID", .todoID, repeats: true, "Todo numbers or UUID prefixes.")
    static let filters = TodoFilter.allCases.map(\.rawValue)

    public static let commands: [CommandSpec] = [
        CommandSpec(
            name: "add", summary: "Add a todo and print its number",
            discussion: "The words of NAME are joined with single spaces. Use -- before a name that starts with a dash.",
            arguments: [ArgumentSpec("NAME", repeats: true, "The todo's name.")],
            options: [
                .value("description", short: "d", "TEXT", "Set the description."),
                .value("notes", short: "n", "TEXT", "Set the notes."),
            ],
            examples: [("todo add buy milk --notes '2 litres'", "add a todo with notes"), ("todo add -- -5 degrees: wear a coat", "a name that starts with a dash")]),
        CommandSpec(
            name: "list", aliases: ["ls"], summary: "List todos",
            discussion: "Active todos come first, newest first, then completed ones, most recently completed first. A '*' marks a todo with changes not yet synced. On a terminal long names are cut to fit; in a pipe nothing is cut.",
            options: [.value("filter", short: "f", "FILTER", "Show only all, active, completed or unsynced todos (default: all).", kind: .choice(filters))],
            examples: [("todo ls --filter active", "what is left to do"), ("todo list --json", "every todo as a JSON array")]),
        CommandSpec(
            name: "show", aliases: ["info"], summary: "Show every field of a todo",
            arguments: [todoID],
            examples: [("todo show 3", "todo number 3"), ("todo show 8f0e", "the todo whose UUID starts with 8f0e")]),
        CommandSpec(
            name: "edit", aliases: ["modify"], summary: "Change a todo's name, description or notes",
            discussion: "Without options, on a terminal, opens $VISUAL or $EDITOR on the todo like git commit does; an unchanged file changes nothing and an empty file aborts.",
            arguments: [todoID],
            options: [
                .value("name", "TEXT", "Set the name."),
                .value("description", short: "d", "TEXT", "Set the description."),
                .value("notes", short: "n", "TEXT", "Set the notes."),
            ],
            examples: [("todo edit 3 --name 'buy oat milk'", "rename todo 3"), ("todo edit 3", "edit todo 3 in your editor")]),
        CommandSpec(
            name: "toggle", summary: "Mark todos completed, or active again",
            arguments: [todoIDs],
            examples: [("todo toggle 3 4", "complete (or reopen) todos 3 and 4")]),
        CommandSpec(
            name: "delete", aliases: ["rm"], summary: "Delete todos",
            discussion: "Numbers of deleted todos are never given to another todo. 'todo undo' brings them back.",
            arguments: [todoIDs],
            examples: [("todo rm 3", "delete todo 3")]),
        CommandSpec(
            name: "clear-completed", summary: "Delete every completed todo and say how many",
            examples: [("todo clear-completed", "tidy up")]),
        CommandSpec(
            name: "undo", summary: "Revert the last change; repeat to go further back",
            discussion: "Any command that changed todos can be undone, up to the last 100 changes. Restored todos count as changed, so the next sync sends them.",
            examples: [("todo undo", "revert the last change")]),
        CommandSpec(
            name: "completions", summary: "Print the completion script for bash, zsh or fish",
            discussion: "The script completes commands, options, their values and todo numbers with their names. README.md says where to install it.",
            arguments: [ArgumentSpec("SHELL", .choice(Completion.shells), "bash, zsh or fish.")],
            examples: [("todo completions bash > ~/.local/share/bash-completion/completions/todo", "install bash completion for yourself")]),
        CommandSpec(
            name: "__complete", summary: "Print completion candidates (ID, a tab, the name) for the shell scripts",
            arguments: [ArgumentSpec("WHAT", .choice(["ids"]), "What to list.")],
            hidden: true),
        CommandSpec(name: "__man", summary: "Print the man page todo(1) as mdoc source", hidden: true),
        CommandSpec(
            name: "help", summary: "Show help for todo or for a command",
            arguments: [ArgumentSpec("COMMAND", .command, optional: true, "The command to explain.")],
            examples: [("todo help list", "the options of list")]),
    ]

    public static func command(named word: String) -> CommandSpec? {
        commands.first { $0.name == word || $0.aliases.contains(word) }
    }
}
