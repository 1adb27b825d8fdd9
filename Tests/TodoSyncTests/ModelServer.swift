import Foundation
import TodoSync
import TodoWire

/// The server's record store in memory, as Server/API.md describes it: a record per UUID, a
/// revision per change, a push applied only on the revision it was based on, the first
/// result of an `opId` stored and answered again, and pruning (410 below the newest pruned
/// tombstone; a pruned tombstone's uuid and revision kept, answering a push as the tombstone
/// did; a pruned result kept without content, answering a retry that would conflict as applied). Bodies
/// travel through the wire's JSON, as over HTTP. With `tombstonesKeepContent` false it is a
/// server from before tombstones kept the deleted todo (issue 42): a delete's `todo` is taken
/// and ignored, and tombstones carry none. With `keepsPrunedResults` false it is a server
/// from before prune kept each applied operation's revision (seed 770364): a push retried
/// after pruning is judged afresh.
final class ModelServer {
    let datasetId: UUID
    let tombstonesKeepContent: Bool
    let keepsPrunedResults: Bool
    private(set) var revision: Int64 = 0
    private(set) var records: [UUID: TodoRecord] = [:]
    private var results: [UUID: PushResult] = [:]
    /// What `prune` kept of the results it removed (`pruned_operations`): each applied
    /// operation's record without its content, by opId.
    private var prunedResults: [UUID: TodoRecord] = [:]
    /// The revision of the newest tombstone `prune` removed.
    private var prunedBelow: Int64 = 0
    /// The revisions of the tombstones `prune` removed, by uuid.
    private var pruned: [UUID: Int64] = [:]

    init(datasetId: UUID, tombstonesKeepContent: Bool = true, keepsPrunedResults: Bool = true) {
        self.datasetId = datasetId
        self.tombstonesKeepContent = tombstonesKeepContent
        self.keepsPrunedResults = keepsPrunedResults
    }

    func changes(since cursor: Int64, limit: Int) -> ChangesResponse? {
        if cursor > 0, cursor < prunedBelow { return nil }
        let newer = records.values.filter { $0.rev > cursor }.sorted { $0.rev < $1.rev }
        let page = Array(newer.prefix(limit))
        let hasMore = newer.count > page.count
        let next = hasMore ? page.last!.rev : max(cursor, revision)
        return wire(ChangesResponse(datasetId: datasetId, changes: page, nextCursor: next, hasMore: hasMore))
    }

    func push(_ operations: [PushOperation]) -> PushResponse {
        let results = wire(operations).map(apply)
        return wire(PushResponse(datasetId: datasetId, results: results, cursor: revision))
    }

    private func apply(_ operation: PushOperation) -> PushResult {
        if let stored = results[operation.opId] { return stored }
        // A pruned tombstone answers as it did: its uuid stays deleted to a creation.
        let current =
            records[operation.uuid]
            ?? pruned[operation.uuid].map { TodoRecord(uuid: operation.uuid, rev: $0, deleted: true, todo: nil) }
        guard (current?.rev ?? 0) == operation.baseRev else {
            // Applied before: it moved its todo past its base, so only a conflict can be a retry.
            if let kept = prunedResults[operation.opId] {
                return PushResult(opId: operation.opId, status: .applied, record: kept)
            }
            return PushResult(opId: operation.opId, status: .conflict, record: current)
        }
        revision += 1
        let deleted = operation.kind == .delete
        // A tombstone keeps what the delete sent, else the content it had; one of a uuid never
        // held keeps nothing (as todo-server: it would grow the user's storage).
        let kept = current == nil || !tombstonesKeepContent ? nil : operation.todo ?? current?.todo
        let record = TodoRecord(
            uuid: operation.uuid, rev: revision, deleted: deleted, todo: deleted ? kept : operation.todo)
        records[operation.uuid] = record
        let result = PushResult(opId: operation.opId, status: .applied, record: record)
        results[operation.opId] = result
        return result
    }

    /// `todo-server prune` with a horizon of now: every tombstone and stored result goes, a
    /// result's record kept without content. Stored results go whether or not there are
    /// tombstones, as on the real server.
    func prune() {
        if keepsPrunedResults {
            for (opId, result) in results {
                guard let record = result.record else { continue }
                prunedResults[opId] = TodoRecord(uuid: record.uuid, rev: record.rev, deleted: record.deleted, todo: nil)
            }
        }
        results = [:]
        let tombstones = records.values.filter(\.deleted)
        guard let newest = tombstones.map(\.rev).max() else { return }
        for tombstone in tombstones {
            records[tombstone.uuid] = nil
            pruned[tombstone.uuid] = tombstone.rev
        }
        prunedBelow = max(prunedBelow, newest)
    }

    /// Whether the server applied `opId` (its result stored, or kept by `prune`).
    func applied(_ opId: UUID) -> Bool {
        results[opId] != nil || prunedResults[opId] != nil
    }

    /// The todos the server holds, by UUID (not the content tombstones keep).
    var live: [UUID: TodoFields] {
        records.filter { !$0.value.deleted }.compactMapValues(\.todo)
    }

    /// `value` after a trip through the wire's JSON, as the other side reads it.
    private func wire<T: Codable>(_ value: T) -> T {
        // swiftlint:disable:next force_try
        try! WireJSON.decoder.decode(T.self, from: WireJSON.encoder.encode(value))
    }
}

/// How a model device reaches the model server: every call numbered, and a fault planned
/// for one of them (the network or the process failing there), or another command of the
/// same device run while the call is on its way.
final class ModelLink: SyncTransport, @unchecked Sendable {
    enum Fault: Equatable, CustomStringConvertible {
        /// The call never reaches the server.
        case unreachable
        /// The server applies the call, and its answer is lost (or the sync killed then).
        case replyLost
        /// Something else runs (on the device, or on others) while the call is on its way:
        /// after the server acted on it, before its answer is back.
        case meanwhile
        /// Something else runs on the device while the call is on its way, before the server
        /// acts on it: the sync loaded its state earlier, and the server answers what
        /// happened meanwhile.
        case overtaken

        var description: String {
            switch self {
            case .unreachable: "the request is lost"
            case .replyLost: "the reply is lost"
            case .meanwhile: "something runs meanwhile"
            case .overtaken: "the request is overtaken"
            }
        }
    }

    let server = URL(string: "http://model.invalid")!
    let model: ModelServer
    private var calls = 0
    private let faultAt: Int?
    private let fault: Fault?
    private var meanwhile: (() -> Void)?

    init(_ model: ModelServer, fault: Fault? = nil, at call: Int? = nil, meanwhile: (() -> Void)? = nil) {
        self.model = model
        self.fault = fault
        faultAt = call
        self.meanwhile = meanwhile
    }

    func changes(since cursor: Int64, limit: Int) throws(SyncError) -> ChangesResponse? {
        try call { model.changes(since: cursor, limit: limit) }
    }

    func push(_ operations: [PushOperation]) throws(SyncError) -> PushResponse {
        try call { model.push(operations) }
    }

    /// Pushed at once, in order: the model's histories stay the same from run to run.
    func startPush(_ operations: [PushOperation]) -> PushFlight {
        PushFlight(pushingAtOnce: operations, through: self)
    }

    private func call<T>(_ body: () -> T) throws(SyncError) -> T {
        calls += 1
        guard calls == faultAt, let fault else { return body() }
        switch fault {
        case .unreachable:
            throw .unreachable("the model network dropped the request")
        case .replyLost:
            _ = body()
            throw .unreachable("the model network dropped the reply")
        case .meanwhile:
            // After the server has acted, before the device hears: the widest window.
            let run = meanwhile
            meanwhile = nil
            let answer = body()
            run?()
            return answer
        case .overtaken:
            let run = meanwhile
            meanwhile = nil
            run?()
            return body()
        }
    }
}
