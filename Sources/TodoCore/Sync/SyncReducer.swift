import Foundation

/// Applies a sync action. Pure like the rest of `reduce`; the network lives in TodoSync.
///
/// The rules, the same on every device:
/// - a field changed on one side only keeps that change;
/// - a field changed on both sides takes the server's value (the change that reached the
///   server first), and the value that lost stays on the todo as a `SyncConflict`;
/// - a delete against an edit: the edit wins, the todo survives with its edited content and
///   the lost delete is recorded as a conflict;
/// - nothing is ever deleted here because the server holds nothing: only a tombstone for a
///   todo with no local changes deletes it.
func applySync(_ action: Action, to state: inout TodoState) throws(ReduceError) {
    switch action {
    case .replicaSynced(let change):
        try state.apply(change)
    case .syncReset(let datasetId):
        // Another sync of this device, run meanwhile, met the dataset first: what it sent
        // (and the outbox waiting for its answers) belongs to this dataset, and stays.
        guard state.sync.datasetId != datasetId else { break }
        for index in state.todos.indices {
            state.todos[index].base = nil
            state.todos[index].synced = false
        }
        state.sync = SyncState(datasetId: datasetId)
    case .syncPulled(let records, let cursor, let at):
        var merger = SyncMerger(state)
        for record in state.unseen(records) { try merger.merge(record, at: at) }
        state = try merger.settled(at: at)
        // A page from 0 gets no 410: tombstones pruned before it went unseen.
        if state.sync.cursor == 0 { state.sync.noteGap(after: 0, upTo: cursor) }
        state.sync.cursor = max(state.sync.cursor, cursor)
        state.markAcknowledged()
    case .syncResynced(let records, let cursor, let at):
        let held = Set(records.map(\.uuid))
        // Only what the read covered is judged: a base past `cursor` came from another sync
        // that ran meanwhile (the read holds no lock), and the next pull deals with it.
        func covered(_ base: SyncBase?) -> Bool { base.map { $0.rev <= cursor } ?? false }
        // What the server no longer holds at all was deleted there (its tombstone pruned):
        // merged as a tombstone, it goes here unless this device changed it.
        let vanished = state.todos.compactMap { todo -> RemoteRecord? in
            guard let base = todo.base, covered(base), !held.contains(todo.uuid) else { return nil }
            return RemoteRecord(uuid: todo.uuid, rev: base.rev + 1, content: nil)
        }
        var merger = SyncMerger(state)
        for record in state.unseen(records) + vanished { try merger.merge(record, at: at) }
        state = try merger.settled(at: at)
        // A todo changed here whose record is gone there is sent afresh, as a new one; a
        // deletion of a record that is gone has nothing left to do.
        let gone = Set(vanished.map(\.uuid))
        for index in state.todos.indices where gone.contains(state.todos[index].uuid) {
            state.todos[index].base = nil
        }
        // (A delete of an occurrence the server never held is still to be sent.)
        state.sync.deletions.removeAll { !$0.isOfOccurrence && covered($0.base) && !held.contains($0.uuid) }
        state.sync.noteGap(after: state.sync.cursor, upTo: cursor)
        state.sync.cursor = max(state.sync.cursor, cursor)
        state.markAcknowledged()
    case .syncQueued(let operations):
        // Added to what is there: an operation still unanswered may have reached the server,
        // and only its answer (or its replay, by opId) tells this device what it wrote.
        let waiting = Set(state.sync.outbox.map(\.uuid))
        state.sync.outbox += operations.filter { !waiting.contains($0.uuid) }
    case .syncPushed(let outcomes, let feedCursor, let at):
        var merger = SyncMerger(state)
        for outcome in outcomes { try merger.apply(outcome, at: at) }
        state = try merger.settled(at: at)
        if let feedCursor { state.sync.cursor = max(state.sync.cursor, feedCursor) }
        let answered = Set(outcomes.map(\.opId))
        state.sync.outbox.removeAll { answered.contains($0.opId) }
        state.markAcknowledged()
    default:
        break
    }
}

extension PushOutcome {
    public var opId: UUID {
        switch self {
        case .applied(let opId, _), .conflict(let opId, _): opId
        }
    }
}

extension TodoState {
    /// The records past this state's feed cursor. One at or below it is news the state has
    /// had already: another sync of this device read (or wrote) past it while the page
    /// holding it was on its way, and merged again it would bring back what that sync deleted.
    func unseen(_ records: [RemoteRecord]) -> [RemoteRecord] {
        records.filter { $0.rev > sync.cursor }
    }

    /// What to send the server: every todo with unacknowledged changes, every pending delete,
    /// but those with an operation in the outbox still unanswered (they go once it is).
    public func pendingOperations(newOpId: () -> UUID) -> [OutboxOperation] {
        let waiting = Set(sync.outbox.map(\.uuid))
        // Deletions first: they free space, so a user at the server's quota can always
        // make room, even when the puts that follow take several pushes.
        let deletes = sync.deletions.filter { !waiting.contains($0.uuid) }.map {
            OutboxOperation(opId: newOpId(), uuid: $0.uuid, baseRev: $0.base.rev, content: nil, last: $0.last)
        }
        let puts = todos.filter { $0.needsPush && !waiting.contains($0.uuid) }.map {
            OutboxOperation(opId: newOpId(), uuid: $0.uuid, baseRev: $0.base?.rev ?? 0, content: $0.content)
        }
        return deletes + puts
    }

    /// True when a sync has something to send; cheaper than building the operations.
    public var hasPendingOperations: Bool {
        !sync.deletions.isEmpty || todos.contains(where: \.needsPush)
    }

    /// True when some todo the server has acknowledged is not yet marked synced.
    public var hasUnmarkedAcknowledgements: Bool {
        todos.contains { !$0.synced && !$0.needsPush }
    }

    mutating func markAcknowledged() {
        for index in todos.indices where !todos[index].synced && !todos[index].needsPush {
            todos[index].synced = true
        }
    }

}

/// Merges many server records into a state with one UUID index, so a 10,000-record pull is
/// not 10,000 scans; removals wait for `finish()` so the index stays valid.
private struct SyncMerger {
    var state: TodoState
    var positions: [UUID: Int]
    var removed = Set<Int>()
    /// Todos removed by a tombstone in this batch, with its rev: older records about them are stale.
    var tombstones: [UUID: Int64] = [:]
    /// Every todo the server told of in this batch, tombstones too.
    var told = Set<UUID>()
    /// Recurring todos the server's copy completed here, in the order met.
    var completed: [UUID] = []
    /// What the operations still unanswered sent, by todo: this device's own writes.
    let unanswered: [UUID: (baseRev: Int64, content: TodoContent)]
    /// The outbox by operation id, for the answers (a first push answers 10,000).
    let outbox: [UUID: OutboxOperation]
    /// The series of the todos this batch merged or made: only theirs need settling.
    var touchedSeries = Set<UUID>()

    init(_ state: TodoState) {
        self.state = state
        positions = Dictionary(uniqueKeysWithValues: state.todos.enumerated().map { ($1.uuid, $0) })
        unanswered = Dictionary(
            // Labelled as the dictionary's values are: an unlabelled tuple cost a cast of the array.
            state.sync.outbox.compactMap { op in op.content.map { (op.uuid, (baseRev: op.baseRev, content: $0)) } },
            uniquingKeysWith: { $1 })
        outbox = Dictionary(state.sync.outbox.map { ($0.opId, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The state once every record is in: series moved on (`continueSeries`) and settled
    /// (`settleSeries`), removals done.
    mutating func settled(at: Date) throws(ReduceError) -> TodoState {
        try continueSeries(at: at)
        try settleSeries(at: at)
        return finish()
    }

    private func finish() -> TodoState {
        var result = state
        if !removed.isEmpty {
            result.todos = result.todos.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
        }
        return result
    }

    func index(of uuid: UUID) -> Int? {
        guard let index = positions[uuid], !removed.contains(index) else { return nil }
        return index
    }

    /// Merges the server's copy of one todo.
    mutating func merge(_ remote: RemoteRecord, at: Date) throws(ReduceError) {
        told.insert(remote.uuid)
        if let series = remote.content?.series { touchedSeries.insert(series) }
        if let index = index(of: remote.uuid), let series = state.todos[index].series { touchedSeries.insert(series) }
        if let rev = tombstones[remote.uuid], remote.rev <= rev { return }
        if let index = index(of: remote.uuid) {
            mergeIntoTodo(at: index, remote, at: at)
        } else if let position = state.sync.deletions.firstIndex(where: { $0.uuid == remote.uuid }) {
            let deletion = state.sync.deletions[position]
            guard remote.rev > deletion.base.rev else { return }
            if let content = remote.content,
                isOwnWrite(remote) || Self.isSettled(deletion.base.content, as: content)
                    || (deletion.isOfOccurrence && content.isAsMade)
            {
                // This device's own write, or an occurrence another device made, deleted
                // here, that no one changed since: the delete stands, sent against that copy.
                state.sync.deletions[position].base = SyncBase(rev: remote.rev, content: content)
                return
            }
            state.sync.deletions.remove(at: position)
            guard let content = remote.content else { return }
            try keepOverOwnDelete(deletion, remote: content, rev: remote.rev, at: at)
        } else if let content = remote.content {
            if isOwnWrite(remote) {
                // Written by an operation still unanswered, of a todo removed here since,
                // that the server never acknowledged (so no delete was noted): delete it there too.
                state.sync.deletions.append(
                    PendingDeletion(
                        uuid: remote.uuid, base: SyncBase(rev: remote.rev, content: content), name: content.name))
                return
            }
            try appendRemote(remote.uuid, content, rev: remote.rev, conflicts: [])
        }
    }

    /// Whether the server's copy is what an operation of this device still in the outbox
    /// sent (the answer lost, or on its way to another sync of this device), as it sent it
    /// or settled elsewhere (`isSettled`): its own write, never a change from elsewhere.
    private func isOwnWrite(_ remote: RemoteRecord) -> Bool {
        guard let content = remote.content, let own = unanswered[remote.uuid]?.content else { return false }
        return own == content || Self.isSettled(own, as: content)
    }

    /// Whether `remote` is `base` with only its rule taken off: another device found the
    /// next occurrence beside it (this device skipped it, and the delete is still on its
    /// way) and settled the series, which is no one's change.
    private static func isSettled(_ base: TodoContent?, as remote: TodoContent) -> Bool {
        guard var base, base.recur != nil, remote.recur == nil else { return false }
        base.attributes.dropRule()
        base.updatedAt = remote.updatedAt
        return base == remote
    }

    /// Whether a tombstone's `last` is `content`: the server stamps it with the time of the
    /// delete, which alone is no change.
    private static func isStamped(_ last: TodoContent, as content: TodoContent) -> Bool {
        var last = last
        last.updatedAt = content.updatedAt
        return last == content
    }

    private mutating func mergeIntoTodo(at index: Int, _ remote: RemoteRecord, at: Date) {
        var todo = state.todos[index]
        if let base = todo.base, remote.rev <= base.rev { return }
        guard let remoteContent = remote.content else {
            if let base = todo.base, base.content == todo.content {
                removed.insert(index)
                tombstones[remote.uuid] = remote.rev
                return
            }
            if todo.base == nil, todo.origin != nil,
                todo.content.isAsMade || Self.isSettled(todo.origin, as: todo.content),
                state.sync.mayHaveMissed(remote.rev)
            {
                // An occurrence made here, never synced, that another device made too and
                // deleted before this one heard of it: no one changed it, so nothing stands
                // against the delete. (A tombstone heard of before: the occurrence was made
                // again since, on purpose, as by a completion undone and done again.) A
                // tombstone the server pruned, answering this device's creation, counts as
                // unheard of when this device read its part of the feed only after pruning. Its
                // rule taken off by the series' settling is no one's change either.
                removed.insert(index)
                tombstones[remote.uuid] = remote.rev
                return
            }
            if todo.base == nil, let last = remote.last, Self.isStamped(last, as: todo.content) {
                // Never acknowledged here (its creation's answer lost, or on its way to another
                // sync of this device), and deleted by a device that had it as it is here: no
                // change of this device's stands against the delete.
                removed.insert(index)
                tombstones[remote.uuid] = remote.rev
                return
            }
            if let base = todo.base, base.content == nil {
                // Known here to be deleted there, and kept on purpose (an undone delete):
                // nothing new to report.
                todo.base = SyncBase(rev: remote.rev, content: nil)
                state.todos[index] = todo
                return
            }
            todo.synced = false
            var took = false
            if let last = remote.last, let base = todo.base?.content {
                // The deleter's last changes, made before it deleted, are edits like any other,
                // against the copy this device and the server last agreed on. Without one (a
                // creation whose answer was lost, an undone delete of it) nothing tells the
                // deleter's changes from this device's own: the copy here stays as it is.
                let (merged, conflicts) = mergeContent(base: base, local: todo.content, remote: last, at: at)
                if conflicts.isEmpty, Self.isStamped(last, as: merged) {
                    // Every change made here, the deleter had too (this device's own write,
                    // applied but its answer lost, pulled there before the delete): nothing
                    // of this device's stands against the delete (seed 710316).
                    removed.insert(index)
                    tombstones[remote.uuid] = remote.rev
                    return
                }
                // (The server stamps a tombstone's content with the time of the delete: that
                // alone is no change of the deleter's.)
                var stamped = merged
                stamped.updatedAt = todo.updatedAt
                took = stamped != todo.content
                if took { todo.content = merged }
                todo.conflicts += conflicts
            }
            todo.base = SyncBase(rev: remote.rev, content: nil)
            todo.conflicts.append(
                SyncConflict(field: "deleted", lost: Self.deletedThere(took), kept: "the copy edited here", at: at))
            state.todos[index] = todo
            return
        }
        let shared = sharedBase(of: todo, remote: remoteContent)
        var (merged, conflicts) = mergeContent(base: shared, local: todo.content, remote: remoteContent, at: at)
        if todo.completed, todo.recur == nil, shared?.recur != nil, merged.completed {
            // Completed here, it handed its rule on: the rule is the next occurrence's now
            // (or ended with its series), whatever another device made of it meanwhile.
            merged.attributes.dropRule()
            conflicts.removeAll { $0.field == TodoField.recur.key || $0.field == TodoField.anchor.key }
        }
        if !todo.completed, merged.completed, merged.recur != nil { completed.append(remote.uuid) }
        todo.content = merged
        todo.base = SyncBase(rev: remote.rev, content: remoteContent)
        todo.origin = nil
        todo.conflicts += conflicts
        todo.synced = merged == remoteContent
        state.todos[index] = todo
    }

    /// Hands on the rule of each recurring todo this batch completed (see `Series`), once
    /// every record is in: the next occurrence is made here unless a todo here, a delete
    /// waiting here or a record of this batch has its UUID (the device that completed it made
    /// it). The todo, changed here, is sent back without its rule, so no device makes it again.
    private mutating func continueSeries(at: Date) throws(ReduceError) {
        for uuid in completed {
            guard let position = index(of: uuid), state.todos[position].completed, state.todos[position].recur != nil
            else { continue }
            let todo = state.todos[position]
            let made: Todo?
            (state.todos[position], made) = todo.completingOccurrence(doneAt: todo.completedAt ?? at, madeAt: at)
            state.todos[position].touch(at: at)
            state.todos[position].synced = false
            guard let made, index(of: made.uuid) == nil, !told.contains(made.uuid),
                !state.sync.deletions.contains(where: { $0.uuid == made.uuid })
            else { continue }
            var next = made
            next.id = try state.takeNextId()
            if let series = next.series { touchedSeries.insert(series) }
            positions[next.uuid] = state.todos.count
            state.todos.append(next)
        }
    }

    /// What this todo and the server's copy last had in common: the server's copy this device
    /// wrote (an operation still in the outbox, whose answer was lost, that the server holds
    /// as sent: this device's own write, never a change to merge against), else the copy
    /// both last agreed on, else, for an occurrence a recurrence made on several devices,
    /// the content it was made with here. Another device may have made it from a copy that
    /// knew less (a tag added here before): a set's members count as shared only when both
    /// hold them, so what one copy has that the other lacks is kept, not taken as removed.
    ///
    /// A todo never acknowledged, not made by a recurrence, that the server holds anyway, was
    /// put there by this device's unanswered creation (no other device can know its UUID):
    /// what the server holds came from what that sent, the base (its answer may be gone,
    /// pruned, so that a retry meets the copy another device changed since).
    func sharedBase(of todo: Todo, remote: TodoContent) -> TodoContent? {
        let own = unanswered[todo.uuid]
        if own?.content == remote { return remote }
        if let base = todo.base { return base.content }
        if let own, own.baseRev == 0, todo.origin == nil { return own.content }
        guard var origin = todo.origin else { return nil }
        for field in TodoField.allCases where field.spec.merge == .set {
            field.set(field.value(of: origin).intersection(field.value(of: remote)), on: &origin)
        }
        return origin
    }

    /// At most one open occurrence of a series holds its rule, whatever the merge kept (an
    /// edited copy over a skip or a delete, a conflict's winner), and a completed one none:
    /// - a todo whose next occurrence is here has handed its rule on (a next one waiting to
    ///   be deleted does not count: an undone completion takes it back);
    /// - of several open holders left in a series, the one due last keeps it (then the
    ///   greatest UUID), which every device decides alike, whatever its zone;
    /// - a completed holder gives its rule up to an open one of its series, and where there
    ///   is none, the one due last hands it on to its next occurrence, made here.
    /// Only the series this batch touched are looked at: any other was settled before.
    private mutating func settleSeries(at: Date) throws(ReduceError) {
        guard !touchedSeries.isEmpty else { return }
        var holders: [UUID: [Int]] = [:]
        for position in state.todos.indices where state.todos[position].recur != nil {
            let todo = state.todos[position]
            guard touchedSeries.contains(todo.series ?? todo.uuid), !removed.contains(position) else { continue }
            if index(of: todo.nextOccurrenceUUID) != nil {
                dropRule(at: position, at: at)
            } else {
                holders[todo.series ?? todo.uuid, default: []].append(position)
            }
        }
        for indices in holders.values {
            let open = indices.filter { !state.todos[$0].completed }
            guard let keeper = lastDue(open.isEmpty ? indices : open) else { continue }
            for position in indices where position != keeper { dropRule(at: position, at: at) }
            if state.todos[keeper].completed { completed.append(state.todos[keeper].uuid) }
        }
        if !completed.isEmpty {
            try continueSeries(at: at)
            completed = []
        }
    }

    /// Of the todos at `indices`, the one due last (then the greatest UUID).
    private func lastDue(_ indices: [Int]) -> Int? {
        indices.max { lhs, rhs in
            let (left, right) = (state.todos[lhs], state.todos[rhs])
            let (leftDue, rightDue) = (left.due?.wire ?? "", right.due?.wire ?? "")
            return leftDue != rightDue ? leftDue < rightDue : left.uuid.uuidString < right.uuid.uuidString
        }
    }

    /// Takes the rule off the todo at `index`: a change of this device's, sent on the next push.
    private mutating func dropRule(at index: Int, at: Date) {
        state.todos[index].attributes.dropRule()
        state.todos[index].touch(at: at)
        state.todos[index].synced = false
    }

    /// What a delete made elsewhere is called when a copy edited here is kept over it.
    static func deletedThere(_ merged: Bool) -> String {
        merged ? "deleted on another device, whose last changes are merged here" : "deleted on another device"
    }

    /// What a delete made here is called when it loses to an edit made elsewhere.
    static func deletedHere(_ merged: Bool) -> String {
        merged ? "deleted on this device, whose last changes are merged here" : "deleted on this device"
    }

    /// The server's copy of a todo deleted here, edited on another device: the edit wins and
    /// the todo comes back, with the changes this device made before it deleted (`last`)
    /// merged in as any other edit of this device's.
    private mutating func keepOverOwnDelete(_ deletion: PendingDeletion, remote: TodoContent, rev: Int64, at: Date)
        throws(ReduceError)
    {
        var (content, conflicts) = (remote, [SyncConflict]())
        if let last = deletion.last {
            (content, conflicts) = mergeContent(base: deletion.base.content, local: last, remote: remote, at: at)
        }
        let deleted = SyncConflict(
            field: "deleted", lost: Self.deletedHere(content != remote), kept: "edited on another device", at: at)
        try appendRemote(deletion.uuid, remote, rev: rev, conflicts: conflicts + [deleted])
        guard content != remote, let index = index(of: deletion.uuid) else { return }
        state.todos[index].content = content
        state.todos[index].synced = false
    }

    private mutating func appendRemote(_ uuid: UUID, _ content: TodoContent, rev: Int64, conflicts: [SyncConflict])
        throws(ReduceError)
    {
        var todo = Todo(id: try state.takeNextId(), uuid: uuid, name: content.name, createdAt: content.createdAt)
        todo.content = content
        todo.base = SyncBase(rev: rev, content: content)
        todo.synced = true
        todo.conflicts = conflicts
        positions[uuid] = state.todos.count
        state.todos.append(todo)
    }

    /// Applies the server's answer to one outbox operation.
    mutating func apply(_ outcome: PushOutcome, at: Date) throws(ReduceError) {
        guard let operation = outbox[outcome.opId] else { return }
        switch outcome {
        case .applied(_, let rev):
            let base = SyncBase(rev: rev, content: operation.content)
            if let index = index(of: operation.uuid) {
                // A pull that ran meanwhile may have brought a later copy already.
                guard rev > state.todos[index].base?.rev ?? 0 else { return }
                state.todos[index].base = base
                state.todos[index].origin = nil
            } else if let position = state.sync.deletions.firstIndex(where: { $0.uuid == operation.uuid }) {
                if operation.content == nil {
                    state.sync.deletions.remove(at: position)
                } else {
                    state.sync.deletions[position].base = base
                }
            } else if let content = operation.content {
                // Removed here while its change was on the way: delete it there too.
                state.sync.deletions.append(PendingDeletion(uuid: operation.uuid, base: base, name: content.name))
            }
        case .conflict(_, let record):
            if let record {
                // (A record that is this device's own write, its first answer lost and no
                // longer stored, a retry after pruning, merges as such: see `merge`.)
                try merge(record, at: at)
            } else {
                // The server has no such todo: send it afresh, or forget the delete.
                if let index = index(of: operation.uuid) { state.todos[index].base = nil }
                state.sync.deletions.removeAll { $0.uuid == operation.uuid }
            }
        }
    }
}

/// Three-way merge of one todo's content, field by field as the field table says (`MergeRule`);
/// on a field both sides changed the server wins. The sync of `todo` and the server's CalDAV
/// face (a PUT based on an older version) both merge with it.
public func mergeContent(base: TodoContent?, local: TodoContent, remote: TodoContent, at: Date) -> (
    TodoContent, [SyncConflict]
) {
    var result = remote
    var conflicts: [SyncConflict] = []
    /// Whether the local value is kept: changed here only.
    func keepsLocal<Value: Equatable>(
        _ field: String, _ mine: Value, _ theirs: Value, _ old: Value?, _ text: (Value) -> String
    ) -> Bool {
        guard mine != theirs else { return false }
        if let old, old == theirs { return true }
        if let old, old == mine { return false }
        conflicts.append(SyncConflict(field: field, lost: text(mine), kept: text(theirs), at: at))
        return false
    }
    for field in TodoField.allCases {
        let mine = field.value(of: local)
        let theirs = field.value(of: remote)
        let old = base.map { field.value(of: $0) }
        switch field.spec.merge {
        case .threeWay:
            if keepsLocal(field.key, mine, theirs, old, \.text) { field.set(mine, on: &result) }
        case .set:
            field.set(mine.mergedAsSet(base: old, remote: theirs), on: &result)
        case .perKey:
            let (merged, lost) = mergeByKey(
                base: old?.udasValue, local: mine.udasValue ?? [:], remote: theirs.udasValue ?? [:])
            field.set(.udas(merged), on: &result)
            conflicts += lost.map {
                SyncConflict(field: "\(field.key).\($0.key)", lost: $0.lost, kept: $0.kept, at: at)
            }
        }
    }
    if keepsLocal("completed", local.completed, remote.completed, base?.completed, { $0 ? "completed" : "active" }) {
        result.completed = local.completed
        result.completedAt = local.completedAt
    }
    if result != remote { result.updatedAt = max(local.updatedAt, remote.updatedAt) }
    return (result, conflicts)
}

/// Each key three-way on its own (a missing key is an empty value); on a key both sides
/// changed the server wins, and the local value is returned as lost.
func mergeByKey(base: [String: String]?, local: [String: String], remote: [String: String])
    -> ([String: String], [(key: String, lost: String, kept: String)])
{
    var result = remote
    var lost: [(key: String, lost: String, kept: String)] = []
    for key in Set(local.keys).union(remote.keys).sorted() {
        let (mine, theirs, old) = (local[key] ?? "", remote[key] ?? "", base.map { $0[key] ?? "" })
        guard mine != theirs else { continue }
        if old == theirs {
            result[key] = mine.isEmpty ? nil : mine
        } else if old != mine {
            lost.append((key, mine, theirs))
        }
    }
    return (result, lost)
}

/// What both sides added is there, what either side removed is not: no conflict is possible.
func mergeSets<Member: Hashable>(base: Set<Member>, local: Set<Member>, remote: Set<Member>) -> Set<Member> {
    remote.union(local.subtracting(base)).subtracting(base.subtracting(local))
}
