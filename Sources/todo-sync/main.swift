import Foundation
import TodoCLI
import TodoHTTP
import TodoSync

var context = Context.live()
context.exitsAfterCommand = true
context.network = .connect { settings throws(SyncError) in
    try SyncClient(server: settings.server, token: settings.token, timeout: settings.timeout, caFile: settings.caFile)
}
context.replicaNetwork = { settings throws(SyncError) in try TaskChampionClient(settings: settings) }
let output = run(context)
writeAll(output.stdout, to: STDOUT_FILENO)
writeAll(output.stderr, to: STDERR_FILENO)
exit(output.status)
