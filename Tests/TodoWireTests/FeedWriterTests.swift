import Foundation
import Testing
import TodoCore
import TodoWire

/// The change feed written by `FeedWriter` reads back as the page `WireJSON.encoder` writes.
@Suite struct FeedWriterTests {
    let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)

    /// Texts that JSON must escape, and some that it must not.
    let texts = [
        "", "plain", "quote \" and back\\slash", "line\nbreak\ttab\rreturn", "\u{0}\u{1}\u{1F}\u{7F}",
        "ünïcode ✓ 🎉", "\u{2028}\u{2029}", "slash / and </script>", String(repeating: "x", count: 5000)
    ]

    func record(_ index: Int) -> TodoRecord {
        let uuid = UUID()
        guard index % 7 != 3 else { return TodoRecord(uuid: uuid, rev: Int64(index + 1), deleted: true, todo: nil) }
        let attributes: [WireAttributes] = [
            WireAttributes(),
            WireAttributes([.tags: .tags(["b", "a"]), .project: .word("home.garden"), .priority: .priority(.high)]),
            WireAttributes([.due: .date(day), .wait: .date(.instant(Date(timeIntervalSince1970: 1_790_000_000.123)))])
        ]
        let fields = TodoFields(
            name: texts[index % texts.count], description: texts[(index + 3) % texts.count],
            notes: texts[(index + 5) % texts.count], completed: index % 2 == 0,
            createdAt: Date(timeIntervalSince1970: Double(index) * 86_400.001),
            updatedAt: Date(timeIntervalSince1970: 1_795_000_000.999),
            completedAt: index % 2 == 0 ? Date(timeIntervalSince1970: -1.5) : nil,
            attributes: attributes[index % attributes.count])
        return TodoRecord(uuid: uuid, rev: Int64(index + 1), deleted: false, todo: fields)
    }

    func written(_ records: [TodoRecord], _ page: ChangesResponse) throws -> [UInt8] {
        var writer = FeedWriter()
        for record in records {
            let content = try record.todo.map { fields in
                let set = fields.attributes.setOnly
                return FeedWriter.Content(
                    name: fields.name, description: fields.description, notes: fields.notes,
                    completed: fields.completed,
                    createdAtMs: ISO8601Millis.milliseconds(fields.createdAt),
                    updatedAtMs: ISO8601Millis.milliseconds(fields.updatedAt),
                    completedAtMs: fields.completedAt.map(ISO8601Millis.milliseconds),
                    attributes: set.values.isEmpty
                        ? nil : String(decoding: try WireJSON.encoder.encode(set), as: UTF8.self))
            }
            writer.append(uuid: record.uuid, rev: record.rev, deleted: record.deleted, content: content)
        }
        #expect(writer.count == records.count)
        return writer.finish(datasetId: page.datasetId, nextCursor: page.nextCursor, hasMore: page.hasMore)
    }

    @Test func aPageReadsBackAsTheEncodersPage() throws {
        let records = (0..<40).map(record)
        let page = ChangesResponse(datasetId: UUID(), changes: records, nextCursor: 40, hasMore: true)
        let bytes = try written(records, page)
        #expect(try WireJSON.decoder.decode(ChangesResponse.self, from: Data(bytes)) == page)
        #expect(
            try JSONSerialization.jsonObject(with: Data(bytes)) as? NSDictionary
                == JSONSerialization.jsonObject(with: WireJSON.encoder.encode(page)) as? NSDictionary)
    }

    @Test func anEmptyPage() throws {
        let page = ChangesResponse(datasetId: UUID(), changes: [], nextCursor: 7, hasMore: false)
        let bytes = try written([], page)
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == #"{"changes":[],"datasetId":"\#(page.datasetId.uuidString)","hasMore":false,"nextCursor":7}"#)
    }

    @Test func rollingBackDropsTheRecordsAfterTheMark() throws {
        var writer = FeedWriter()
        writer.append(uuid: UUID(), rev: 1, deleted: true, content: nil)
        let mark = writer.mark
        writer.append(uuid: UUID(), rev: 2, deleted: true, content: nil)
        writer.rollBack(to: mark)
        #expect(writer.count == 1)
        let page = try WireJSON.decoder.decode(
            ChangesResponse.self, from: Data(writer.finish(datasetId: UUID(), nextCursor: 1, hasMore: true)))
        #expect(page.changes.map(\.rev) == [1])
    }
}
