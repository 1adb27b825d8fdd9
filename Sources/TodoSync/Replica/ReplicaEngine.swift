import Foundation
import TodoCore
import TodoStore

/// How todos are written as TaskChampion tasks and read back (the field table's Taskwarrior
/// column, in TodoCLI).
public struct ReplicaMapping: Sendable {
    /// Every property todo holds for `todo`, written as the task it was last synced as writes
    /// the same values (Taskwarrior's `tag_X` is "x", TaskChampion's ""; Taskwarrior 3's
    /// duplicated `tags`), so an unchanged todo is an unchanged task.
    public var task: @Sendable (Todo, TaskMap?) -> TaskMap
    /// The todo `task` is shown as; nil for a task todo does not show (deleted, a recurring
    /// template, or one it cannot read), which it keeps untouched.
    public var todo: @Sendable (UUID, TaskMap) -> ImportedTodo?
    /// What todo itself makes of the tasks as they stand with the local changes (Taskwarrior's
    /// recurrence: a series' next instance): operations sent with the local ones.
    public var series: @Sendable ([UUID: TaskMap]) -> [TaskOperation]

    public init(
        task: @escaping @Sendable (Todo, TaskMap?) -> TaskMap,
        todo: @escaping @Sendable (UUID, TaskMap) -> ImportedTodo?,
        series: @escaping @Sendable ([UUID: TaskMap]) -> [TaskOperation] = { _ in [] }
    ) {
        self.task = task
        self.todo = todo
        self.series = series
    }

    /// The properties of `task` todo does not hold (so never changes or removes): those its
    /// todo, written back, does not have; all of them for a task todo does not show.
    func kept(_ uuid: UUID, _ task: TaskMap) -> (shown: Bool, kept: Set<String>) {
        guard let todo = todo(uuid, task) else { return (false, Set(task.keys)) }
        var written = Todo(id: 1, uuid: uuid, name: todo.content.name, createdAt: todo.content.createdAt)
        written.content = todo.content
        let held = self.task(written, task)
        return (true, Set(task.keys.filter { held[$0] == nil }))
    }
}

/// What one TaskChampion sync did.
public struct ReplicaReport: Sendable {
    /// Tasks the server's versions changed, and versions read.
    public var pulled = 0
    public var versionsRead = 0
    /// Tasks sent, in how many versions.
    public var pushed = 0
    public var versionsAdded = 0
    /// Began from the server's snapshot (a new replica, or one the server had pruned past).
    public var fromSnapshot = false
    /// The state file synced with todo-server before: that bookkeeping was dropped.
    public var switched = false
    public var snapshotSent = false
}

/// Syncs a state file with a TaskChampion server as one more replica of the account.
///
/// The local changes are not logged as operations but found when syncing: each todo written
/// as a task, against the task as the server last had it (`ReplicaState`), gives the Updates
/// TaskChampion would have logged, timed at the todo's last change. Every command, undo,
/// import and batch is covered without recording anything, and a sync killed after the server
/// took a version finds its own changes in that version next time, equal to the local ones,
/// so nothing is sent twice. The server's versions are applied as TaskChampion applies them:
/// local operations rebased over each (`TaskOperation.rebase`).
public struct ReplicaEngine {
    let store: StateFile
    let client: any ReplicaTransport
    let mapping: ReplicaMapping
    let now: () -> Date

    /// Versions read in a row before giving up on a server that keeps moving.
    static let maxRounds = 8
    /// The JSON of the operations in one version at most, as TaskChampion batches them.
    static let maxSegmentBytes = 1_000_000

    public init(store: StateFile, client: any ReplicaTransport, mapping: ReplicaMapping, now: @escaping () -> Date) {
        self.store = store
        self.client = client
        self.mapping = mapping
        self.now = now
    }

    /// Two syncs of one state file take turns (`<state file>.sync-lock`): each applies what
    /// it read on top of what it last saved, which another sync meanwhile would move.
    public func run(lockTimeout: Double = 60) throws -> ReplicaReport {
        let lock = try store.syncLock(timeout: lockTimeout)
        defer { lock.release() }
        var report = ReplicaReport()
        var state = try store.load()
        report.switched = state.sync.replica == nil && state.sync.datasetId != nil
        var replica = state.sync.replica ?? ReplicaState()
        if replica.version == ReplicaState.noVersion, replica.tasks.isEmpty, let snapshot = try snapshot() {
            state = try take(snapshot, over: replica, report: &report)
            replica = state.sync.replica ?? replica
        }
        var loaded: TodoState? = state
        for _ in 0..<Self.maxRounds {
            state = try pull(from: replica, loaded: loaded, report: &report)
            loaded = nil
            replica = state.sync.replica ?? replica
            guard let pushed = try push(state, replica, report: &report) else { return report }
            replica = pushed
        }
        throw SyncError.badResponse("\(serverName) kept taking other replicas' versions first; run todo sync again")
    }

    private var serverName: String { ServerAddress.displayName(client.server) }

    /// The server's snapshot, read.
    private func snapshot() throws -> ReplicaState? {
        guard let (version, bytes) = try client.snapshot() else { return nil }
        do {
            return ReplicaState(version: version, tasks: try ReplicaCodec.tasks(bytes))
        } catch {
            throw SyncError.badResponse("\(serverName): \(error)")
        }
    }

    /// Takes `snapshot` in place of what this replica knew (`old`): the difference between
    /// the two, timed at each task's `modified`, is rebased over like a version.
    private func take(_ snapshot: ReplicaState, over old: ReplicaState, report: inout ReplicaReport) throws -> TodoState
    {
        var operations: [TaskOperation] = []
        for uuid in Set(old.tasks.keys).union(snapshot.tasks.keys).sorted(by: UUID.precedes) {
            guard let task = snapshot.tasks[uuid] else {
                operations.append(.delete(uuid))
                continue
            }
            let at = task["modified"].flatMap(Double.init).map { Date(timeIntervalSince1970: $0) } ?? .distantPast
            operations += replicaOperations(uuid: uuid, from: old.tasks[uuid], to: task, kept: [], at: at)
        }
        report.fromSnapshot = true
        return try apply(operations, reaching: snapshot.version, from: old, report: &report)
    }

    /// Reads and applies every version after `replica`'s; the state as saved. With none to
    /// read, `loaded` (the state as this sync read it, if it holds `replica`) is the answer:
    /// a sync with nothing to pull reads the state file once.
    private func pull(from replica: ReplicaState, loaded: TodoState?, report: inout ReplicaReport) throws -> TodoState {
        var version = replica.version
        var operations: [TaskOperation] = []
        reading: while true {
            switch try client.childVersion(of: version) {
            case .version(let id, let segment):
                do {
                    operations += try ReplicaCodec.operations(segment)
                } catch {
                    throw SyncError.badResponse("\(serverName): \(error)")
                }
                version = id
                report.versionsRead += 1
            case .upToDate:
                if operations.isEmpty, let loaded, loaded.sync.replica == replica { return loaded }
                break reading
            case .gone:
                guard let snapshot = try snapshot() else {
                    throw SyncError.badResponse(
                        "\(serverName) no longer holds this replica's version and has no snapshot to start again from")
                }
                _ = try apply(operations, reaching: version, from: replica, report: &report)
                return try take(snapshot, over: try store.load().sync.replica ?? replica, report: &report)
            }
        }
        return try apply(operations, reaching: version, from: replica, report: &report)
    }

    /// Applies the server's `operations` (which bring `from` to `version`) under the lock,
    /// rebasing the local changes over them.
    private func apply(
        _ operations: [TaskOperation], reaching version: UUID, from replica: ReplicaState, report: inout ReplicaReport
    ) throws -> TodoState {
        let at = now()
        return try store.update { current throws in
            guard current.sync.replica == nil || current.sync.replica == replica else {
                throw SyncError.badResponse("another todo sync changed this state file meanwhile; run todo sync again")
            }
            guard !operations.isEmpty || current.sync.replica == nil || version != replica.version else {
                return current
            }
            guard !operations.isEmpty else {
                var server = replica
                server.version = version
                return try reduce(current, .replicaSynced(ReplicaChange(replica: server)))
            }
            let local = localOperations(current, replica, at: at)
            let (_, rebased) = TaskOperation.rebase(local, over: operations)
            var server = replica
            server.version = version
            for operation in operations { server.tasks.apply(operation) }
            let touched = Set(operations.map(\.uuid))
            var merged = server.tasks.filter { touched.contains($0.key) }
            for operation in rebased where touched.contains(operation.uuid) { merged.apply(operation) }
            report.pulled += touched.count
            return try reduce(current, .replicaSynced(change(server, showing: touched, as: merged, in: current)))
        }.after
    }

    /// What the todos changed since `replica`: TaskChampion's operations, in task order.
    func localOperations(_ state: TodoState, _ replica: ReplicaState, at: Date) -> [TaskOperation] {
        var operations: [TaskOperation] = []
        var present = Set<UUID>()
        for todo in state.todos {
            present.insert(todo.uuid)
            let old = replica.tasks[todo.uuid]
            let task = mapping.task(todo, old)
            if old == task { continue }
            // Judged with the todo's status: a task deleted there and brought back here by
            // an undo is shown again, with its properties todo's once more.
            var kept: Set<String> = []
            if var shown = old {
                shown["status"] = task["status"]
                kept = mapping.kept(todo.uuid, shown).kept
            }
            operations += replicaOperations(uuid: todo.uuid, from: old, to: task, kept: kept, at: todo.updatedAt)
        }
        // A task todo showed and no longer has was deleted here: Taskwarrior's delete.
        for (uuid, task) in replica.tasks where !present.contains(uuid) {
            guard mapping.kept(uuid, task).shown else { continue }
            operations.append(.update(uuid, property: "status", value: "deleted", at: at))
            if task["end"] == nil {
                operations.append(.update(uuid, property: "end", value: String(Int(at.timeIntervalSince1970)), at: at))
            }
            operations.append(.update(uuid, property: "modified", value: String(Int(at.timeIntervalSince1970)), at: at))
        }
        return operations
    }

    /// Sends the local changes as versions; nil when there was nothing to send or all of it
    /// went, else the replica to pull from again (another replica's version came first).
    private func push(_ state: TodoState, _ replica: ReplicaState, report: inout ReplicaReport) throws -> ReplicaState?
    {
        var operations = localOperations(state, replica, at: now())
        // Made from the tasks as they will stand, and made the same way on every replica (a
        // new instance's UUID is its series' and place's), so a kill before the server took
        // them makes them again, and another todo replica making them too makes the same.
        // Only Taskwarrior's templates make anything: without one, the view is not built.
        var made: [TaskOperation] = []
        if replica.tasks.values.contains(where: { $0["status"] == "recurring" }) {
            var view = replica.tasks
            for operation in operations { view.apply(operation) }
            made = mapping.series(view)
        }
        operations += made
        guard !operations.isEmpty else {
            if state.sync.replica == nil {
                _ = try store.update { try reduce($0, .replicaSynced(ReplicaChange(replica: replica))) }
            }
            return nil
        }
        // The versions the server takes are saved once, after the last (or on a conflict or
        // a failure): one rewrite of the state file, not one a version. A kill before that
        // loses nothing: the next sync reads those versions back, equal to the local changes.
        let start = replica
        var replica = replica
        var sent: [TaskOperation] = []
        var wanted = false
        var conflict = false
        do {
            for batch in Self.batches(operations) {
                switch try client.addVersion(ReplicaCodec.segment(batch), parent: replica.version) {
                case .conflict:
                    conflict = true
                case .accepted(let id, let snapshotWanted):
                    replica.version = id
                    for operation in batch { replica.tasks.apply(operation) }
                    sent += batch
                    wanted = wanted || snapshotWanted
                    report.versionsAdded += 1
                }
                if conflict { break }
            }
        } catch {
            if !sent.isEmpty { try save(replica, over: start, made: made, sent: sent) }
            throw error
        }
        if !sent.isEmpty { try save(replica, over: start, made: made, sent: sent) }
        report.pushed += Set(sent.map(\.uuid)).count
        if wanted, !conflict {
            try client.addSnapshot(ReplicaCodec.snapshot(replica.tasks), version: replica.version)
            report.snapshotSent = true
        }
        return conflict ? replica : nil
    }

    /// Records the versions the server took (`replica`, reached from `start` by `sent`); what
    /// the series made (`made`) shows here now, as it will everywhere.
    private func save(_ replica: ReplicaState, over start: ReplicaState, made: [TaskOperation], sent: [TaskOperation])
        throws
    {
        _ = try store.update { current throws in
            guard current.sync.replica == nil || current.sync.replica == start else {
                throw SyncError.badResponse("another todo sync changed this state file meanwhile; run todo sync again")
            }
            let shown = Set(made.map(\.uuid)).intersection(sent.map(\.uuid))
            return try reduce(current, .replicaSynced(change(replica, showing: shown, as: replica.tasks, in: current)))
        }
    }

    /// `replica`, and each of `uuids` as its task in `tasks` makes it: a todo, or none (a
    /// todo there goes).
    private func change(
        _ replica: ReplicaState, showing uuids: Set<UUID>, as tasks: [UUID: TaskMap], in current: TodoState
    ) -> ReplicaChange {
        var change = ReplicaChange(replica: replica)
        for uuid in uuids.sorted(by: UUID.precedes) {
            if let task = tasks[uuid], let todo = mapping.todo(uuid, task) {
                change.todos.append(todo)
            } else if current.todo(uuid: uuid) != nil {
                change.removed.append(uuid)
            }
        }
        return change
    }

    /// `operations` in runs of at most `maxSegmentBytes` of JSON (as estimated: an operation's
    /// text and its envelope, JSON escapes aside), a task's never split.
    static func batches(_ operations: [TaskOperation]) -> [[TaskOperation]] {
        var batches: [[TaskOperation]] = [[]]
        var size = 0
        for operation in operations {
            let estimate: Int
            switch operation {
            case .create, .delete: estimate = 60
            case .update(_, let property, let value, _): estimate = 130 + property.utf8.count + (value?.utf8.count ?? 4)
            }
            let sameTask = batches[batches.count - 1].last?.uuid == operation.uuid
            if size + estimate > maxSegmentBytes, !sameTask, !batches[batches.count - 1].isEmpty {
                batches.append([])
                size = 0
            }
            batches[batches.count - 1].append(operation)
            size += estimate
        }
        return batches
    }
}
