import NIOConcurrencyHelpers
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Revisions are handed out under the user's write lock, so concurrent pushes never collide
/// and a reader following the feed's cursor never skips a change.
struct ConcurrencyTests {
    @Test func concurrentPushesWhileAReaderFollowsTheFeed() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let other = try await app.makeUser("bob")
            let writers = 8
            let perWriter = 5
            let tester = try app.application.testing()
            let headers = auth(token)
            let writersDone = NIOLockedValueBox(false)

            // Reads until a page asked for after the writers finished is empty: then it has
            // seen every change.
            let reader = Task { () async throws -> Set<UUID> in
                var cursor: Int64 = 0
                var seen = Set<UUID>()
                while true {
                    let finished = writersDone.withLockedValue { $0 }
                    let response = try await tester.sendRequest(
                        .GET, "v1/changes?since=\(cursor)&limit=7", headers: headers)
                    let page = try WireJSON.decoder.decode(
                        ChangesResponse.self, from: Data(response.body.readableBytesView))
                    for change in page.changes { seen.insert(change.uuid) }
                    cursor = page.nextCursor
                    if page.changes.isEmpty {
                        if finished { return seen }
                        try await Task.sleep(for: .milliseconds(2))
                    }
                }
            }

            let created: [UUID]
            do {
                created = try await withThrowingTaskGroup(of: [UUID].self) { group in
                    for writer in 0..<writers {
                        let token = writer % 4 == 3 ? other : token
                        group.addTask {
                            var mine: [UUID] = []
                            for _ in 0..<perWriter {
                                let uuid = UUID()
                                let body = String(
                                    decoding: try WireJSON.encoder.encode(
                                        PushRequest(operations: [
                                            Make.put(uuid, base: 0, "w\(writer)")
                                        ])), as: UTF8.self)
                                let response = try await tester.sendRequest(
                                    .POST, "v1/push", headers: ["Authorization": "Bearer \(token)"],
                                    body: ByteBuffer(string: body))
                                #expect(response.status == .ok, "\(response.body.string)")
                                if token == other { continue }
                                mine.append(uuid)
                            }
                            return mine
                        }
                    }
                    var all: [UUID] = []
                    for try await uuids in group { all += uuids }
                    return all
                }
            } catch {
                reader.cancel()
                throw error
            }
            writersDone.withLockedValue { $0 = true }

            let seen = try await reader.value
            #expect(seen == Set(created), "the cursor-following reader missed or invented changes")
            let feed = try await app.changes(token, limit: 1000)
            // Each create took one revision: exactly 1...n, no gaps, no repeats.
            #expect(feed.changes.map(\.rev) == Array(1...Int64(created.count)))
            #expect(Set(feed.changes.map(\.uuid)) == Set(created))
            let bobs = try await app.changes(other, limit: 1000)
            #expect(bobs.changes.map(\.rev) == Array(1...Int64(2 * perWriter)))
        }
    }

    @Test func aFullBatchAndDefaultPages() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let ops = (0..<SyncAPI.maxOperationsPerPush).map { Make.put(UUID(), base: 0, "t\($0)") }
            let response = try await app.push(token, ops)
            #expect(response.results.count == ops.count)
            #expect(response.results.allSatisfy { $0.status == .applied })
            #expect(response.cursor == Int64(ops.count))

            let first = try await app.changes(token)
            #expect(first.changes.count == 500)
            #expect(first.hasMore)
            let second = try await app.changes(token, since: first.nextCursor)
            #expect(second.changes.count == 500)
            #expect(!second.hasMore)
            #expect((first.changes + second.changes).map(\.uuid) == ops.map(\.uuid))
        }
    }
}
