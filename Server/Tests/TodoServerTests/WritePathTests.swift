import Fluent
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 24: v1 pushes and the legacy routes change records through one write path
/// (`UserWrite`). Interleaved, they keep the quota's count exact and hand out revisions densely,
/// each step's changes a consecutive run of the feed.
struct WritePathTests {
    /// The user book, on an app with the legacy routes on and a quota of 4000 bytes, with
    /// what these tests check of book's records.
    struct Book {
        let app: TestApp
        let token: String

        /// What the user's records take, counted from their columns as README.md defines it (not
        /// with the server's own `storedBytes`).
        func bytesOfRows() async throws -> Int64 {
            try await TodoModel.query(on: app.db).all().reduce(0) { sum, row in
                let texts = [row.name, row.descriptionText, row.notes, row.attributesJSON ?? ""].map(\.utf8.count)
                    .reduce(0, +)
                // A tombstone counts the content it kept (issue 42): a cleared one has none.
                return sum + (row.deleted ? 64 : 256) + Int64(texts)
            }
        }

        func user() async throws -> UserModel {
            let user = try await UserModel.query(on: app.db).filter(\.$name == "book").first()
            return try #require(user)
        }

        /// Runs `action`, then checks that it took exactly the next `changes` revisions, that the
        /// feed after the previous revision holds those records in that order, and that the
        /// user's stored bytes are what the rows take.
        func step(
            _ changes: Int, _ records: [UUID]? = nil, sourceLocation: SourceLocation = #_sourceLocation,
            _ action: () async throws -> Void
        ) async throws {
            let before = try await user().lastRev
            try await action()
            let after = try await user()
            #expect(after.lastRev == before + Int64(changes), "revisions taken", sourceLocation: sourceLocation)
            let feed = try await app.changes(token, since: before, limit: 1000)
            #expect(
                feed.changes.map(\.rev) == Array(stride(from: before + 1, through: before + Int64(changes), by: 1)),
                sourceLocation: sourceLocation)
            if let records { #expect(feed.changes.map(\.uuid) == records, sourceLocation: sourceLocation) }
            let counted = try await bytesOfRows()
            #expect(after.storedBytes == counted, "stored bytes", sourceLocation: sourceLocation)
        }

        func legacy(
            _ method: HTTPMethod, _ path: String, _ headers: HTTPHeaders, status: HTTPStatus = .ok,
            sourceLocation: SourceLocation = #_sourceLocation
        ) async throws {
            let response = try await app.send(method, path, headers: headers, body: method == .POST ? "{}" : nil)
            #expect(response.status == status, "\(response.body.string)", sourceLocation: sourceLocation)
        }

        func uuid(ofLegacyId id: Int64) async throws -> UUID {
            let row = try await TodoModel.query(on: app.db).filter(\.$legacyId == id).first()
            return try #require(row).uuid
        }
    }

    func withBook(_ test: (Book) async throws -> Void) async throws {
        try await withLegacyApp({ $0.quotaBytes = 4000 }) { app, token in
            try await test(Book(app: app, token: token))
        }
    }

    @Test func pushesAndLegacyWritesInterleavedKeepQuotaAndRevisionsExact() async throws {
        try await withBook { book in
            let (app, token) = (book.app, book.token)
            let (a, b, c, d) = (UUID(), UUID(), UUID(), UUID())
            try await book.step(2, [a, b]) {
                _ = try await app.push(token, [Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b")])
            }
            try await book.step(1) {
                try await book.legacy(.POST, "postTodo", ["id": "10", "name": "ten", "notes": "n"])
            }
            let ten = try await book.uuid(ofLegacyId: 10)
            let mixed = [Make.put(a, base: 1, "a2"), Make.delete(b, base: 2), Make.put(c, base: 0, "c")]
            try await book.step(3, [a, b, c]) { _ = try await app.push(token, mixed) }
            // v1 records took legacy ids 1 and 2; after the posted 10, the next is 11.
            let cUUID = try await book.uuid(ofLegacyId: 11)
            #expect(cUUID == c)
            try await book.step(1, [a]) {
                try await book.legacy(.POST, "updateTodo", ["id": "1", "notes": "from the book"])
            }
            try await book.step(1, [c]) { try await book.legacy(.DELETE, "deleteTodo", ["id": "11"]) }
            try await book.step(0) {
                let replay = try await app.push(token, mixed)
                #expect(replay.cursor == 8)
            }
            try await book.step(0) {
                try await book.legacy(
                    .POST, "postTodo", ["id": "12", "name": "big", "notes": String(repeating: "x", count: 4000)],
                    status: .insufficientStorage)
            }
            try await book.step(1, [d]) {
                let response = try await app.push(token, [Make.put(a, base: 1, "stale"), Make.put(d, base: 0, "d")])
                #expect(response.results.map(\.status) == [.conflict, .applied])
            }
            // deleteAll tombstones the live records in the order they last changed.
            try await book.step(3, [ten, a, d]) { try await book.legacy(.DELETE, "deleteAll", [:]) }
            try await book.step(1, [b]) { _ = try await app.push(token, [Make.put(b, base: 5, "b back")]) }
            try await book.step(1, [b]) { try await book.legacy(.POST, "postTodo", ["id": "2", "name": "b again"]) }

            let final = try await book.user()
            #expect(final.lastRev == 14)
            #expect(final.nextLegacyId == 13)
            let feed = try await app.changes(token, limit: 1000).changes
            #expect(feed.map(\.uuid) == [c, ten, a, d, b])
            #expect(feed.map(\.rev) == [8, 10, 11, 12, 14])
            #expect(feed.last?.todo?.name == "b again")
            #expect(feed.last?.todo?.description == "about b back", "a legacy post keeps what it does not send")
        }
    }

    /// The calls a CalDAV face makes: create or replace by UUID, read one with its revision
    /// as ETag, delete to a tombstone; each in its own transaction, as a request would.
    @Test func putReadAndDeleteByUUIDWithTheRevisionAsETag() async throws {
        try await withBook { book in
            let (app, token) = (book.app, book.token)
            let user = try await book.user()
            let userID = try #require(user.id)
            let uuid = UUID()
            let (db, queue) = (app.db, WriterQueue.of(app.application))
            let write = { @Sendable (change: @escaping @Sendable (UserWrite) async throws -> StoredRecord?) in
                try await withUserWrite(on: db, queue: queue, userID: userID, quota: 4000, at: Make.created, change)
            }
            let created = try await write { try await $0.put(uuid, Make.fields("call dentist")) }
            let read = try await write { try await $0.record(uuid) }
            #expect(read?.rev == created?.rev)
            #expect(read?.fields == Make.fields("call dentist"))
            let replaced = try await write { try await $0.put(uuid, Make.fields("call the dentist")) }
            #expect(replaced?.rev == 2)
            let deleted = try await write { try await $0.delete(uuid) }
            #expect(deleted?.rev == 3)
            let tombstone = try await write { try await $0.record(uuid) }
            #expect(tombstone?.deleted == true)
            #expect(tombstone?.fields == nil)
            let missing = try await write { try await $0.record(UUID()) }
            #expect(missing == nil)
            let after = try await book.user()
            #expect(after.lastRev == 3)
            // The tombstone keeps the content it had (issue 42), counted as its bytes.
            let kept = Int64("call the dentist".utf8.count + "about call the dentist".utf8.count)
            #expect(after.storedBytes == TodoModel.tombstoneBytes + kept)
            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.deleted) == [true])
            #expect(feed.changes.map(\.rev) == [3])
            #expect(feed.changes.map { $0.todo?.name } == ["call the dentist"])
        }
    }

    /// New rows' ids sort in the order they were made, as text (SQLite) and as bytes
    /// (PostgreSQL), and never repeat: each lands on the end of its index.
    @Test func rowIDsSortInTheOrderTheyWereMade() {
        var (first, second) = (RowIDs(), RowIDs())
        let start = Date()
        var ids: [UUID] = []
        for step in 0..<200 {
            let now = start.addingTimeInterval(Double(step / 10) / 1000)
            ids.append(step % 2 == 0 ? first.next(now: now) : second.next(now: now))
        }
        #expect(Set(ids).count == ids.count)
        let byTime = ids.enumerated().map { (Int64($0.offset / 10), $0.element) }
        for ((earlier, a), (later, b)) in zip(byTime, byTime.dropFirst()) where earlier < later {
            #expect(a.uuidString < b.uuidString)
        }
        #expect(ids.allSatisfy { $0.uuidString.dropFirst(14).hasPrefix("7") }, "UUID version 7")
    }
}
