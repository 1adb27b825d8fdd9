import Fluent
import TodoWire
import XCTVapor

@testable import TodoServer

/// Issue 15: a per-user storage quota. A change that would take a user past it is refused
/// with 507 and changes nothing; deleting is always allowed; the count stays exact.
final class QuotaTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        var settings = try await TestDatabase.freshSettings(legacyUser: "alice")
        settings.quotaBytes = 3000
        return settings
    }

    /// Each user's `storedBytes` is what their records take, counted afresh.
    static func assertStoredBytesAddUp(_ db: any Database, file: StaticString = #filePath, line: UInt = #line) async throws {
        let todos = try await TodoModel.query(on: db).all()
        for user in try await UserModel.query(on: db).all() {
            let expected = todos.filter { $0.userID == user.id }.reduce(0) { $0 + $1.storedBytes }
            XCTAssertEqual(user.storedBytes, expected, "\(user.name)", file: file, line: line)
        }
    }

    func put(_ uuid: UUID, base: Int64, notes: Int) -> PushOperation {
        PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: base, todo: Make.fields("n", notes: String(repeating: "x", count: notes)))
    }

    func testAPushPastTheQuotaIsRefusedAndDeletingMakesRoom() async throws {
        let token = try await makeUser("alice")
        let (first, second) = (UUID(), UUID())
        _ = try await push(token, [put(first, base: 0, notes: 1000)])
        try await Self.assertStoredBytesAddUp(app.db)

        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [put(second, base: 0, notes: 1500)])), as: UTF8.self)
        let refused = try await send(.POST, "v1/push", headers: auth(token), body: body)
        try assertError(refused, .insufficientStorage)
        XCTAssertTrue(refused.body.string.contains("over this account's storage quota: 1"), refused.body.string)
        XCTAssertTrue(refused.body.string.contains("of 3000 bytes used, this change needs"), refused.body.string)
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.map(\.uuid), [first])
        try await Self.assertStoredBytesAddUp(app.db)

        // The book's API is held to the same quota.
        let legacy = try await send(.POST, "postTodo", headers: ["id": "9", "name": "big", "notes": String(repeating: "y", count: 2000)])
        XCTAssertEqual(legacy.status, .insufficientStorage, legacy.body.string)

        // A shrinking change is always accepted, then there is room again.
        _ = try await push(token, [Make.delete(first, base: 1)])
        let again = try await push(token, [put(second, base: 0, notes: 1500)])
        XCTAssertEqual(again.results.map(\.status), [.applied])
        try await Self.assertStoredBytesAddUp(app.db)
        _ = try await send(.POST, "updateTodo", headers: ["id": "2", "notes": "short"])
        _ = try await send(.DELETE, "deleteAll")
        try await Self.assertStoredBytesAddUp(app.db)
        _ = try await Pruning.prune(app.db, queue: .of(app), olderThan: Date().addingTimeInterval(60))
        try await Self.assertStoredBytesAddUp(app.db)
        let users = try await UserModel.query(on: app.db).all()
        XCTAssertEqual(users.map(\.storedBytes), [0])
    }
}
