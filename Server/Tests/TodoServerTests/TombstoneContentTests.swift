import Fluent
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 42: a tombstone keeps the todo as its deleter last had it (what the delete sent, or
/// the record's content), sends it in the feed and in conflicts, never grows the user's
/// storage, and is counted and pruned byte for byte. Tombstones without content (older ones,
/// a delete of a uuid the server never held) read as before.
struct TombstoneContentTests {
    @Test func aDeleteKeepsWhatItSentAndTheFeedAndConflictsCarryIt() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "milk")])
            let last = Make.fields("oat milk", notes: "two litres")
            let deleted = try await app.push(token, [Make.delete(uuid, base: 1, last: last)])
            let record = try #require(deleted.results[0].record)
            #expect(record.deleted && record.rev == 2)
            #expect(record.todo?.name == "oat milk" && record.todo?.notes == "two litres")
            #expect(record.todo?.description == "about oat milk")
            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.deleted) == [true])
            #expect(feed.changes[0].todo?.notes == "two litres")
            // A put on the old revision meets the tombstone, with its content.
            let stale = try await app.push(token, [Make.put(uuid, base: 1, "milk edited")])
            #expect(stale.results[0].status == .conflict)
            #expect(stale.results[0].record?.deleted == true && stale.results[0].record?.todo?.name == "oat milk")
            // A put on the tombstone's revision brings the todo back.
            let back = try await app.push(token, [Make.put(uuid, base: 2, "oat milk, kept")])
            #expect(
                back.results[0].record
                    == TodoRecord(uuid: uuid, rev: 3, deleted: false, todo: Make.fields("oat milk, kept")))
            try await QuotaTests.expectStoredBytesAddUp(app.db)
        }
    }

    /// An older client's delete sends nothing: the tombstone keeps the record's own content.
    @Test func aDeleteThatSendsNothingKeepsTheRecordsContent() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "milk")])
            let deleted = try await app.push(token, [Make.delete(uuid, base: 1)])
            #expect(deleted.results[0].record?.todo?.name == "milk")
            #expect(deleted.results[0].record?.todo?.description == "about milk")
            try await QuotaTests.expectStoredBytesAddUp(app.db)
        }
    }

    /// A uuid the server never held gets a tombstone with nothing in it (it would grow the
    /// user's storage), in the shape older servers sent.
    @Test func aTombstoneOfAnUnknownUUIDKeepsNothing() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let deleted = try await app.push(token, [Make.delete(uuid, base: 0, last: Make.fields("made elsewhere"))])
            #expect(deleted.results[0].record == TodoRecord(uuid: uuid, rev: 1, deleted: true, todo: nil))
            let feed = try await app.send(.GET, "v1/changes?since=0", headers: auth(token))
            #expect(
                feed.body.string.contains(#"{"deleted":true,"rev":1,"uuid":"\#(uuid.uuidString)"}"#),
                "\(feed.body.string)")
        }
    }

    /// Content larger than the record it deletes is not kept (a delete never grows what the
    /// user stores): the record's own content is, and past the quota a delete still goes.
    @Test func aDeleteNeverGrowsStorageAndIsAcceptedPastTheQuota() async throws {
        try await withTestApp(QuotaTests.settings) { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "milk")])
            let big = Make.fields("milk", notes: String(repeating: "x", count: 5000))
            let deleted = try await app.push(token, [Make.delete(uuid, base: 1, last: big)])
            #expect(deleted.results[0].status == .applied)
            #expect(deleted.results[0].record?.todo?.notes == "")
            #expect(deleted.results[0].record?.todo?.name == "milk")
            try await QuotaTests.expectStoredBytesAddUp(app.db)
        }
    }

    /// What a delete sends beyond a put's limits (a blank name) is ignored, as it always was.
    @Test func aDeleteSendingContentPastThePutLimitsKeepsTheRecordsOwn() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "milk")])
            let deleted = try await app.push(token, [Make.delete(uuid, base: 1, last: Make.fields("  "))])
            #expect(deleted.results[0].status == .applied)
            #expect(deleted.results[0].record?.todo?.name == "milk")
        }
    }

    /// Prune takes off what the tombstones it removes counted, their kept content too.
    @Test func pruningCountsTheContentATombstoneKept() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "milk")])
            _ = try await app.push(
                token, [Make.delete(uuid, base: 1, last: Make.fields("oat milk", notes: "two litres"))])
            let user = try #require(try await UserModel.query(on: app.db).first())
            #expect(user.storedBytes > TodoModel.tombstoneBytes)
            _ = try await Pruning.prune(app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            let after = try #require(try await UserModel.query(on: app.db).first())
            #expect(after.storedBytes == 0)
            try await QuotaTests.expectStoredBytesAddUp(app.db)
        }
    }
}
