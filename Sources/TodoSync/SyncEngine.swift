import Foundation
import TodoCore
import TodoStore
import TodoWire

/// What one sync did, or would do with `--dry-run`.
public struct SyncReport: Sendable {
    public var pulled = 0
    public var pushed = 0
    public var conflicts: [(todo: Todo, conflict: SyncConflict)] = []
    /// Todos the server would refuse, left unsent.
    public var skipped: [(todo: Todo, reason: String)] = []
    public var serverWasReset = false
    /// The server had pruned deletions this device had not read: its whole feed was read again.
    public var resynced = false
    /// The values of user-defined attributes the pulled todos hold, by name: what the CLI
    /// declares where the config does not.
    public var attributeValues: [String: [String]] = [:]
    /// The todos the `prelude` took out of the state (expired).
    public var preluded: [Todo] = []

    /// Counts what `records` bring that `state` lacks, and notes their attributes' values.
    mutating func note(_ records: [RemoteRecord], in state: TodoState) {
        pulled += SyncEngine.countNew(records, in: state)
        for record in records {
            for (name, value) in record.content?.attributes.udas ?? [:] {
                attributeValues[name, default: []].append(value)
            }
        }
    }
}

/// Exchanges changes between a state file and the server.
///
/// Network calls happen with no lock held; each answer is applied as an `Action` under the
/// lock, so a person's `todo add` never waits on the network, and a sync killed at any point
/// leaves a consistent state to resume from (operation ids are saved before they are sent).
public struct SyncEngine {
    let store: StateFile
    let client: any SyncTransport
    let now: () -> Date
    let newUUID: () -> UUID
    /// What the state as the sync first reads it still needs done before anything is sent
    /// (the CLI's expiry); nil: nothing. Asked again under the lock when it names a change.
    let prelude: (TodoState) -> Action?

    /// Records per feed page: the most the server sends (older servers send fewer).
    static let pageSize = SyncAPI.maxChangesPerPage
    /// Pulled records, or push answers, held before they are applied: a first pull or push of
    /// 10,000 todos is one state-file write instead of one per page or batch. They take no
    /// more memory than the state they become, which is read whole to apply them; a sync
    /// killed meanwhile reads them again.
    static let heldRecords = 10_000
    /// Operations per push: the most the server takes, in one short transaction.
    static let batchSize = SyncAPI.maxOperationsPerPush
    static let rounds = 3

    public init(
        store: StateFile, client: any SyncTransport, now: @escaping () -> Date, newUUID: @escaping () -> UUID,
        prelude: @escaping (TodoState) -> Action? = { _ in nil }
    ) {
        // Its steps, each under the lock, read the state this sync last wrote: kept decoded.
        var store = store
        store.keeper = StateKeeper()
        self.store = store
        self.client = client
        self.now = now
        self.newUUID = newUUID
        self.prelude = prelude
    }

    /// Each step carries the state it saved forward, so a sync with nothing to do reads the
    /// state file once and writes nothing.
    public func run() throws -> SyncReport {
        let at = now()
        var report = SyncReport()
        var state = try pull(from: try resendUnanswered(at: at, report: &report), at: at, report: &report)
        for _ in 0..<Self.rounds {
            // Looked at without the lock first: most syncs have nothing to send.
            guard state.hasPendingOperations else { break }
            var queued: [OutboxOperation] = []
            state = try store.update { current throws in
                queued = sendable(current.pendingOperations(newOpId: newUUID), in: current, report: &report)
                return try reduce(current, .syncQueued(queued))
            }.after
            if queued.isEmpty { break }
            state = try send(queued, from: state, at: at, report: &report)
        }
        // By index: a copy of every todo, to look at its conflicts, cost more than the rest of
        // a sync with nothing to do.
        report.conflicts = state.todos.indices.flatMap { index in
            state.todos[index].conflicts.filter { $0.at == at }.map { (state.todos[index], $0) }
        }
        return report
    }

    /// Sends again, before anything is pulled, the operations an earlier sync saved and never
    /// heard back about (killed, or its reply lost): the server answers a known `opId` with
    /// its first result, so this device learns what it wrote before it merges the feed, and
    /// never takes its own write for another device's. Skipped when the server is not the
    /// one they were meant for (a reset): the pull then starts over, and drops them.
    private func resendUnanswered(at: Date, report: inout SyncReport) throws -> TodoState {
        var state = try store.load()
        if prelude(state) != nil {
            let change = try store.update { current in try prelude(current).map { try reduce(current, $0) } ?? current }
            let kept = Set(change.after.todos.lazy.map(\.uuid))
            report.preluded = change.before.todos.filter { !kept.contains($0.uuid) }
            state = change.after
        }
        guard !state.sync.outbox.isEmpty, let datasetId = state.sync.datasetId,
            let page = try client.changes(since: 0, limit: 1), page.datasetId == datasetId
        else { return state }
        return try send(state.sync.outbox, from: state, at: at, report: &report)
    }

    /// What a sync would pull and push, computed on a copy: nothing is sent or saved.
    public func dryRun() throws -> SyncReport {
        var report = SyncReport()
        let state = try pull(from: try store.load(), at: now(), report: &report) { state, action in
            try reduce(state, action)
        }
        report.pushed =
            state.sync.outbox.count
            + sendable(state.pendingOperations(newOpId: newUUID), in: state, report: &report).count
        return report
    }

    /// Reads the change feed to its end, from `state` as last loaded; the state as last saved.
    private func pull(from state: TodoState, at: Date, report: inout SyncReport) throws -> TodoState {
        try pull(from: state, at: at, report: &report) { _, action in try store.update { try reduce($0, action) }.after
        }
    }

    /// Reads the change feed to its end, handing each step to `apply`, which saves it (a sync)
    /// or only computes it (a dry run); the state after the last step.
    private func pull(
        from state: TodoState, at: Date, report: inout SyncReport, apply: (TodoState, Action) throws -> TodoState
    ) throws -> TodoState {
        var state = state
        var cursor = state.sync.cursor
        // From 0 the server sends no 410, yet a device that synced before may have missed
        // pruned deletions: a read from 0 is whole anyway, so it is read as a resync.
        if cursor == 0, state.sync.datasetId != nil,
            state.todos.contains(where: { $0.base != nil }) || !state.sync.deletions.isEmpty
        {
            return try resync(state, at: at, report: &report, apply: apply)
        }
        var checkedDataset = false
        var held: [RemoteRecord] = []
        while true {
            guard let page = try client.changes(since: cursor, limit: Self.pageSize) else {
                guard cursor > 0 else {
                    throw SyncError.badResponse("the server answered the whole change feed with HTTP 410")
                }
                report.resynced = true
                return try resync(state, at: at, report: &report, apply: apply)
            }
            if !checkedDataset {
                checkedDataset = true
                if page.datasetId != state.sync.datasetId {
                    report.serverWasReset = state.sync.datasetId != nil
                    state = try apply(state, .syncReset(datasetId: page.datasetId))
                    if cursor != 0 {
                        cursor = 0
                        continue
                    }
                }
            }
            let (records, next) = try contents(of: page, after: cursor, in: state)
            held += records
            cursor = next
            guard !page.hasMore || held.count >= Self.heldRecords else { continue }
            report.note(held, in: state)
            if !held.isEmpty || cursor != state.sync.cursor || state.hasUnmarkedAcknowledgements {
                state = try apply(state, .syncPulled(records: held, cursor: cursor, at: at))
            }
            held = []
            if !page.hasMore { break }
        }
        return state
    }

    /// Reads the whole feed from the start and hands it to `apply` in one step: only all of
    /// it tells which todos the server no longer holds (`Action.syncResynced`).
    private func resync(
        _ state: TodoState, at: Date, report: inout SyncReport, apply: (TodoState, Action) throws -> TodoState
    ) throws -> TodoState {
        var state = state
        var records: [RemoteRecord] = []
        var cursor: Int64 = 0
        while true {
            guard let page = try client.changes(since: cursor, limit: Self.pageSize) else {
                throw SyncError.badResponse(
                    "the server pruned its change feed again while it was read; run todo sync again")
            }
            if cursor == 0, page.datasetId != state.sync.datasetId {
                // Reset as well as pruned: nothing this device knows of it holds any more.
                report.serverWasReset = state.sync.datasetId != nil
                state = try apply(state, .syncReset(datasetId: page.datasetId))
            }
            let (more, next) = try contents(of: page, after: cursor, in: state)
            records += more
            cursor = next
            if !page.hasMore { break }
        }
        report.note(records, in: state)
        return try apply(state, .syncResynced(records: records, cursor: cursor, at: at))
    }

    /// A page's records and the cursor after it; the page must be of the state's dataset.
    private func contents(of page: ChangesResponse, after cursor: Int64, in state: TodoState) throws -> (
        [RemoteRecord], Int64
    ) {
        guard page.datasetId == state.sync.datasetId else {
            throw SyncError.badResponse("the server's dataset changed in the middle of a sync; run todo sync again")
        }
        return (try page.changes.map(RemoteRecord.init), try nextCursor(page, after: cursor))
    }

    private func nextCursor(_ page: ChangesResponse, after cursor: Int64) throws(SyncError) -> Int64 {
        guard page.nextCursor >= cursor, !(page.hasMore && page.changes.isEmpty) else {
            throw .badResponse(
                "the server's change feed went backwards or stalled (cursor \(cursor) -> \(page.nextCursor))")
        }
        return page.nextCursor
    }

    /// Sends queued operations in batches and applies their answers, up to `heldRecords` of
    /// them at a time (an answer unapplied when a sync is killed is asked for again: the
    /// operation ids are saved); the state as saved.
    ///
    /// The next batch goes out while the server writes the last (`PushFlight`), when no todo
    /// is in two batches: the two may then reach the server in either order, which changes
    /// no result. The feed cursor moves past this device's own writes by their revisions
    /// (`OwnRevisions`), whatever that order.
    private func send(_ operations: [OutboxOperation], from state: TodoState, at: Date, report: inout SyncReport) throws
        -> TodoState
    {
        var state = state
        var held: [PushOutcome] = []
        var own = OwnRevisions(after: state.sync.cursor)
        var batches = stride(from: 0, to: operations.count, by: Self.batchSize).map {
            operations[$0..<min($0 + Self.batchSize, operations.count)]
        }
        let overlaps = Set(operations.lazy.map(\.uuid)).count == operations.count
        // The batch sent ahead, by where it starts in `operations`; answered before this returns.
        var ahead: (start: Int, flight: PushFlight)?
        defer { _ = ahead?.flight.answer() }
        var sent = 0
        while sent < batches.count {
            let batch = Array(batches[sent])
            let flight: PushFlight
            if let next = ahead, next.start == batches[sent].startIndex {
                (flight, ahead) = (next.flight, nil)
            } else {
                flight = client.startPush(batch.map(\.wire))
            }
            if overlaps, ahead == nil, sent + 1 < batches.count {
                let next = batches[sent + 1]
                ahead = (next.startIndex, client.startPush(next.map(\.wire)))
            }
            let response: PushResponse
            switch flight.answer() {
            case .success(let answer):
                response = answer
            case .failure(.tooLarge(let reason)):
                // Halved until the server, or a proxy before it (nginx takes 1 MiB by default),
                // takes it: nothing of a refused body was applied.
                let whole = batches[sent]
                guard whole.count > 1 else {
                    throw SyncError.tooLarge(
                        "\(reason), holding todo \(whole.first?.uuid.uuidString.lowercased() ?? "") alone: raise the "
                            + "request size limit of the server or of its proxy (nginx: client_max_body_size)")
                }
                let half = whole.startIndex + whole.count / 2
                batches.replaceSubrange(sent...sent, with: [whole[..<half], whole[half...]])
                continue
            case .failure(let error):
                throw error
            }
            sent += 1
            let outcomes = try outcomes(of: batch, in: response, datasetId: state.sync.datasetId)
            report.pushed += outcomes.count { if case .applied = $0 { true } else { false } }
            own.note(outcomes)
            held += outcomes
            guard sent == batches.count || held.count >= Self.heldRecords else { continue }
            state = try store.update { [held, own] current in
                try reduce(current, .syncPushed(held, feedCursor: own.cursor, at: at))
            }.after
            held = []
        }
        return state
    }

    private func outcomes(of batch: [OutboxOperation], in response: PushResponse, datasetId: UUID?) throws(SyncError)
        -> [PushOutcome]
    {
        guard response.datasetId == datasetId else {
            throw .badResponse("the server was reset during the sync (new dataset id); run todo sync again")
        }
        guard response.results.count == batch.count,
            zip(response.results, batch).allSatisfy({ $0.opId == $1.opId })
        else {
            throw .badResponse(
                "the server answered \(response.results.count) results for \(batch.count) changes, or out of order")
        }
        var outcomes: [PushOutcome] = []
        for result in response.results {
            switch result.status {
            case .applied:
                // What was sent is what the server holds: the content it echoes is not read.
                guard let record = result.record else {
                    throw .badResponse("an applied change came back with no record")
                }
                // The cursor moves by these revisions (`OwnRevisions`): one past the server's
                // latest would move it past changes still to come.
                guard record.rev > 0, record.rev <= response.cursor else {
                    throw .badResponse(
                        "the server answered a change at revision \(record.rev), outside 1...\(response.cursor)")
                }
                outcomes.append(.applied(opId: result.opId, rev: record.rev))
            case .conflict:
                outcomes.append(.conflict(opId: result.opId, record: try result.record.map(RemoteRecord.init)))
            }
        }
        return outcomes
    }

    /// Leaves out, and reports, todos the server's limits would refuse.
    private func sendable(_ operations: [OutboxOperation], in state: TodoState, report: inout SyncReport)
        -> [OutboxOperation]
    {
        operations.filter { operation in
            guard let content = operation.content, let reason = content.problemForServer else { return true }
            if let todo = state.todo(uuid: operation.uuid),
                !report.skipped.contains(where: { $0.todo.uuid == todo.uuid })
            {
                report.skipped.append((todo, reason))
            }
            return false
        }
    }

    static func countNew(_ records: [RemoteRecord], in state: TodoState) -> Int {
        guard !records.isEmpty else { return 0 }
        var known: [UUID: Int64] = [:]
        for index in state.todos.indices { known[state.todos[index].uuid] = state.todos[index].base?.rev ?? -1 }
        for deletion in state.sync.deletions { known[deletion.uuid] = deletion.base.rev }
        return records.count { record in
            if let rev = known[record.uuid] { return record.rev > rev }
            return record.content != nil
        }
    }
}
