import Foundation
import Testing
import TodoCore
import TodoWire

/// A push's answer written by `PushResponseWriter` reads back as the `PushResponse` that
/// `WireJSON.encoder` writes, with results as written or as the encoder stored them.
@Suite struct PushResponseWriterTests {
    let date = Date(timeIntervalSince1970: 1_795_000_000.123)

    func content(_ fields: TodoFields) -> FeedWriter.Content {
        let set = fields.attributes.setOnly
        return FeedWriter.Content(
            name: fields.name, description: fields.description, notes: fields.notes, completed: fields.completed,
            createdAtMs: ISO8601Millis.milliseconds(fields.createdAt),
            updatedAtMs: ISO8601Millis.milliseconds(fields.updatedAt),
            completedAtMs: fields.completedAt.map(ISO8601Millis.milliseconds),
            attributes: set.values.isEmpty ? nil : set.json)
    }

    func written(_ result: PushResult) -> [UInt8] {
        let record = result.record.map { ($0.uuid.uuidString, $0.rev, $0.deleted, $0.todo.map(content)) }
        return PushResponseWriter.result(opId: result.opId, status: result.status, record: record)
    }

    @Test func resultsOfEveryKindReadBackAsTheEncoders() throws {
        let fields = TodoFields(
            name: "quote \" and ✓", description: "line\nbreak", notes: "", completed: true, createdAt: date,
            updatedAt: date, completedAt: date,
            attributes: WireAttributes([.tags: .tags(["b", "a"]), .project: .word("home")]))
        let results = [
            PushResult(
                opId: UUID(), status: .applied, record: TodoRecord(uuid: UUID(), rev: 7, deleted: false, todo: fields)),
            PushResult(
                opId: UUID(), status: .applied, record: TodoRecord(uuid: UUID(), rev: 8, deleted: true, todo: nil)),
            PushResult(
                opId: UUID(), status: .conflict,
                record: TodoRecord(uuid: UUID(), rev: 2, deleted: false, todo: Make.plain)),
            PushResult(opId: UUID(), status: .conflict, record: nil)
        ]
        for feedCursor in [nil, Int64(9)] {
            let response = PushResponse(datasetId: UUID(), results: results, cursor: 9, feedCursor: feedCursor)
            var writer = PushResponseWriter()
            for (index, result) in results.enumerated() {
                // Every other one as an older server stored it: the encoder's JSON.
                writer.append(result: index % 2 == 0 ? written(result) : Array(try WireJSON.encoder.encode(result)))
            }
            let bytes = writer.finish(datasetId: response.datasetId, cursor: 9, feedCursor: feedCursor)
            #expect(try WireJSON.decoder.decode(PushResponse.self, from: Data(bytes)) == response)
            #expect(
                try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
                    == JSONSerialization.jsonObject(with: WireJSON.encoder.encode(response)) as? NSDictionary)
        }
    }

    @Test func anEmptyPush() throws {
        let bytes = PushResponseWriter().finish(datasetId: UUID(), cursor: 0, feedCursor: nil)
        let response = try WireJSON.decoder.decode(PushResponse.self, from: Data(bytes))
        #expect(response.results == [])
        #expect(response.feedCursor == nil)
    }

    enum Make {
        static let plain = TodoFields(
            name: "plain", createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 1))
    }
}
