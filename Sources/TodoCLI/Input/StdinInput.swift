/// Reading stdin for '-' arguments. It is read whole when the plan is made, before the state
/// file is locked, so a slow producer never holds up other `todo` processes.
extension Context {
    var stdinText: String { String(decoding: readStdin(), as: UTF8.self) }

    /// `references` with '-' replaced by the blank-separated words of stdin (read once).
    func expandingStdin(_ references: [String]) -> [String] {
        guard references.contains("-") else { return references }
        let words = stdinText.split(whereSeparator: \.isWhitespace).map(String.init)
        return references.flatMap { $0 == "-" ? words : [$0] }
    }
}

/// The lines of `text`, split at "\n" or "\r\n" only (a JSON string may hold U+2028).
func lines(_ text: String) -> [Substring] {
    text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
}

/// What was wrong with input a command reads (a batch line, a file to import); the command
/// says where: `line 3: …`, `cannot import FILE as FORMAT: …`.
struct InputError: Error, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}
