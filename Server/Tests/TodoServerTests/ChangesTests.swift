import TodoWire
import XCTVapor

@testable import TodoServer

final class ChangesTests: ServerTestCase {
    func testEmptyFeed() async throws {
        let token = try await makeUser("alice")
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes, [])
        XCTAssertEqual(feed.nextCursor, 0)
        XCTAssertFalse(feed.hasMore)
        let health = try await send(.GET, "health")
        XCTAssertEqual(feed.datasetId.uuidString, health.headers.first(name: "X-Todo-Dataset"))
    }

    func testFeedShowsCurrentStateByRevisionWithTombstones() async throws {
        let token = try await makeUser("alice")
        let (a, b, c) = (UUID(), UUID(), UUID())
        _ = try await push(token, [
            Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b"), Make.put(c, base: 0, "c"),
        ])
        _ = try await push(token, [Make.put(a, base: 1, "a2"), Make.delete(b, base: 2)])

        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.map(\.uuid), [c, a, b])
        XCTAssertEqual(feed.changes.map(\.rev), [3, 4, 5])
        XCTAssertEqual(feed.changes[1].todo?.name, "a2")
        XCTAssertEqual(feed.changes[2], TodoRecord(uuid: b, rev: 5, deleted: true, todo: nil))
        XCTAssertEqual(feed.nextCursor, 5)
        XCTAssertFalse(feed.hasMore)

        let later = try await changes(token, since: 3)
        XCTAssertEqual(later.changes.map(\.rev), [4, 5])
        let none = try await changes(token, since: 5)
        XCTAssertEqual(none.changes, [])
        XCTAssertEqual(none.nextCursor, 5)
        XCTAssertFalse(none.hasMore)
    }

    func testTombstoneJSONHasNullTodo() async throws {
        let token = try await makeUser("alice")
        _ = try await push(token, [Make.delete(UUID(), base: 0)])
        let body = try await send(.GET, "v1/changes?since=0", headers: auth(token)).body.string
        XCTAssertTrue(body.contains(#""deleted":true"#), body)
        XCTAssertFalse(body.contains(#""name""#), body)
    }

    func testPaginationWalksEveryChangeOnce() async throws {
        let token = try await makeUser("alice")
        let uuids = (0..<7).map { _ in UUID() }
        _ = try await push(token, uuids.map { Make.put($0, base: 0, "t") })

        var cursor: Int64 = 0
        var seen: [UUID] = []
        var pages = 0
        while true {
            let page = try await changes(token, since: cursor, limit: 3)
            pages += 1
            seen += page.changes.map(\.uuid)
            XCTAssertLessThanOrEqual(page.changes.count, 3)
            if let last = page.changes.last { XCTAssertEqual(page.nextCursor, last.rev) }
            cursor = page.nextCursor
            if !page.hasMore { break }
            XCTAssertLessThan(pages, 10)
        }
        XCTAssertEqual(seen, uuids)
        XCTAssertEqual(pages, 3)
        XCTAssertEqual(cursor, 7)
    }

    func testExactPageBoundaryReportsNoMore() async throws {
        let token = try await makeUser("alice")
        _ = try await push(token, (0..<3).map { _ in Make.put(UUID(), base: 0, "t") })
        let page = try await changes(token, limit: 3)
        XCTAssertEqual(page.changes.count, 3)
        XCTAssertFalse(page.hasMore)
        let first = try await changes(token, limit: 2)
        XCTAssertTrue(first.hasMore)
        XCTAssertEqual(first.nextCursor, 2)
    }

    func testLimitIsClampedAndDefaulted() async throws {
        let token = try await makeUser("alice")
        _ = try await push(token, (0..<3).map { _ in Make.put(UUID(), base: 0, "t") })
        let huge = try await changes(token, limit: 1_000_000)
        XCTAssertEqual(huge.changes.count, 3)
        let defaulted = try decode(
            ChangesResponse.self, try await send(.GET, "v1/changes", headers: auth(token)))
        XCTAssertEqual(defaulted.changes.count, 3)
        XCTAssertEqual(ChangesController.defaultLimit, 500)
    }

    func testInvalidSinceOrLimitIsA400() async throws {
        let token = try await makeUser("alice")
        for query in ["since=-1", "since=abc", "since=", "limit=0", "limit=-5", "limit=ten",
                      "since=99999999999999999999", "since=1.5", "since=%ZZ", "since=1%00", "since=%20", "limit=1e3"] {
            let response = try await send(.GET, "v1/changes?\(query)", headers: auth(token))
            try assertError(response, .badRequest)
        }
    }
}

/// Issue 15: a change-feed page is bounded in bytes as well as in records.
final class ChangesPageSizeTests: ServerTestCase {
    func testAPageOfLargeRecordsEndsEarlyAndTheNextPagesHoldTheRest() async throws {
        let token = try await makeUser("alice")
        let notes = String(repeating: "n", count: 60_000)
        var uuids: [UUID] = []
        for batch in 0..<2 {
            let operations = (0..<40).map { index -> PushOperation in
                let uuid = UUID()
                uuids.append(uuid)
                return PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 0, todo: Make.fields("big \(batch) \(index)", notes: notes))
            }
            _ = try await push(token, operations)
        }
        var since: Int64 = 0
        var seen: [UUID] = []
        var pages = 0
        while true {
            let raw = try await send(.GET, "v1/changes?since=\(since)&limit=1000", headers: auth(token))
            XCTAssertLessThanOrEqual(raw.body.readableBytes, SyncStore.maxPageBytes)
            let page = try decode(ChangesResponse.self, raw)
            seen += page.changes.map(\.uuid)
            since = page.nextCursor
            pages += 1
            if !page.hasMore { break }
        }
        XCTAssertEqual(seen, uuids)
        XCTAssertEqual(pages, 2)
    }

    func testPagesAcrossReadsOfTheDatabase() async throws {
        let token = try await makeUser("alice")
        let operations = (0..<250).map { Make.put(UUID(), base: 0, "todo \($0)") }
        _ = try await push(token, operations)
        let found = try await UserModel.query(on: app.db).first()
        let user = try XCTUnwrap(found?.id)
        let store = SyncStore(db: app.db, queue: .of(app))
        for (limit, count, more) in [(1000, 250, false), (250, 250, false), (249, 249, true), (150, 150, true), (100, 100, true), (101, 101, true)] {
            let page = try await store.changes(userID: user, since: 0, limit: limit)
            XCTAssertEqual(page.revs, Array(1...Int64(count)), "limit \(limit)")
            XCTAssertEqual(page.hasMore, more, "limit \(limit)")
        }
        let tiny = try await store.changes(userID: user, since: 10, limit: 1000, maxBytes: 1)
        XCTAssertEqual(tiny.revs, [11])
        XCTAssertTrue(tiny.hasMore)
    }
}
