import Foundation
import TodoCore
import TodoStore
import TodoSync

enum SyncCommand {
    static func plan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        // Handed over before anything runs here, hooks included: todo-sync runs them.
        if case .helper = context.network { try handOver(to: syncHelperPath(), context) }
        return .run { store in
            let connect: (SyncSettings) throws(SyncError) -> any SyncTransport
            switch context.network {
            case .connect(let open): connect = open
            case .helper: throw CommandError(message: "todo sync was not handed over to todo-sync")
            case .unavailable: throw CommandError(message: "this build of todo cannot sync (no network client)")
            }
            if let replica = try context.configFile().replicaSettings(environment: context.environment) {
                return try ReplicaSync.run(replica, store: store, invocation, context)
            }
            let settings = try context.configFile().settings(environment: context.environment)
            if settings.sendsTokenInPlainText {
                context.warn(
                    """
                    the token travels unencrypted to \(ServerAddress.origin(settings.server) ?? "the server") \
                    (insecure-http is on); use https:// to protect it
                    """
                )
            }
            let client = try connect(settings)
            // Todos whose until has passed are deleted first, so that a device that only syncs
            // (cron) sends the deletions too.
            let clock = DateContext(now: context.now(), timeZone: context.timeZone)
            let engine = SyncEngine(store: store, client: client, now: context.now, newUUID: context.newUUID) {
                Expiry.action($0, clock: clock)
            }
            let dryRun = invocation.flag(.dryRun)
            let report = dryRun ? try engine.dryRun() : try engine.run()
            // Attributes travel with the todos: those the pulled todos carry are declared here too.
            var declared = dryRun ? [] : declareAttributes(report.attributeValues, context)
            if !invocation.flag(.quiet) { declared = Expiry.notes(report.preluded) + declared }
            if invocation.flag(.json) {
                return Output(stdout: reportJSON(report, dryRun: dryRun), stderr: declared.map { $0 + "\n" }.joined())
            }
            var output = Output(stderr: declared.map { $0 + "\n" }.joined())
            for (todo, reason) in report.skipped {
                output.stderr += "todo: not sent: \(label(todo)): \(oneLine(reason)) (the server would refuse it)\n"
            }
            if report.serverWasReset {
                output.info += "The server was reset (a new dataset): todos here are sent to it again.\n"
            }
            if report.resynced {
                output.info +=
                    """
                    The server had pruned deletions this device had not read: read everything again; todos deleted \
                    there and unchanged here were deleted here.\n
                    """
            }
            if dryRun {
                output.info +=
                    "Would pull \(report.pulled) and push \(report.pushed) (dry run: nothing sent or saved).\n"
                return output
            }
            let conflicts = report.conflicts.count
            output.info +=
                """
                Synced with \(ServerAddress.displayName(client.server)): pulled \(report.pulled), \
                pushed \(report.pushed), \(conflicts) conflict\(conflicts == 1 ? "" : "s").\n
                """
            for (todo, conflict) in report.conflicts { output.info += "  " + describe(conflict, of: todo) + "\n" }
            return output
        }
    }

    /// Declares in the config each user-defined attribute the pulled todos hold that it does
    /// not declare yet, with the type their values suggest, so that `client:acme` is read as
    /// the attribute on this device too; a note for each.
    private static func declareAttributes(_ pulled: [String: [String]], _ context: Context) -> [String] {
        guard !pulled.isEmpty else { return [] }
        let schema = (try? context.udaSchema()) ?? .none
        return ImportCommand.declare(pulled.filter { schema[$0.key] == nil }, context)
    }

    static func describe(_ conflict: SyncConflict, of todo: Todo) -> String {
        if conflict.field == "deleted" {
            return
                """
                #\(todo.id) \(displayName(todo)): \(oneLine(conflict.lost)), \(oneLine(conflict.kept)) was kept; see \
                'todo show \(todo.id)'
                """
        }
        return
            """
            #\(todo.id) \(displayName(todo)): \(conflict.field) kept \(quoted(conflict.kept)) from the server; yours \
            was \(quoted(conflict.lost)) (see 'todo show \(todo.id)')
            """
    }

    private static func reportJSON(_ report: SyncReport, dryRun: Bool) -> String {
        let conflicts = report.conflicts.map { todo, conflict in
            """
            {\"id\": \(todo.id), \"uuid\": \"\(uuidText(todo.uuid))\", \"field\": \(json(conflict.field)), \
            \"kept\": \(json(conflict.kept)), \"lost\": \(json(conflict.lost))}
            """
        }
        let skipped = report.skipped.map { todo, reason in
            "{\"id\": \(todo.id), \"uuid\": \"\(uuidText(todo.uuid))\", \"reason\": \(json(reason))}"
        }
        return """
            {"dryRun": \(dryRun), "pulled": \(report.pulled), "pushed": \(report.pushed), \
            "serverReset": \(report.serverWasReset), "resynced": \(report.resynced),
             "conflicts": [\(conflicts.joined(separator: ", "))],
             "skipped": [\(skipped.joined(separator: ", "))]}

            """
    }
}
