/// The formats `todo import --from` reads and `todo export --to` writes.
enum TransferFormat: String, CaseIterable {
    /// todo's own JSON: `todo export`, `todo list --json`, a state file.
    case todo
    /// `task export` and `task import`.
    case taskwarrior
    /// A todo.txt file.
    case todotxt
    /// An iCalendar file (.ics) of VTODOs, as task apps export them (RFC 5545).
    case ical

    /// The names, for the options' choices.
    static let names = allCases.map(\.rawValue)
}
