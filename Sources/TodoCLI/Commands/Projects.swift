import TodoCore

/// `todo projects [FILTER...]`: the project tree, sub-projects indented, each with its active
/// and completed todos (its sub-projects' included) and how much of it is done.
enum ProjectsCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let counts = ProjectTree.counts(try input.todos(state))
            if input.asJSON {
                return Output(
                    stdout: ReportJSON.array(
                        counts.map { count in
                            .object([
                                ("project", .optional(count.project)), ("active", .int(count.active)),
                                ("completed", .int(count.completed)), ("percentDone", .int(count.percentDone))
                            ])
                        }
                    ).document)
            }
            let rows = counts.map { count in
                [
                    String(repeating: "  ", count: count.depth) + oneLine(count.leaf), String(count.active),
                    String(count.completed), "\(count.percentDone)%"
                ]
            }
            var output = Output(
                stdout: ReportTable.render(
                    ["Project", "Active", "Done", "% done"], rows, width: input.width, style: input.style))
            output.info = input.note(
                counts.isEmpty
                    ? "No projects"
                    : """
                    \(counts.count { $0.project != nil }) \
                    project\(counts.count { $0.project != nil } == 1 ? "" : "s")
                    """
            )
            return output
        }
    }
}

/// `todo tags [FILTER...]`: each tag in use, with its active and completed todos.
enum TagsCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .query { state in
            let counts = TagCount.counts(try input.todos(state))
            if input.asJSON {
                return Output(
                    stdout: ReportJSON.array(
                        counts.map { count in
                            .object([
                                ("tag", .string(count.tag)), ("active", .int(count.active)),
                                ("completed", .int(count.completed))
                            ])
                        }
                    ).document)
            }
            let rows = counts.map { [oneLine($0.tag), String($0.active), String($0.completed)] }
            var output = Output(
                stdout: ReportTable.render(["Tag", "Active", "Done"], rows, width: input.width, style: input.style))
            output.info = input.note(counts.isEmpty ? "No tags" : "\(counts.count) tag\(counts.count == 1 ? "" : "s")")
            return output
        }
    }
}
