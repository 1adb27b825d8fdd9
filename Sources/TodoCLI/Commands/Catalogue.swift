import Foundation
import TodoCore

/// Taskwarrior's catalogue verbs, from todo's own tables: `commands` (the command table),
/// `columns` (what `report.NAME.columns` takes), `udas` (the attributes the config declares,
/// and those todos hold undeclared); each with a `_` form, its names one a line.
enum Catalogue {
    /// `commands`: each command, its aliases and what it does; `_commands`: the names alone.
    static func commands(_ invocation: Invocation, names: Bool) -> Plan {
        let commands = CommandTable.commands.filter { !$0.hidden }
        if names { return .output(Output(stdout: commands.map { $0.name + "\n" }.joined())) }
        if invocation.flag(.json) {
            let objects = commands.map {
                """
                {\"name\":\(json($0.name)),\"aliases\":[\($0.aliases.map(json).joined(separator: ","))],\
                \"description\":\(json($0.summary))}
                """
            }
            return .output(Output(stdout: "[" + objects.joined(separator: ",") + "]\n"))
        }
        let rows = commands.map { [$0.name, $0.aliases.joined(separator: ","), $0.summary] }
        return .output(Output(stdout: table(["Command", "Aliases", "Description"], rows) + "\(rows.count) commands\n"))
    }

    /// `columns`: each column `report.NAME.columns` takes and its formats, the default first;
    /// `_columns`: the names alone.
    static func columns(_ invocation: Invocation, _ context: Context, names: Bool) throws -> Plan {
        let udas = try context.udaSchema()
        let attributes: [(String, DOMReference.Attribute)] =
            [("id", .id), ("uuid", .uuid), ("status", .status), ("urgency", .urgency)]
            + TodoStamp.allCases.map { ($0.taskwarrior, .stamp($0)) }
            + TodoField.allCases.compactMap { field in field.spec.taskwarrior.map { ($0, .field(field)) } }
            + udas.names.map { ($0, .uda($0)) }
        let rows = attributes.compactMap { name, attribute in
            ReportColumn.formats(attribute).map { [name, $0.map(\.rawValue).joined(separator: ",")] }
        }
        if names { return .output(Output(stdout: rows.map { $0[0] + "\n" }.joined())) }
        return .output(Output(stdout: table(["Column", "Formats (the first unless one is given: due.relative)"], rows)))
    }

    /// `udas`: each attribute the config declares, its type, label, values and how many todos
    /// hold it, then those todos hold that none declares; `_udas`: the declared names.
    static func udas(_ invocation: Invocation, _ context: Context, names: Bool) throws -> Plan {
        let schema = try context.udaSchema()
        if names { return .output(Output(stdout: schema.names.map { $0 + "\n" }.joined())) }
        return .query { state in
            var counts: [String: Int] = [:]
            for todo in state.todos { for name in todo.udas.keys { counts[name, default: 0] += 1 } }
            let rows = schema.names.compactMap { schema[$0] }.map { uda in
                [
                    uda.name, uda.type.rawValue, uda.label, uda.values.joined(separator: ","),
                    String(counts[uda.name] ?? 0)
                ]
            }
            let orphans = counts.keys.filter { schema[$0] == nil }.sorted()
            var text =
                rows.isEmpty
                ? "No attributes declared: todo config uda.NAME.type TYPE declares one.\n"
                : table(["Name", "Type", "Label", "Values", "Todos"], rows) + "\(rows.count) declared\n"
            if !orphans.isEmpty {
                text += "\n" + table(["Undeclared", "Todos"], orphans.map { [$0, String(counts[$0] ?? 0)] })
            }
            return Output(stdout: text)
        }
    }

    /// `rows` under `headings`, in columns two blanks apart, each cell on one line.
    private static func table(_ headings: [String], _ rows: [[String]]) -> String {
        let all = [headings] + rows.map { $0.map(oneLine) }
        let widths = headings.indices.map { column in all.map { displayWidth($0[column]) }.max() ?? 0 }
        return Drawing.trimmed(
            all.map { row in row.indices.map { Drawing.left(row[$0], widths[$0]) }.joined(separator: "  ") })
    }
}
