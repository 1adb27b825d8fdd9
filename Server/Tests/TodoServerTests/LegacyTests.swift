import TodoCore
import TodoWire
import XCTVapor

@testable import TodoServer

/// The seed book's API, driven by the book's own curl requests (same headers, Cookie and
/// `-d "{}"` body), acting on the TODO_LEGACY_USER's todos.
final class LegacyTests: LegacyTestCase {
    struct Todo: Decodable, Equatable {
        let id: Int64
        let name: String
        let description: String
        let notes: String
        let completed: Bool
        let synced: Bool
    }

    struct Message: Decodable, Equatable {
        let message: String
    }

    /// curl -X "POST" "http://localhost:8080/postTodo/" -H "Cookie: test=123" -H "id: 3"
    ///   -H "notes: do not forget to buy potato chips" -H "Content-Type: application/json"
    ///   -H "description: Our first todo item" -H "completed: false" -H "name: todo 1" -d "{}"
    func bookPost() async throws -> TestResponse {
        try await send(.POST, "postTodo/", headers: [
            "Cookie": "test=123", "id": "3", "notes": "do not forget to buy potato chips",
            "Content-Type": "application/json", "description": "Our first todo item",
            "completed": "false", "name": "todo 1",
        ], body: "{}")
    }

    let bookTodo = Todo(
        id: 3, name: "todo 1", description: "Our first todo item",
        notes: "do not forget to buy potato chips", completed: false, synced: true)

    func testBookPostTodoReturnsTheWholeList() async throws {
        let response = try await bookPost()
        XCTAssertEqual(response.status, .ok, response.body.string)
        XCTAssertEqual(response.headers.contentType, .json)
        XCTAssertEqual(try decode([Todo].self, response), [bookTodo])
    }

    func testSeedsDigestVariantWithSyncedHeader() async throws {
        let response = try await send(.POST, "postTodo/", headers: [
            "id": "3", "notes": "do not forget to buy potato chips", "description": "Our first todo item",
            "completed": "false", "name": "todo 1", "synced": "false",
        ], body: "{}")
        XCTAssertEqual(try decode([Todo].self, response), [bookTodo])
    }

    func testBookGetTodosAndTodo() async throws {
        _ = try await bookPost()
        // curl -X "GET" "http://localhost:8080/todos" -H "Cookie: test=123"
        let all = try await send(.GET, "todos", headers: ["Cookie": "test=123"])
        XCTAssertEqual(try decode([Todo].self, all), [bookTodo])
        // curl -X "GET" "http://localhost:8080/todo/" -H "id: 1" -H "Cookie: test=123"
        let missing = try await send(.GET, "todo/", headers: ["id": "1", "Cookie": "test=123"])
        XCTAssertEqual(missing.status, .ok)
        XCTAssertEqual(try decode([Todo].self, missing), [])
        let found = try await send(.GET, "todo", headers: ["id": "3", "Cookie": "test=123"])
        XCTAssertEqual(try decode([Todo].self, found), [bookTodo])
    }

    func testBookUpdateTodo() async throws {
        _ = try await bookPost()
        // curl -X "POST" "http://localhost:8080/updateTodo" -H "Cookie: test=123" -H "id: 3"
        //   -H "notes: new note" -H "name: updated name" -H "description: updated description"
        //   -H "completed : yes"
        // (Over a real socket, "completed : yes" is not a valid header line; see ExecutableTests.)
        let response = try await send(.POST, "updateTodo", headers: [
            "Cookie": "test=123", "id": "3", "notes": "new note", "name": "updated name",
            "description": "updated description", "completed": "yes",
        ])
        XCTAssertEqual(try decode(Message.self, response), Message(message: "Item is updated"))
        let all = try decode([Todo].self, try await send(.GET, "todos"))
        XCTAssertEqual(all, [Todo(id: 3, name: "updated name", description: "updated description",
                                  notes: "new note", completed: true, synced: true)])

        let absent = try await send(.POST, "updateTodo/", headers: ["id": "42", "name": "x"])
        XCTAssertEqual(absent.status, .notFound)
        XCTAssertEqual(try decode(Message.self, absent), Message(message: "Item not found"))
    }

    func testBookDeleteTodoAndDeleteAll() async throws {
        _ = try await bookPost()
        _ = try await send(.POST, "postTodo", headers: ["id": "4", "name": "second", "description": "", "completed": "1"])
        // curl -X "DELETE" "http://localhost:8080/deleteTodo/" -H "id: 1" -H "Cookie: test=123"
        let deleteOne = try await send(.DELETE, "deleteTodo/", headers: ["id": "3", "Cookie": "test=123"])
        XCTAssertEqual(try decode(Message.self, deleteOne), Message(message: "Item is deleted"))
        let afterOne = try await send(.GET, "todos")
        XCTAssertEqual(try decode([Todo].self, afterOne).map(\.id), [4])
        // curl -X "DELETE" "http://localhost:8080/deleteAll" -H "Cookie: test=123"
        let deleteAll = try await send(.DELETE, "deleteAll", headers: ["Cookie": "test=123"])
        XCTAssertEqual(try decode(Message.self, deleteAll), Message(message: "All items are deleted"))
        let afterAll = try await send(.GET, "todos/")
        XCTAssertEqual(try decode([Todo].self, afterAll), [])

        // Deletes are tombstones in the v1 feed.
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.count, 2)
        XCTAssertTrue(feed.changes.allSatisfy(\.deleted))
    }

    func testMissingOrInvalidHeadersGetTheBooksMessages() async throws {
        let mandatory = Message(message: "Please include mandatory parameters")
        let needId = Message(message: "Please provide the id of todo item")
        for headers: HTTPHeaders in [
            ["name": "no id"], ["id": "5"], ["id": "x", "name": "n"], ["id": "-1", "name": "n"],
            ["id": "5", "name": "n", "completed": "maybe"], ["id": "5", "name": "n", "synced": "2"],
        ] {
            let response = try await send(.POST, "postTodo", headers: headers, body: "{}")
            XCTAssertEqual(response.status, .badRequest, "\(headers)")
            XCTAssertEqual(try decode(Message.self, response), mandatory)
        }
        let update = try await send(.POST, "updateTodo", headers: ["name": "n"])
        XCTAssertEqual(try decode(Message.self, update), mandatory)
        for (method, path) in [(HTTPMethod.GET, "todo"), (.DELETE, "deleteTodo")] {
            let response = try await send(method, path, headers: ["Cookie": "test=123"])
            XCTAssertEqual(response.status, .badRequest)
            XCTAssertEqual(try decode(Message.self, response), needId)
        }
        let list = try await send(.GET, "todos")
        XCTAssertEqual(try decode([Todo].self, list), [])
    }

    func testBooleanSpellings() async throws {
        for (index, (text, value)) in [("true", true), ("True", true), ("yes", true), ("1", true),
                                       ("false", false), ("False", false), ("no", false), ("0", false)].enumerated() {
            _ = try await send(.POST, "postTodo", headers: ["id": "\(index)", "name": "t", "completed": text])
            let todo = try decode([Todo].self, try await send(.GET, "todo", headers: ["id": "\(index)"]))
            XCTAssertEqual(todo.first?.completed, value, text)
        }
    }

    func testNonASCIIHeadersAreUTF8OrRefused() async throws {
        let response = try await send(.POST, "postTodo", headers: [
            "id": "7", "name": "Einkäufe 买菜 🥔", "description": "für morgen", "completed": "no",
        ])
        XCTAssertEqual(response.status, .ok)
        let todo = try decode([Todo].self, try await send(.GET, "todo", headers: ["id": "7"]))
        XCTAssertEqual(todo.first?.name, "Einkäufe 买菜 🥔")
        let description = try await changes(token).changes.first?.todo?.description
        XCTAssertEqual(description, "für morgen")

        // Bytes that were not UTF-8 reach the server as U+FFFD: refused, nothing stored.
        let garbled = try await send(.POST, "postTodo", headers: ["id": "8", "name": "caf\u{FFFD}"])
        try assertError(garbled, .badRequest)
        let list = try await send(.GET, "todos")
        XCTAssertEqual(try decode([Todo].self, list).map(\.id), [7])
    }

    func testLegacyChangesShowInTheFeedAndV1ChangesShowInLegacyLists() async throws {
        _ = try await bookPost()
        var feed = try await changes(token)
        XCTAssertEqual(feed.changes.count, 1)
        XCTAssertEqual(feed.changes[0].todo?.name, "todo 1")
        XCTAssertEqual(feed.changes[0].rev, 1)

        // A todo created through v1 gets the next legacy id after the largest one seen (3).
        let uuid = UUID()
        _ = try await push(token, [Make.put(uuid, base: 0, "from v1")])
        var list = try decode([Todo].self, try await send(.GET, "todos"))
        XCTAssertEqual(list.map(\.id), [3, 4])
        XCTAssertEqual(list[1].name, "from v1")

        // Editing it through the legacy API bumps its revision, so v1 clients see it; a v1
        // client still holding the old revision now gets a conflict.
        _ = try await send(.POST, "updateTodo", headers: ["id": "4", "completed": "true"])
        feed = try await changes(token, since: 2)
        XCTAssertEqual(feed.changes.map(\.uuid), [uuid])
        XCTAssertEqual(feed.changes[0].rev, 3)
        XCTAssertEqual(feed.changes[0].todo?.completed, true)
        XCTAssertNotNil(feed.changes[0].todo?.completedAt)
        XCTAssertEqual(feed.changes[0].todo?.name, "from v1")
        let stale = try await push(token, [Make.put(uuid, base: 2, "stale")])
        XCTAssertEqual(stale.results[0].status, .conflict)

        // A v1 delete removes it from the legacy list.
        _ = try await push(token, [Make.delete(uuid, base: 3)])
        list = try decode([Todo].self, try await send(.GET, "todos"))
        XCTAssertEqual(list.map(\.id), [3])
    }

    /// The book's routes know nothing of tags, project, priority or dates: updating a todo
    /// through them, or posting its id again, keeps every one.
    func testLegacyUpdatesNeverEraseAttributes() async throws {
        let uuid = UUID()
        var fields = Make.fields("tagged")
        fields.attributes = WireAttributes([
            .tags: .tags(["a", "b"]), .project: .word("home"), .priority: .priority(.high),
            .due: .date(DueDate(wire: "2026-12-01")), .wait: .date(DueDate(wire: "2026-11-30T08:00:00.000Z")),
        ])
        _ = try await push(token, [PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 0, todo: fields)])
        _ = try await send(.POST, "updateTodo", headers: ["id": "1", "name": "renamed", "completed": "true"])
        _ = try await send(.POST, "postTodo", headers: ["id": "1", "name": "renamed again", "notes": "n"])
        let feed = try await changes(token)
        let record = try XCTUnwrap(feed.changes.last)
        XCTAssertEqual(record.rev, 3)
        XCTAssertEqual(record.todo?.name, "renamed again")
        XCTAssertEqual(record.todo?.attributes, fields.attributes)
    }

    func testPostingAnExistingIdUpdatesIt() async throws {
        _ = try await bookPost()
        let response = try await send(.POST, "postTodo", headers: ["id": "3", "name": "renamed", "completed": "true"])
        let list = try decode([Todo].self, response)
        XCTAssertEqual(list.count, 1)
        XCTAssertEqual(list[0].name, "renamed")
        XCTAssertEqual(list[0].notes, "do not forget to buy potato chips")
        XCTAssertTrue(list[0].completed)
        let revs = try await changes(token).changes.map(\.rev)
        XCTAssertEqual(revs, [2])
    }

    /// Ids stay below 2^53 (schemathesis posted the largest, then pushed: the next todos got
    /// 2^53 and 2^53 + 1, which no legacy route could reach).
    func testIdsNeverReach2To53() async throws {
        let largest = "9007199254740991"
        let posted = try await send(.POST, "postTodo", headers: ["id": largest, "name": "last id"])
        XCTAssertEqual(posted.status, .ok, posted.body.string)
        let over = try await send(.POST, "postTodo", headers: ["id": "9007199254740992", "name": "over"])
        XCTAssertEqual(over.status, .badRequest)
        let results = try await push(token, [Make.put(UUID(), base: 0, "made on a device"), Make.put(UUID(), base: 0, "and another")])
        XCTAssertEqual(results.results.map(\.status), [.applied, .applied])
        let list = try decode([Todo].self, try await send(.GET, "todos"))
        XCTAssertEqual(list.map(\.name), ["last id"])
        XCTAssertEqual(list.map(\.id), [9_007_199_254_740_991])
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.compactMap(\.todo?.name).sorted(), ["and another", "last id", "made on a device"])
    }

    func testPostingADeletedIdBringsItBackAndBlankNamesAreRefused() async throws {
        _ = try await bookPost()
        _ = try await send(.DELETE, "deleteTodo", headers: ["id": "3"])
        let back = try await send(.POST, "postTodo", headers: ["id": "3", "name": "again"])
        XCTAssertEqual(try decode([Todo].self, back).map(\.name), ["again"])
        XCTAssertEqual(try decode([Todo].self, back).first?.notes, "", "a tombstone keeps no text")
        let feed = try await changes(token)
        XCTAssertEqual(feed.changes.count, 1)
        XCTAssertEqual(feed.changes[0].rev, 3)
        XCTAssertFalse(feed.changes[0].deleted)

        let blank = try await send(.POST, "postTodo", headers: ["id": "3", "name": "   "])
        try assertError(blank, .badRequest)
        let list = try await send(.GET, "todos")
        XCTAssertEqual(try decode([Todo].self, list).map(\.name), ["again"])
    }

    func testLegacyRoutesNeedNoTokenButV1Does() async throws {
        let legacyStatus = try await send(.GET, "todos").status
        XCTAssertEqual(legacyStatus, .ok)
        let v1 = try await send(.GET, "v1/changes")
        try assertError(v1, .unauthorized)
    }
}

final class LegacyOffTests: ServerTestCase {
    func testLegacyAPIIsOffUnlessConfigured() async throws {
        try await makeUser("book")
        for (method, path) in [(HTTPMethod.POST, "postTodo"), (.GET, "todos"), (.GET, "todo"),
                               (.DELETE, "deleteTodo"), (.DELETE, "deleteAll"), (.POST, "updateTodo")] {
            let response = try await send(method, path, headers: ["id": "1", "name": "n"], body: "{}")
            try assertError(response, .notFound)
        }
    }
}

final class LegacyMissingUserTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(legacyUser: "nobody")
    }

    func testLegacyUserThatDoesNotExistIsA503NotACrash() async throws {
        let response = try await send(.GET, "todos")
        try assertError(response, .serviceUnavailable)
    }
}
