import Foundation
import TodoCore
import TodoStore
import TodoSync

/// `todo sync` with a TaskChampion server (`sync.server.url`): todo as one more replica of a
/// Taskwarrior 3 account.
enum ReplicaSync {
    static func run(_ settings: ReplicaSettings, store: StateFile, _ invocation: Invocation, _ context: Context) throws
        -> Output
    {
        guard let connect = context.replicaNetwork else {
            throw CommandError(message: "this build of todo cannot sync with a TaskChampion server (no network client)")
        }
        if invocation.flag(.dryRun) {
            throw CommandError(
                message: "--dry-run is not available with a TaskChampion server (sync.server.url)",
                status: ExitStatus.usage)
        }
        let client = try connect(settings)
        let clock = DateContext(now: context.now(), timeZone: context.timeZone)
        let mapping = TaskChampionMapping.mapping(in: clock)
        let engine = ReplicaEngine(store: store, client: client, mapping: mapping, now: context.now)
        let report = try engine.run(lockTimeout: settings.timeout * 2)
        if invocation.flag(.json) {
            return Output(
                stdout: """
                    {"pulled": \(report.pulled), "pushed": \(report.pushed), "versionsRead": \(report.versionsRead), \
                    "versionsAdded": \(report.versionsAdded), \
                    "fromSnapshot": \(report.fromSnapshot), "snapshotSent": \(report.snapshotSent), \
                    "switched": \(report.switched)}

                    """)
        }
        var output = Output()
        if report.switched {
            output.info +=
                """
                This state file synced with todo-server before; it now syncs with the TaskChampion server, and its \
                todos are sent there.\n
                """
        }
        if report.fromSnapshot { output.info += "Started from the server's snapshot.\n" }
        output.info +=
            """
            Synced with \(ServerAddress.displayName(client.server)) (TaskChampion): pulled \(report.pulled), \
            pushed \(report.pushed).\n
            """
        return output
    }
}
