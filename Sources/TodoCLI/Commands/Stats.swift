import Foundation
import TodoCore
import TodoStore

/// `todo stats [FILTER...]`: how many todos in each state, how old they are, how fast they get
/// done, and the state file, its undo history and where it stands with the server.
enum StatsCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let input = try ReportInput(invocation, context)
        return .read(reads: .allWithDeletedHistory, then: { _ in FurtherRead(sizes: true) }) { state, further in
            let stats = TodoStats(try input.todos(state), deleted: try input.deleted(state), dates: input.dates)
            let sizes = (state: further.stateBytes ?? 0, undo: further.undoBytes ?? 0)
            let rows = self.rows(stats, state, sizes, input)
            if input.asJSON { return Output(stdout: ReportJSON.object(rows.map { ($0.key, $0.value) }).document) }
            return Output(
                stdout: ReportTable.render(
                    ["Category", "Data"], rows.map { [$0.label, $0.text] }, width: input.width, style: input.style,
                    leftAligned: true))
        }
    }

    private struct Row {
        var key: String
        var label: String
        var value: ReportJSON
        var text: String
    }

    private static func rows(
        _ stats: TodoStats, _ state: TodoState, _ sizes: (state: Int, undo: Int), _ input: ReportInput
    ) -> [Row] {
        func count(_ key: String, _ label: String, _ value: Int) -> Row {
            Row(key: key, label: label, value: .int(value), text: String(value))
        }
        func date(_ key: String, _ label: String, _ value: Date?) -> Row {
            Row(
                key: key, label: label, value: .optional(value),
                text: value.map { input.context.localTime.text($0) } ?? "-")
        }
        func span(_ key: String, _ label: String, _ seconds: Double?) -> Row {
            Row(
                key: key, label: label, value: .optional(seconds.map { Int($0) }),
                text: seconds.map(LocalTime.span) ?? "-")
        }
        func rate(_ key: String, _ label: String, _ perDay: Double?) -> Row {
            Row(
                key: key, label: label, value: .optional(perDay), text: perDay.map { String(format: "%.2f", $0) } ?? "-"
            )
        }
        func bytes(_ key: String, _ label: String, _ value: Int) -> Row {
            Row(key: key, label: label, value: .int(value), text: byteText(value))
        }
        let sync = state.sync
        let syncText =
            sync.datasetId == nil
            ? "never synced"
            : "up to server revision \(sync.cursor); \(stats.unsynced) todo\(stats.unsynced == 1 ? "" : "s") to send"
        return [
            count("active", "Active", stats.active), count("waiting", "Waiting", stats.waiting),
            count("started", "Started", stats.started),
            count("recurring", "Recurring", stats.recurring), count("completed", "Completed", stats.completed),
            count("deleted", "Deleted (still known)", stats.deleted), count("total", "Total", stats.total),
            count("annotations", "Annotations", stats.annotations), count("tags", "Unique tags", stats.tags),
            count("projects", "Projects", stats.projects),
            date("oldest", "Oldest todo", stats.oldest), date("newest", "Newest todo", stats.newest),
            span("averageTimeToComplete", "Average time to complete", stats.averageTimeToComplete),
            rate("addedPerDay", "Added per day", stats.addedPerDay),
            rate("completedPerDay", "Completed per day", stats.completedPerDay),
            bytes("stateBytes", "State file size", sizes.state), count("undoSteps", "Undo steps", state.history.count),
            bytes("undoBytes", "Undo log size", sizes.undo),
            count("unsynced", "Unsynced todos", stats.unsynced),
            Row(
                key: "syncRevision", label: "Sync", value: sync.datasetId == nil ? .null : .int(Int(sync.cursor)),
                text: syncText)
        ]
    }

    /// `812 B`, `4.4 KiB`, `12.0 MiB`.
    static func byteText(_ bytes: Int) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        if bytes < 1 << 20 { return String(format: "%.1f KiB", Double(bytes) / 1024) }
        return String(format: "%.1f MiB", Double(bytes) / Double(1 << 20))
    }
}
