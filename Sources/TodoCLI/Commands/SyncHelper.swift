#if canImport(Glibc)
    import Glibc
#endif
import Foundation
import TodoStore

/// The `todo-sync` executable beside the running `todo`.
func syncHelperPath() -> String {
    var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
    let executable = count > 0 ? String(decoding: buffer.prefix(count), as: UTF8.self) : CommandLine.arguments[0]
    return PathText.sibling(of: executable, named: "todo-sync")
}

/// Replaces this process with `path` (todo-sync), given the same arguments; returns only by
/// throwing, when it cannot be run.
func handOver(to path: String, _ context: Context) throws -> Never {
    let arguments = [path] + context.overrideWords + context.arguments
    var pointers = arguments.map { strdup($0) } + [nil]
    execv(path, &pointers)
    let code = errno
    for pointer in pointers { free(pointer) }
    let reason =
        code == ENOENT
        ? "it is missing: install it beside todo ('swift build' builds both)" : String(cString: strerror(code))
    throw CommandError(message: "'todo sync' runs \(path), and cannot: \(reason)")
}
