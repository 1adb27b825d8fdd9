import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

struct ChangesTests {
    @Test func emptyFeed() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let feed = try await app.changes(token)
            #expect(feed.changes == [])
            #expect(feed.nextCursor == 0)
            #expect(!feed.hasMore)
            let health = try await app.send(.GET, "health")
            #expect(feed.datasetId.uuidString == health.headers.first(name: "X-Todo-Dataset"))
        }
    }

    @Test func feedShowsCurrentStateByRevisionWithTombstones() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let (a, b, c) = (UUID(), UUID(), UUID())
            _ = try await app.push(
                token,
                [
                    Make.put(a, base: 0, "a"), Make.put(b, base: 0, "b"), Make.put(c, base: 0, "c")
                ])
            _ = try await app.push(token, [Make.put(a, base: 1, "a2"), Make.delete(b, base: 2)])

            let feed = try await app.changes(token)
            #expect(feed.changes.map(\.uuid) == [c, a, b])
            #expect(feed.changes.map(\.rev) == [3, 4, 5])
            #expect(feed.changes[1].todo?.name == "a2")
            #expect(feed.changes[2].deleted && feed.changes[2].rev == 5)
            // The tombstone carries what the todo was (issue 42).
            #expect(feed.changes[2].todo?.name == "b")
            #expect(feed.nextCursor == 5)
            #expect(!feed.hasMore)

            let later = try await app.changes(token, since: 3)
            #expect(later.changes.map(\.rev) == [4, 5])
            let none = try await app.changes(token, since: 5)
            #expect(none.changes == [])
            #expect(none.nextCursor == 5)
            #expect(!none.hasMore)
        }
    }

    @Test func tombstoneJSONHasNullTodo() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.push(token, [Make.delete(UUID(), base: 0)])
            let body = try await app.send(.GET, "v1/changes?since=0", headers: auth(token)).body.string
            #expect(body.contains(#""deleted":true"#), "\(body)")
            #expect(!body.contains(#""name""#), "\(body)")
        }
    }

    @Test func paginationWalksEveryChangeOnce() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuids = (0..<7).map { _ in UUID() }
            _ = try await app.push(token, uuids.map { Make.put($0, base: 0, "t") })

            var cursor: Int64 = 0
            var seen: [UUID] = []
            var pages = 0
            while true {
                let page = try await app.changes(token, since: cursor, limit: 3)
                pages += 1
                seen += page.changes.map(\.uuid)
                #expect(page.changes.count <= 3)
                if let last = page.changes.last { #expect(page.nextCursor == last.rev) }
                cursor = page.nextCursor
                if !page.hasMore { break }
                #expect(pages < 10)
            }
            #expect(seen == uuids)
            #expect(pages == 3)
            #expect(cursor == 7)
        }
    }

    @Test func exactPageBoundaryReportsNoMore() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.push(token, (0..<3).map { _ in Make.put(UUID(), base: 0, "t") })
            let page = try await app.changes(token, limit: 3)
            #expect(page.changes.count == 3)
            #expect(!page.hasMore)
            let first = try await app.changes(token, limit: 2)
            #expect(first.hasMore)
            #expect(first.nextCursor == 2)
        }
    }

    @Test func limitIsClampedAndDefaulted() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            _ = try await app.push(token, (0..<3).map { _ in Make.put(UUID(), base: 0, "t") })
            let huge = try await app.changes(token, limit: 1_000_000)
            #expect(huge.changes.count == 3)
            let defaulted = try app.decode(
                ChangesResponse.self, try await app.send(.GET, "v1/changes", headers: auth(token)))
            #expect(defaulted.changes.count == 3)
            #expect(ChangesController.defaultLimit == 500)
        }
    }

    @Test func invalidSinceOrLimitIsA400() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            for query in [
                "since=-1", "since=abc", "since=", "limit=0", "limit=-5", "limit=ten",
                "since=99999999999999999999", "since=1.5", "since=%ZZ", "since=1%00", "since=%20", "limit=1e3"
            ] {
                let response = try await app.send(.GET, "v1/changes?\(query)", headers: auth(token))
                try app.expectError(response, .badRequest)
            }
        }
    }
}

/// Issue 15: a change-feed page is bounded in bytes as well as in records.
struct ChangesPageSizeTests {
    @Test func aPageOfLargeRecordsEndsEarlyAndTheNextPagesHoldTheRest() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let notes = String(repeating: "n", count: 60_000)
            var uuids: [UUID] = []
            for batch in 0..<2 {
                let operations = (0..<40).map { index -> PushOperation in
                    let uuid = UUID()
                    uuids.append(uuid)
                    return PushOperation(
                        opId: UUID(), kind: .put, uuid: uuid, baseRev: 0,
                        todo: Make.fields("big \(batch) \(index)", notes: notes))
                }
                _ = try await app.push(token, operations)
            }
            var since: Int64 = 0
            var seen: [UUID] = []
            var pages = 0
            while true {
                let raw = try await app.send(.GET, "v1/changes?since=\(since)&limit=1000", headers: auth(token))
                #expect(raw.body.readableBytes <= SyncStore.maxPageBytes)
                let page = try app.decode(ChangesResponse.self, raw)
                seen += page.changes.map(\.uuid)
                since = page.nextCursor
                pages += 1
                if !page.hasMore { break }
            }
            #expect(seen == uuids)
            #expect(pages == 2)
        }
    }

    @Test func pagesAcrossReadsOfTheDatabase() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let operations = (0..<250).map { Make.put(UUID(), base: 0, "todo \($0)") }
            _ = try await app.push(token, operations)
            let found = try await UserModel.query(on: app.db).first()
            let user = try #require(found?.id)
            let store = SyncStore(db: app.db, queue: .of(app.application))
            for (limit, count, more) in [
                (1000, 250, false), (250, 250, false), (249, 249, true), (150, 150, true), (100, 100, true),
                (101, 101, true)
            ] {
                let page = try await store.changes(userID: user, since: 0, limit: limit)
                #expect(page.revs == Array(1...Int64(count)), "limit \(limit)")
                #expect(page.hasMore == more, "limit \(limit)")
            }
            let tiny = try await store.changes(userID: user, since: 10, limit: 1000, maxBytes: 1)
            #expect(tiny.revs == [11])
            #expect(tiny.hasMore)
        }
    }
}
