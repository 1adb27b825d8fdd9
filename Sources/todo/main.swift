import Foundation
import TodoCLI

let output = run(Context.live())
writeAll(output.stdout, to: STDOUT_FILENO)
writeAll(output.stderr, to: STDERR_FILENO)
exit(output.status)
