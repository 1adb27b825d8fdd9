import TodoWire
import XCTVapor

@testable import TodoServer

/// Bad input gets a 400 or 413 with a JSON error, never a 500, and changes nothing.
final class BadInputTests: ServerTestCase {
    override func makeSettings() async throws -> ServerSettings {
        try await TestDatabase.freshSettings(maxBodyBytes: 256 * 1024)
    }

    func testMalformedBodiesAre400() async throws {
        let token = try await makeUser("alice")
        let uuid = UUID().uuidString
        let op = #""opId":"\#(UUID().uuidString)","uuid":"\#(uuid)""#
        let todo = #"{"name":"n","description":"","notes":"","completed":false,"createdAt":"2026-01-01T00:00:00.000Z","updatedAt":"2026-01-01T00:00:00.000Z"}"#
        let bodies = [
            "", "{", "not json", "[]", "{}", #"{"operations":{}}"#, #"{"operations":[{}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":null}]}"#,
            #"{"operations":[{\#(op),"kind":"rename","baseRev":0,"todo":\#(todo)}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":"1","todo":\#(todo)}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":-1,"todo":\#(todo)}]}"#,
            #"{"operations":[{"opId":"nope","uuid":"\#(uuid)","kind":"put","baseRev":0,"todo":\#(todo)}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":\#(todo.replacingOccurrences(of: "\"name\":\"n\"", with: "\"name\":\"   \""))}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":\#(todo.replacingOccurrences(of: "\"name\":\"n\"", with: "\"name\":\"a\\u0000b\""))}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":\#(todo.replacingOccurrences(of: "2026-01-01T00:00:00.000Z", with: "yesterday"))}]}"#,
            #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":\#(todo.replacingOccurrences(of: ".000Z", with: "+02:00"))}]}"#,
        ]
        for body in bodies {
            let response = try await send(.POST, "v1/push", headers: auth(token), body: body)
            XCTAssertEqual(response.status, .badRequest, "body: \(body) -> \(response.body.string)")
            try assertError(response, .badRequest)
        }
        let feed = try await changes(token).changes
        XCTAssertEqual(feed, [], "nothing was applied")
    }

    func testOneInvalidOperationRefusesTheWholeRequest() async throws {
        let token = try await makeUser("alice")
        let ops = [
            Make.put(UUID(), base: 0, "fine"),
            PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: nil),
        ]
        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: ops)), as: UTF8.self)
        let missingTodo = try await send(.POST, "v1/push", headers: auth(token), body: body)
        try assertError(missingTodo, .badRequest)
        var blank = Make.put(UUID(), base: 0, "x")
        blank.todo?.name = " \n"
        let body2 = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [ops[0], blank])), as: UTF8.self)
        let blankName = try await send(.POST, "v1/push", headers: auth(token), body: body2)
        try assertError(blankName, .badRequest)
        let feed = try await changes(token).changes
        XCTAssertEqual(feed, [])
    }

    func testTooManyOperationsIs400() throws {
        let ops = (0...SyncAPI.maxOperationsPerPush).map { _ in Make.delete(UUID(), base: 0) }
        XCTAssertEqual(ops.count, SyncAPI.maxOperationsPerPush + 1)
        XCTAssertThrowsError(try PushController.validate(PushRequest(operations: ops)))
        XCTAssertNoThrow(try PushController.validate(PushRequest(operations: Array(ops.dropLast()))))
    }

    func testTooManyOperationsOverHTTPIs400() async throws {
        let token = try await makeUser("alice")
        let ops = (0...SyncAPI.maxOperationsPerPush).map { _ in Make.delete(UUID(), base: 0) }
        let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: ops)), as: UTF8.self)
        let response = try await send(.POST, "v1/push", headers: auth(token), body: body)
        try assertError(response, .badRequest)
        XCTAssertTrue(response.body.string.contains("\(SyncAPI.maxOperationsPerPush)"))
        let feed = try await changes(token).changes
        XCTAssertEqual(feed, [])
    }

    /// The operations are counted before the body is decoded: 1001 empty objects would fail
    /// decoding (no opId), but are refused for their number first.
    func testTooManyOperationsAreCountedBeforeDecoding() async throws {
        let token = try await makeUser("alice")
        let elements = Array(repeating: "{}", count: SyncAPI.maxOperationsPerPush + 1).joined(separator: ", ")
        let response = try await send(.POST, "v1/push", headers: auth(token), body: #"{"since": 0, "operations": [\#(elements)]}"#)
        try assertError(response, .badRequest)
        XCTAssertTrue(response.body.string.contains("at most \(SyncAPI.maxOperationsPerPush) operations per push"), response.body.string)
        let allowed = Array(repeating: "{}", count: SyncAPI.maxOperationsPerPush).joined(separator: ",")
        let decoded = try await send(.POST, "v1/push", headers: auth(token), body: #"{"operations":[\#(allowed)]}"#)
        try assertError(decoded, .badRequest)
        XCTAssertFalse(decoded.body.string.contains("operations per push"), decoded.body.string)
    }

    func testThePreCountFollowsStringsNestingAndScalars() {
        func count(_ json: String) -> Int? { PushBodyScan.operationCount(ByteBuffer(string: json)) }
        XCTAssertEqual(count(#"{"operations":[]}"#), 0)
        XCTAssertEqual(count(#"{"since":3,"operations":[{"a":"x]}\"{,"},[1,2],3,null , "s,]"]}"#), 5)
        XCTAssertEqual(count(#"{"x":{"operations":[1,2,3]},"operations":[1]}"#), 1)
        XCTAssertEqual(count(#"{"operations": [ {"todo": {"tags": ["a", "b"]}} ]}"#), 1)
        XCTAssertNil(count(#"{"operations":[1,2"#))
        XCTAssertNil(count(#"{"since":1}"#))
        XCTAssertNil(count(#""operations"#))
    }

    /// Over a real socket: the in-memory tester hands the body over already collected.
    func testOversizedBodyIs413() async throws {
        let token = try await makeUser("alice")
        let big = String(repeating: "x", count: 300 * 1024)
        let live = try app.testable(method: .running(hostname: "127.0.0.1", port: try RealServer.freePort()))
        let response = try await live.sendRequest(
            .POST, "v1/push", headers: auth(token),
            body: ByteBuffer(string: #"{"operations":[],"pad":"\#(big)"}"#))
        try assertError(TestResponse(response), .payloadTooLarge)
        let small = try await live.sendRequest(
            .POST, "v1/push", headers: auth(token), body: ByteBuffer(string: #"{"operations":[]}"#))
        XCTAssertEqual(small.status, .ok)
    }

    func testOversizedFieldsAre400() async throws {
        let token = try await makeUser("alice")
        var op = Make.put(UUID(), base: 0, String(repeating: "n", count: FieldProblem.maxNameBytes + 1))
        var body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
        let longName = try await send(.POST, "v1/push", headers: auth(token), body: body)
        try assertError(longName, .badRequest)
        op.todo?.name = "ok"
        op.todo?.notes = String(repeating: "é", count: FieldProblem.maxTextBytes / 2 + 1)
        body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
        let longNotes = try await send(.POST, "v1/push", headers: auth(token), body: body)
        try assertError(longNotes, .badRequest)
    }
}
