import Foundation
import Testing
@testable import TodoCore

/// Two devices syncing recurring todos through a model of the server that keeps every field:
/// what the end-to-end tests check through the real server once the wire carries the series
/// fields, here driven through `reduce` as the sync engine drives it, with small feed pages.
@Suite struct RecurTwoDevicesTests {
    /// The server as the sync API describes it: a record per UUID, a revision per change, a
    /// put or delete applied only on the revision it was based on.
    final class ModelServer {
        var revision: Int64 = 0
        var records: [UUID: RemoteRecord] = [:]

        func push(_ operations: [OutboxOperation]) -> [PushOutcome] {
            operations.map { operation in
                let current = records[operation.uuid]
                guard (current?.rev ?? 0) == operation.baseRev, operation.content != nil || current != nil else {
                    return .conflict(opId: operation.opId, record: current)
                }
                revision += 1
                let record = RemoteRecord(uuid: operation.uuid, rev: revision, content: operation.content)
                records[operation.uuid] = record
                return .applied(opId: operation.opId, rev: revision)
            }
        }

        func changes(since cursor: Int64) -> [RemoteRecord] {
            records.values.filter { $0.rev > cursor }.sorted { $0.rev < $1.rev }
        }
    }

    /// A device: its state, and a clock that moves a minute per command.
    struct Device {
        var state = TodoState(sync: SyncState(datasetId: Fixture.uuid(99)))
        var minute = 0.0
        var opIds = 0

        mutating func run(_ action: (Date) -> Action) throws {
            minute += 1
            state = try reduce(state, action(Fixture.t(minute)))
        }

        /// Pulls the feed in pages of `page` records, then pushes what is pending.
        mutating func sync(_ server: ModelServer, page: Int = 1) throws {
            minute += 1
            let at = Fixture.t(minute)
            let changes = server.changes(since: state.sync.cursor)
            for start in stride(from: 0, to: max(changes.count, 1), by: page) {
                let records = Array(changes[start..<min(start + page, changes.count)])
                state = try reduce(
                    state, .syncPulled(records: records, cursor: records.last?.rev ?? state.sync.cursor, at: at))
            }
            for _ in 0..<3 where state.hasPendingOperations {
                let operations = state.pendingOperations {
                    opIds += 1; return UUID(name: "\(opIds)", namespace: Fixture.uuid(98))
                }
                state = try reduce(state, .syncQueued(operations))
                state = try reduce(state, .syncPushed(server.push(operations), at: at))
            }
        }

        var open: [Todo] { state.todos.filter { $0.recur != nil } }

        /// Every todo by UUID, without numbers and bookkeeping.
        var series: [UUID: String] {
            Dictionary(
                uniqueKeysWithValues: state.todos.map { todo in
                    (
                        todo.uuid,
                        """
                        \(todo.completed)|\(todo.due?.wire ?? "-")|\(todo.recur?.rule ?? "-")|\
                        \(todo.anchor?.text ?? "-")
                        """
                    )
                })
        }
    }

    let server = ModelServer()

    /// Device a with "water plants" due 2026-03-02, weekly (until `until`), synced to b.
    func start(until: String? = nil) throws -> (Device, Device) {
        var a = Device(minute: 0)
        var b = Device(minute: 1000)
        var new = NewTodo(uuid: Fixture.uuid(1), name: "water plants", createdAt: Fixture.t(0))
        new.due = .day(Dates.day("2026-03-02"))
        new.recur = Recurrence(rule: "weekly")
        new.until = until.map { .day(Dates.day($0)) }
        try a.run { _ in .add(new) }
        try a.sync(server)
        try b.sync(server)
        return (a, b)
    }

    @Test(arguments: [1, 100])
    func bothCompletingOfflineMakeOneNextOccurrence(page: Int) throws {
        var (a, b) = try start()
        try a.run { .completed(ids: [1], at: $0) }
        try b.run { .completed(ids: [1], at: $0) }
        for _ in 0..<2 {
            try a.sync(server, page: page)
            try b.sync(server, page: page)
        }
        #expect(a.open.count == 1 && b.open.count == 1)
        #expect(a.open.first?.uuid == b.open.first?.uuid)
        #expect(a.open.first?.due == .day(Dates.day("2026-03-09")))
        #expect(a.series == b.series && a.series.count == 2)
        #expect(b.state.todos.allSatisfy { $0.conflicts.isEmpty && !$0.needsPush })
    }

    @Test func fiftyTwoWeeklyCompletionsOnTwoDevicesMakeFiftyTwoOccurrences() throws {
        var (a, b) = try start()
        for week in 0..<52 {
            if week / 4 % 2 == 0 {
                let id = try #require(a.open.first?.id)
                try a.run { .completed(ids: [id], at: $0) }
            } else {
                let id = try #require(b.open.first?.id)
                try b.run { .completed(ids: [id], at: $0) }
            }
            if week % 4 == 3 {
                try a.sync(server, page: 3)
                try b.sync(server, page: 3)
                try a.sync(server, page: 3)
            }
        }
        try a.sync(server)
        try b.sync(server)
        #expect(a.series == b.series)
        #expect(b.series.count == 53)
        #expect(b.open.map(\.due) == [.day(Dates.day("2027-03-01"))])
        #expect(Set(b.state.todos.map(\.due)).count == 53)
    }

    @Test func untilStopsTheSeriesOnBothDevices() throws {
        var (a, b) = try start(until: "2026-03-10")
        try b.run { .completed(ids: [1], at: $0) }
        try b.sync(server)
        try a.sync(server)
        let id = try #require(a.open.first?.id)
        try a.run { .completed(ids: [id], at: $0) }
        try a.sync(server)
        try b.sync(server)
        #expect(a.open.isEmpty && b.open.isEmpty)
        #expect(a.series == b.series && a.series.count == 2)
    }

    @Test func aCompletionUndoneAfterSyncTakesTheNextOccurrenceAwayOnBoth() throws {
        var (a, b) = try start()
        try a.run { .completed(ids: [1], at: $0) }
        try a.sync(server)
        try b.sync(server)
        #expect(b.series.count == 2)
        try a.run { .undo(at: $0) }
        for _ in 0..<2 {
            try a.sync(server, page: 1)
            try b.sync(server, page: 1)
        }
        #expect(a.series == b.series && b.series.count == 1)
        #expect(b.open.map(\.uuid) == [Fixture.uuid(1)])
        try b.run { .completed(ids: [1], at: $0) }
        try b.sync(server)
        try a.sync(server)
        #expect(a.series == b.series && a.series.count == 2)
        #expect(a.state.todos.allSatisfy { $0.conflicts.isEmpty })
    }

    @Test func aCompletionFromADeviceThatKeepsTheRuleIsMovedOnOnce() throws {
        var (a, b) = try start()
        // A device that does not hand rules on completes the todo on the server directly.
        var content = try #require(server.records[Fixture.uuid(1)]?.content)
        content.completed = true
        content.completedAt = Fixture.t(500)
        content.updatedAt = Fixture.t(500)
        _ = server.push([
            OutboxOperation(opId: Fixture.uuid(97), uuid: Fixture.uuid(1), baseRev: server.revision, content: content)
        ])
        try a.sync(server)
        try b.sync(server)
        try a.sync(server)
        #expect(a.series == b.series && a.series.count == 2)
        #expect(a.open.count == 1 && a.state.todos[0].recur == nil)
    }
}
