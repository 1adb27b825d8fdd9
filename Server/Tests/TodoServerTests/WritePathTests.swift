import Fluent
import NIOConcurrencyHelpers
import TodoWire
import XCTVapor

@testable import TodoServer

/// Issue 24: v1 pushes and the legacy routes change records through one write path
/// (`UserWrite`). Interleaved, they keep the quota's count exact and hand out revisions densely,
/// each step's changes a consecutive run of the feed.
final class WritePathTests: LegacyTestCase {
    override func makeSettings() async throws -> ServerSettings {
        var settings = try await super.makeSettings()
        settings.quotaBytes = 4000
        return settings
    }

    /// What the user's records take, counted from their columns as README.md defines it (not
    /// with the server's own `storedBytes`).
    func bytesOfRows() async throws -> Int64 {
        try await TodoModel.query(on: app.db).all().reduce(0) { sum, row in
            let texts = [row.name, row.details, row.notes, row.attributesJSON ?? ""].map(\.utf8.count).reduce(0, +)
            return sum + (row.deleted ? 64 : 256 + Int64(texts))
        }
    }

    func user() async throws -> UserModel {
        let user = try await UserModel.query(on: app.db).filter(\.$name == "book").first()
        return try XCTUnwrap(user)
    }

    /// Runs `action`, then checks that it took exactly the next `changes` revisions, that the
    /// feed after the previous revision holds those records in that order, and that the
    /// user's stored bytes are what the rows take.
    func step(
        _ changes: Int, _ records: [UUID]? = nil, file: StaticString = #filePath, line: UInt = #line,
        _ action: () async throws -> Void
    ) async throws {
        let before = try await user().lastRev
        try await action()
        let after = try await user()
        XCTAssertEqual(after.lastRev, before + Int64(changes), "revisions taken", file: file, line: line)
        let feed = try await self.changes(token, since: before, limit: 1000)
        XCTAssertEqual(feed.changes.map(\.rev), Array(stride(from: before + 1, through: before + Int64(changes), by: 1)), file: file, line: line)
        if let records { XCTAssertEqual(feed.changes.map(\.uuid), records, file: file, line: line) }
        let counted = try await bytesOfRows()
        XCTAssertEqual(after.storedBytes, counted, "stored bytes", file: file, line: line)
    }

    func legacy(_ method: HTTPMethod, _ path: String, _ headers: HTTPHeaders, status: HTTPStatus = .ok,
                file: StaticString = #filePath, line: UInt = #line) async throws {
        let response = try await send(method, path, headers: headers, body: method == .POST ? "{}" : nil)
        XCTAssertEqual(response.status, status, response.body.string, file: file, line: line)
    }

    func uuid(ofLegacyId id: Int64) async throws -> UUID {
        let row = try await TodoModel.query(on: app.db).filter(\.$legacyId == id).first()
        return try XCTUnwrap(row).uuid
    }

    func testPushesAndLegacyWritesInterleavedKeepQuotaAndRevisionsExact() async throws {
        let (a, b, c, d) = (UUID(), UUID(), UUID(), UUID())
        try await step(2, [a, b]) { _ = try await push(token, [Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b")]) }
        try await step(1) { try await legacy(.POST, "postTodo", ["id": "10", "name": "ten", "notes": "n"]) }
        let ten = try await uuid(ofLegacyId: 10)
        let mixed = [Make.put(a, base: 1, "a2"), Make.delete(b, base: 2), Make.put(c, base: 0, "c")]
        try await step(3, [a, b, c]) { _ = try await push(token, mixed) }
        // v1 records took legacy ids 1 and 2; after the posted 10, the next is 11.
        let cUUID = try await uuid(ofLegacyId: 11)
        XCTAssertEqual(cUUID, c)
        try await step(1, [a]) { try await legacy(.POST, "updateTodo", ["id": "1", "notes": "from the book"]) }
        try await step(1, [c]) { try await legacy(.DELETE, "deleteTodo", ["id": "11"]) }
        try await step(0) {
            let replay = try await push(token, mixed)
            XCTAssertEqual(replay.cursor, 8)
        }
        try await step(0) {
            try await legacy(.POST, "postTodo", ["id": "12", "name": "big", "notes": String(repeating: "x", count: 4000)], status: .insufficientStorage)
        }
        try await step(1, [d]) {
            let response = try await push(token, [Make.put(a, base: 1, "stale"), Make.put(d, base: 0, "d")])
            XCTAssertEqual(response.results.map(\.status), [.conflict, .applied])
        }
        // deleteAll tombstones the live records in the order they last changed.
        try await step(3, [ten, a, d]) { try await legacy(.DELETE, "deleteAll", [:]) }
        try await step(1, [b]) { _ = try await push(token, [Make.put(b, base: 5, "b back")]) }
        try await step(1, [b]) { try await legacy(.POST, "postTodo", ["id": "2", "name": "b again"]) }

        let final = try await user()
        XCTAssertEqual(final.lastRev, 14)
        XCTAssertEqual(final.nextLegacyId, 13)
        let feed = try await changes(token, limit: 1000).changes
        XCTAssertEqual(feed.map(\.uuid), [c, ten, a, d, b])
        XCTAssertEqual(feed.map(\.rev), [8, 10, 11, 12, 14])
        XCTAssertEqual(feed.last?.todo?.name, "b again")
        XCTAssertEqual(feed.last?.todo?.description, "about b back", "a legacy post keeps what it does not send")
    }

    /// The calls a CalDAV face makes: create or replace by UUID, read one with its revision
    /// as ETag, delete to a tombstone; each in its own transaction, as a request would.
    func testPutReadAndDeleteByUUIDWithTheRevisionAsETag() async throws {
        let user = try await self.user()
        let userID = try XCTUnwrap(user.id)
        let uuid = UUID()
        let (db, queue) = (app.db, WriterQueue.of(app))
        let write = { @Sendable (change: @escaping @Sendable (UserWrite) async throws -> StoredRecord?) in
            try await withUserWrite(on: db, queue: queue, userID: userID, quota: 4000, change)
        }
        let created = try await write { try await $0.put(uuid, Make.fields("call dentist")) }
        let read = try await write { try await $0.record(uuid) }
        XCTAssertEqual(read?.rev, created?.rev)
        XCTAssertEqual(read?.fields, Make.fields("call dentist"))
        let replaced = try await write { try await $0.put(uuid, Make.fields("call the dentist")) }
        XCTAssertEqual(replaced?.rev, 2)
        let deleted = try await write { try await $0.delete(uuid) }
        XCTAssertEqual(deleted?.rev, 3)
        let tombstone = try await write { try await $0.record(uuid) }
        XCTAssertEqual(tombstone?.deleted, true)
        XCTAssertNil(tombstone?.fields)
        let missing = try await write { try await $0.record(UUID()) }
        XCTAssertNil(missing)
        let after = try await self.user()
        XCTAssertEqual(after.lastRev, 3)
        XCTAssertEqual(after.storedBytes, TodoModel.tombstoneBytes)
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes, [TodoRecord(uuid: uuid, rev: 3, deleted: true, todo: nil)])
    }

    /// New rows' ids sort in the order they were made, as text (SQLite) and as bytes
    /// (PostgreSQL), and never repeat: each lands on the end of its index.
    func testRowIDsSortInTheOrderTheyWereMade() {
        var (first, second) = (RowIDs(), RowIDs())
        let start = Date()
        var ids: [UUID] = []
        for step in 0..<200 {
            let now = start.addingTimeInterval(Double(step / 10) / 1000)
            ids.append(step % 2 == 0 ? first.next(now: now) : second.next(now: now))
        }
        XCTAssertEqual(Set(ids).count, ids.count)
        let byTime = ids.enumerated().map { (Int64($0.offset / 10), $0.element) }
        for ((earlier, a), (later, b)) in zip(byTime, byTime.dropFirst()) where earlier < later {
            XCTAssertLessThan(a.uuidString, b.uuidString)
        }
        XCTAssertTrue(ids.allSatisfy { $0.uuidString.dropFirst(14).hasPrefix("7") }, "UUID version 7")
    }
}

/// SQLite's group commit (`WriterQueue`): writes queued while a group runs commit together,
/// and one that fails is rolled back alone.
final class GroupCommitTests: LegacyTestCase {
    func testWritesQueuedTogetherCommitInOneGroupAndOneThatFailsIsRolledBackAlone() async throws {
        let row = try await UserModel.query(on: app.db).filter(\.$name == "book").first()
        let userID = try XCTUnwrap(row?.id)
        let (db, queue) = (app.db, WriterQueue.of(app))
        let (gate, open) = AsyncStream<Void>.makeStream()
        let holding = NIOLockedValueBox(false)
        let holder = Task {
            try await queue.write(on: db) { _ in
                holding.withLockedValue { $0 = true }
                for await _ in gate { break }
            }
        }
        while !holding.withLockedValue({ $0 }) { await Task.yield() }
        let groupsBefore = queue.counts.groups

        struct Refused: Error {}
        /// A write of a todo named `name`; `thenFail` throws after the todo is written.
        func put(_ name: String, thenFail: Bool = false) -> Task<StoredRecord, any Error> {
            Task {
                try await queue.write(on: db) { tx in
                    let record = try await userChange(on: tx, userID: userID, quota: 4000) { try await $0.put(UUID(), Make.fields(name)) }
                    if thenFail { throw Refused() }
                    return record
                }
            }
        }
        let first = put("first")
        while queue.counts.waiting < 1 { await Task.yield() }
        let doomed = put("doomed", thenFail: true)
        while queue.counts.waiting < 2 { await Task.yield() }
        let last = put("last")
        while queue.counts.waiting < 3 { await Task.yield() }
        open.yield()
        try await holder.value

        let (a, c) = (try await first.value, try await last.value)
        do {
            _ = try await doomed.value
            XCTFail("a write that failed was answered")
        } catch {
            XCTAssertTrue(error is Refused, "\(error)")
        }
        XCTAssertEqual(queue.counts.groups, groupsBefore + 1, "the three writes were one group")
        XCTAssertEqual([a.rev, c.rev], [1, 2], "the rolled-back write's revision is handed out again")
        let rows = try await TodoModel.query(on: app.db).sort(\.$rev).all()
        XCTAssertEqual(rows.map(\.name), ["first", "last"])
        let user = try await UserModel.find(userID, on: app.db)
        XCTAssertEqual(user?.lastRev, 2)
        XCTAssertEqual(user?.storedBytes, a.storedBytes + c.storedBytes)
    }
}

/// `UUIDText` writes what Foundation's `uuidString` does and reads what `UUID(uuidString:)`
/// reads, strictly: glibc's `sscanf` behind Foundation also takes a sign or a blank for a digit.
final class UUIDTextTests: XCTestCase {
    func testTextAndParsingAgreeWithFoundation() {
        var random = SplitMix64(seed: 24)
        let alphabet = Array("0123456789abcdefABCDEFgG-{} ".utf8)
        for _ in 0..<2000 {
            let uuid = UUID()
            let text = UUIDText.text(uuid)
            XCTAssertEqual(text, uuid.uuidString)
            XCTAssertEqual(UUIDText.uuid(text), uuid)
            XCTAssertEqual(UUIDText.uuid(text.lowercased()), uuid)
            var mutated = Array(text.utf8)
            let count = Int(random.next() % 3)
            for _ in 0..<count { mutated[Int(random.next() % 36)] = alphabet[Int(random.next() % UInt64(alphabet.count))] }
            if random.next() % 8 == 0 { mutated.removeLast(Int(random.next() % 3)) }
            let candidate = String(decoding: mutated, as: UTF8.self)
            let strict = candidate.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil
            XCTAssertEqual(UUIDText.uuid(candidate), strict ? UUID(uuidString: candidate) : nil, candidate)
        }
        XCTAssertNil(UUIDText.uuid(""))
        XCTAssertNil(UUIDText.uuid("not a uuid"))
    }
}
