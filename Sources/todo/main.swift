import Foundation
import TodoCLI

var context = Context.live()
context.exitsAfterCommand = true
let output = run(context)
writeAll(output.stdout, to: STDOUT_FILENO)
writeAll(output.stderr, to: STDERR_FILENO)
exit(output.status)
