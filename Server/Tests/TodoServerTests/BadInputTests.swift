import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Bad input gets a 400 or 413 with a JSON error, never a 500, and changes nothing.
struct BadInputTests {
    /// Bodies of at most 256 KiB.
    static func settings(_ settings: inout ServerSettings) { settings.maxBodyBytes = 256 * 1024 }

    @Test func malformedBodiesAre400() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID().uuidString
            let op = #""opId":"\#(UUID().uuidString)","uuid":"\#(uuid)""#
            let todo =
                #"{"name":"n","description":"","notes":"","completed":false,"createdAt":"2026-01-01T00:00:00.000Z","#
                + #""updatedAt":"2026-01-01T00:00:00.000Z"}"#
            let bodies = [
                "", "{", "not json", "[]", "{}", #"{"operations":{}}"#, #"{"operations":[{}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0,"todo":null}]}"#,
                #"{"operations":[{\#(op),"kind":"rename","baseRev":0,"todo":\#(todo)}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":"1","todo":\#(todo)}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":-1,"todo":\#(todo)}]}"#,
                #"{"operations":[{"opId":"nope","uuid":"\#(uuid)","kind":"put","baseRev":0,"todo":\#(todo)}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0,"#
                    + #""todo":\#(todo.replacingOccurrences(of: "\"name\":\"n\"", with: "\"name\":\"   \""))}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0,"#
                    + #""todo":\#(todo.replacingOccurrences(of: "\"name\":\"n\"", with: "\"name\":\"a\\u0000b\""))}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0,"#
                    + #""todo":\#(todo.replacingOccurrences(of: "2026-01-01T00:00:00.000Z", with: "yesterday"))}]}"#,
                #"{"operations":[{\#(op),"kind":"put","baseRev":0,"#
                    + #""todo":\#(todo.replacingOccurrences(of: ".000Z", with: "+02:00"))}]}"#
            ]
            for body in bodies {
                let response = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
                #expect(response.status == .badRequest, "body: \(body) -> \(response.body.string)")
                try app.expectError(response, .badRequest)
            }
            let feed = try await app.changes(token).changes
            #expect(feed == [], "nothing was applied")
        }
    }

    @Test func oneInvalidOperationRefusesTheWholeRequest() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let ops = [
                Make.put(UUID(), base: 0, "fine"),
                PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: nil)
            ]
            let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: ops)), as: UTF8.self)
            let missingTodo = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            try app.expectError(missingTodo, .badRequest)
            var blank = Make.put(UUID(), base: 0, "x")
            blank.todo?.name = " \n"
            let body2 = String(
                decoding: try WireJSON.encoder.encode(PushRequest(operations: [ops[0], blank])), as: UTF8.self)
            let blankName = try await app.send(.POST, "v1/push", headers: auth(token), body: body2)
            try app.expectError(blankName, .badRequest)
            let feed = try await app.changes(token).changes
            #expect(feed == [])
        }
    }

    @Test func tooManyOperationsIs400() throws {
        let ops = (0...SyncAPI.maxOperationsPerPush).map { _ in Make.delete(UUID(), base: 0) }
        #expect(ops.count == SyncAPI.maxOperationsPerPush + 1)
        #expect(throws: (any Error).self) { try PushController.validate(PushRequest(operations: ops)) }
        #expect(throws: Never.self) { try PushController.validate(PushRequest(operations: Array(ops.dropLast()))) }
    }

    @Test func tooManyOperationsOverHTTPIs400() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let ops = (0...SyncAPI.maxOperationsPerPush).map { _ in Make.delete(UUID(), base: 0) }
            let body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: ops)), as: UTF8.self)
            let response = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            try app.expectError(response, .badRequest)
            #expect(response.body.string.contains("\(SyncAPI.maxOperationsPerPush)"))
            let feed = try await app.changes(token).changes
            #expect(feed == [])
        }
    }

    /// The operations are counted before the body is decoded: 1001 empty objects would fail
    /// decoding (no opId), but are refused for their number first.
    @Test func tooManyOperationsAreCountedBeforeDecoding() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let elements = Array(repeating: "{}", count: SyncAPI.maxOperationsPerPush + 1).joined(separator: ", ")
            let response = try await app.send(
                .POST, "v1/push", headers: auth(token), body: #"{"since": 0, "operations": [\#(elements)]}"#)
            try app.expectError(response, .badRequest)
            #expect(
                response.body.string.contains("at most \(SyncAPI.maxOperationsPerPush) operations per push"),
                "\(response.body.string)")
            let allowed = Array(repeating: "{}", count: SyncAPI.maxOperationsPerPush).joined(separator: ",")
            let decoded = try await app.send(
                .POST, "v1/push", headers: auth(token), body: #"{"operations":[\#(allowed)]}"#)
            try app.expectError(decoded, .badRequest)
            #expect(!decoded.body.string.contains("operations per push"), "\(decoded.body.string)")
        }
    }

    @Test func thePreCountFollowsStringsNestingAndScalars() {
        func count(_ json: String) -> Int? { PushBodyScan.operationCount(ByteBuffer(string: json)) }
        #expect(count(#"{"operations":[]}"#) == 0)
        #expect(count(#"{"since":3,"operations":[{"a":"x]}\"{,"},[1,2],3,null , "s,]"]}"#) == 5)
        #expect(count(#"{"x":{"operations":[1,2,3]},"operations":[1]}"#) == 1)
        #expect(count(#"{"operations": [ {"todo": {"tags": ["a", "b"]}} ]}"#) == 1)
        #expect(count(#"{"operations":[1,2"#) == nil)
        #expect(count(#"{"since":1}"#) == nil)
        #expect(count(#""operations"#) == nil)
    }

    /// Over a real socket: the in-memory tester hands the body over already collected.
    @Test func oversizedBodyIs413() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            let big = String(repeating: "x", count: 300 * 1024)
            let live = try app.application.testing(method: .running(hostname: "127.0.0.1", port: try freePort()))
            let response = try await live.sendRequest(
                .POST, "v1/push", headers: auth(token),
                body: ByteBuffer(string: #"{"operations":[],"pad":"\#(big)"}"#))
            try app.expectError(TestResponse(response), .payloadTooLarge)
            let small = try await live.sendRequest(
                .POST, "v1/push", headers: auth(token), body: ByteBuffer(string: #"{"operations":[]}"#))
            #expect(small.status == .ok)
        }
    }

    @Test func oversizedFieldsAre400() async throws {
        try await withTestApp(Self.settings) { app in
            let token = try await app.makeUser("alice")
            var op = Make.put(UUID(), base: 0, String(repeating: "n", count: FieldProblem.maxNameBytes + 1))
            var body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
            let longName = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            try app.expectError(longName, .badRequest)
            op.todo?.name = "ok"
            op.todo?.notes = String(repeating: "é", count: FieldProblem.maxTextBytes / 2 + 1)
            body = String(decoding: try WireJSON.encoder.encode(PushRequest(operations: [op])), as: UTF8.self)
            let longNotes = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
            try app.expectError(longNotes, .badRequest)
        }
    }
}
