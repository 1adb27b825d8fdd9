import Fluent
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// A push is applied in memory and written with a few multi-row statements; these check that
/// the result is exactly what applying the operations one by one gives.
struct BatchPushTests {
    /// New records, updates, deletes, a resurrection, conflicts (stale, against a change made
    /// earlier in the same batch, unknown record) and replayed opIds (from an earlier push and
    /// from earlier in the same batch), all in one push.
    @Test func oneBatchMixingEveryKindOfOperation() async throws {
        try await withTestApp { app in
            // A tombstone keeps its todo, stamped with the time of the delete (issue 42): the
            // clock reads the time `Make.fields` stamps.
            ServerClock.of(app.application).set { Make.fields("").updatedAt }
            let token = try await app.makeUser("alice")
            let (a, b, c, d, e, f, g) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
            let createA = Make.put(a, base: 0, "a")
            let setup = try await app.push(
                token,
                [
                    createA, Make.put(b, base: 0, "b"), Make.put(c, base: 0, "c"), Make.delete(d, base: 0)
                ])
            #expect(setup.results.map(\.status) == [.applied, .applied, .applied, .applied])
            #expect(setup.cursor == 4)
            let idsBefore = Dictionary(
                uniqueKeysWithValues: try await TodoModel.query(on: app.db).all().map { ($0.uuid, $0.id) })

            let updateA = Make.put(a, base: 1, "a2")
            let operations = [
                Make.put(e, base: 0, "e"),  // 0 new: rev 5
                updateA,  // 1 update: rev 6
                Make.delete(b, base: 2),  // 2 delete: rev 7
                Make.put(c, base: 1, "stale"),  // 3 conflict: c is at 3
                Make.put(a, base: 1, "lost"),  // 4 conflict with 1's change: a is at 6
                createA,  // 5 replay of the setup's first result
                updateA,  // 6 replay of 1
                Make.put(d, base: 4, "d back"),  // 7 resurrects the tombstone: rev 8
                Make.put(e, base: 5, "e2"),  // 8 changes 0's new record again: rev 9
                Make.put(f, base: 3, "ghost"),  // 9 conflict, no record
                Make.delete(g, base: 0),  // 10 tombstone of an unknown record: rev 10
                Make.put(a, base: 6, "a3")  // 11 changes a again: rev 11
            ]
            let response = try await app.push(token, operations)

            let applied = { (uuid: UUID, rev: Int64, name: String?) in
                TodoRecord(uuid: uuid, rev: rev, deleted: name == nil, todo: name.map { Make.fields($0) })
            }
            let tombstone = { (uuid: UUID, rev: Int64, name: String) in
                TodoRecord(uuid: uuid, rev: rev, deleted: true, todo: Make.fields(name))
            }
            #expect(response.results.map(\.opId) == operations.map(\.opId))
            #expect(
                response.results.map(\.status) == [
                    .applied, .applied, .applied, .conflict, .conflict, .applied, .applied, .applied,
                    .applied, .conflict, .applied, .applied
                ])
            #expect(
                response.results.map(\.record) == [
                    applied(e, 5, "e"), applied(a, 6, "a2"), tombstone(b, 7, "b"), applied(c, 3, "c"),
                    applied(a, 6, "a2"), applied(a, 1, "a"), applied(a, 6, "a2"), applied(d, 8, "d back"),
                    applied(e, 9, "e2"), nil, applied(g, 10, nil), applied(a, 11, "a3")
                ])
            #expect(response.results[5] == setup.results[0])
            #expect(response.results[6] == response.results[1])
            #expect(response.cursor == 11)

            let expectedFeed = [
                applied(c, 3, "c"), tombstone(b, 7, "b"), applied(d, 8, "d back"), applied(e, 9, "e2"),
                applied(g, 10, nil), applied(a, 11, "a3")
            ]
            let feed = try await app.changes(token).changes
            #expect(feed == expectedFeed)

            // One row per record, each keeping its id; legacy ids handed out in request order.
            let rows = try await TodoModel.query(on: app.db).all()
            #expect(rows.count == 6)
            for row in rows where idsBefore[row.uuid] != nil { #expect(row.id == idsBefore[row.uuid]!, "\(row.uuid)") }
            #expect(rows.filter { idsBefore[$0.uuid] != nil }.count == 4)
            let legacy = Dictionary(uniqueKeysWithValues: rows.map { ($0.uuid, $0.legacyId) })
            #expect(legacy == [a: 1, b: 2, c: 3, d: 5, e: 4, g: nil])
            let user = try await UserModel.query(on: app.db).filter(\.$name == "alice").first()
            #expect(user?.lastRev == 11)
            #expect(user?.nextLegacyId == 6)

            // The whole push again: applied results come back as stored, conflicts are evaluated
            // afresh, nothing changes.
            let again = try await app.push(token, operations)
            #expect(again.cursor == 11)
            for index in [0, 1, 2, 5, 6, 7, 8, 10, 11] {
                #expect(again.results[index] == response.results[index], "operation \(index)")
            }
            #expect(again.results[3] == response.results[3])
            #expect(again.results[4].status == .conflict)
            #expect(again.results[4].record == applied(a, 11, "a3"))
            #expect(again.results[9] == response.results[9])
            let feedAfterReplay = try await app.changes(token).changes
            #expect(feedAfterReplay == expectedFeed)
        }
    }

    /// The largest push, of updates and deletes of existing records, replayed: every row is
    /// written with multi-row statements.
    @Test func aFullBatchOfUpdatesAndDeletes() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let count = SyncAPI.maxOperationsPerPush
            let uuids = (0..<count).map { _ in UUID() }
            _ = try await app.push(token, uuids.enumerated().map { Make.put($1, base: 0, "t\($0)") })

            let operations = uuids.enumerated().map { index, uuid in
                index % 3 == 0
                    ? Make.delete(uuid, base: Int64(index + 1))
                    : Make.put(uuid, base: Int64(index + 1), "u\(index)")
            }
            let response = try await app.push(token, operations)
            #expect(response.results.allSatisfy { $0.status == .applied })
            #expect(response.results.map { $0.record?.rev } == (0..<count).map { Int64(count + $0 + 1) })
            #expect(response.cursor == Int64(2 * count))

            let replay = try await app.push(token, operations)
            #expect(replay.results == response.results)
            #expect(replay.cursor == Int64(2 * count))

            let feed = try await app.changes(token, since: Int64(count), limit: 1000)
            #expect(!feed.hasMore)
            #expect(feed.changes == response.results.map(\.record))
            let rows = try await TodoModel.query(on: app.db).count()
            #expect(rows == count)
            let legacyIds = try await TodoModel.query(on: app.db).all().compactMap(\.legacyId)
            #expect(Set(legacyIds) == Set(1...Int64(count)))
        }
    }
}
