import Foundation
import Testing
import TodoCore
@testable import TodoSync
import TodoWire
import TodoTestSupport

@Suite struct WireMappingTests {
    let date = FixedClock.epoch

    @Test func contentRoundTripsThroughTheWire() throws {
        let (created, updated, completed) = (date, date.addingTimeInterval(60), date.addingTimeInterval(120))
        let content = TodoContent(
            name: "é 🎉", description: "d", notes: "n", completed: true, completedAt: completed, createdAt: created,
            updatedAt: updated)
        // Three different dates, so a mapping that swapped two would show.
        #expect(
            content.wire
                == TodoFields(
                    name: "é 🎉", description: "d", notes: "n",
                    completed: true, createdAt: created, updatedAt: updated, completedAt: completed,
                    attributes: WireAttributes(all: content)))
        #expect(try TodoContent(content.wire) == content)
        let operation = OutboxOperation(opId: UUID(), uuid: UUID(), baseRev: 7, content: nil)
        #expect(operation.wire.kind == .delete)
        #expect(operation.wire.baseRev == 7)
    }

    @Test func attributesTravelWholeInAPushAndAbsentMeansUnsetInARecord() throws {
        var content = TodoContent(name: "a", createdAt: date, updatedAt: date)
        content.tags = ["b", "a"]
        content.due = .day(CalendarDay(iso: "2026-12-01")!)
        let json = String(decoding: try WireJSON.encoder.encode(content.wire), as: UTF8.self)
        // Every attribute is sent, unset ones as null, so that clearing one reaches the server.
        #expect(
            json
                == #"{"anchor":null,"annotations":[],"completed":false,"createdAt":"2026-09-21T14:13:20.000Z","#
                + #""depends":[],"description":"","due":"2026-12-01","name":"a","notes":"","priority":null,"#
                + #""project":null,"recur":null,"scheduled":null,"series":null,"start":null,"tags":["a","b"],"#
                + #""udas":{},"until":null,"updatedAt":"2026-09-21T14:13:20.000Z","wait":null}"#
        )
        #expect(try TodoContent(content.wire) == content)
        let sparse = try WireJSON.decoder.decode(
            TodoFields.self,
            from: Data(
                #"""
                {"completed":false,"createdAt":"2026-09-21T14:13:20.000Z","description":"","name":"a","notes":"",\#
                "project":"home","updatedAt":"2026-09-21T14:13:20.000Z"}
                """#
                .utf8))
        #expect(sparse.attributes.values == [.project: .word("home")])
        var expected = TodoContent(name: "a", createdAt: date, updatedAt: date)
        expected.project = "home"
        #expect(try TodoContent(sparse) == expected)
    }

    @Test func aRecordWithAnAttributeTheModelCannotHoldIsABadResponse() {
        let fields = TodoFields(
            name: "a", createdAt: date, updatedAt: date, attributes: WireAttributes([.tags: .tags(["has blank"])]))
        #expect(
            throws: SyncError.badResponse(
                "the server sent todo 00000000-0000-0000-0000-000000000001 with an invalid tags 'has blank'")
        ) {
            try RemoteRecord(
                TodoRecord(
                    uuid: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, rev: 1, deleted: false,
                    todo: fields))
        }
    }

    @Test func recordsWithoutContentMustBeTombstones() throws {
        #expect(try RemoteRecord(TodoRecord(uuid: UUID(), rev: 3, deleted: true, todo: nil)).content == nil)
        #expect(throws: SyncError.self) {
            try RemoteRecord(TodoRecord(uuid: UUID(), rev: 3, deleted: false, todo: nil))
        }
    }

    @Test func contentTheServerWouldRefuseIsNamed() {
        func problem(_ name: String, notes: String = "") -> String? {
            TodoContent(name: name, notes: notes, createdAt: date, updatedAt: date).problemForServer
        }
        #expect(problem("fine") == nil)
        #expect(problem(String(repeating: "x", count: 4097)) == "name is longer than 4096 bytes")
        #expect(problem("nul\u{0}") == "text contains a NUL character")
        #expect(problem("ok", notes: String(repeating: "é", count: 40000)) == "notes is longer than 65536 bytes")
        var tagged = TodoContent(name: "t", createdAt: date, updatedAt: date)
        tagged.tags = Set((0...FieldProblem.maxTags).map { "t\($0)" })
        #expect(tagged.problemForServer == "more than 64 tags")
        tagged.tags = [String(repeating: "x", count: 257)]
        #expect(tagged.problemForServer == "a tag is longer than 256 bytes")
        tagged.tags = []
        tagged.project = String(repeating: "p", count: 257)
        #expect(tagged.problemForServer == "project is longer than 256 bytes")
    }

    @Test func exitStatusesPerKind() {
        #expect(SyncError.unreachable("").exitStatus == 3)
        #expect(SyncError.unauthorized("").exitStatus == 4)
        #expect(SyncError.badResponse("").exitStatus == 5)
        #expect(SyncError.notConfigured("").exitStatus == 1)
    }
}
