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

    init(_ invocation: Invocation, _ context: Context) throws {
        let shapes = ["json", "format", "ids"].filter { invocation.options[$0] != nil }
        guard shapes.count <= 1 else {
            throw CommandError(message: "--\(shapes[0]) and --\(shapes[1]) cannot be used together", status: ExitStatus.usage)
        }
        self.invocation = invocation
        self.context = context
        template = try invocation.value("format").map { text in try ListTemplate(text, udas: context.udaSchema) }
        dates = context.dateContext
        terms = try Self.terms(invocation, dates)
    }

    /// The filter terms; the words after `--` are words to search for, whatever they look like.
    private static func terms(_ invocation: Invocation, _ dates: DateContext) throws(CommandError) -> FilterExpression? {
        let words = invocation.arguments
        let end = invocation.literalFrom ?? words.count
        let parsed: FilterExpression
        do {
            parsed = try FilterParser.parse(Array(words[..<end]), in: dates)
        } catch {
            throw CommandError(message: error.description, status: ExitStatus.usage)
        }
        let literal = words[end...].map { FilterExpression.term(.text($0.lowercased())) }
        let all = literal.isEmpty ? parsed : .and([parsed] + literal)
        return all == .everything ? nil : all
    }

    func matches(_ todo: Todo) -> Bool { terms?.matches(todo) ?? true }

    /// The todos as `--json`, `--ids` or `--format` print them, or as the table; the table
    /// is fitted to a terminal's width and escaped.
    func output(_ todos: [Todo]) -> Output {
        if invocation.flag("json") { return Output(stdout: json(todos)) }
        if invocation.flag("ids") { return Output(stdout: todos.map { "\($0.id)\n" }.joined()) }
        if let template { return Output(stdout: todos.map { template.render($0) + "\n" }.joined()) }
        let width = context.stdoutIsTerminal ? context.terminalWidth ?? 80 : nil
        return Output(stdout: table(todos, width: width, style: context.stdoutStyle(invocation), dates: dates))
    }

    /// Whether the output is the table on a terminal, which a summary follows.
    var isForPeople: Bool {
        context.stdoutIsTerminal && !["json", "format", "ids"].contains { invocation.options[$0] != nil }
    }
}
