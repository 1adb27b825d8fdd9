import Foundation
import TodoCLI
import TodoHTTP

var context = Context.live()
context.network = .connect { SyncClient(server: $0.server, token: $0.token, timeout: $0.timeout) }
let output = run(context)
writeAll(output.stdout, to: STDOUT_FILENO)
writeAll(output.stderr, to: STDERR_FILENO)
exit(output.status)
