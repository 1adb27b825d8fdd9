import Fluent
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 15: a per-user storage quota. A change that would take a user past it is refused
/// with 507 and changes nothing; deleting is always allowed; the count stays exact.
struct QuotaTests {
    static func settings(_ settings: inout ServerSettings) {
        settings.legacyUser = "alice"
        settings.quotaBytes = 3000
    }

    /// Each user's `storedBytes` is what their records take, counted afresh.
    static func expectStoredBytesAddUp(_ db: any Database, sourceLocation: SourceLocation = #_sourceLocation)
        async throws
    {
        let todos = try await TodoModel.query(on: db).all()
        for user in try await UserModel.query(on: db).all() {
            let expected = todos.filter { $0.userID == user.id }.reduce(0) { $0 + $1.storedBytes }
            #expect(user.storedBytes == expected, "\(user.name)", sourceLocation: sourceLocation)
        }
    }

    func put(_ uuid: UUID, base: Int64, notes: Int) -> PushOperation {
        PushOperation(
            opId: UUID(), kind: .put, uuid: uuid, baseRev: base,
            todo: Make.fields("n", notes: String(repeating: "x", count: notes)))
    }

    @Test func aPushPastTheQuotaIsRefusedAndDeletingMakesRoom() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let (first, second) = (UUID(), UUID())
            _ = try await app.push(token, [put(first, base: 0, notes: 1000)])
            try await Self.expectStoredBytesAddUp(app.db)

            let body = String(
                decoding: try WireJSON.encoder.encode(PushRequest(operations: [put(second, base: 0, notes: 1500)])),
                as: UTF8.self)
            let refused = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            try app.expectError(refused, .insufficientStorage)
            #expect(refused.body.string.contains("over this account's storage quota: 1"), "\(refused.body.string)")
            #expect(refused.body.string.contains("of 3000 bytes used, this change needs"), "\(refused.body.string)")
            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.uuid) == [first])
            try await Self.expectStoredBytesAddUp(app.db)

            // The book's API is held to the same quota.
            let legacy = try await app.send(
                .POST, "postTodo", headers: ["id": "9", "name": "big", "notes": String(repeating: "y", count: 2000)])
            #expect(legacy.status == .insufficientStorage, "\(legacy.body.string)")

            // A shrinking change is always accepted, then there is room again.
            _ = try await app.push(token, [Make.delete(first, base: 1)])
            let again = try await app.push(token, [put(second, base: 0, notes: 1500)])
            #expect(again.results.map(\.status) == [.applied])
            try await Self.expectStoredBytesAddUp(app.db)
            _ = try await app.send(.POST, "updateTodo", headers: ["id": "2", "notes": "short"])
            _ = try await app.send(.DELETE, "deleteAll")
            try await Self.expectStoredBytesAddUp(app.db)
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            try await Self.expectStoredBytesAddUp(app.db)
            let users = try await UserModel.query(on: app.db).all()
            #expect(users.map(\.storedBytes) == [0])
        }
    }
}
