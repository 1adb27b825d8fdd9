import Foundation
import TodoCore
import TodoStore

/// What the reports share: the word a report takes besides its filter (a period, a month),
/// the filter terms and the context in force, and how the output may be drawn.
struct ReportInput {
    let invocation: Invocation
    let context: Context
    let filter: FilterInput
    let settings: ReportSettings
    /// The report's own word among the words, if one was given (`weekly`, `2026-12`, `due`).
    let word: String?

    /// Reads the command's words: the first before `--` that `isOwn` accepts is the report's
    /// own word, the others its filter.
    init(_ invocation: Invocation, _ context: Context, isOwn: (String) -> Bool = { _ in false }) throws {
        self.invocation = invocation
        self.context = context
        var words = invocation.arguments
        var literalFrom = invocation.literalFrom
        let end = literalFrom ?? words.count
        if let index = words[..<end].firstIndex(where: { isOwn($0.lowercased()) }) {
            word = words.remove(at: index).lowercased()
            literalFrom = literalFrom.map { $0 - 1 }
        } else {
            word = nil
        }
        let config = try context.config()
        settings = try ReportSettings(invocation, config, context.environment)
        filter = try FilterInput(
            words, literalFrom: literalFrom, also: settings.context?.words ?? [], config: config,
            dialect: context.dialect(invocation, config), context)
    }

    var dates: DateContext { filter.dates }
    var now: Date { dates.now }
    var asJSON: Bool { invocation.flag(.json) }
    /// Columns to fit: the terminal's, or 80 in a pipe.
    var width: Int { context.stdoutIsTerminal ? context.terminalWidth ?? 80 : 80 }
    var style: Style { context.stdoutStyle(invocation) }
    /// Whether the terminal can show Unicode block characters: its locale is UTF-8.
    var unicode: Bool { Self.isUTF8(context.environment) }
    /// The first day of the week: `week-start` in the config, else the locale's.
    var firstWeekday: Int { settings.weekStart ?? Self.localeFirstWeekday(context.environment) }

    /// The todos of `state` that pass the filter and the context.
    func todos(_ state: TodoState) throws -> [Todo] {
        guard filter.isNarrowing else { return state.todos }
        let filterContext = try filterContext(state)
        return state.todos.filter { filter.matches($0, filterContext) }
    }

    /// The deleted todos `state` still knows that pass the filter (the history must have been read).
    func deleted(_ state: TodoState) throws -> [DeletedTodo] {
        let deleted = state.deletedTodos
        guard filter.isNarrowing else { return deleted }
        let filterContext = try filterContext(state)
        return deleted.filter { filter.matches($0.todo, filterContext) }
    }

    private func filterContext(_ state: TodoState) throws -> FilterContext {
        let dependencies = filter.terms?.needsOtherTodos == true ? Dependencies(state.todos) : .none
        return try filter.filterContext(state, dependencies)
    }

    /// A line under a report on a terminal (none in a pipe or with --json): `text` and the context in force.
    func note(_ text: String) -> String {
        context.stdoutIsTerminal && !asJSON ? text + settings.contextNote + "\n" : ""
    }

    static func isUTF8(_ environment: [String: String]) -> Bool {
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let lower = locale.lowercased()
        return lower.contains("utf-8") || lower.contains("utf8")
    }

    /// The locale's first weekday (ISO: 1 is Monday, 7 Sunday), from LC_ALL, LC_TIME or
    /// LANG; Monday, as ISO 8601 has it, for the C and POSIX locales or none.
    static func localeFirstWeekday(_ environment: [String: String]) -> Int {
        let setting = ["LC_ALL", "LC_TIME", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let identifier = String(setting.prefix { $0 != "." && $0 != "@" })
        guard !identifier.isEmpty, identifier != "C", identifier != "POSIX" else { return 1 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.locale = Locale(identifier: identifier)
        return calendar.firstWeekday == 1 ? 7 : calendar.firstWeekday - 1
    }
}
