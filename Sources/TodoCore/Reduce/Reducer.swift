import Foundation

/// Applies `action` to `state`, or throws and changes nothing. A series a change starts or
/// moves (a rule or due date set on a recurring todo) counts on `timeZone`'s clock.
///
/// Every action but `undo` that changes something pushes one `HistoryEntry`; `undo` pops one.
public func reduce(_ state: TodoState, _ action: Action, in timeZone: TimeZone = .utc) throws(ReduceError) -> TodoState
{
    if case .undo(let at) = action {
        return try undoLast(state, at: at)
    }
    var step = Step(state: state, zone: timeZone)
    try step.apply(action)
    // Hooks that put back every todo the change touched leave no change at all.
    if case .hooksRewrote = action, step.state.todos == state.todos { return state }
    return step.recorded(action, from: state)
}

/// A batch applied as its actions are made, one at a time, each from the state the ones
/// before it leave (a batch line may name a todo an earlier line added): `state` is the todos
/// so far, and `finished` what `reduce(start, .batch(actions))` gives, each action applied once.
public struct BatchReduction {
    private let start: TodoState
    private var step: Step
    public private(set) var actions: [Action] = []

    public init(_ state: TodoState, in timeZone: TimeZone = .utc) {
        start = state
        step = Step(state: state, zone: timeZone)
    }

    /// The state the actions so far leave, without the batch's undo step yet.
    public var state: TodoState { step.state }

    /// Applies `action` after the others; when it throws, the batch is to be given up.
    public mutating func apply(_ action: Action) throws(ReduceError) {
        try step.apply(action)
        actions.append(action)
    }

    /// The state after the batch, with its one undo step: `reduce(start, .batch(actions))`'s.
    public var finished: TodoState { step.recorded(.batch(actions), from: start) }
}

/// Applies actions one after the other, all or nothing.
public func reduce(_ state: TodoState, _ actions: [Action], in timeZone: TimeZone = .utc) throws(ReduceError)
    -> TodoState
{
    var next = state
    for action in actions { next = try reduce(next, action, in: timeZone) }
    return next
}

extension TimeZone {
    /// Coordinated Universal Time.
    public static let utc = TimeZone(identifier: "UTC")!
}

/// The state being changed by one action, with the prior version of every todo it touched.
private struct Step {
    var state: TodoState
    /// The clock a series started or moved by this step counts on.
    let zone: TimeZone
    var before: [PriorVersion] = []
    var touched: Set<Int> = []

    /// The state after `action`, applied to `state`, with the undo step it pushes (when it
    /// changed something), the history kept to its limit.
    func recorded(_ action: Action, from state: TodoState) -> TodoState {
        guard !before.isEmpty, let at = action.date else { return self.state }
        var next = self.state
        next.history.append(
            HistoryEntry(summary: describe(action, in: state), kind: action.stepKind, at: at, before: before))
        if next.history.count > TodoState.historyLimit {
            next.history.removeFirst(next.history.count - TodoState.historyLimit)
        }
        return next
    }

    mutating func recordPrior(_ id: Int) {
        if touched.insert(id).inserted {
            before.append(PriorVersion(id: id, todo: state.todo(id: id)))
        }
    }

    mutating func apply(_ action: Action) throws(ReduceError) {
        switch action {
        case .add(let new):
            var todo = Todo(id: 0, uuid: new.uuid, name: "", createdAt: new.createdAt)
            for field in TodoField.allCases { field.set(try field.checked(field.value(of: new)), on: &todo) }
            todo = try todo.anchored(after: nil, in: zone)
            try checkDependencies(of: [(todo, before: [])], id: { _ in 0 })
            todo.id = try state.takeNextId()
            recordPrior(todo.id)
            state.todos.append(todo)

        case .edit(let ids, let changes, let at):
            var rewired: [(Todo, before: Set<UUID>)] = []
            for index in try existingIndices(ids) {
                var todo = state.todos[index]
                for change in changes { try change.apply(to: &todo) }
                todo = try todo.anchored(after: state.todos[index], in: zone)
                guard todo != state.todos[index] else { continue }
                if todo.depends != state.todos[index].depends {
                    rewired.append((todo, before: state.todos[index].depends))
                }
                recordPrior(todo.id)
                todo.touch(at: at)
                todo.synced = false
                todo.conflicts = []
                state.todos[index] = todo
            }
            // Checked once the edits are made, against the todos as they then are.
            try checkDependencies(of: rewired, id: \.id)

        case .toggle(let ids, let at):
            let indices = try existingIndices(ids)
            for index in indices {
                if state.todos[index].completed {
                    mark(index, completed: false, at: at)
                } else {
                    try complete(index, at: at)
                }
            }

        case .completed(let ids, let at), .reopened(let ids, let at):
            let completed = if case .completed = action { true } else { false }
            for index in try existingIndices(ids) where state.todos[index].completed != completed {
                if completed { try complete(index, at: at) } else { mark(index, completed: false, at: at) }
            }

        case .annotated(let id, let text, let at):
            guard let index = state.index(of: id) else { throw .unknownId(id) }
            recordPrior(id)
            let annotations = state.todos[index].annotations
            var annotation = Annotation(at: at, text: text)
            guard annotation.isValid else { throw .invalid(.annotations, text) }
            while annotations.contains(where: { $0.at == annotation.at }) { annotation.at += 1 }
            state.todos[index].annotations = Annotation.normalized(annotations + [annotation])
            state.todos[index].touch(at: at)
            state.todos[index].synced = false
            state.todos[index].conflicts = []

        case .delete(let ids, let at), .deleteSeries(let ids, let at), .expired(let ids, let at):
            let indices = try existingIndices(ids)
            let skipping = if case .delete = action { true } else { false }
            for index in indices {
                // Deleting the open occurrence skips it: the series goes on with the next one.
                if skipping, !state.todos[index].completed { try skip(index, at: at) }
                recordPrior(state.todos[index].id)
                state.noteDeletion(of: state.todos[index])
            }
            let doomed = Set(indices.map { state.todos[$0].id })
            state.todos.removeAll { doomed.contains($0.id) }

        case .clearCompleted:
            for todo in state.todos where todo.completed {
                recordPrior(todo.id)
                state.noteDeletion(of: todo)
            }
            state.todos.removeAll { $0.completed }

        case .undo:
            throw .undoInsideBatch

        case .syncReset, .syncPulled, .syncResynced, .syncQueued, .syncPushed, .replicaSynced:
            try applySync(action, to: &state)

        case .batch(let actions):
            for action in actions { try apply(action) }

        case .importTodos(let imported, let at):
            try merge(imported, at: at)

        case .hooksRewrote(let action, let todos):
            try apply(action)
            try rewrite(todos, at: action.date ?? .distantPast)
        }
    }

    /// Gives each todo of `todos` (by UUID) its content there, as hooks returned it; a todo
    /// given back its content from before this step gets that version back whole.
    mutating func rewrite(_ todos: [ImportedTodo], at: Date) throws(ReduceError) {
        var rewired: [(Todo, before: Set<UUID>)] = []
        for rewritten in todos {
            guard let index = state.todos.firstIndex(where: { $0.uuid == rewritten.uuid }) else { continue }
            let current = state.todos[index]
            var content = rewritten.content
            content.name = Todo.normalizedName(content.name)
            guard !content.name.isEmpty else { throw .blankName }
            for field in TodoField.allCases { field.set(try field.checked(field.value(of: content)), on: &content) }
            content.createdAt = current.createdAt
            content.updatedAt = current.updatedAt
            var todo = current
            todo.content = content
            todo = try todo.anchored(after: current, in: zone)
            guard todo != current else { continue }
            recordPrior(todo.id)
            if let prior = before.first(where: { $0.id == todo.id })?.todo {
                var unchanged = todo.content
                unchanged.updatedAt = prior.updatedAt
                if unchanged == prior.content {
                    state.todos[index] = prior
                    continue
                }
            }
            if todo.depends != current.depends { rewired.append((todo, before: current.depends)) }
            todo.touch(at: at)
            todo.synced = false
            todo.conflicts = []
            state.todos[index] = todo
            if todo.completed, !current.completed { try handOnSeries(at: index, madeAt: at) }
        }
        try checkDependencies(of: rewired, id: \.id)
    }

    /// Completes or reopens the todo at `index`: a local change, which ends its conflicts.
    /// Refuses dependencies newly given (not in `before`) on a todo that is not here, and any
    /// that would make a todo wait on itself, directly or through others; `id` names a todo
    /// in the error (0: one being added). One pass over the todos, however many are checked.
    func checkDependencies(of todos: [(Todo, before: Set<UUID>)], id: (Todo) -> Int) throws(ReduceError) {
        guard todos.contains(where: { !$0.0.depends.isEmpty }) else { return }
        var byUUID = Dictionary(state.todos.map { ($0.uuid, $0.depends) }, uniquingKeysWith: { first, _ in first })
        for (todo, _) in todos { byUUID[todo.uuid] = todo.depends }
        for (todo, before) in todos {
            if let missing = todo.depends.subtracting(before).first(where: { byUUID[$0] == nil }) {
                throw .unknownDependency(id(todo), missing)
            }
        }
        // Depth first from each checked todo; a todo whose dependencies are all explored
        // leads to no cycle and is not walked again.
        var explored: Set<UUID> = []
        for (todo, _) in todos {
            var onPath: Set<UUID> = []
            var stack: [(UUID, [UUID])] = [(todo.uuid, Array(byUUID[todo.uuid] ?? []))]
            onPath.insert(todo.uuid)
            while let (uuid, popped) = stack.popLast() {
                var next = popped
                guard let child = next.popLast() else {
                    onPath.remove(uuid)
                    explored.insert(uuid)
                    continue
                }
                stack.append((uuid, next))
                if onPath.contains(child) { throw .dependencyCycle(id(todo)) }
                guard !explored.contains(child), let grand = byUUID[child] else { continue }
                onPath.insert(child)
                stack.append((child, Array(grand)))
            }
        }
    }

    mutating func mark(_ index: Int, completed: Bool, at: Date) {
        recordPrior(state.todos[index].id)
        state.todos[index].completed = completed
        state.todos[index].completedAt = completed ? at : nil
        // Work on a todo ends when it is done.
        if completed { state.todos[index].start = nil }
        state.todos[index].touch(at: at)
        state.todos[index].synced = false
        state.todos[index].conflicts = []
    }

    /// Completes the todo at `index` at `at` (`todo done`): work on it ends, and an
    /// occurrence of a series hands it on (`handOnSeries`).
    mutating func complete(_ index: Int, at: Date) throws(ReduceError) {
        mark(index, completed: true, at: at)
        try handOnSeries(at: index, madeAt: at)
    }

    /// Hands on the series of the todo at `index`, completed (by a command, an import, a
    /// hook), as every path does (`Todo.completingOccurrence`): counted from its completion,
    /// the next occurrence made at `at`.
    mutating func handOnSeries(at index: Int, madeAt at: Date) throws(ReduceError) {
        let todo = state.todos[index]
        guard todo.completed, todo.recur != nil else { return }
        recordPrior(todo.id)
        let (done, next) = todo.completingOccurrence(doneAt: todo.completedAt ?? at, madeAt: at)
        state.todos[index] = done
        try add(occurrence: next)
    }

    /// Hands the rule of the todo at `index`, skipped (deleted while open) at `at`, on to its
    /// next occurrence (see `Series`).
    mutating func skip(_ index: Int, at: Date) throws(ReduceError) {
        guard state.todos[index].recur != nil else { return }
        recordPrior(state.todos[index].id)
        try add(occurrence: state.todos[index].passOnRule(doneAt: at, madeAt: at))
    }

    /// Adds `made`, a series' next occurrence, with the next number, unless a todo with its
    /// UUID is here or waits to be deleted on the server, which means it was made already.
    mutating func add(occurrence made: Todo?) throws(ReduceError) {
        guard var next = made, !state.knows(next.uuid) else { return }
        next.id = try state.takeNextId()
        recordPrior(next.id)
        state.todos.append(next)
    }

    /// New UUIDs are appended with fresh numbers; a known UUID takes the imported text and
    /// status only when they differ and the imported copy was updated later. Numbers and
    /// creation dates of existing todos never change. A recurring todo the import completes
    /// hands its rule on once every todo is in, so that an occurrence the file holds is
    /// never made a second time.
    mutating func merge(_ imported: [ImportedTodo], at: Date) throws(ReduceError) {
        var completed: [UUID] = []
        var holders: [UUID: UUID] = [:]
        var indexByUUID: [UUID: Int] = [:]
        for (index, todo) in state.todos.enumerated() { indexByUUID[todo.uuid] = index }
        let importing = Set(imported.lazy.map(\.uuid))
        var superseded: [UUID] = []
        for item in imported {
            var incoming = item.content
            incoming.name = Todo.normalizedName(incoming.name)
            guard !incoming.name.isEmpty else { throw .blankName }
            guard let index = indexByUUID[item.uuid] else {
                if !state.knows(item.uuid), let twin = twinOccurrence(of: incoming, besides: importing) {
                    // Both tools made the next occurrence of one series: one is kept.
                    guard twin.updatedAt == twin.createdAt else { continue }
                    superseded.append(twin.uuid)
                }
                let id = try state.takeNextId()
                recordPrior(id)
                indexByUUID[item.uuid] = state.todos.count
                // A todo deleted here but still known to the server comes back as that todo,
                // not as a second one beside a pending delete.
                var todo = Todo(id: id, uuid: item.uuid, name: incoming.name, createdAt: incoming.createdAt)
                todo.content = incoming
                state.restoreDeletion(of: &todo)
                state.todos.append(todo)
                if let series = todo.series, todo.recur != nil { holders[series] = todo.uuid }
                continue
            }
            let local = state.todos[index]
            guard incoming.updatedAt > local.updatedAt else { continue }
            incoming.createdAt = local.createdAt
            incoming.updatedAt = local.updatedAt
            guard incoming != local.content else { continue }
            recordPrior(local.id)
            var todo = local
            todo.content = incoming
            todo.updatedAt = item.content.updatedAt
            todo.synced = false
            state.todos[index] = todo
            if !local.completed, todo.completed { completed.append(todo.uuid) }
            if let series = todo.series, todo.recur != nil { holders[series] = todo.uuid }
        }
        handOver(holders, at: at)
        for uuid in superseded {
            guard let index = state.todos.firstIndex(where: { $0.uuid == uuid }) else { continue }
            recordPrior(state.todos[index].id)
            state.noteDeletion(of: state.todos[index])
            state.todos.remove(at: index)
        }
        for uuid in completed {
            guard let index = state.todos.firstIndex(where: { $0.uuid == uuid }) else { continue }
            try handOnSeries(at: index, madeAt: at)
        }
    }

    /// The open occurrence here that holds the rule of the series a todo new here (not one
    /// deleted here either) would hold it for, when the file does not hold it: the next occurrence, made here and by
    /// the other tool after the same completion (Taskwarrior gives its instances UUIDs of its
    /// own). Left unchanged since it was made, it gives way to the imported one, so that a
    /// later import finds that by its UUID; changed here, it stays and the imported one is
    /// not added.
    func twinOccurrence(of incoming: TodoContent, besides importing: Set<UUID>) -> Todo? {
        guard let series = incoming.series, incoming.recur != nil, !incoming.completed else { return nil }
        return state.todos.first {
            $0.series == series && $0.recur != nil && !$0.completed && !importing.contains($0.uuid)
        }
    }

    /// Takes the rule off every other occurrence of a series whose rule the import gave to
    /// `holders[series]` (a tool that made the next occurrence itself, as Taskwarrior does,
    /// leaves the one before unchanged): a series keeps one rule.
    mutating func handOver(_ holders: [UUID: UUID], at: Date) {
        guard !holders.isEmpty else { return }
        for index in state.todos.indices {
            let todo = state.todos[index]
            guard let series = todo.series, let holder = holders[series], holder != todo.uuid, todo.recur != nil else {
                continue
            }
            recordPrior(todo.id)
            state.todos[index].attributes.dropRule()
            state.todos[index].touch(at: at)
            state.todos[index].synced = false
        }
    }

    /// Indices of the distinct todos numbered `ids`, in the order given.
    func existingIndices(_ ids: [Int]) throws(ReduceError) -> [Int] {
        guard !ids.isEmpty else { throw .noTodosGiven }
        var seen = Set<Int>()
        var indices: [Int] = []
        for id in ids where seen.insert(id).inserted {
            guard let index = state.index(of: id) else { throw .unknownId(id) }
            indices.append(index)
        }
        return indices
    }
}

/// Restores the content of the todos the last history entry touched; they count as changed
/// now. Sync bookkeeping is not undone: the restored content is a new change to send.
private func undoLast(_ state: TodoState, at: Date) throws(ReduceError) -> TodoState {
    var next = state
    guard let entry = next.history.popLast() else { throw .nothingToUndo }
    // Numbers are never reused and UUIDs never change: a step that would put a todo back
    // under another number than the one it has, or over another todo, is damaged or forged.
    let numbers = Dictionary(state.todos.map { ($0.uuid, $0.id) }, uniquingKeysWith: { first, _ in first })
    for prior in entry.before {
        guard let restored = prior.todo else { continue }
        if let id = numbers[restored.uuid], id != prior.id { throw .undoStepMismatch(prior.id) }
        if let current = state.todo(id: prior.id), current.uuid != restored.uuid { throw .undoStepMismatch(prior.id) }
    }
    for prior in entry.before.reversed() {
        let current = next.todo(id: prior.id)
        if var restored = prior.todo {
            restored.touch(at: at)
            restored.synced = false
            if let current {
                restored.base = current.base
                restored.conflicts = current.conflicts
            } else if next.sync.deletions.contains(where: { $0.uuid == restored.uuid }) {
                next.restoreDeletion(of: &restored)
                restored.conflicts = []
            } else {
                // Gone from the server too, by this device's delete (already sent) or a sync:
                // the server's copy is a tombstone, which this todo now overrides.
                restored.base = restored.base.map { SyncBase(rev: $0.rev, content: nil) }
                restored.conflicts = []
            }
            next.put(restored)
        } else if let current, let index = next.index(of: prior.id) {
            // A todo the step made goes as if never made: only a copy the server has is deleted
            // there (an occurrence never synced is no one's to delete: a completion elsewhere
            // may make it).
            if current.base != nil { next.noteDeletion(of: current) }
            next.todos.remove(at: index)
        }
    }
    return next
}

extension TodoState {
    /// The number for a new todo; the counter moves past it.
    mutating func takeNextId() throws(ReduceError) -> Int {
        guard nextId >= 1, nextId <= TodoState.maxId else { throw .numbersExhausted }
        defer { nextId += 1 }
        return nextId
    }

    /// Remembers that `todo` left this device, if the server has it, or if another device may
    /// make it too: an occurrence a recurrence made, never synced (its UUID is the same on
    /// every device). Its delete then goes to the server as a tombstone for a todo it never
    /// held (`PendingDeletion.isOfOccurrence`), so that no device's copy brings it back.
    mutating func noteDeletion(of todo: Todo) {
        guard let base = todo.base ?? todo.origin.map({ SyncBase(rev: 0, content: $0) }) else { return }
        sync.deletions.removeAll { $0.uuid == todo.uuid }
        sync.deletions.append(PendingDeletion(uuid: todo.uuid, base: base, name: todo.name, last: todo.content))
    }

    mutating func takeDeletion(of uuid: UUID) -> PendingDeletion? {
        guard let index = sync.deletions.firstIndex(where: { $0.uuid == uuid }) else { return nil }
        return sync.deletions.remove(at: index)
    }

    /// Puts back on `todo` what its pending delete knew of the server (undo, import): the
    /// copy both last agreed on, or, for an occurrence never synced, what it was made with.
    mutating func restoreDeletion(of todo: inout Todo) {
        guard let deletion = takeDeletion(of: todo.uuid) else { return }
        if deletion.isOfOccurrence {
            todo.base = nil
            todo.origin = todo.origin ?? deletion.base.content
        } else {
            todo.base = deletion.base
        }
    }
}

extension Action {
    /// When the action happened; nil for an empty batch.
    public var date: Date? {
        switch self {
        case .add(let new): new.createdAt
        case .edit(_, _, let at), .toggle(_, let at), .delete(_, let at), .deleteSeries(_, let at), .expired(_, let at),
            .clearCompleted(let at),
            .undo(let at), .completed(_, let at), .reopened(_, let at), .annotated(_, _, let at):
            at
        case .syncReset, .syncPulled, .syncResynced, .syncQueued, .syncPushed, .replicaSynced: nil
        case .batch(let actions): actions.compactMap(\.date).max()
        case .importTodos(_, let at): at
        case .hooksRewrote(let action, _): action.date
        }
    }
}

/// A line of notes: `text` after the date and time a clock in `timeZone` showed at `at`,
/// as in `2026-11-21 14:03 called the plumber`.
public func annotation(_ text: String, at: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: at)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute)) \(text)"
}
