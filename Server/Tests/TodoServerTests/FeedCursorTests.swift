import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// `PushRequest.since` and `PushResponse.feedCursor`: a client that had seen everything before
/// its push may skip downloading its own changes; one that had not gets no feed cursor.
struct FeedCursorTests {
    @Test func pushFromTheLatestRevisionAnswersTheCursorAndTheFeedAfterItIsEmpty() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let first = try await app.push(token, [Make.put(UUID(), base: 0, "a")], since: 0)
            #expect(first.cursor == 1)
            #expect(first.feedCursor == 1)

            let second = try await app.push(
                token, [Make.put(UUID(), base: 0, "b"), Make.put(UUID(), base: 0, "c")], since: 1)
            #expect(second.cursor == 3)
            #expect(second.feedCursor == second.cursor)
            let after = try await app.changes(token, since: try #require(second.feedCursor))
            #expect(after.changes == [])
            #expect(!after.hasMore)
        }
    }

    @Test func anotherDevicesChangeInBetweenMeansNoFeedCursor() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let shared = UUID()
            _ = try await app.push(token, [Make.put(shared, base: 0, "shared")], since: 0)
            // Device B changes something after device A last read the feed (at 1).
            _ = try await app.push(token, [Make.put(shared, base: 1, "edited on B")], since: 1)
            let fromA = try await app.push(token, [Make.put(UUID(), base: 0, "from A")], since: 1)
            #expect(fromA.cursor == 3)
            #expect(fromA.feedCursor == nil)
            // A must read the feed: B's change is there.
            let feed = try await app.changes(token, since: 1)
            #expect(feed.changes.first?.todo?.name == "edited on B")
        }
    }

    @Test func anotherUsersChangesDoNotCount() async throws {
        try await withTestApp { app in
            let alice = try await app.makeUser("alice")
            let bob = try await app.makeUser("bob")
            _ = try await app.push(alice, [Make.put(UUID(), base: 0, "alice's")], since: 0)
            _ = try await app.push(bob, [Make.put(UUID(), base: 0, "bob's"), Make.put(UUID(), base: 0, "bob's too")])
            // Revisions are per user: bob's changes are not in alice's feed, so they do not stop her.
            let response = try await app.push(alice, [Make.put(UUID(), base: 0, "alice again")], since: 1)
            #expect(response.feedCursor == 2)
            let after = try await app.changes(alice, since: 2)
            #expect(after.changes == [])
        }
    }

    @Test func noSinceOrAStaleOrFutureSinceGivesNone() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let absent = try await app.push(token, [Make.put(UUID(), base: 0, "a")])
            #expect(absent.feedCursor == nil)
            let stale = try await app.push(token, [Make.put(UUID(), base: 0, "b")], since: 0)
            #expect(stale.feedCursor == nil)
            let future = try await app.push(token, [Make.put(UUID(), base: 0, "c")], since: 99)
            #expect(future.feedCursor == nil)
            #expect(future.cursor == 3)
        }
    }

    @Test func nothingChangedAnswersSinceItself() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [Make.put(uuid, base: 0, "v1")], since: 0)
            let conflict = try await app.push(token, [Make.put(uuid, base: 0, "stale base")], since: 1)
            #expect(conflict.results.map(\.status) == [.conflict])
            #expect(conflict.feedCursor == 1)
            let empty = try await app.push(token, [], since: 1)
            #expect(empty.feedCursor == 1)
        }
    }

    /// A replay applies nothing again, so it is judged like any push: from the latest revision
    /// it answers that revision; from an older one (the first answer was lost, and the client
    /// still has the cursor it sent then) it answers none, and the client reads its own changes
    /// once from the feed.
    @Test func replayedPush() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let operations = [Make.put(UUID(), base: 0, "a"), Make.put(UUID(), base: 0, "b")]
            let first = try await app.push(token, operations, since: 0)
            #expect(first.feedCursor == 2)

            let lostAnswer = try await app.push(token, operations, since: 0)
            #expect(lostAnswer.results == first.results)
            #expect(lostAnswer.cursor == 2)
            #expect(lostAnswer.feedCursor == nil)

            let fromLatest = try await app.push(token, operations, since: 2)
            #expect(fromLatest.results == first.results)
            #expect(fromLatest.feedCursor == 2)
        }
    }

    @Test func negativeSinceIs400AndChangesNothing() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let body = String(
                decoding: try WireJSON.encoder.encode(
                    PushRequest(operations: [Make.put(UUID(), base: 0, "x")], since: -1)),
                as: UTF8.self)
            try app.expectError(try await app.send(.POST, "v1/push", headers: auth(token), body: body), .badRequest)
            let feed = try await app.changes(token)
            #expect(feed.changes == [])
        }
    }

    /// Old clients send no `since`, old servers answer no `feedCursor`: both decode as nil,
    /// and nil is left out of the JSON, as the other optional fields are.
    @Test func bothFieldsAreOptionalOnTheWire() throws {
        let request = try WireJSON.decoder.decode(PushRequest.self, from: Data(#"{"operations":[]}"#.utf8))
        #expect(request.since == nil)
        #expect(String(decoding: try WireJSON.encoder.encode(request), as: UTF8.self) == #"{"operations":[]}"#)
        let withSince = try WireJSON.decoder.decode(
            PushRequest.self, from: Data(#"{"operations":[],"since":7}"#.utf8))
        #expect(withSince.since == 7)

        let dataset = UUID()
        let old = #"{"cursor":4,"datasetId":"\#(dataset.uuidString)","results":[]}"#
        let response = try WireJSON.decoder.decode(PushResponse.self, from: Data(old.utf8))
        #expect(response.feedCursor == nil)
        #expect(String(decoding: try WireJSON.encoder.encode(response), as: UTF8.self) == old)
        let nullCursor = try WireJSON.decoder.decode(
            PushResponse.self, from: Data(old.replacingOccurrences(of: "{", with: #"{"feedCursor":null,"#).utf8))
        #expect(nullCursor.feedCursor == nil)
    }
}
