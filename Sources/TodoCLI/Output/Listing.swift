import Foundation
import TodoCore
import TodoStore
import TodoSync

/// What `list` and `next` share: the filter terms after the command, the output shape
/// (`--json`, `--ids`, `--format`, or the table) and the table itself.
struct Listing {
    let invocation: Invocation
    let context: Context
    let filter: FilterInput
    let template: ListTemplate?
    let settings: ReportSettings

    var dates: DateContext { filter.dates }
    /// nil: every todo passes.
    var terms: FilterExpression? { filter.terms }
    var udas: UDASchema { filter.udas }
    /// Whether the table marks todos not yet synced: only when a server is set.
    let marksUnsynced: Bool
    /// In the todo.txt dialect the table is todo.sh's lines (`TodoTxtListing`).
    let dialect: Dialect
    /// Whether `--sort` or `--format` counts urgency: then every open todo is read, and the
    /// config's coefficients.
    var scoring: Bool
    /// A report's columns (`report.NAME.columns`), drawn instead of the table; nil for the table.
    var layout: ReportLayout?
    /// The config's colour rules, read only for the table (or a report's columns) in colour.
    let colours: ColourRules
    /// How far ahead the colour rule `due` looks (`due-days`).
    private let dueDays: Int

    init(_ invocation: Invocation, _ context: Context) throws {
        let shapes = Self.shapes.filter(invocation.flag)
        guard shapes.count <= 1 else {
            throw CommandError(
                message: "--\(shapes[0].long) and --\(shapes[1].long) cannot be used together", status: ExitStatus.usage
            )
        }
        self.invocation = invocation
        self.context = context
        let config = try context.config()
        template = try invocation.value(.format).map { text in
            try ListTemplate(text, udas: { try config?.udaSchema() ?? .none })
        }
        let sortKeys = (invocation.value(.sort) ?? "").split(separator: ",").map {
            String($0.drop { $0 == "-" || $0 == "+" }).lowercased()
        }
        settings = try ReportSettings(invocation, config, context.environment)
        dialect = try context.dialect(invocation, config)
        filter = try FilterInput(
            invocation.arguments, literalFrom: invocation.literalFrom, sortKeys: sortKeys,
            also: settings.context?.words ?? [], config: config,
            dialect: dialect, takesLimit: true, context)
        marksUnsynced = shapes.isEmpty && context.syncIsConfigured(config)
        scoring = template?.needsUrgency == true || sortKeys.contains(ListTemplate.urgency)
        colours = shapes.isEmpty && context.stdoutStyle(invocation).enabled ? try config?.colourRules() ?? .none : .none
        dueDays = colours.isEmpty ? FilterContext.defaultDueDays : try config?.dueDays() ?? FilterContext.defaultDueDays
    }

    /// `--sort`'s order, if given.
    func sort() throws(CommandError) -> TodoSort? {
        try invocation.value(.sort).map { text throws(CommandError) in
            do { return try TodoSort(parsing: text, udas: udas) } catch {
                throw CommandError(message: "--sort: \(error)", status: ExitStatus.usage)
            }
        }
    }

    /// What the terms, the order and `{urgency}` are counted with; with the urgency
    /// coefficients when this listing or the caller (`scoring`) counts urgency.
    func filterContext(_ state: TodoState, _ dependencies: Dependencies, scoring: Bool = false) throws -> FilterContext
    {
        try filter.filterContext(state, dependencies, scoring: scoring || self.scoring)
    }

    func matches(_ todo: Todo, _ context: FilterContext) -> Bool {
        filter.matches(todo, context)
    }

    /// What the table's marks need besides the todos read: the dependencies of the open ones
    /// that were not read (those of the todos shown are among them); nothing for the other outputs.
    func missingDependencies(_ state: TodoState) -> FurtherRead {
        guard isTable else { return .nothing }
        let todos = state.todos
        var wanted = Set<UUID>()
        // Field by field, not a copy of each todo: most read have no dependencies. Through
        // `attributes`: the dynamic member (`todos[index].depends`) copies the whole todo.
        for index in todos.indices where !todos[index].completed {
            let depends = todos[index].attributes.depends
            if !depends.isEmpty, !wanted.isSuperset(of: depends) { wanted.formUnion(depends) }
        }
        guard !wanted.isEmpty else { return .nothing }
        for index in todos.indices where wanted.contains(todos[index].uuid) { wanted.remove(todos[index].uuid) }
        return FurtherRead(uuids: wanted)
    }

    /// Which of `shown` are blocked, for the table's marks: those depending on an open todo
    /// among those read and those the further read found (`missingDependencies`), as
    /// `Dependencies` of them all would say of the shown ones (which is all the marks read of
    /// it); none for the other outputs, or without dependencies.
    func blockedMarks(_ shown: [Todo], _ state: TodoState, _ further: [Todo]) -> Dependencies {
        guard isTable else { return .none }
        // Each shown open todo's dependencies, read once, field by field (as above).
        var waiting: [(uuid: UUID, depends: Set<UUID>)] = []
        for index in shown.indices where !shown[index].completed {
            let depends = shown[index].attributes.depends
            if !depends.isEmpty { waiting.append((shown[index].uuid, depends)) }
        }
        var wanted = Set<UUID>()
        for todo in waiting where !wanted.isSuperset(of: todo.depends) { wanted.formUnion(todo.depends) }
        guard !wanted.isEmpty else { return .none }
        var open = Set<UUID>()
        let todos = state.todos
        for index in todos.indices where !todos[index].completed && wanted.contains(todos[index].uuid) {
            open.insert(todos[index].uuid)
        }
        for todo in further where !todo.completed && wanted.contains(todo.uuid) { open.insert(todo.uuid) }
        var blocked = Set<UUID>(minimumCapacity: waiting.count)
        for todo in waiting where todo.depends.contains(where: { $0 != todo.uuid && open.contains($0) }) {
            blocked.insert(todo.uuid)
        }
        return Dependencies(blocked: blocked, blocking: [])
    }

    /// The todos as `--json`, `--ids` or `--format` print them, or as the table (or the
    /// report's columns); the table is fitted to a terminal's width and escaped, and marks
    /// blocked todos; `{urgency}` is counted in `scores`. `numbers` are todos read, whose
    /// numbers a depends column shows.
    func output(
        _ todos: [Todo], _ dependencies: Dependencies = .none, scores: FilterContext? = nil, numbers: [Todo] = []
    ) -> Output {
        if invocation.flag(.json) { return Output(stdout: json(todos)) }
        if invocation.flag(.ids) { return Output(stdout: todos.map { "\($0.id)\n" }.joined()) }
        if let template {
            return Output(stdout: todos.map { template.render($0, in: dates.timeZone, scores: scores) + "\n" }.joined())
        }
        let width = context.stdoutIsTerminal ? context.terminalWidth ?? 80 : nil
        let style = context.stdoutStyle(invocation), colour = rowColour(dependencies, scores)
        if let layout {
            let around = ReportColumn.Surroundings(
                dates: dates, dependencies: dependencies,
                numbers: Dictionary(numbers.map { ($0.uuid, $0.id) }) { first, _ in first }, scores: scores)
            return Output(stdout: layout.render(todos, around, width: width, style: style, colour: colour))
        }
        return Output(
            stdout: table(
                todos, width: width, style: style, dates: dates, dependencies: dependencies,
                marksUnsynced: marksUnsynced, colour: colour))
    }

    /// The colour the rules give each row, on the clock, with due-days and `dependencies`
    /// (every open todo's when a rule reads them: `ColourRules.needsOtherTodos`); nil without rules.
    private func rowColour(_ dependencies: Dependencies, _ scores: FilterContext?) -> ((Todo) -> TerminalColour?)? {
        guard !colours.isEmpty else { return nil }
        let context = FilterContext(
            dates: dates, dependencies: dependencies, dueDays: dueDays, latest: scores?.latest ?? 0)
        return { [colours] todo in colours.colour(for: todo, in: context) }
    }

    /// Whether the output is the table (no `--json`, `--ids` or `--format`).
    var isTable: Bool { !Self.shapes.contains(where: invocation.flag) }

    /// The options that print the todos other than as the table; one at most may be given.
    static let shapes: [OptionSpec] = [.json, .format, .ids]

    /// Whether the output is the table on a terminal, which a summary follows.
    var isForPeople: Bool {
        context.stdoutIsTerminal && isTable
    }
}
