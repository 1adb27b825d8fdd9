import TodoCore
import TodoStore

/// `ls`, `listall` and `listpri` in the todo.txt dialect: todo.sh's lines and footer
/// (`TodoTxtListing`). The open todos stand for todo.sh's todo.txt and the completed ones
/// for its done.txt, as after todo.sh's `archive`: `ls` shows the open todos, `listall` all.
enum TodoTxtList {
    static func plan(_ listing: Listing, _ variant: ListCommand.Variant) throws -> Plan {
        let invocation = listing.invocation
        let sort = try listing.sort()
        let showsWaiting =
            invocation.flag(.waiting) || invocation.value(.filter) == TodoFilter.all.rawValue || variant == .all
        let filter =
            variant == .all
            ? TodoFilter.all : invocation.value(.filter).flatMap(TodoFilter.init) ?? listing.settings.defaultFilter
        return .query(reads: .all) { state in
            let dependencies = listing.terms?.needsOtherTodos == true || sort != nil ? Dependencies(state.todos) : .none
            let filterContext = try listing.filterContext(state, dependencies)
            // The footer counts the waiting todos ls leaves out, as todo.sh counts every line of todo.txt.
            let pool = state.listed(filter)
            var todos = pool.filter {
                (showsWaiting || !$0.isWaiting(in: listing.dates)) && listing.matches($0, filterContext)
            }
            todos.removeAll { !variant.keeps($0) }
            if let sort { todos = sort.sorted(todos, in: filterContext) }
            let width = String(pool.map(\.id).max() ?? 0).count
            var output = Output(
                stdout: TodoTxtListing.lines(
                    todos, sortingByLine: sort == nil, numberWidth: width,
                    style: listing.context.stdoutStyle(invocation),
                    numbers: TodoTxtDependencies.numbers(state.todos)))
            let open = (todos.filter { !$0.completed }.count, pool.filter { !$0.completed }.count)
            output.info =
                variant == .all
                ? TodoTxtListing.footer(open: open, done: (todos.count - open.0, pool.count - open.1))
                : TodoTxtListing.footer(shown: todos.count, of: pool.count)
            return output
        }
    }

    /// `listpri [LETTERS] [TERM...]`: the first word names letters when it is one (`A`) or a
    /// range (`A-C`), as todo.sh reads it; in the default dialect H, M and L name Taskwarrior's
    /// priorities. Without one, every prioritized todo.
    static func priorityPlan(_ invocation: Invocation, _ context: Context) throws -> Plan {
        let dialect = try context.dialect(invocation, try context.config())
        var rest = invocation
        var letters = allLetters
        if let first = invocation.arguments.first, invocation.literalFrom != 0, let named = Self.letters(first, dialect)
        {
            letters = named
            rest.arguments.removeFirst()
            rest.literalFrom = rest.literalFrom.map { $0 - 1 }
        }
        return try ListCommand.plan(rest, context, .priorities(Set(letters)))
    }

    /// The todo.txt priority letters, A to Z.
    static let allLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

    /// `A` → [A], `a-c` → [A, B, C]; in the default dialect `H` → [A], `M` → [B], `L` → [C … Z].
    static func letters(_ word: String, _ dialect: Dialect) -> [String]? {
        if dialect == .taskwarrior, let priority = Priority(word: word) {
            return allLetters.filter { Priority(todoTxtLetter: $0) == priority }
        }
        let scalars = Array(word.uppercased().unicodeScalars)
        let isLetter = { (scalar: Unicode.Scalar) in ("A"..."Z").contains(scalar) }
        if scalars.count == 1, isLetter(scalars[0]) { return [String(scalars[0])] }
        guard scalars.count == 3, scalars[1] == "-", isLetter(scalars[0]), isLetter(scalars[2]),
            scalars[0] <= scalars[2]
        else { return nil }
        return (scalars[0].value...scalars[2].value).compactMap(UnicodeScalar.init).map(String.init)
    }
}

/// `todo listproj [TERM...]` and `todo listcon [TERM...]`: the projects (`+home`) or the
/// tags, as todo.txt contexts (`@phone`), of the todos `ls` would show, one a line, sorted.
enum ListWordsCommand {
    static func plan(_ invocation: Invocation, _ context: Context, projects: Bool) throws -> Plan {
        let listing = try Listing(invocation, context)
        return .query(reads: .all) { state in
            let filterContext = try listing.filterContext(
                state, listing.terms?.needsOtherTodos == true ? Dependencies(state.todos) : .none)
            let todos = state.listed(listing.settings.defaultFilter).filter {
                !$0.isWaiting(in: listing.dates) && listing.matches($0, filterContext)
            }
            let words = Set(
                todos.flatMap { todo in projects ? todo.project.map { ["+" + $0] } ?? [] : todo.tags.map { "@" + $0 } })
            let sorted = words.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            if invocation.flag(.json) {
                return Output(stdout: "[" + sorted.map { json(String($0.dropFirst())) }.joined(separator: ",") + "]\n")
            }
            return Output(stdout: sorted.map { oneLine($0) + "\n" }.joined())
        }
    }
}

/// `todo archive`: todo.sh moves completed tasks from todo.txt to done.txt. todo keeps every
/// todo in its one state file, and `ls` already leaves completed todos out, as an archived
/// todo.txt would; so archive moves nothing, and says where the completed todos are.
enum ArchiveCommand {
    static func plan(_ invocation: Invocation, _ context: Context) -> Plan {
        .query(reads: .completed(true)) { state in
            let count = state.todos.filter(\.completed).count
            if invocation.flag(.json) { return Output(stdout: "{\"completed\":\(count)}\n") }
            return .info(
                """
                Nothing to move: todo keeps completed todos (\(count)) in its state file, out of 'ls'; 'listall' shows \
                them, 'clear-completed' deletes them.\n
                """
            )
        }
    }
}
