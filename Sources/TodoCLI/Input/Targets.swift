import TodoCore
import TodoStore

/// The todos a command that takes IDs acts on: the ID words after it (`3`, `3-7`, `3,5,9`,
/// a UUID prefix, `-` for more on stdin), or the filter before it (`todo +work done`), which
/// picks every todo that passes it, completed ones too, as Taskwarrior does.
struct Targets {
    /// The ID words, with stdin's read in for `-`.
    let words: [String]
    /// The same, read.
    private let ids: [TodoIDs]
    let filter: FilterInput?
    /// The filter as given, for messages.
    private let filterWords: [String]

    /// `words` (after the command) and `invocation.filter` (before it); every ID word is
    /// checked here, before anything is read.
    init(_ words: [String], _ invocation: Invocation, _ context: Context) throws {
        self.words = context.expandingStdin(words)
        filterWords = invocation.filter
        let config = invocation.filter.isEmpty ? nil : try context.config()
        filter =
            invocation.filter.isEmpty
            ? nil
            : try FilterInput(
                invocation.filter, literalFrom: nil, config: config, dialect: context.dialect(invocation, config),
                context)
        ids = try self.words.map { word in
            guard let ids = try TodoIDs(word) else { throw ReferenceError.malformed(word) }
            return ids
        }
    }

    /// No IDs and no filter: stdin held none.
    var isEmpty: Bool { words.isEmpty && filter == nil }

    /// What to read to find them.
    var reads: TodoSelection { filter == nil ? .referencedBy(words) : .all }

    /// The todos named, in the order named, each once; a filter that picks none is an error.
    func todos(in state: TodoState) throws -> [Todo] {
        var found: [Todo] = []
        for named in ids { found += try state.resolve(named) }
        if let filter {
            let context = try filter.filterContext(
                state, filter.terms?.needsOtherTodos == true ? Dependencies(state.todos) : .none)
            let picked = state.todos.filter { filter.matches($0, context) }.sorted { $0.id < $1.id }
            guard !picked.isEmpty else {
                throw CommandError(
                    message: "no todo passes the filter \(quoted(filterWords.joined(separator: " ")))",
                    status: ExitStatus.failure)
            }
            found += picked
        }
        var seen = Set<Int>()
        return found.filter { seen.insert($0.id).inserted }
    }

    /// Their numbers.
    func ids(in state: TodoState) throws -> [Int] {
        try todos(in: state).map(\.id)
    }
}
