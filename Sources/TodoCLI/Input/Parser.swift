import TodoCore

/// A command line that does not fit the table: exit status 2, with usage and a hint.
public struct UsageError: Error, Equatable {
    public var message: String
    /// The command whose usage to show; nil for todo's own.
    public var command: String?
    public var suggestion: String?
}

/// A parsed command line.
public struct Invocation: Equatable {
    public var command: String
    /// Option values by long name; a flag maps to `[""]`. Repeated options keep every value.
    public var options: [String: [String]] = [:]
    public var arguments: [String] = []
    /// Where in `arguments` the words after `--` begin, when `--` was given: they are taken
    /// literally, never as attribute words or filter terms.
    public var literalFrom: Int?
    /// Filter words given before a command that takes IDs (`todo +work done`): they pick the
    /// todos it acts on. Empty when IDs (`todo 3-5 done`) or nothing came first.
    public var filter: [String] = []
    /// Whether no command word was given, so that `list` runs with the words as its filter
    /// (`todo +work`, `todo milk`): then a filter that passes nothing is an error, as in
    /// Taskwarrior, where an explicit report's is not.
    public var commandImplied = false

    /// The command's row of the table, or a report the config defines (the parser names no
    /// other commands).
    var spec: CommandSpec { CommandTable.command(named: command) ?? NamedReport.configured(command) }

    public func flag(_ option: OptionSpec) -> Bool { options[option.long] != nil }
    /// The option's value; the last one when it was given more than once.
    public func value(_ option: OptionSpec) -> String? { options[option.long]?.last }
    /// Every value the option was given, in order.
    public func values(_ option: OptionSpec) -> [String] { options[option.long] ?? [] }
    /// Gives the flag as if the command line had (`listall` is `list --all`).
    mutating func set(_ flag: OptionSpec) { options[flag.long] = [""] }

    /// The word given for `argument`, which the parser refuses a command line without.
    func argument(_ argument: Argument<String>) -> String { word(for: argument.spec) ?? "" }
    /// The word given for `argument`, if one was.
    func argument(_ argument: Argument<String?>) -> String? { word(for: argument.spec) }
    /// The words given for `argument`: those from its place on.
    func argument(_ argument: Argument<[String]>) -> [String] {
        place(of: argument.spec).map { Array(arguments.dropFirst($0)) } ?? []
    }

    /// Where `argument`'s words begin among `arguments`: its place in the command's row of the
    /// table (each argument before it takes one word); nil when the row has no such argument.
    private func place(of argument: ArgumentSpec) -> Int? {
        spec.arguments.firstIndex { $0.name == argument.name }
    }

    private func word(for argument: ArgumentSpec) -> String? {
        place(of: argument).flatMap { arguments.indices.contains($0) ? arguments[$0] : nil }
    }
}

/// Parses argv (without the program name) against `CommandTable`.
///
/// Options may come before or after the command and its arguments; `--` ends options.
/// As in Taskwarrior, words may come before the command (`todo 3 done`, `todo +work list`):
/// see `CommandWords`. With no command, `list` is meant. `--help` anywhere asks for the
/// command's help. For a command taking attribute words or filter terms, `-TAG` is such a
/// word, not an option. `reports` names the reports the config defines, asked for only when
/// a word names no command of the table.
public func parse(_ argv: [String], reports: () -> [String] = { [] }) -> Result<Invocation, UsageError> {
    let found: CommandWords
    switch CommandWords.find(argv, reports: reports) {
    case .failure(let error): return .failure(error)
    case .success(let line): found = line
    }
    let spec = found.spec
    var invocation = Invocation(command: spec.name)
    invocation.commandImplied = found.position == nil
    let options = spec.options + CommandTable.globalOptions
    var index = 0
    var optionsEnded = false
    while index < argv.count {
        let word = argv[index]
        index += 1
        if index - 1 == found.position || found.before.contains(index - 1) { continue }
        if optionsEnded || word == "-" || !word.hasPrefix("-") {
            invocation.arguments.append(word)
            continue
        }
        if word == "--" {
            optionsEnded = true
            invocation.literalFrom = invocation.arguments.count
            continue
        }
        if isSignedWord(word, for: spec) {
            invocation.arguments.append(word)
            continue
        }
        let (name, inline) = splitOption(word)
        let matched: OptionSpec?
        if word.hasPrefix("--") {
            matched = options.first { $0.long == name }
        } else {
            matched = name.count == 1 ? options.first { $0.short.map(String.init) == name } : nil
        }
        guard let option = matched else {
            return .failure(
                UsageError(
                    message:
                        """
                        unknown option \
                        '\(word.hasPrefix("--") ? "--" + name : word)'\
                        \(found.position == nil ? "" : " for '\(spec.name)'")
                        """,
                    command: spec.name,
                    suggestion: closest(to: name, among: options.map(\.long)).map { "--" + $0 }))
        }
        var value = ""
        if let valueName = option.valueName {
            if let inline {
                value = inline
            } else if index < argv.count {
                value = argv[index]
                index += 1
            } else {
                return .failure(
                    UsageError(message: "option '--\(option.long)' needs a value (\(valueName))", command: spec.name))
            }
            if case .choice(let choices) = option.kind, !choices.contains(value) {
                return .failure(
                    UsageError(
                        message:
                            """
                            '\(value)' is not a valid \(valueName.lowercased()) for '--\(option.long)' (choose \
                            from \(choices.joined(separator: ", ")))
                            """,
                        command: spec.name, suggestion: closest(to: value, among: choices)))
            }
        } else if inline != nil {
            return .failure(UsageError(message: "option '--\(option.long)' takes no value", command: spec.name))
        }
        invocation.options[option.long, default: []].append(value)
    }
    if invocation.flag(.help) || invocation.flag(.version) { return .success(invocation) }
    switch found.place(found.before.map { argv[$0] }, into: invocation) {
    case .failure(let error): return .failure(error)
    case .success(let placed): invocation = placed
    }
    return checkArguments(invocation, spec)
}

/// `-TAG` where `spec` takes such words: a dash and a tag, unless the tag is one letter
/// that is an option's short name (`-q` is --quiet, `-a` a tag). A negative number (`-5`, a
/// value for `todo config urgency.blocked.coefficient`) is a word for every command: no
/// option is named by a digit.
private func isSignedWord(_ word: String, for spec: CommandSpec) -> Bool {
    if word.count >= 2, word.hasPrefix("-"), Double(word) != nil { return true }
    guard word.count >= 2, !word.hasPrefix("--"), spec.arguments.contains(where: \.kind.takesSignedWords) else {
        return false
    }
    let tag = word.dropFirst()
    guard Tag.isValid(tag) else { return false }
    return tag.count > 1
        || !(spec.options + CommandTable.globalOptions).contains { $0.short.map(String.init) == String(tag) }
}

/// `--name=value` → ("name", "value"). Split by Unicode scalar: a value starting with a
/// combining mark makes "=" and the mark one Character, which a Character search never finds.
func splitOption(_ word: String) -> (name: String, inline: String?) {
    let body = word.unicodeScalars.drop { $0 == "-" }
    guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
    return (String(body[..<equals]), String(body[body.index(after: equals)...]))
}

private func checkArguments(_ invocation: Invocation, _ spec: CommandSpec) -> Result<Invocation, UsageError> {
    // A filter before the command stands for its IDs.
    let required = spec.arguments.filter { !$0.optional && !(!invocation.filter.isEmpty && $0.kind == .todoID) }
    if invocation.arguments.count < required.count {
        let missing = required[invocation.arguments.count]
        return .failure(UsageError(message: "'\(spec.name)' needs \(missing.synopsis)", command: spec.name))
    }
    if !spec.arguments.contains(where: \.repeats), invocation.arguments.count > spec.arguments.count {
        let extra = invocation.arguments[spec.arguments.count]
        return .failure(UsageError(message: "unexpected argument '\(extra)' for '\(spec.name)'", command: spec.name))
    }
    for (index, word) in invocation.arguments.enumerated() {
        guard let argument = index < spec.arguments.count ? spec.arguments[index] : spec.arguments.last,
            case .choice(let choices) = argument.kind, !choices.contains(where: { ValueKind.word(word, matches: $0) })
        else { continue }
        return .failure(
            UsageError(
                message:
                    """
                    '\(word)' is not a valid \(argument.name.lowercased()) for '\(spec.name)' (choose \
                    from \(choices.joined(separator: ", ")))
                    """,
                command: spec.name, suggestion: closest(to: word, among: choices)))
    }
    return .success(invocation)
}

/// The command to suggest for a word that is none: the one it is a habit for (`complete`:
/// `done`), else a near spelling. Hidden commands are never suggested.
func suggestedCommand(for word: String) -> String? {
    let visible = CommandTable.commands.filter { !$0.hidden }
    if let command = visible.first(where: { $0.habits.contains(word.lowercased()) }) { return command.name }
    return closest(to: word, among: visible.flatMap(\.words))
}

/// The candidate within a small edit distance of `word`, if one stands out; never one that
/// `word` negates (`undelete` is not near `delete`, nor `uncompleted` near `completed`).
func closest(to word: String, among candidates: [String]) -> String? {
    let word = word.lowercased()
    let near = candidates.filter { candidate in !["un", "de", "dis"].contains { word == $0 + candidate } }
    let scored = near.map { ($0, editDistance(word, $0)) }
    guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(1, min(2, word.count / 3)) else {
        return near.first { $0.hasPrefix(word) && word.count >= 2 }
    }
    // Of candidates as near, one the word is a letter short of (stat, tats: stats, not start or tags).
    return scored.first { $0.1 == best.1 && ($0.0.hasPrefix(word) || $0.0.hasSuffix(word)) }?.0 ?? best.0
}

/// Edits (insert, delete, substitute, swap neighbours) that turn `a` into `b`.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}
