import Foundation
import TodoCore
import TodoStore

/// Taskwarrior's verbs for scripts and habits, over todo's reports: `count`, `ids`, `uuids`,
/// their helper forms `_ids`, `_uuids`, and `_projects`, `_tags`, `_unique`, `_get`,
/// `version`, `calc`, `purge`. A `_` form prints one value a line and nothing more, for scripts.
enum TaskwarriorVerbs {
    /// `todo count [FILTER]`: how many todos the filter passes, completed ones too.
    static func count(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in Output(stdout: "\(try input.todos(state).count)\n") }
    }

    /// `ids` (`1-3,5`), `_ids` (one a line): the numbers of the active todos the filter passes.
    static func ids(_ invocation: Invocation, _ context: Context, lines: Bool) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let ids = try input.todos(state).filter { !$0.completed }.map(\.id)
            if lines { return Output(stdout: ids.map { "\($0)\n" }.joined()) }
            return found(ids.isEmpty, input, Output(stdout: ranges(ids) + "\n"))
        }
    }

    /// `uuids` (blank-separated), `_uuids` (one a line): the UUIDs of every todo the filter passes.
    static func uuids(_ invocation: Invocation, _ context: Context, lines: Bool) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let uuids = try input.todos(state).map { uuidText($0.uuid) }
            if lines { return Output(stdout: uuids.map { $0 + "\n" }.joined()) }
            return found(uuids.isEmpty, input, Output(stdout: uuids.joined(separator: " ") + "\n"))
        }
    }

    /// `_projects`, `_tags`: the projects and tags of the active todos, a line each; `_tags`
    /// names the virtual tags too, as Taskwarrior's does.
    static func names(_ invocation: Invocation, _ context: Context, tags: Bool) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let active = try input.todos(state).filter { !$0.completed }
            var names = Set(tags ? active.flatMap(\.tags) : active.compactMap(\.project))
            if tags { names.formUnion(VirtualTag.all.map(\.name)) }
            return Output(stdout: names.sorted().map { oneLine($0) + "\n" }.joined())
        }
    }

    /// `_unique FIELD`: each value the field has among the active todos, a line each.
    static func unique(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let udas = try context.udaSchema()
        guard let key = invocation.arguments.first,
            let field = DOMReference.field(named: key, declared: { udas[$0] != nil })
        else {
            throw CommandError(message: "_unique needs a field: \(DOMReference.fieldNames)", status: ExitStatus.usage)
        }
        var rest = invocation
        rest.arguments.removeFirst()
        rest.literalFrom = rest.literalFrom.map { $0 - 1 }
        let input = try ReportInput(rest, context)
        let urgency = field == .urgency ? try context.config()?.urgency() ?? .taskwarrior : .taskwarrior
        return .query { state in
            var seen = Set<String>()
            var values: [String] = []
            let scores = FilterContext(
                dates: input.dates, dependencies: field == .urgency ? Dependencies(state.todos) : .none,
                urgency: urgency)
            for todo in try input.todos(state) where !todo.completed {
                for value in field.values(of: todo, in: input.dates, scores: scores) where seen.insert(value).inserted {
                    values.append(value)
                }
            }
            return Output(stdout: values.sorted().map { oneLine($0) + "\n" }.joined())
        }
    }

    /// `_get REFERENCE...`: each DOM reference's value (`3.due`, `3.tags`, `3.annotations.1.description`,
    /// `rc.due-days`), blank-separated on one line; a todo that is not there gives an empty value.
    static func get(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let udas = try context.udaSchema()
        let references = try invocation.arguments.map { try DOMReference($0, declared: { udas[$0] != nil }) }
        guard !references.isEmpty else {
            throw CommandError(
                message: "_get needs a DOM reference: ID.FIELD (3.due), ID.annotations.N.description or rc.SETTING",
                status: ExitStatus.usage)
        }
        let config = try context.config()
        let dates = context.dateContext
        let scoring = references.contains { $0.needsOtherTodos }
        let urgency = scoring ? try config?.urgency() ?? .taskwarrior : .taskwarrior
        return .query { state in
            let scores = FilterContext(
                dates: dates, dependencies: scoring ? Dependencies(state.todos) : .none, urgency: urgency)
            let values = references.map { $0.value(in: state, config: config?.values ?? [:], scores: scores) }
            return Output(stdout: values.map(oneLine).joined(separator: " ") + "\n")
        }
    }

    /// `calc DATE`: the date todo reads, as Taskwarrior's `task calc` prints one.
    static func calc(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let text = invocation.arguments.joined(separator: " ")
        let dates = context.dateContext
        let date: DueDate
        do {
            date = try DateReader.read(text, in: dates)
        } catch {
            throw CommandError(message: error.description, status: ExitStatus.usage)
        }
        return .output(Output(stdout: DOMReference.localText(date, in: dates) + "\n"))
    }

    /// `purge`: todo keeps no deleted todos, so there is nothing to purge; says so.
    static func purge(_ invocation: Invocation, _ context: Context) throws -> Plan {
        .output(
            .info(
                """
                Nothing to purge: todo keeps no deleted todos (delete removes a todo at once; undo brings it back \
                while the step is in its history).\n
                """
            ))
    }

    /// `version`, `_version`: as `--version`, or the number alone.
    static func version(_ invocation: Invocation, _ context: Context, bare: Bool) throws -> Plan {
        .output(Output(stdout: bare ? CommandTable.version + "\n" : "todo \(CommandTable.version)\n"))
    }

    /// `1-3,5,7-8`: numbers as Taskwarrior's `ids` prints them.
    static func ranges(_ ids: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = ids.sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end > index ? "\(sorted[index])-\(sorted[end])" : "\(sorted[index])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// `output`, or when nothing was found, a line on stderr saying so instead.
    private static func found(_ empty: Bool, _ input: ReportInput, _ output: Output) -> Output {
        guard empty else { return output }
        return Output(stderr: input.invocation.arguments.isEmpty ? "todo: no todos\n" : noMatch(input.invocation))
    }
}
