import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

struct PushTests {
    @Test func createUpdateAndDeleteTakeIncreasingRevisions() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let created = try await app.push(token, [Make.put(uuid, base: 0, "buy milk")])
            #expect(created.results.count == 1)
            #expect(created.results[0].status == .applied)
            #expect(created.results[0].record?.rev == 1)
            #expect(created.results[0].record?.todo == Make.fields("buy milk"))
            #expect(created.cursor == 1)

            let updated = try await app.push(token, [Make.put(uuid, base: 1, "buy oat milk")])
            #expect(updated.results[0].status == .applied)
            #expect(updated.results[0].record?.rev == 2)
            #expect(updated.results[0].record?.todo?.name == "buy oat milk")

            let deleted = try await app.push(token, [Make.delete(uuid, base: 2)])
            #expect(deleted.results[0].status == .applied)
            #expect(deleted.results[0].record?.deleted == true && deleted.results[0].record?.rev == 3)
            #expect(deleted.results[0].record?.todo?.name == "buy oat milk")
            #expect(deleted.cursor == 3)
        }
    }

    /// `revisionsOnly`: applied records come back, and are kept for retries, without their
    /// content; conflicts carry the server's copy whole; a retry without the flag gets the
    /// content the put sent; the records themselves are stored whole.
    @Test func aPushForRevisionsOnlyIsAnsweredWithoutContent() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (a, b) = (UUID(), UUID())
            let put = Make.put(a, base: 0, "buy milk")
            let operations = [
                put, Make.put(b, base: 0, "bread"), Make.put(b, base: 9, "stale"), Make.delete(b, base: 2)
            ]
            let answer = try await app.push(token, operations, revisionsOnly: true)
            #expect(answer.results.map(\.status) == [.applied, .applied, .conflict, .applied])
            #expect(answer.results.map { $0.record?.rev } == [1, 2, 2, 3])
            #expect(answer.results.map { $0.record?.todo?.name } == [nil, nil, "bread", nil])
            #expect(answer.results[3].record?.deleted == true)

            let again = try await app.push(token, [put], revisionsOnly: true)
            #expect(again.results[0].record == TodoRecord(uuid: a, rev: 1, deleted: false, todo: nil))
            let whole = try await app.push(token, [put])
            #expect(whole.results[0].record == TodoRecord(uuid: a, rev: 1, deleted: false, todo: put.todo))
            #expect(try await app.changes(token, since: 0).changes.first?.todo == put.todo)
        }
    }

    @Test func resultsComeInRequestOrderAndOneRequestIsOneTransaction() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (a, b) = (UUID(), UUID())
            let response = try await app.push(
                token,
                [
                    Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b"), Make.put(a, base: 1, "a2"),
                    Make.put(b, base: 99, "stale")
                ])
            #expect(response.results.map(\.status) == [.applied, .applied, .applied, .conflict])
            #expect(response.results.map { $0.record?.rev } == [1, 2, 3, 2])
            #expect(response.results[3].record?.todo?.name == "b")
            #expect(response.cursor == 3)
        }
    }

    @Test func staleBaseRevisionIsAConflictWithTheServerCopyAndChangesNothing() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "v1")])
            _ = try await app.push(token, [Make.put(uuid, base: 1, "v2")])

            for stale in [Make.put(uuid, base: 1, "lost"), Make.delete(uuid, base: 1), Make.put(uuid, base: 0, "new")] {
                let response = try await app.push(token, [stale])
                #expect(response.results[0].status == .conflict)
                #expect(response.results[0].record?.rev == 2)
                #expect(response.results[0].record?.todo?.name == "v2")
                #expect(response.cursor == 2)
            }
            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.rev) == [2])
            #expect(feed.changes[0].todo?.name == "v2")
        }
    }

    @Test func unknownRecordWithNonZeroBaseIsAConflictWithoutRecord() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let response = try await app.push(token, [Make.put(UUID(), base: 4, "ghost")])
            #expect(response.results[0].status == .conflict)
            #expect(response.results[0].record == nil)
            #expect(response.cursor == 0)
            let feed = try await app.changes(token).changes
            #expect(feed == [])
        }
    }

    @Test func deleteOfAnUnknownRecordStoresATombstone() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let response = try await app.push(token, [Make.delete(uuid, base: 0)])
            #expect(response.results[0].status == .applied)
            #expect(response.results[0].record == TodoRecord(uuid: uuid, rev: 1, deleted: true, todo: nil))
        }
    }

    @Test func putOnATombstoneAtItsRevisionResurrects() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "v1"), Make.delete(uuid, base: 1)])
            let response = try await app.push(token, [Make.put(uuid, base: 2, "back")])
            #expect(response.results[0].status == .applied)
            #expect(response.results[0].record?.deleted == false)
            #expect(response.results[0].record?.todo?.name == "back")
            #expect(response.results[0].record?.rev == 3)
        }
    }

    @Test func repeatedOperationIdReturnsTheOriginalResultWithoutApplyingAgain() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let create = Make.put(uuid, base: 0, "once")
            let first = try await app.push(token, [create])
            _ = try await app.push(token, [Make.put(uuid, base: 1, "changed since")])

            let replay = try await app.push(token, [create])
            #expect(replay.results == first.results)
            #expect(replay.cursor == 2)
            let feed = try await app.changes(token)
            #expect(feed.changes.count == 1)
            #expect(feed.changes[0].todo?.name == "changed since")

            // A replay inside one request, and a replayed delete.
            let delete = Make.delete(uuid, base: 2)
            let twice = try await app.push(token, [delete, delete])
            #expect(twice.results[0] == twice.results[1])
            #expect(twice.results[0].status == .applied)
            #expect(twice.cursor == 3)
            let again = try await app.push(token, [delete]).results
            #expect(again == [twice.results[0]])
        }
    }

    @Test func operationIdsBelongToTheirUser() async throws {
        try await withTestApp { app in
            let alice = try await app.makeUser("alice")
            let bob = try await app.makeUser("bob")
            let opId = UUID()
            _ = try await app.push(alice, [Make.put(UUID(), base: 0, "alice's", opId: opId)])
            let bobs = try await app.push(bob, [Make.put(UUID(), base: 0, "bob's", opId: opId)])
            #expect(bobs.results[0].status == .applied)
            #expect(bobs.results[0].record?.todo?.name == "bob's")
        }
    }

    @Test func datesTravelAsISO8601WithMilliseconds() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let fields = TodoFields(
                name: "dates", createdAt: ISO8601Millis.parse("2026-01-02T03:04:05.678Z")!,
                updatedAt: ISO8601Millis.parse("2026-01-02T03:04:06.001Z")!,
                completedAt: ISO8601Millis.parse("2026-01-02T03:04:07.999Z")!)
            let body = String(
                decoding: try WireJSON.encoder.encode(
                    PushRequest(operations: [
                        PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: fields)
                    ])), as: UTF8.self)
            let response = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            #expect(response.status == .ok)
            #expect(
                response.body.string.contains(#""createdAt":"2026-01-02T03:04:05.678Z""#), "\(response.body.string)")
            #expect(response.body.string.contains(#""completedAt":"2026-01-02T03:04:07.999Z""#))
            #expect(try app.decode(PushResponse.self, response).results[0].record?.todo == fields)
            let feed = try await app.send(.GET, "v1/changes", headers: auth(token))
            #expect(feed.body.string.contains(#""updatedAt":"2026-01-02T03:04:06.001Z""#))
        }
    }

    @Test func textIsStoredExactly() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let text = "Grüße, 你好 — 🧪 \"quoted\" \\ back\nslash\ttab"
            let op = PushOperation(
                opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
                todo: TodoFields(
                    name: text, description: text, notes: text, createdAt: Make.created, updatedAt: Make.created))
            _ = try await app.push(token, [op])
            let stored = try await app.changes(token).changes[0].todo
            #expect(stored == op.todo)
        }
    }

    @Test func emptyPushAnswersTheCursor() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.push(token, [Make.put(UUID(), base: 0, "x")])
            let response = try await app.push(token, [])
            #expect(response.results == [])
            #expect(response.cursor == 1)
        }
    }
}
