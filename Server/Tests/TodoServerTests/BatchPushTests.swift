import Fluent
import TodoWire
import XCTVapor

@testable import TodoServer

/// A push is applied in memory and written with a few multi-row statements; these check that
/// the result is exactly what applying the operations one by one gives.
final class BatchPushTests: ServerTestCase {
    /// New records, updates, deletes, a resurrection, conflicts (stale, against a change made
    /// earlier in the same batch, unknown record) and replayed opIds (from an earlier push and
    /// from earlier in the same batch), all in one push.
    func testOneBatchMixingEveryKindOfOperation() async throws {
        let token = try await makeUser("alice")
        let (a, b, c, d, e, f, g) = (UUID(), UUID(), UUID(), UUID(), UUID(), UUID(), UUID())
        let createA = Make.put(a, base: 0, "a")
        let setup = try await push(token, [
            createA, Make.put(b, base: 0, "b"), Make.put(c, base: 0, "c"), Make.delete(d, base: 0),
        ])
        XCTAssertEqual(setup.results.map(\.status), [.applied, .applied, .applied, .applied])
        XCTAssertEqual(setup.cursor, 4)
        let idsBefore = Dictionary(uniqueKeysWithValues: try await TodoModel.query(on: app.db).all().map { ($0.uuid, $0.id) })

        let updateA = Make.put(a, base: 1, "a2")
        let operations = [
            Make.put(e, base: 0, "e"),          // 0 new: rev 5
            updateA,                            // 1 update: rev 6
            Make.delete(b, base: 2),            // 2 delete: rev 7
            Make.put(c, base: 1, "stale"),      // 3 conflict: c is at 3
            Make.put(a, base: 1, "lost"),       // 4 conflict with 1's change: a is at 6
            createA,                            // 5 replay of the setup's first result
            updateA,                            // 6 replay of 1
            Make.put(d, base: 4, "d back"),     // 7 resurrects the tombstone: rev 8
            Make.put(e, base: 5, "e2"),         // 8 changes 0's new record again: rev 9
            Make.put(f, base: 3, "ghost"),      // 9 conflict, no record
            Make.delete(g, base: 0),            // 10 tombstone of an unknown record: rev 10
            Make.put(a, base: 6, "a3"),         // 11 changes a again: rev 11
        ]
        let response = try await push(token, operations)

        let applied = { (uuid: UUID, rev: Int64, name: String?) in
            TodoRecord(uuid: uuid, rev: rev, deleted: name == nil, todo: name.map { Make.fields($0) })
        }
        XCTAssertEqual(response.results.map(\.opId), operations.map(\.opId))
        XCTAssertEqual(response.results.map(\.status), [
            .applied, .applied, .applied, .conflict, .conflict, .applied, .applied, .applied,
            .applied, .conflict, .applied, .applied,
        ])
        XCTAssertEqual(response.results.map(\.record), [
            applied(e, 5, "e"), applied(a, 6, "a2"), applied(b, 7, nil), applied(c, 3, "c"),
            applied(a, 6, "a2"), applied(a, 1, "a"), applied(a, 6, "a2"), applied(d, 8, "d back"),
            applied(e, 9, "e2"), nil, applied(g, 10, nil), applied(a, 11, "a3"),
        ])
        XCTAssertEqual(response.results[5], setup.results[0])
        XCTAssertEqual(response.results[6], response.results[1])
        XCTAssertEqual(response.cursor, 11)

        let expectedFeed = [
            applied(c, 3, "c"), applied(b, 7, nil), applied(d, 8, "d back"), applied(e, 9, "e2"),
            applied(g, 10, nil), applied(a, 11, "a3"),
        ]
        let feed = try await changes(token).changes
        XCTAssertEqual(feed, expectedFeed)

        // One row per record, each keeping its id; legacy ids handed out in request order.
        let rows = try await TodoModel.query(on: app.db).all()
        XCTAssertEqual(rows.count, 6)
        for row in rows where idsBefore[row.uuid] != nil { XCTAssertEqual(row.id, idsBefore[row.uuid]!, "\(row.uuid)") }
        XCTAssertEqual(rows.filter { idsBefore[$0.uuid] != nil }.count, 4)
        let legacy = Dictionary(uniqueKeysWithValues: rows.map { ($0.uuid, $0.legacyId) })
        XCTAssertEqual(legacy, [a: 1, b: 2, c: 3, d: 5, e: 4, g: nil])
        let user = try await UserModel.query(on: app.db).filter(\.$name == "alice").first()
        XCTAssertEqual(user?.lastRev, 11)
        XCTAssertEqual(user?.nextLegacyId, 6)

        // The whole push again: applied results come back as stored, conflicts are evaluated
        // afresh, nothing changes.
        let again = try await push(token, operations)
        XCTAssertEqual(again.cursor, 11)
        for index in [0, 1, 2, 5, 6, 7, 8, 10, 11] {
            XCTAssertEqual(again.results[index], response.results[index], "operation \(index)")
        }
        XCTAssertEqual(again.results[3], response.results[3])
        XCTAssertEqual(again.results[4].status, .conflict)
        XCTAssertEqual(again.results[4].record, applied(a, 11, "a3"))
        XCTAssertEqual(again.results[9], response.results[9])
        let feedAfterReplay = try await changes(token).changes
        XCTAssertEqual(feedAfterReplay, expectedFeed)
    }

    /// The largest push, of updates and deletes of existing records, replayed: every row is
    /// written with multi-row statements.
    func testAFullBatchOfUpdatesAndDeletes() async throws {
        let token = try await makeUser("alice")
        let count = SyncAPI.maxOperationsPerPush
        let uuids = (0..<count).map { _ in UUID() }
        _ = try await push(token, uuids.enumerated().map { Make.put($1, base: 0, "t\($0)") })

        let operations = uuids.enumerated().map { index, uuid in
            index % 3 == 0
                ? Make.delete(uuid, base: Int64(index + 1))
                : Make.put(uuid, base: Int64(index + 1), "u\(index)")
        }
        let response = try await push(token, operations)
        XCTAssertTrue(response.results.allSatisfy { $0.status == .applied })
        XCTAssertEqual(response.results.map { $0.record?.rev }, (0..<count).map { Int64(count + $0 + 1) })
        XCTAssertEqual(response.cursor, Int64(2 * count))

        let replay = try await push(token, operations)
        XCTAssertEqual(replay.results, response.results)
        XCTAssertEqual(replay.cursor, Int64(2 * count))

        let feed = try await changes(token, since: Int64(count), limit: 1000)
        XCTAssertFalse(feed.hasMore)
        XCTAssertEqual(feed.changes, response.results.map(\.record))
        let rows = try await TodoModel.query(on: app.db).count()
        XCTAssertEqual(rows, count)
        let legacyIds = try await TodoModel.query(on: app.db).all().compactMap(\.legacyId)
        XCTAssertEqual(Set(legacyIds), Set(1...Int64(count)))
    }
}
