import Foundation
@_exported import TodoTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The free port, the seeded generator and TestFailure come from the root package's
// TodoTestSupport, which the root tests use too.

/// `todo-server` or another program this repository builds (`BuiltBinary`: `TODO_SERVER_BINARY`,
/// else beside the test bundle).
func builtBinary(_ name: String) throws -> URL {
    URL(fileURLWithPath: try BuiltBinary.path(of: name))
}
