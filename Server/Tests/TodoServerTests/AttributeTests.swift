import Testing
import TodoCore
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 11: the attributes (tags, project, priority, due, wait) stored and sent back.
struct AttributeTests {
    let day = DueDate(wire: "2026-12-01")
    let instant = DueDate(wire: "2026-11-30T08:15:00.000Z")

    func put(_ uuid: UUID, base: Int64, _ attributes: WireAttributes, name: String = "t") -> PushOperation {
        var fields = Make.fields(name)
        fields.attributes = attributes
        return PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: base, todo: fields)
    }

    @Test func attributesAreStoredAndSentBackThoseSetOnly() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let sent = WireAttributes([
                .tags: .tags(["b", "a"]), .project: .word("home.garden"), .priority: .priority(nil),
                .due: .date(day), .wait: .date(instant)
            ])
            let pushed = try await app.push(token, [put(uuid, base: 0, sent)])
            #expect(pushed.results[0].record?.todo?.attributes == sent.setOnly)
            let feed = try await app.changes(token)
            #expect(feed.changes[0].todo?.attributes == sent.setOnly)
            let raw = try await app.send(.GET, "v1/changes?since=0", headers: auth(token)).body.string
            #expect(raw.contains(#""due":"2026-12-01","#), "\(raw)")
            #expect(raw.contains(#""project":"home.garden","#), "\(raw)")
            #expect(raw.contains(#""tags":["a","b"],"#), "\(raw)")
            #expect(raw.contains(#""wait":"2026-11-30T08:15:00.000Z""#), "\(raw)")
            #expect(!raw.contains("priority"), "\(raw)")
        }
    }

    @Test func aPushLeavesTheAttributesItDoesNotSendAndClearsThoseSentEmpty() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            let all = WireAttributes([
                .tags: .tags(["a"]), .project: .word("p"), .priority: .priority(.low), .due: .date(day)
            ])
            _ = try await app.push(token, [put(uuid, base: 0, all)])
            // A client from before attributes sends none of them: nothing is erased.
            let old = try await app.push(token, [put(uuid, base: 1, WireAttributes(), name: "renamed")])
            #expect(old.results[0].record?.todo?.name == "renamed")
            #expect(old.results[0].record?.todo?.attributes == all)
            let cleared = try await app.push(
                token, [put(uuid, base: 2, WireAttributes([.tags: .tags([]), .project: .word(nil)]))])
            #expect(
                cleared.results[0].record?.todo?.attributes
                    == WireAttributes([.priority: .priority(.low), .due: .date(day)]))
        }
    }

    /// A tombstone keeps the todo it deleted (issue 42): a put that brings it back sending no
    /// attribute (a client that knows none) leaves those alone, as on any record; one sending
    /// them all replaces them.
    @Test func aTodoBroughtBackKeepsTheAttributesItsTombstoneKeptUnlessSent() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let uuid = UUID()
            _ = try await app.push(token, [put(uuid, base: 0, WireAttributes([.tags: .tags(["a"])]))])
            _ = try await app.push(token, [Make.delete(uuid, base: 1)])
            let back = try await app.push(token, [put(uuid, base: 2, WireAttributes())])
            #expect(back.results[0].record?.todo?.attributes == WireAttributes([.tags: .tags(["a"])]))
            _ = try await app.push(token, [Make.delete(uuid, base: 3)])
            let whole = WireAttributes(all: TodoContent(name: "x", createdAt: Make.created, updatedAt: Make.created))
            let replaced = try await app.push(token, [put(uuid, base: 4, whole)])
            #expect(replaced.results[0].record?.todo?.attributes == WireAttributes())
        }
    }

    @Test func attributesTheModelCannotHoldAreRefusedAndNothingIsStored() async throws {
        try await withTestApp { app in
            let token = try await app.makeUser("alice")
            let todo =
                #""name":"n","description":"","notes":"","completed":false,"createdAt":"2026-11-21T01:33:29.123Z","#
                + #""updatedAt":"2026-11-21T01:33:29.123Z""#
            let manyTags = (0...FieldProblem.maxTags).map { "\"t\($0)\"" }.joined(separator: ",")
            let cases = [
                (#""tags":["has blank"]"#, #"tags cannot hold \"has blank\": a tag is a word"#),
                (#""tags":["+1"]"#, #"tags cannot hold \"+1\""#),
                (#""project":"a b""#, #"project cannot hold \"a b\""#),
                (#""priority":"X""#, "priority"),
                (#""due":"tomorrow""#, "due"),
                (#""due":"0000-01-01""#, "due"),
                (#""tags":"a""#, "tags"),
                ("\"tags\":[\(manyTags)]", "operations[0].todo: more than 64 tags"),
                (
                    "\"project\":\"\(String(repeating: "p", count: 257))\"",
                    "operations[0].todo: project is longer than 256 bytes"
                )
            ]
            for (attribute, reason) in cases {
                let body =
                    #"{"operations":[{"opId":"\#(UUID())","kind":"put","uuid":"\#(UUID())","baseRev":0,"#
                    + #""todo":{\#(todo),\#(attribute)}}]}"#
                let response = try await app.send(.POST, "v1/push", headers: auth(token), body: body)
                try app.expectError(response, .badRequest)
                #expect(response.body.string.contains(reason), "\(attribute): \(response.body.string)")
            }
            let feed = try await app.changes(token)
            #expect(feed.changes == [])
        }
    }
}
