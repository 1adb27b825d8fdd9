/// `todo --help`: every command, the global options, exit statuses and the environment.
func generalHelp() -> String {
    var out = """
        todo \(CommandTable.version): a fast todo list for the shell, safe in scripts and cron.

        usage: todo <command> [<args>] [--file PATH] [--json]

        Commands:

        """
    for command in CommandTable.commands where !command.hidden {
        let names = command.words.joined(separator: ", ")
        out += row(names, command.summary)
    }
    out += "\nWith no command, todo lists your todos.\n\nGlobal options (before or after the command):\n"
    for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
    out += "\nA todo is named by its number (3 or #3), which never changes, or by 4 or more\nhex digits of its UUID (8f0e1c).\n"
    out += "\nExit status:\n"
    for (status, meaning) in ExitStatus.table { out += row(String(status), meaning) }
    out += "\nEnvironment:\n"
    for (name, meaning) in environmentVariables { out += row(name, meaning) }
    out += "\nRun 'todo help COMMAND' or 'todo COMMAND --help' for a command's options.\n"
    return out
}

/// `todo COMMAND --help`.
func help(for name: String) -> String {
    guard let command = CommandTable.command(named: name) else { return generalHelp() }
    var out = "usage: \(command.usage)\n\n\(command.summary).\n"
    if !command.discussion.isEmpty { out += "\n" + wrap(command.discussion, width: 78, indent: "") }
    if !command.aliases.isEmpty { out += "\nAliases: \(command.aliases.joined(separator: ", "))\n" }
    if !command.arguments.isEmpty {
        out += "\nArguments:\n"
        for argument in command.arguments { out += row(argument.synopsis, argument.help) }
    }
    if !command.options.isEmpty {
        out += "\nOptions:\n"
        for option in command.options { out += row(option.synopsis, option.help) }
    }
    out += "\nGlobal options:\n"
    for option in CommandTable.globalOptions { out += row(option.synopsis, option.help) }
    if !command.examples.isEmpty {
        out += "\nExamples:\n"
        for example in command.examples { out += "  \(example.command)\n      \(example.meaning)\n" }
    }
    return out
}

let environmentVariables: [(String, String)] = [
    ("TODO_FILE", "The state file, unless --file is given."),
    ("XDG_DATA_HOME", "The state file is $XDG_DATA_HOME/todo/todos.json when TODO_FILE is unset."),
    ("TODO_LOCK_TIMEOUT", "Seconds to wait for another todo process to finish (default 5)."),
    ("VISUAL, EDITOR", "The editor 'todo edit' opens (default vi)."),
    ("TODO_SERVER, TODO_TOKEN", "The sync server's URL and token, over the config file's."),
    ("TODO_TIMEOUT", "Seconds a sync waits for each answer from the server (default 30)."),
    ("XDG_CONFIG_HOME", "The config file is $XDG_CONFIG_HOME/todo/config.json (else ~/.config/todo/config.json)."),
]

private func row(_ left: String, _ right: String) -> String {
    let indent = String(repeating: " ", count: 24)
    if left.count <= 20 {
        let body = wrap(right, width: 78, indent: indent)
        return "  " + left + String(repeating: " ", count: 22 - left.count) + body.dropFirst(24)
    }
    return "  \(left)\n" + wrap(right, width: 78, indent: indent)
}

/// `text` wrapped at word boundaries to `width` columns, every line starting with `indent`.
func wrap(_ text: String, width: Int, indent: String) -> String {
    var out = ""
    var line = indent
    for word in text.split(separator: " ") {
        if line.count > indent.count, line.count + 1 + word.count > width {
            out += line + "\n"
            line = indent
        }
        line += (line.count > indent.count ? " " : "") + word
    }
    return out + line + "\n"
}
