import TodoCore
import TodoSync

/// What the config file says about reports: which todos `list` shows by default and the
/// context in force (`todo context`), with its variable (`ConfigKey.context`) and `--no-context`
/// over it.
struct ReportSettings {
    /// `list`'s `--filter` when none is given.
    var defaultFilter: TodoFilter = .active
    /// The context in force, its filter words, and the words it writes on todos added while it
    /// is in force (`context.NAME.write`), when it has them.
    var context: (name: String, words: [String], write: [String]?)?
    /// The first day of the week (ISO: 1 is Monday, 7 Sunday), when `week-start` sets one.
    var weekStart: Int?

    /// From `config` (nil without HOME: the state file's error then says what to set).
    init(_ invocation: Invocation, _ config: ConfigValues?, _ environment: [String: String]) throws {
        guard let config else { return }
        let values = config.values
        if let text = values[ConfigKey.defaultFilter.rawValue] {
            guard let filter = TodoFilter(rawValue: text) else {
                throw CommandError(
                    message:
                        """
                        config file \(config.path): \(ConfigKey.defaultFilter.rawValue) \(Self.filterRule), \
                        not \(quoted(text))
                        """
                )
            }
            defaultFilter = filter
        }
        if let text = values[ConfigKey.weekStart.rawValue] {
            guard let day = Self.weekday(text) else {
                throw CommandError(message: "config file \(config.path): \(Self.weekStartRule), not \(quoted(text))")
            }
            weekStart = day
        }
        guard !invocation.flag(.noContext) else { return }
        let chosen = ConfigKey.context.value(environment: environment, stored: values)
        guard let name = chosen, name != Self.none else { return }
        guard let filter = values[Self.key(ofContext: name)] else {
            throw CommandError(
                message: "the context \(quoted(name)) is not defined; see 'todo context list', or 'todo context none'")
        }
        context = (name, Self.words(filter), values[Self.key(ofContext: name) + Self.writeSuffix].map(Self.words))
    }

    /// What a context's write words are kept under, after its key: `context.work.write`.
    static let writeSuffix = ".write"

    static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let weekStartRule =
        """
        \(ConfigKey.weekStart.rawValue) is a day of the week: \(weekdays.joined(separator: ", ")) (or its first three \
        letters)
        """

    /// The ISO weekday (1 is Monday) `text` names, in full or by its first three letters.
    static func weekday(_ text: String) -> Int? {
        let word = text.lowercased()
        guard word.count >= 3 else { return nil }
        return weekdays.firstIndex { $0 == word || $0.prefix(3) == word }.map { $0 + 1 }
    }
    /// The context name that means none.
    static let none = "none"
    static let filterRule = "is one of \(TodoFilter.allCases.map(\.rawValue).joined(separator: ", "))"

    /// The config key of a context's filter.
    static func key(ofContext name: String) -> String { "context.\(name)" }

    /// A stored filter's words: it is kept as one line, its words separated by spaces.
    static func words(_ filter: String) -> [String] {
        filter.split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// `; context work` after a report's summary, when a context is in force.
    var contextNote: String {
        context.map { "; context \(oneLine($0.name))" } ?? ""
    }

    /// The changes a context makes to a todo added while it is in force, as Taskwarrior's
    /// write contexts: its write words (`context.NAME.write`) when it has them; else its
    /// filter's `+TAG` and `project:NAME` words, when it has no `or`, `not` or parentheses
    /// (what else it says cannot be written on a todo).
    func additions(_ dates: DateContext) -> [FieldChange] {
        if let write = context?.write {
            return write.flatMap {
                (try? AttributeWords.change($0, removing: false, in: InputContext(dates: dates))) ?? []
            }
        }
        guard let words = context?.words,
            !words.contains(where: { ["or", "not", "(", ")"].contains($0.lowercased()) })
        else { return [] }
        return words.flatMap { word -> [FieldChange] in
            guard let changes = try? AttributeWords.change(word, removing: false, in: InputContext(dates: dates)) ?? nil
            else { return [] }
            return changes.filter { change in [.tags, .project].contains(change.field) }
        }
    }
}
