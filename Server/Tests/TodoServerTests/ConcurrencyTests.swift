import TodoWire
import XCTVapor

@testable import TodoServer

/// Revisions are handed out under the user's write lock, so concurrent pushes never collide
/// and a reader following the feed's cursor never skips a change.
final class ConcurrencyTests: ServerTestCase {
    func testConcurrentPushesWhileAReaderFollowsTheFeed() async throws {
        let token = try await makeUser("alice")
        let other = try await makeUser("bob")
        let writers = 8
        let perWriter = 5
        let tester = try app.testable()
        let headers = auth(token)

        let reader = Task { () async throws -> Set<UUID> in
            var cursor: Int64 = 0
            var seen = Set<UUID>()
            var idle = 0
            while idle < 20 {
                let response = try await tester.sendRequest(.GET, "v1/changes?since=\(cursor)&limit=7", headers: headers)
                let page = try WireJSON.decoder.decode(ChangesResponse.self, from: Data(response.body.readableBytesView))
                for change in page.changes { seen.insert(change.uuid) }
                idle = page.changes.isEmpty ? idle + 1 : 0
                cursor = page.nextCursor
                try await Task.sleep(nanoseconds: 2_000_000)
            }
            return seen
        }

        let created = try await withThrowingTaskGroup(of: [UUID].self) { group in
            for writer in 0..<writers {
                let token = writer % 4 == 3 ? other : token
                group.addTask {
                    var mine: [UUID] = []
                    for _ in 0..<perWriter {
                        let uuid = UUID()
                        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [
                            Make.put(uuid, base: 0, "w\(writer)")
                        ])), as: UTF8.self)
                        let response = try await tester.sendRequest(
                            .POST, "v1/push", headers: ["Authorization": "Bearer \(token)"],
                            body: ByteBuffer(string: body))
                        XCTAssertEqual(response.status, .ok, response.body.string)
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

        let seen = try await reader.value
        XCTAssertEqual(seen, Set(created), "the cursor-following reader missed or invented changes")
        let feed = try await changes(token, limit: 1000)
        // Each create took one revision: exactly 1...n, no gaps, no repeats.
        XCTAssertEqual(feed.changes.map(\.rev), Array(1...Int64(created.count)))
        XCTAssertEqual(Set(feed.changes.map(\.uuid)), Set(created))
        let bobs = try await changes(other, limit: 1000)
        XCTAssertEqual(bobs.changes.map(\.rev), Array(1...Int64(2 * perWriter)))
    }

    func testAFullBatchAndDefaultPages() async throws {
        let token = try await makeUser("alice")
        let ops = (0..<SyncAPI.maxOperationsPerPush).map { Make.put(UUID(), base: 0, "t\($0)") }
        let response = try await push(token, ops)
        XCTAssertEqual(response.results.count, ops.count)
        XCTAssertTrue(response.results.allSatisfy { $0.status == .applied })
        XCTAssertEqual(response.cursor, Int64(ops.count))

        let first = try await changes(token)
        XCTAssertEqual(first.changes.count, 500)
        XCTAssertTrue(first.hasMore)
        let second = try await changes(token, since: first.nextCursor)
        XCTAssertEqual(second.changes.count, 500)
        XCTAssertFalse(second.hasMore)
        XCTAssertEqual((first.changes + second.changes).map(\.uuid), ops.map(\.uuid))
    }
}
