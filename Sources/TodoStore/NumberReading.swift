import TodoCore
import TodoWire

/// The checked integers of the state file and journal: a damaged or forged number is
/// refused on load, never carried into a count, an index or an addition.
extension JSONReader {
    /// A todo's number: 1 through `TodoState.maxId`.
    mutating func readId() throws(JSONSyntaxError) -> Int {
        try readInt(in: 1...TodoState.maxId, "a todo number from 1 to \(TodoState.maxId)")
    }

    /// The next number to give: 1 through `TodoState.maxId + 1` (all used).
    mutating func readNextId() throws(JSONSyntaxError) -> Int {
        try readInt(in: 1...TodoState.maxId + 1, "a next number from 1 to \(TodoState.maxId + 1)")
    }

    /// A server revision or cursor: 0 or more.
    mutating func readRevision() throws(JSONSyntaxError) -> Int64 {
        Int64(try readInt(in: 0...Int.max, "a revision of 0 or more"))
    }
}
