import Fluent
import NIOConcurrencyHelpers
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// SQLite's group commit (`WriterQueue`): writes queued while a group runs commit together,
/// and one that fails is rolled back alone. On SQLite in both of CI's runs: PostgreSQL's
/// writers take row locks instead, and the queue's set-up is SQLite's.
struct GroupCommitTests {
    /// User book's id, and the app's queue held by a first write until `open` yields (which
    /// `holder` then finishes).
    static func heldQueue(_ app: TestApp) async throws -> (
        UUID, WriterQueue, AsyncStream<Void>.Continuation, Task<Void, any Error>
    ) {
        try await app.makeUser("book")
        let row = try await UserModel.query(on: app.db).filter(\.$name == "book").first()
        let userID = try #require(row?.id)
        let queue = WriterQueue.of(app.application)
        let (gate, open) = AsyncStream<Void>.makeStream()
        let holding = NIOLockedValueBox(false)
        let holder = Task {
            try await queue.write { _ in
                holding.withLockedValue { $0 = true }
                for await _ in gate { break }
            }
        }
        try #require(await eventually { holding.withLockedValue { $0 } }, "the first write runs")
        return (userID, queue, open, holder)
    }

    @Test func writesQueuedTogetherCommitInOneGroupAndOneThatFailsIsRolledBackAlone() async throws {
        try await withTestApp(on: .sqlite, { $0.quotaBytes = 4000 }) { app in
            let (userID, queue, open, holder) = try await Self.heldQueue(app)
            let groupsBefore = queue.counts.groups

            struct Refused: Error {}
            /// A write of a todo named `name`; `thenFail` throws after the todo is written.
            func put(_ name: String, thenFail: Bool = false) -> Task<StoredRecord, any Error> {
                Task {
                    try await queue.write { tx in
                        let record = try await userChange(on: tx, userID: userID, quota: 4000, at: Make.created) {
                            try await $0.put(UUID(), Make.fields(name))
                        }
                        if thenFail { throw Refused() }
                        return record
                    }
                }
            }
            let first = put("first")
            try #require(await eventually { queue.counts.waiting == 1 }, "first queued")
            let doomed = put("doomed", thenFail: true)
            try #require(await eventually { queue.counts.waiting == 2 }, "doomed queued")
            let last = put("last")
            try #require(await eventually { queue.counts.waiting == 3 }, "last queued")
            open.yield()
            try await holder.value

            let (a, c) = (try await first.value, try await last.value)
            await #expect(throws: Refused.self) { try await doomed.value }
            #expect(queue.counts.groups == groupsBefore + 1, "the three writes were one group")
            #expect([a.rev, c.rev] == [1, 2], "the rolled-back write's revision is handed out again")
            let rows = try await TodoModel.query(on: app.db).sort(\.$rev).all()
            #expect(rows.map(\.name) == ["first", "last"])
            let user = try await UserModel.find(userID, on: app.db)
            #expect(user?.lastRev == 2)
            #expect(user?.storedBytes == a.storedBytes + c.storedBytes)
        }
    }
}

/// The writer's own connection (`SQLiteWriteConnection`): its prepared statements are kept
/// across writes and dropped past `SQLiteStatementCache.capacity`, and a closed queue finishes
/// what it took and refuses the rest.
struct WriterConnectionTests {
    /// Pushes of every size from 1 to 20, up and down: each size has four statements of its
    /// own (two IN lists, two VALUES lists), so the cache fills, is emptied and fills again.
    @Test func pushesOfManySizesApplyWhileTheStatementCacheTurnsOver() async throws {
        try await withTestApp(on: .sqlite) { app in
            let token = try await app.makeUser("book")
            let sizes = Array(1...20)
            #expect(sizes.count * 4 > SQLiteStatementCache.capacity)
            var pushed: [UUID] = []
            for size in sizes + sizes.reversed() {
                let operations = (0..<size).map { index in Make.put(UUID(), base: 0, "todo \(size).\(index)") }
                let response = try await app.push(token, operations)
                #expect(response.results.allSatisfy { $0.status == .applied }, "a push of \(size)")
                pushed += operations.map(\.uuid)
            }
            let feed = try await app.changes(token, limit: 1000)
            #expect(feed.changes.map(\.uuid) == pushed)
            #expect(feed.changes.map(\.rev) == Array(1...Int64(pushed.count)))
        }
    }

    /// A write queued before `close` is committed; one after it gets a 503.
    @Test func aClosedQueueFinishesWhatItTookAndRefusesTheRest() async throws {
        try await withTestApp(on: .sqlite) { app in
            let (userID, queue, open, holder) = try await GroupCommitTests.heldQueue(app)
            let taken = Task {
                try await queue.write { tx in
                    try await userChange(on: tx, userID: userID, quota: nil, at: Make.created) {
                        try await $0.put(UUID(), Make.fields("taken"))
                    }
                }
            }
            try #require(await eventually { queue.counts.waiting == 1 }, "the second write is queued")
            queue.close()
            await #expect(throws: Abort.self) { try await queue.write { _ in } }
            open.yield()
            try await holder.value
            let record = try await taken.value
            #expect(record.rev == 1)
            let stored = try await TodoModel.query(on: app.db).all()
            #expect(stored.map(\.name) == ["taken"])
        }
    }
}

/// `UUIDText` writes what Foundation's `uuidString` does and reads what `UUID(uuidString:)`
/// reads, strictly: glibc's `sscanf` behind Foundation also takes a sign or a blank for a digit.
struct UUIDTextTests {
    @Test func textAndParsingAgreeWithFoundation() {
        var random = SeededGenerator(seed: 24)
        let alphabet = Array("0123456789abcdefABCDEFgG-{} ".utf8)
        for _ in 0..<2000 {
            let uuid = UUID()
            let text = UUIDText.text(uuid)
            #expect(text == uuid.uuidString)
            #expect(UUIDText.uuid(text) == uuid)
            #expect(UUIDText.uuid(text.lowercased()) == uuid)
            var mutated = Array(text.utf8)
            let count = Int(random.next() % 3)
            for _ in 0..<count {
                mutated[Int(random.next() % 36)] = alphabet[Int(random.next() % UInt64(alphabet.count))]
            }
            if random.next() % 8 == 0 { mutated.removeLast(Int(random.next() % 3)) }
            let candidate = String(decoding: mutated, as: UTF8.self)
            let strict =
                candidate.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/)
                != nil
            #expect(UUIDText.uuid(candidate) == (strict ? UUID(uuidString: candidate) : nil), "\(candidate)")
        }
        #expect(UUIDText.uuid("") == nil)
        #expect(UUIDText.uuid("not a uuid") == nil)
    }
}
