import Foundation
import Testing
import TodoCore
import TodoWire

/// The push body `todo-sync` sends, written by `PushRequest.json`, reads back as what
/// `WireJSON.encoder` writes for the same request: every kind of operation, attributes set and
/// cleared (null), a delete with and without the todo it deleted, and the optional members.
@Suite struct PushRequestJSONTests {
    let date = Date(timeIntervalSince1970: 1_795_000_000.1234)

    func decoded(_ bytes: some Collection<UInt8>) throws -> PushRequest {
        try WireJSON.decoder.decode(PushRequest.self, from: Data(bytes))
    }

    @Test(arguments: [(Int64?.none, Bool?.none), (41, true), (0, false)])
    func aRequestReadsBackAsTheEncoders(since: Int64?, flag: Bool?) throws {
        let content = TodoContent(
            name: "quote \" and ✓", description: "line\nbreak", notes: "tab\there",
            completed: true, completedAt: date, createdAt: date, updatedAt: date.addingTimeInterval(1))
        var fields = content.wire
        fields.attributes = WireAttributes([.tags: .tags(["b", "a"]), .project: .word("home"), .due: .date(nil)])
        let operations = [
            PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: fields),
            PushOperation(
                opId: UUID(), kind: .put, uuid: UUID(), baseRev: 9,
                todo: TodoContent(name: "all", createdAt: date, updatedAt: date).wire),
            PushOperation(opId: UUID(), kind: .delete, uuid: UUID(), baseRev: 3, todo: fields),
            PushOperation(opId: UUID(), kind: .delete, uuid: UUID(), baseRev: 0, todo: nil)
        ]
        let request = PushRequest(operations: operations, since: since, prunedTombstones: flag, revisionsOnly: flag)
        let written = try decoded(request.json)
        #expect(written == (try decoded(WireJSON.encoder.encode(request))))
        #expect(written.operations.map(\.todo?.attributes) == operations.map(\.todo?.attributes))
        #expect(written.since == since && written.prunedTombstones == flag && written.revisionsOnly == flag)
    }

    @Test func anEmptyPushIsAnEmptyArray() throws {
        #expect(String(decoding: PushRequest(operations: []).json, as: UTF8.self) == #"{"operations":[]}"#)
    }
}
