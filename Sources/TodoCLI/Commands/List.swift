import TodoCore
import TodoStore

/// `todo list [FILTER...]`: the todos the filter terms and `--filter` pass, waiting ones hidden
/// unless asked for, in the default order or `--sort`'s.
enum ListCommand {
    /// `list`, or one of todo.sh's: `listall` (every todo) and `listpri` (those with these priority letters).
    enum Variant: Equatable {
        case list
        case all
        case priorities(Set<String>)

        /// Whether `todo` is one the variant lists, by its priority letter for `listpri`.
        func keeps(_ todo: Todo) -> Bool {
            guard case .priorities(let letters) = self else { return true }
            return TodoTxtPriority.letter(of: todo).map(letters.contains) == true
        }
    }

    static func plan(
        _ invocation: Invocation, _ context: Context, _ variant: Variant = .list, layout: ReportLayout? = nil
    ) throws -> Plan {
        var invocation = invocation
        if variant == .all { invocation.set(.all) }
        var listing = try Listing(invocation, context)
        listing.layout = layout
        if layout?.needsOtherTodos == true { listing.scoring = true }
        if listing.dialect == .todotxt, listing.isTable, layout == nil { return try TodoTxtList.plan(listing, variant) }
        let selection = try Selection(listing, variant)
        let needsAll = selection.needsAll
        let reads = reads(selection.filter, listing, needsAll: needsAll, context)
        // The table marks blocked todos: the dependencies of those read that were not read
        // are read after them (`Listing.blockedMarks` keeps those of the todos shown).
        let then = { (state: TodoState) in needsAll ? FurtherRead.nothing : listing.missingDependencies(state) }
        return .read(reads: reads, then: then) { state, further in
            let (todos, waiting, dependencies, filterContext) = try selection.todos(in: state)
            var output = listing.output(
                todos, needsAll ? dependencies : listing.blockedMarks(todos, state, further.todos),
                scores: filterContext, numbers: state.todos)
            if todos.isEmpty, listing.filter.isNarrowing {
                // Found nothing: said, never silent; an error when the words alone ran list.
                output.stderr += noMatch(invocation)
                if invocation.commandImplied { output.status = ExitStatus.failure }
            }
            guard listing.isForPeople else { return output }
            let narrowed = todos.count != state.counts.total
            output.info =
                state.counts.total == 0
                ? "No todos yet. Add the first with: todo add NAME\n"
                : summary(
                    state.counts, shown: todos.count, narrowed: narrowed, waiting: waiting,
                    marksUnsynced: listing.marksUnsynced)
                    + listing.settings.contextNote + "\n"
            return output
        }
    }

    /// Which todos `list` shows and in what order, from its words and options: for the table
    /// and for `todo ui`, which shows the same list.
    struct Selection {
        let listing: Listing
        let variant: Variant
        let filter: TodoFilter
        let sort: TodoSort?
        let showsWaiting: Bool
        /// Which todos block which, from every open todo: for +BLOCKED and the like, urgency and colour rules.
        let needsAll: Bool

        init(_ listing: Listing, _ variant: Variant = .list) throws {
            let invocation = listing.invocation
            if invocation.flag(.all), invocation.value(.filter) != nil {
                throw CommandError(message: "--all and --filter cannot be used together", status: ExitStatus.usage)
            }
            self.listing = listing
            self.variant = variant
            // Terms that pick by status or ID (+COMPLETED, 3) see every todo unless --filter says.
            let choosesStatus = listing.terms?.choosesStatus == true
            let given = invocation.flag(.all) ? TodoFilter.all : invocation.value(.filter).flatMap(TodoFilter.init)
            filter = given ?? (choosesStatus ? .all : listing.settings.defaultFilter)
            sort = try listing.sort()
            showsWaiting =
                given == .all || invocation.flag(.waiting) || choosesStatus || listing.terms?.asksAboutWaiting == true
            needsAll =
                listing.terms?.needsOtherTodos == true || listing.scoring || listing.layout?.needsOtherTodos == true
                || listing.colours.needsOtherTodos
        }

        /// The todos shown, in order; how many waiting ones were left out; the dependencies
        /// (every open todo's when `needsAll`) and what the terms were counted with.
        func todos(in state: TodoState) throws -> (todos: [Todo], waiting: Int, Dependencies, FilterContext) {
            let dependencies = needsAll ? Dependencies(state.todos) : .none
            let filterContext = try listing.filterContext(state, dependencies)
            var todos = state.listed(filter)
            if listing.filter.isNarrowing { todos.removeAll { !listing.matches($0, filterContext) } }
            todos.removeAll { !variant.keeps($0) }
            let shown = todos.count
            if !showsWaiting { todos.removeAll { $0.isWaiting(in: listing.dates) } }
            if let sort { todos = sort.sorted(todos, in: filterContext) }
            let waiting = shown - todos.count
            if let limit = listing.filter.limit { todos = Array(todos.prefix(limit)) }
            return (todos, waiting, dependencies, filterContext)
        }
    }

    /// Every todo on a terminal, for the summary, or when the terms read other todos
    /// (+BLOCKED, depends:ID). Otherwise the todos that may be listed, and every open one when
    /// urgency counts which block which (a dependency not read is done or deleted).
    private static func reads(_ filter: TodoFilter, _ listing: Listing, needsAll: Bool, _ context: Context)
        -> TodoSelection
    {
        guard !context.stdoutIsTerminal, listing.terms?.needsOtherTodos != true else { return .all }
        let completed: Bool? = filter == .active || filter == .completed ? filter == .completed : nil
        guard needsAll, completed != true else { return .mayPass(listing.terms ?? .everything, completed: completed) }
        return completed == false ? .completed(false) : .all
    }
}

/// `todo next [FILTER...]`: the active todos most worth doing now, by urgency, as many as fit
/// the terminal (all of them in a pipe).
enum NextCommand {
    static func plan(_ invocation: Invocation, _ context: Context, layout: ReportLayout? = nil) throws -> Plan {
        var listing = try Listing(invocation, context)
        listing.layout = layout
        if layout?.needsOtherTodos == true { listing.scoring = true }
        // By urgency, unless the config gives next an order (report.next.sort).
        let order = try listing.sort() ?? TodoSort([TodoSort.Term(.urgency, descending: true)])
        // Every open todo: urgency counts which block which; every todo when a term names one.
        return .query(reads: listing.terms?.references.isEmpty == false ? .all : .completed(false)) { state in
            let dependencies = Dependencies(state.todos)
            let filterContext = try listing.filterContext(state, dependencies, scoring: true)
            let active = state.listed(.active).filter {
                listing.matches($0, filterContext) && !$0.isWaiting(in: listing.dates)
            }
            let ranked = Array(order.sorted(active, in: filterContext).prefix(listing.filter.limit ?? Int.max))
            let rows = context.terminalHeight ?? context.environment["LINES"].flatMap { Int($0) } ?? 24
            let width = context.terminalWidth ?? 80
            // The screen holds the rows, the summary (its longest) and the prompt after it.
            let room =
                rows - 1 - screenLines(nextSummary(shown: ranked.count, of: ranked.count, width: width), width: width)
            let shown = context.stdoutIsTerminal ? Array(ranked.prefix(max(1, room))) : ranked
            var output = listing.output(shown, dependencies, scores: filterContext, numbers: state.todos)
            guard listing.isForPeople else {
                if ranked.isEmpty, listing.filter.isNarrowing { output.stderr += noMatch(invocation) }
                return output
            }
            output.info =
                ranked.isEmpty
                ? "Nothing to do: no active todo\(listing.terms == nil ? "" : " passes the filter").\n"
                : nextSummary(
                    shown: shown.count, of: ranked.count, context: listing.settings.context?.name, width: width) + "\n"
            return output
        }
    }
}

/// What a report says on stderr when its filter passes nothing: never silent.
func noMatch(_ invocation: Invocation) -> String {
    "todo: no todo matches \(oneLine(invocation.arguments.joined(separator: " ")))\n"
}
