import TodoCore

/// Where the command is among a command line's words, and which words come before it.
///
/// Git's order (`todo done 3`) and Taskwarrior's (`todo 3 done`, `todo +work list`,
/// `todo project:home`) both work: the command is the first word that names one, and the
/// words before it are IDs or a filter. A command word always wins over a search word;
/// after `--` nothing is a command. With no command word the default report, `list`, runs
/// with every word as its filter, unless a plain word is one typo from a command (`todo lsit`
/// asks "Did you mean 'list'?"; `todo list lsit` searches). A report the config defines
/// (`report.standup.columns`) is a command too: `reports` gives their names, asked only when
/// a plain word names no command of the table, so most command lines never read the config.
struct CommandWords {
    let spec: CommandSpec
    /// Where the command word is; nil when none was given.
    let position: Int?
    /// Where the words before the command are (options and their values not counted).
    let before: [Int]

    static func find(_ argv: [String], reports: () -> [String] = { [] }) -> Result<CommandWords, UsageError> {
        var index = 0
        var before: [Int] = []
        var configured: [String]?
        while index < argv.count {
            let word = argv[index]
            if word == "--" { break }
            if isOption(word) {
                let (name, inline) = splitOption(word)
                let global = CommandTable.globalOptions.first { $0.long == name }
                if global?.valueName != nil, inline == nil { index += 1 }
                index += 1
                continue
            }
            if let spec = CommandTable.command(named: word) {
                return .success(CommandWords(spec: spec, position: index, before: before))
            }
            if isPlain(word) {
                configured = configured ?? reports()
                if configured!.contains(word) {
                    return .success(CommandWords(spec: NamedReport.configured(word), position: index, before: before))
                }
            }
            before.append(index)
            index += 1
        }
        for word in before.map({ argv[$0] }) {
            if let refusal = ForeignCommand.refusal(word) { return .failure(UsageError(message: refusal)) }
        }
        for word in before.map({ argv[$0] }) where isPlain(word) {
            guard let suggestion = suggestedCommand(for: word) ?? closest(to: word, among: configured ?? []) else {
                continue
            }
            return .failure(
                UsageError(
                    message: "'\(word)' is not a todo command", suggestion: suggestion))
        }
        return .success(CommandWords(spec: CommandTable.command(named: "list")!, position: nil, before: before))
    }

    /// An option before the command: a dash word that is not `-` or a `-TAG` filter word.
    private static func isOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word != "-" else { return false }
        return word.hasPrefix("--") || word.count == 2 || !Tag.isValid(word.dropFirst())
    }

    /// The fewest hex digits of a UUID prefix that is never read as a word to search for or a
    /// command (`deadbeef`): shorter ones (`face`) may be words. The completion scripts skip
    /// such IDs before the command (`Completion.idPattern`).
    static let idHexDigits = 8

    /// A word that is only text to search for: no ID, tag, attribute, pattern or operator.
    private static func isPlain(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter, !word.contains(":") else { return false }
        return (try? TodoIDs(word, minimumHex: idHexDigits)) == nil && !["and", "or", "not"].contains(word.lowercased())
    }

    /// `invocation` with `words`, those before the command, put where the command takes
    /// them: a filter command's filter; an ID command's IDs, or the filter that picks its
    /// todos (`Invocation.filter`). A command that takes neither refuses them.
    func place(_ words: [String], into invocation: Invocation) -> Result<Invocation, UsageError> {
        guard !words.isEmpty else { return .success(invocation) }
        var invocation = invocation
        if spec.arguments.first?.kind == .filter {
            invocation.arguments = words + invocation.arguments
            invocation.literalFrom = invocation.literalFrom.map { $0 + words.count }
            return .success(invocation)
        }
        guard let ids = spec.arguments.first(where: { $0.kind == .todoID }) else {
            return .failure(
                UsageError(
                    message:
                        "'\(spec.name)' takes no IDs or filter before it (\(quoted(words[0]))); put its words after it",
                    command: spec.name))
        }
        var allIDs = true
        for word in words where word != "-" {
            do {
                if try TodoIDs(word) == nil { allIDs = false }
            } catch {
                return .failure(UsageError(message: explain(error).0, command: spec.name))
            }
        }
        if ids.repeats {
            if allIDs { invocation.arguments = words + invocation.arguments } else { invocation.filter = words }
            invocation.literalFrom = invocation.literalFrom.map { $0 + (allIDs ? words.count : 0) }
            return .success(invocation)
        }
        guard allIDs, words.count == 1, (try? TodoIDs(words[0]))?.single != nil else {
            return .failure(
                UsageError(
                    message:
                        "'\(spec.name)' takes one todo: give its number or UUID prefix, as in 'todo 3 \(spec.name)'",
                    command: spec.name))
        }
        invocation.arguments = words + invocation.arguments
        invocation.literalFrom = invocation.literalFrom.map { $0 + 1 }
        return .success(invocation)
    }
}
