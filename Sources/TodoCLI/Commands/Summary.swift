import TodoCore

/// `todo summary [FILTER...]`: each project with active todos, its sub-projects indented: how
/// many are left, their average age, how much is done, and a bar of it.
enum SummaryCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let counts = ProjectTree.counts(try input.todos(state)).filter { $0.active > 0 }
            if input.asJSON {
                return Output(
                    stdout: ReportJSON.array(
                        counts.map { count in
                            .object([
                                ("project", .optional(count.project)), ("remaining", .int(count.active)),
                                ("averageAgeSeconds", .optional(count.averageAge(at: input.now).map { Int($0) })),
                                ("completed", .int(count.completed)), ("percentDone", .int(count.percentDone))
                            ])
                        }
                    ).document)
            }
            let rows = counts.map { count in
                [
                    String(repeating: "  ", count: count.depth) + oneLine(count.leaf), String(count.active),
                    count.averageAge(at: input.now).map(LocalTime.span) ?? "-", "\(count.percentDone)%"
                ]
            }
            let heading = ["Project", "Remaining", "Avg age", "Done"]
            // The bar takes what the other columns leave, up to 30 columns; below 10 there is none.
            let used = heading.indices.dropFirst().map { column in
                ([heading] + rows).map { displayWidth($0[column]) }.max()! + 1
            }.reduce(0, +)
            let nameWidth = ([heading] + rows).map { displayWidth($0[0]) }.max()!
            let room = min(30, input.width - used - min(nameWidth, 12) - 1)
            let drawing = Drawing(unicode: input.unicode, style: input.style)
            let after =
                room < 10
                ? nil
                : (
                    heading: "0%" + String(repeating: " ", count: room - 6) + "100%",
                    cells: counts.map { drawing.bar(Double($0.completed) / Double($0.total), width: room) }, room: room
                )
            var output = Output(
                stdout: ReportTable.render(heading, rows, width: input.width, style: input.style, after: after))
            let projects = counts.count { $0.project != nil }
            output.info = input.note(
                counts.isEmpty ? "No active todos" : "\(projects) project\(projects == 1 ? "" : "s")")
            return output
        }
    }
}
