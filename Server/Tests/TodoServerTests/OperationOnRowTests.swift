import Fluent
import SQLKit
import Testing
import TodoCore
import TodoWire
import VaporTesting

@testable import TodoServer

/// A todo row names the push operation that made its revision (`StoredRecord.opId`): a retry
/// of it is answered from the row, and `operations` holds only the results of operations whose
/// todo changed since.
struct OperationOnRowTests {
    /// The body of a push of `operations`, answered as it came.
    static func rawPush(
        _ app: TestApp, _ token: String, _ operations: [PushOperation], revisionsOnly: Bool? = nil
    ) async throws -> String {
        let request = PushRequest(operations: operations, revisionsOnly: revisionsOnly)
        let body = String(decoding: try WireJSON.encoder.encode(request), as: UTF8.self)
        let response = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
        #expect(response.status == .ok, "\(response.body.string)")
        return response.body.string
    }

    static func storedResults(_ app: TestApp) async throws -> Int {
        try await OperationModel.query(on: app.db).count()
    }

    static func prunedResults(_ app: TestApp) async throws -> Int {
        let rows = try await app.db.sql().raw("SELECT COUNT(*) AS count FROM \(ident: PrunedOperations.table)").all()
        return try rows.first?.decode(column: "count", as: Int.self) ?? 0
    }

    @Test func aRetryOfAnUnchangedTodosOperationIsAnsweredWithTheSameBytesFromItsRow() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (a, b, c) = (UUID(), UUID(), UUID())
            let pushes: [(operations: [PushOperation], revisionsOnly: Bool?)] = [
                ([Make.put(a, base: 0, "milk"), Make.put(b, base: 0, "bread")], nil),
                ([Make.delete(b, base: 2, last: Make.fields("bread"))], nil),
                ([Make.put(c, base: 0, "eggs"), Make.put(a, base: 1, "oat milk")], true)
            ]
            for push in pushes {
                let first = try await Self.rawPush(app, token, push.operations, revisionsOnly: push.revisionsOnly)
                let retry = try await Self.rawPush(app, token, push.operations, revisionsOnly: push.revisionsOnly)
                #expect(retry == first)
            }
            // Only the results of the operations whose todos changed since: a's and b's creations.
            #expect(try await Self.storedResults(app) == 2)
            #expect(try await app.changes(token).changes.map(\.rev) == [3, 4, 5])
        }
    }

    @Test func aFirstPushOfNewTodosStoresNoResult() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let operations = (0..<SyncAPI.maxOperationsPerPush).map { Make.put(UUID(), base: 0, "todo \($0)") }
            let answer = try await app.push(token, operations, revisionsOnly: true)
            #expect(answer.results.allSatisfy { $0.status == .applied })
            #expect(try await Self.storedResults(app) == 0)
        }
    }

    @Test func aRetryAfterAnotherPushChangedTheTodoIsAnsweredAtItsRevision() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            let create = Make.put(todo, base: 0, "made")
            let first = try await app.push(token, [create])
            #expect(try await Self.storedResults(app) == 0)
            _ = try await app.push(token, [Make.put(todo, base: 1, "changed elsewhere")])  // rev 2
            #expect(try await Self.storedResults(app) == 1)

            let retry = try await app.push(token, [create])
            #expect(retry.results == first.results)
            let lean = try await app.push(token, [create], revisionsOnly: true)
            #expect(lean.results == [PushResult(opId: create.opId, status: .applied, record: revision(todo, 1))])
            #expect(try await app.changes(token).changes.map(\.todo?.name) == ["changed elsewhere"])
            #expect(try await Self.storedResults(app) == 1)
        }
    }

    @Test func aLegacyOverwriteKeepsTheResultOfTheOperationItReplaced() async throws {
        try await withLegacyApp { app, token in
            let todo = UUID()
            let create = Make.put(todo, base: 0, "from v1")
            _ = try await app.push(token, [create])  // rev 1
            let list = try app.decode([LegacyTests.Todo].self, try await app.send(.GET, "todos"))
            let id = try #require(list.first?.id)
            _ = try await app.send(.POST, "updateTodo", headers: ["id": "\(id)", "completed": "true"])  // rev 2
            #expect(try await Self.storedResults(app) == 1)

            let retry = try await app.push(token, [create], revisionsOnly: true)
            #expect(retry.results == [PushResult(opId: create.opId, status: .applied, record: revision(todo, 1))])
            #expect(try await app.changes(token).changes.map(\.rev) == [2])
        }
    }

    @Test func aWriteByAnotherFaceClearsTheRowsOperation() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            let create = Make.put(todo, base: 0, "made")
            _ = try await app.push(token, [create])
            let userID = try #require(try await UserModel.query(on: app.db).filter(\.$name == "alice").first()?.id)
            try await withUserWrite(on: app.db, queue: .of(app.application), userID: userID, at: Date()) { write in
                _ = try await write.put(todo, Make.fields("by CalDAV"))
            }
            let row = try #require(try await TodoModel.query(on: app.db).filter(\.$uuid == todo).first())
            #expect(row.opId == nil)
            let retry = try await app.push(token, [create], revisionsOnly: true)
            #expect(retry.results == [PushResult(opId: create.opId, status: .applied, record: revision(todo, 1))])
        }
    }

    @Test func aRetryOfAPrunedTombstonesDeleteIsAnsweredAsApplied() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo = UUID()
            _ = try await app.push(token, [Make.put(todo, base: 0, "made")])  // rev 1
            let delete = Make.delete(todo, base: 1)
            _ = try await app.push(token, [delete])  // rev 2
            let pruned = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            #expect(pruned == Pruning.Outcome(tombstones: 1, operations: 1))
            #expect(try await Self.storedResults(app) == 0)
            #expect(try await Self.prunedResults(app) == 2)

            for prunedTombstones in [false, true] {
                let retry = try await app.push(token, [delete], prunedTombstones: prunedTombstones)
                #expect(
                    retry.results == [
                        PushResult(
                            opId: delete.opId, status: .applied,
                            record: TodoRecord(uuid: todo, rev: 2, deleted: true, todo: nil))
                    ])
                #expect(retry.cursor == 2)
            }
        }
    }

    private func revision(_ uuid: UUID, _ rev: Int64) -> TodoRecord {
        TodoRecord(uuid: uuid, rev: rev, deleted: false, todo: nil)
    }
}

/// A database of the schema before `AddTodoOpIds` keeps every applied operation's result in
/// `operations`, the current revision's writer's too: after the migration they answer retries.
struct OperationOnRowMigrationTests {
    @Test func resultsStoredBeforeTheMigrationStillAnswerRetries() async throws {
        try await withTestDatabase { database in
            let settings = ServerSettings(storage: database.storage)
            let (todo, token) = (UUID(), TokenModel.generate())
            let create = Make.put(todo, base: 0, "made")
            var change = Make.put(todo, base: 1, "changed")
            change.todo?.completed = true
            let results = try await Self.makePreviousVersionDatabase(
                settings, todo: todo, token: token, [create, change])
            try await withTestApp(settings) { app in
                for (operation, stored) in zip([create, change], results) {
                    for revisionsOnly in [false, true] {
                        let retry = try await app.push(token, [operation], revisionsOnly: revisionsOnly)
                        #expect(retry.results == [stored])
                        #expect(retry.cursor == 2)
                    }
                }
                _ = try await app.push(token, [Make.put(todo, base: 2, "later")])  // rev 3
                #expect(try await OperationModel.query(on: app.db).count() == 2)
                let retry = try await app.push(token, [change])
                #expect(retry.results == [results[1]])
            }
        }
    }

    /// A database migrated up to `AddTodoOpIds`, with alice (`token`) holding `todo` at rev 2 as
    /// `operations` (revs 1 and 2) made it, and their results stored as the server then did.
    static func makePreviousVersionDatabase(
        _ settings: ServerSettings, todo: UUID, token: String, _ operations: [PushOperation]
    ) async throws -> [PushResult] {
        let old = try await makeApplication()
        do {
            switch settings.storage {
            case .sqlite(let path): old.databases.use(.sqlite(.file(path)), as: .sqlite)
            case .postgres(let url): try old.databases.use(.postgres(url: url), as: .psql)
            }
            let migrations = schemaMigrations(clock: ServerClock())
            #expect(migrations.last?.name == AddTodoOpIds().name)
            for migration in migrations.dropLast() { old.migrations.add(migration) }
            try await old.autoMigrate()
            let user = UserModel(name: "alice", now: Date())
            user.lastRev = 2
            user.nextLegacyId = 2
            try await user.create(on: old.db)
            let userID = try user.requireID()
            try await TokenModel(userID: userID, hash: TokenModel.hash(token), now: Date()).create(on: old.db)
            let fields = try #require(operations.last?.todo)
            let ms = ISO8601Millis.milliseconds(Make.created)
            try await old.db.sql().insert(into: "todos")
                .columns(
                    "id", "user_id", "uuid", "rev", "deleted", "legacy_id", "name", "description",
                    "notes", "completed", "created_at_ms", "updated_at_ms", "completed_at_ms", "attributes"
                )
                .values(
                    SQLBind(UUID()), SQLBind(userID), SQLBind(todo), SQLBind(Int64(2)),
                    SQLBind(false), SQLBind(Int64(1)), SQLBind(fields.name), SQLBind(fields.description),
                    SQLBind(fields.notes), SQLBind(fields.completed), SQLBind(ms), SQLBind(ms), SQLLiteral.null,
                    SQLLiteral.null
                )
                .run()
            var results: [PushResult] = []
            for (index, operation) in operations.enumerated() {
                let record = TodoRecord(uuid: todo, rev: Int64(index + 1), deleted: false, todo: operation.todo)
                let result = PushResult(opId: operation.opId, status: .applied, record: record)
                results.append(result)
                try await old.db.sql().insert(into: "operations")
                    .columns("id", "user_id", "op_id", "result", "created_at_ms")
                    .values(
                        SQLBind(UUID()), SQLBind(userID), SQLBind(operation.opId),
                        SQLBind(String(decoding: try WireJSON.encoder.encode(result), as: UTF8.self)), SQLBind(ms)
                    )
                    .run()
            }
            try await old.asyncShutdown()
            return results
        } catch {
            try? await old.asyncShutdown()
            throw error
        }
    }
}
