import TodoWire
import XCTVapor

@testable import TodoServer

/// `PushRequest.since` and `PushResponse.feedCursor`: a client that had seen everything before
/// its push may skip downloading its own changes; one that had not gets no feed cursor.
final class FeedCursorTests: ServerTestCase {
    func testPushFromTheLatestRevisionAnswersTheCursorAndTheFeedAfterItIsEmpty() async throws {
        let token = try await makeUser("alice")
        let first = try await push(token, [Make.put(UUID(), base: 0, "a")], since: 0)
        XCTAssertEqual(first.cursor, 1)
        XCTAssertEqual(first.feedCursor, 1)

        let second = try await push(
            token, [Make.put(UUID(), base: 0, "b"), Make.put(UUID(), base: 0, "c")], since: 1)
        XCTAssertEqual(second.cursor, 3)
        XCTAssertEqual(second.feedCursor, second.cursor)
        let after = try await changes(token, since: try XCTUnwrap(second.feedCursor))
        XCTAssertEqual(after.changes, [])
        XCTAssertFalse(after.hasMore)
    }

    func testAnotherDevicesChangeInBetweenMeansNoFeedCursor() async throws {
        let token = try await makeUser("alice")
        let shared = UUID()
        _ = try await push(token, [Make.put(shared, base: 0, "shared")], since: 0)
        // Device B changes something after device A last read the feed (at 1).
        _ = try await push(token, [Make.put(shared, base: 1, "edited on B")], since: 1)
        let fromA = try await push(token, [Make.put(UUID(), base: 0, "from A")], since: 1)
        XCTAssertEqual(fromA.cursor, 3)
        XCTAssertNil(fromA.feedCursor)
        // A must read the feed: B's change is there.
        let feed = try await changes(token, since: 1)
        XCTAssertEqual(feed.changes.first?.todo?.name, "edited on B")
    }

    func testAnotherUsersChangesDoNotCount() async throws {
        let alice = try await makeUser("alice")
        let bob = try await makeUser("bob")
        _ = try await push(alice, [Make.put(UUID(), base: 0, "alice's")], since: 0)
        _ = try await push(bob, [Make.put(UUID(), base: 0, "bob's"), Make.put(UUID(), base: 0, "bob's too")])
        // Revisions are per user: bob's changes are not in alice's feed, so they do not stop her.
        let response = try await push(alice, [Make.put(UUID(), base: 0, "alice again")], since: 1)
        XCTAssertEqual(response.feedCursor, 2)
        let after = try await changes(alice, since: 2)
        XCTAssertEqual(after.changes, [])
    }

    func testNoSinceOrAStaleOrFutureSinceGivesNone() async throws {
        let token = try await makeUser("alice")
        let absent = try await push(token, [Make.put(UUID(), base: 0, "a")])
        XCTAssertNil(absent.feedCursor)
        let stale = try await push(token, [Make.put(UUID(), base: 0, "b")], since: 0)
        XCTAssertNil(stale.feedCursor)
        let future = try await push(token, [Make.put(UUID(), base: 0, "c")], since: 99)
        XCTAssertNil(future.feedCursor)
        XCTAssertEqual(future.cursor, 3)
    }

    func testNothingChangedAnswersSinceItself() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID()
        _ = try await push(token, [Make.put(uuid, base: 0, "v1")], since: 0)
        let conflict = try await push(token, [Make.put(uuid, base: 0, "stale base")], since: 1)
        XCTAssertEqual(conflict.results.map(\.status), [.conflict])
        XCTAssertEqual(conflict.feedCursor, 1)
        let empty = try await push(token, [], since: 1)
        XCTAssertEqual(empty.feedCursor, 1)
    }

    /// A replay applies nothing again, so it is judged like any push: from the latest revision
    /// it answers that revision; from an older one (the first answer was lost, and the client
    /// still has the cursor it sent then) it answers none, and the client reads its own changes
    /// once from the feed.
    func testReplayedPush() async throws {
        let token = try await makeUser("alice")
        let operations = [Make.put(UUID(), base: 0, "a"), Make.put(UUID(), base: 0, "b")]
        let first = try await push(token, operations, since: 0)
        XCTAssertEqual(first.feedCursor, 2)

        let lostAnswer = try await push(token, operations, since: 0)
        XCTAssertEqual(lostAnswer.results, first.results)
        XCTAssertEqual(lostAnswer.cursor, 2)
        XCTAssertNil(lostAnswer.feedCursor)

        let fromLatest = try await push(token, operations, since: 2)
        XCTAssertEqual(fromLatest.results, first.results)
        XCTAssertEqual(fromLatest.feedCursor, 2)
    }

    func testNegativeSinceIs400AndChangesNothing() async throws {
        let token = try await makeUser("alice")
        let body = String(
            decoding: try WireJSON.encoder.encode(
                PushRequest(operations: [Make.put(UUID(), base: 0, "x")], since: -1)),
            as: UTF8.self)
        try assertError(try await send(.POST, "v1/push", headers: auth(token), body: body), .badRequest)
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes, [])
    }

    /// Old clients send no `since`, old servers answer no `feedCursor`: both decode as nil,
    /// and nil is left out of the JSON, as the other optional fields are.
    func testBothFieldsAreOptionalOnTheWire() throws {
        let request = try WireJSON.decoder.decode(PushRequest.self, from: Data(#"{"operations":[]}"#.utf8))
        XCTAssertNil(request.since)
        XCTAssertEqual(
            String(decoding: try WireJSON.encoder.encode(request), as: UTF8.self), #"{"operations":[]}"#)
        let withSince = try WireJSON.decoder.decode(
            PushRequest.self, from: Data(#"{"operations":[],"since":7}"#.utf8))
        XCTAssertEqual(withSince.since, 7)

        let dataset = UUID()
        let old = #"{"cursor":4,"datasetId":"\#(dataset.uuidString)","results":[]}"#
        let response = try WireJSON.decoder.decode(PushResponse.self, from: Data(old.utf8))
        XCTAssertNil(response.feedCursor)
        XCTAssertEqual(String(decoding: try WireJSON.encoder.encode(response), as: UTF8.self), old)
        let nullCursor = try WireJSON.decoder.decode(
            PushResponse.self, from: Data(old.replacingOccurrences(of: "{", with: #"{"feedCursor":null,"#).utf8))
        XCTAssertNil(nullCursor.feedCursor)
    }
}
