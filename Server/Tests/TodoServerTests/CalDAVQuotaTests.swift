import Fluent
import Foundation
import Testing
import VaporTesting

@testable import TodoServer

/// The kept texts of CalDAV clients count against the quota exactly: a text replaced is no
/// longer counted, and one pruned with its tombstone neither.
struct CalDAVQuotaTests {
    typealias Series = CalDAVRecurrenceTests

    func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders { Series().basic(token, more) }

    /// Alice's `storedBytes` is what her records and kept texts take, counted afresh.
    func expectExact(_ app: TestApp, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let user = try #require(
            try await UserModel.query(on: app.db).filter(\.$name == "alice").first(), sourceLocation: sourceLocation)
        let userID = try user.requireID()
        let records = try await TodoModel.query(on: app.db).filter(\.$userID == userID).all().reduce(0) {
            $0 + $1.storedBytes
        }
        let uuids = Set(try await CalDAVObjects.names(app.db.reads, userID: userID).keys)
        let texts = try await CalDAVObjects.read(app.db.reads, userID: userID, uuids: uuids).values.reduce(0) {
            $0 + Int64($1.ical.utf8.count)
        }
        #expect(user.storedBytes == records + texts, sourceLocation: sourceLocation)
    }

    /// A UID an app gave an occurrence the server made, taken up again by a new todo once that
    /// occurrence is deleted: the text it replaces is no longer counted.
    @Test func aTextReplacedUnderItsUIDIsNoLongerCounted() async throws {
        try await withTestApp { app in
            let token = try await Series().start(app)
            #expect(try await Series().todomanCompletes(app, token).status == .created)
            let deleted = try await app.send(.DELETE, Series.todomanNextPath, headers: basic(token))
            #expect(deleted.status == .noContent)
            let again = try await app.send(
                .PUT, "dav/alice/tasks/other.ics", headers: basic(token),
                body: Series.calendar(uid: "todoman-next-2", []))
            #expect(again.status == .created, "\(again.body.string)")
            try await expectExact(app)
        }
    }

    /// Pruning a deleted todo's tombstone removes its kept text, and the quota its bytes.
    @Test func pruningRemovesTheKeptTextsOfPrunedTombstones() async throws {
        try await withTestApp { app in
            let token = try await Series().start(app)
            let deleted = try await app.send(.DELETE, Series.path, headers: basic(token))
            #expect(deleted.status == .noContent)
            try await expectExact(app)
            let pruned = try await Pruning.prune(
                app.db, queue: .of(app.application), olderThan: Date().addingTimeInterval(60))
            #expect(pruned.tombstones == 1)
            let user = try #require(try await UserModel.query(on: app.db).filter(\.$name == "alice").first())
            #expect(try await CalDAVObjects.names(app.db.reads, userID: try user.requireID()).isEmpty)
            try await expectExact(app)
        }
    }
}
