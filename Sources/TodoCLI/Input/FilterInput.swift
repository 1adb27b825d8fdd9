import Foundation
import TodoCore
import TodoSync

/// Filter words as a command line gives them, read into terms with the declared attributes
/// they may name; shared by the reports and by commands whose todos a filter picks.
struct FilterInput {
    /// nil: every todo passes.
    let terms: FilterExpression?
    /// The attributes the config declares, read only when a filter word or sort key may name one.
    let udas: UDASchema
    let dates: DateContext
    /// The config's values, for `due-days`.
    private let config: ConfigValues?
    /// In the todo.txt dialect, the words: text each todo's todo.txt line holds or not.
    let lineFilter: TodoTxtLineFilter?
    /// `limit:N` among the words, Taskwarrior's: show N rows at most; nil without one.
    let limit: Int?

    /// Reads `words`, of which those from `literalFrom` on are only searched for, whatever
    /// they look like; `sortKeys` may name declared attributes too. A context's words,
    /// `also`, must pass as well: they are read apart, so that an `or` in either stays in it.
    /// In the todo.txt dialect `words` are read so (`TodoTxtLineFilter`), the context's still as filter terms.
    /// `limit:N` is taken out of the words where `takesLimit` (a report of rows), else refused.
    init(
        _ words: [String], literalFrom: Int?, sortKeys: [String] = [], also: [String] = [], config: ConfigValues?,
        dialect: Dialect = .taskwarrior, takesLimit: Bool = false, _ context: Context
    ) throws {
        dates = context.dateContext
        self.config = config
        let (unlimited, limit) = try Self.takingLimit(words, before: literalFrom ?? words.count, allowed: takesLimit)
        self.limit = limit
        let literalFrom = literalFrom.map { $0 - (words.count - unlimited.count) }
        let todoTxt = dialect == .todotxt && !unlimited.isEmpty
        lineFilter = todoTxt ? TodoTxtLineFilter(unlimited) : nil
        let words = todoTxt ? [] : unlimited
        let end = (todoTxt ? nil : literalFrom) ?? words.count
        let filterKeys = FilterParser.keys(in: Array(words[..<end]) + also)
        udas = try Context.udaSchema(
            ifAnyOf: filterKeys + sortKeys.filter { TodoSort.Key(rawValue: $0) == nil }, in: config)
        let caseSensitive = config?.values[ConfigKey.searchCaseSensitive.rawValue].flatMap(OnOff.read) == true
        var parsed: [FilterExpression] = []
        for (part, source) in [(also, "the context's filter: "), (Array(words[..<end]), "")] {
            do {
                parsed.append(try FilterParser.parse(part, in: dates, udas: udas, caseSensitive: caseSensitive))
            } catch {
                throw CommandError(message: source + error.description, status: ExitStatus.usage)
            }
        }
        let literal = words[end...].map {
            FilterExpression.term(caseSensitive ? .exactText($0) : .text($0.lowercased()))
        }
        let all = parsed.filter { $0 != .everything } + literal
        terms = all.isEmpty ? nil : all.count == 1 ? all[0] : .and(all)
    }

    /// The words without `limit:N` (before `end`, where the literal words begin), and the last N given.
    private static func takingLimit(_ words: [String], before end: Int, allowed: Bool) throws(CommandError) -> (
        [String], Int?
    ) {
        let names = AttributeNames()
        var limit: Int?
        var kept: [String] = []
        for (index, word) in words.enumerated() {
            guard index < end, let attribute = try? AttributeWord(word, names: names, ignoringCase: true),
                attribute.key == .limit
            else {
                kept.append(word)
                continue
            }
            guard allowed else {
                throw CommandError(
                    message: "\(quoted(word)): limit:N limits the rows of list and next only", status: ExitStatus.usage)
            }
            guard attribute.modifier == nil, let rows = Int(attribute.value), rows >= 1 else {
                throw CommandError(
                    message: "\(quoted(word)): limit:N takes a number of rows, 1 or more", status: ExitStatus.usage)
            }
            limit = rows
        }
        return (kept, limit)
    }

    /// What the terms are evaluated with: the `dependencies` among the todos read, the todo
    /// each `depends:ID` names in `state` (an ID that names none is an error), the config's
    /// `due-days` when +DUE asks, and its urgency coefficients when a term or the caller
    /// (`scoring`) counts urgency.
    func filterContext(_ state: TodoState, _ dependencies: Dependencies, scoring: Bool = false) throws -> FilterContext
    {
        var named: [String: UUID] = [:]
        for reference in terms?.references ?? [] { named[reference] = try state.resolve(reference).uuid }
        let all = terms?.allTerms ?? []
        let urgency =
            scoring || all.contains(where: Self.isUrgency) ? try config?.urgency() ?? .taskwarrior : .taskwarrior
        let asksDue = all.contains(.virtual(VirtualTag.named("DUE")!)) || urgency.tags["DUE"] != nil
        let dueDays = asksDue ? try config?.dueDays() ?? FilterContext.defaultDueDays : FilterContext.defaultDueDays
        return FilterContext(
            dates: dates, dependencies: dependencies, named: named, dueDays: dueDays, latest: state.nextId - 1,
            urgency: urgency)
    }

    private static func isUrgency(_ term: FilterTerm) -> Bool {
        if case .urgency = term { return true }
        return false
    }

    /// Whether some todo may fail: there are terms or line words.
    var isNarrowing: Bool { terms != nil || lineFilter?.isEmpty == false }

    /// Whether `todo` passes the terms in `context`.
    func matches(_ todo: Todo, _ context: FilterContext) -> Bool {
        (terms?.matches(todo, in: context) ?? true) && (lineFilter?.matches(todo) ?? true)
    }
}
