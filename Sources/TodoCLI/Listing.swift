import Foundation
import TodoCore
import TodoStore

/// What `list` and `next` share: the filter terms after the command, the output shape
/// (`--json`, `--ids`, `--format`, or the table) and the table itself.
struct Listing {
    let invocation: Invocation
    let context: Context
    let dates: DateContext
    /// nil: every todo passes.
    let terms: FilterExpression?
    let template: ListTemplate?
    /// The attributes the config declares, read only when a filter word or sort key may name one.
    let udas: UDASchema
    /// Whether the table marks todos not yet synced: only when a server is set.
    let marksUnsynced: Bool

    init(_ invocation: Invocation, _ context: Context) throws {
        let shapes = ["json", "format", "ids"].filter { invocation.options[$0] != nil }
        guard shapes.count <= 1 else {
            throw CommandError(message: "--\(shapes[0]) and --\(shapes[1]) cannot be used together", status: ExitStatus.usage)
        }
        self.invocation = invocation
        self.context = context
        template = try invocation.value("format").map { text in try ListTemplate(text, udas: context.udaSchema) }
        dates = context.dateContext
        udas = try Self.udas(invocation, context)
        terms = try Self.terms(invocation, dates, udas)
        marksUnsynced = shapes.isEmpty && context.syncIsConfigured
    }

    /// The declared attributes, if a filter word's key or a `--sort` key may be one.
    private static func udas(_ invocation: Invocation, _ context: Context) throws -> UDASchema {
        let words = invocation.arguments.prefix(invocation.literalFrom ?? invocation.arguments.count)
        let filterKeys = words.compactMap { word in
            word.firstIndex(of: ":").map { String(word[..<$0].prefix { $0 != "." }).lowercased() }
        }
        let sortKeys = (invocation.value("sort") ?? "").split(separator: ",").map { String($0.drop { $0 == "-" }).lowercased() }
        return try context.udaSchema(ifAnyOf: filterKeys + sortKeys.filter { TodoSort.Key(rawValue: $0) == nil })
    }

    /// The filter terms; the words after `--` are words to search for, whatever they look like.
    private static func terms(_ invocation: Invocation, _ dates: DateContext, _ udas: UDASchema) throws(CommandError) -> FilterExpression? {
        let words = invocation.arguments
        let end = invocation.literalFrom ?? words.count
        let parsed: FilterExpression
        do {
            parsed = try FilterParser.parse(Array(words[..<end]), in: dates, udas: udas)
        } catch {
            throw CommandError(message: error.description, status: ExitStatus.usage)
        }
        let literal = words[end...].map { FilterExpression.term(.text($0.lowercased())) }
        let all = literal.isEmpty ? parsed : .and([parsed] + literal)
        return all == .everything ? nil : all
    }

    /// What the terms are evaluated with: the `dependencies` among the todos read, and the
    /// todo each `depends:ID` names in `state` (an ID that names none is an error).
    func filterContext(_ state: TodoState, _ dependencies: Dependencies) throws -> FilterContext {
        var named: [String: UUID] = [:]
        for reference in terms?.references ?? [] { named[reference] = try state.resolve(reference).uuid }
        return FilterContext(dates: dates, dependencies: dependencies, named: named)
    }

    /// Whether `todo` passes the terms in `context`.
    func matches(_ todo: Todo, _ context: FilterContext) -> Bool {
        terms?.matches(todo, in: context) ?? true
    }

    /// Which of `shown` are blocked, for the table's marks: from the todos read and a second
    /// read of the dependencies not among them; none for the other outputs, or without dependencies.
    func blockedMarks(_ shown: [Todo], _ state: TodoState, _ file: StateFile) throws -> Dependencies {
        let wanted = Set(shown.lazy.filter { !$0.completed }.flatMap(\.depends))
        guard isTable, !wanted.isEmpty else { return .none }
        let missing = wanted.subtracting(state.todos.lazy.map(\.uuid))
        let more = missing.isEmpty ? [] : try file.load(.referencedBy(missing.map(uuidText))).todos.filter { missing.contains($0.uuid) }
        return Dependencies(state.todos + more)
    }

    /// The todos as `--json`, `--ids` or `--format` print them, or as the table; the table
    /// is fitted to a terminal's width and escaped, and marks blocked todos.
    func output(_ todos: [Todo], _ dependencies: Dependencies = .none) -> Output {
        if invocation.flag("json") { return Output(stdout: json(todos)) }
        if invocation.flag("ids") { return Output(stdout: todos.map { "\($0.id)\n" }.joined()) }
        if let template { return Output(stdout: todos.map { template.render($0) + "\n" }.joined()) }
        let width = context.stdoutIsTerminal ? context.terminalWidth ?? 80 : nil
        return Output(stdout: table(todos, width: width, style: context.stdoutStyle(invocation), dates: dates, dependencies: dependencies, marksUnsynced: marksUnsynced))
    }

    /// Whether the output is the table (no `--json`, `--ids` or `--format`).
    var isTable: Bool { !["json", "format", "ids"].contains { invocation.options[$0] != nil } }

    /// Whether the output is the table on a terminal, which a summary follows.
    var isForPeople: Bool {
        context.stdoutIsTerminal && isTable
    }
}
