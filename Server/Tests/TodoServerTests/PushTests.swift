import TodoWire
import XCTVapor

@testable import TodoServer

final class PushTests: ServerTestCase {
    func testCreateUpdateAndDeleteTakeIncreasingRevisions() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        let created = try await push(token, [Make.put(uuid, base: 0, "buy milk")])
        XCTAssertEqual(created.results.count, 1)
        XCTAssertEqual(created.results[0].status, .applied)
        XCTAssertEqual(created.results[0].record?.rev, 1)
        XCTAssertEqual(created.results[0].record?.todo, Make.fields("buy milk"))
        XCTAssertEqual(created.cursor, 1)

        let updated = try await push(token, [Make.put(uuid, base: 1, "buy oat milk")])
        XCTAssertEqual(updated.results[0].status, .applied)
        XCTAssertEqual(updated.results[0].record?.rev, 2)
        XCTAssertEqual(updated.results[0].record?.todo?.name, "buy oat milk")

        let deleted = try await push(token, [Make.delete(uuid, base: 2)])
        XCTAssertEqual(deleted.results[0].status, .applied)
        XCTAssertEqual(deleted.results[0].record, TodoRecord(uuid: uuid, rev: 3, deleted: true, todo: nil))
        XCTAssertEqual(deleted.cursor, 3)
    }

    func testResultsComeInRequestOrderAndOneRequestIsOneTransaction() async throws {
        let token = try await makeUser("alice")
        let (a, b) = (UUID(), UUID())
        let response = try await push(token, [
            Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b"), Make.put(a, base: 1, "a2"),
            Make.put(b, base: 99, "stale"),
        ])
        XCTAssertEqual(response.results.map(\.status), [.applied, .applied, .applied, .conflict])
        XCTAssertEqual(response.results.map { $0.record?.rev }, [1, 2, 3, 2])
        XCTAssertEqual(response.results[3].record?.todo?.name, "b")
        XCTAssertEqual(response.cursor, 3)
    }

    func testStaleBaseRevisionIsAConflictWithTheServerCopyAndChangesNothing() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        _ = try await push(token, [Make.put(uuid, base: 0, "v1")])
        _ = try await push(token, [Make.put(uuid, base: 1, "v2")])

        for stale in [Make.put(uuid, base: 1, "lost"), Make.delete(uuid, base: 1), Make.put(uuid, base: 0, "new")] {
            let response = try await push(token, [stale])
            XCTAssertEqual(response.results[0].status, .conflict)
            XCTAssertEqual(response.results[0].record?.rev, 2)
            XCTAssertEqual(response.results[0].record?.todo?.name, "v2")
            XCTAssertEqual(response.cursor, 2)
        }
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.map(\.rev), [2])
        XCTAssertEqual(feed.changes[0].todo?.name, "v2")
    }

    func testUnknownRecordWithNonZeroBaseIsAConflictWithoutRecord() async throws {
        let token = try await makeUser("alice")
        let response = try await push(token, [Make.put(UUID(), base: 4, "ghost")])
        XCTAssertEqual(response.results[0].status, .conflict)
        XCTAssertNil(response.results[0].record)
        XCTAssertEqual(response.cursor, 0)
        let feed = try await changes(token).changes
        XCTAssertEqual(feed, [])
    }

    func testDeleteOfAnUnknownRecordStoresATombstone() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        let response = try await push(token, [Make.delete(uuid, base: 0)])
        XCTAssertEqual(response.results[0].status, .applied)
        XCTAssertEqual(response.results[0].record, TodoRecord(uuid: uuid, rev: 1, deleted: true, todo: nil))
    }

    func testPutOnATombstoneAtItsRevisionResurrects() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        _ = try await push(token, [Make.put(uuid, base: 0, "v1"), Make.delete(uuid, base: 1)])
        let response = try await push(token, [Make.put(uuid, base: 2, "back")])
        XCTAssertEqual(response.results[0].status, .applied)
        XCTAssertEqual(response.results[0].record?.deleted, false)
        XCTAssertEqual(response.results[0].record?.todo?.name, "back")
        XCTAssertEqual(response.results[0].record?.rev, 3)
    }

    func testRepeatedOperationIdReturnsTheOriginalResultWithoutApplyingAgain() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        let create = Make.put(uuid, base: 0, "once")
        let first = try await push(token, [create])
        _ = try await push(token, [Make.put(uuid, base: 1, "changed since")])

        let replay = try await push(token, [create])
        XCTAssertEqual(replay.results, first.results)
        XCTAssertEqual(replay.cursor, 2)
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.count, 1)
        XCTAssertEqual(feed.changes[0].todo?.name, "changed since")

        // A replay inside one request, and a replayed delete.
        let delete = Make.delete(uuid, base: 2)
        let twice = try await push(token, [delete, delete])
        XCTAssertEqual(twice.results[0], twice.results[1])
        XCTAssertEqual(twice.results[0].status, .applied)
        XCTAssertEqual(twice.cursor, 3)
        let again = try await push(token, [delete]).results
        XCTAssertEqual(again, [twice.results[0]])
    }

    func testOperationIdsBelongToTheirUser() async throws {
        let alice = try await makeUser("alice")
        let bob = try await makeUser("bob")
        let opId = UUID()
        _ = try await push(alice, [Make.put(UUID(), base: 0, "alice's", opId: opId)])
        let bobs = try await push(bob, [Make.put(UUID(), base: 0, "bob's", opId: opId)])
        XCTAssertEqual(bobs.results[0].status, .applied)
        XCTAssertEqual(bobs.results[0].record?.todo?.name, "bob's")
    }

    func testDatesTravelAsISO8601WithMilliseconds() async throws {
        let token = try await makeUser("alice")
        let fields = TodoFields(
            name: "dates", createdAt: ISO8601Millis.parse("2026-01-02T03:04:05.678Z")!,
            updatedAt: ISO8601Millis.parse("2026-01-02T03:04:06.001Z")!,
            completedAt: ISO8601Millis.parse("2026-01-02T03:04:07.999Z")!)
        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [
            PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: fields)
        ])), as: UTF8.self)
        let response = try await send(.POST, "v1/push", headers: auth(token), body: body)
        XCTAssertEqual(response.status, .ok)
        XCTAssertTrue(response.body.string.contains(#""createdAt":"2026-01-02T03:04:05.678Z""#), response.body.string)
        XCTAssertTrue(response.body.string.contains(#""completedAt":"2026-01-02T03:04:07.999Z""#))
        XCTAssertEqual(try decode(PushResponse.self, response).results[0].record?.todo, fields)
        let feed = try await send(.GET, "v1/changes", headers: auth(token))
        XCTAssertTrue(feed.body.string.contains(#""updatedAt":"2026-01-02T03:04:06.001Z""#))
    }

    func testTextIsStoredExactly() async throws {
        let token = try await makeUser("alice")
        let text = "Grüße, 你好 — 🧪 \"quoted\" \\ back\nslash\ttab"
        let op = PushOperation(
            opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
            todo: TodoFields(name: text, description: text, notes: text, createdAt: Make.created, updatedAt: Make.created))
        _ = try await push(token, [op])
        let stored = try await changes(token).changes[0].todo
        XCTAssertEqual(stored, op.todo)
    }

    func testEmptyPushAnswersTheCursor() async throws {
        let token = try await makeUser("alice")
        _ = try await push(token, [Make.put(UUID(), base: 0, "x")])
        let response = try await push(token, [])
        XCTAssertEqual(response.results, [])
        XCTAssertEqual(response.cursor, 1)
    }
}
