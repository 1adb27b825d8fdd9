import Foundation
import Testing
import TodoCore
import TodoTestSupport

@testable import TodoWire

/// The sync API's answers read by `JSONReader` (`WireReadable`) are what `JSONDecoder` reads,
/// and whatever the fast reader does not take reaches the decoder.
@Suite struct WireReadingTests {
    let texts = ["", "plain", "quote \" back\\slash", "line\nbreak\ttab", "\u{0}\u{1F}\u{7F}", "ünïcode ✓ 🎉"]

    /// A value of `field`'s kind, different for each `index`.
    func value(of field: TodoField, _ index: Int) -> FieldValue {
        switch field.spec.kind {
        case .text: .text(texts[index % texts.count])
        case .tags: .tags(index % 3 == 0 ? [] : ["b\(index)", "a", "ü"])
        case .word: .word(index % 4 == 0 ? nil : "home.garden\(index)")
        case .priority: .priority([nil, .high, .medium, .low][index % 4])
        case .date:
            .date(
                index % 2 == 0
                    ? .day(CalendarDay(iso: "2026-12-0\(index % 9 + 1)")!)
                    : .instant(Date(timeIntervalSince1970: 1_790_000_000.123 + Double(index))))
        case .uuids: .uuids(index % 2 == 0 ? [] : [UUID(), UUID()])
        case .annotations:
            .annotations([Annotation(at: Date(timeIntervalSince1970: 1_790_000_000), text: texts[index % texts.count])])
        case .udas: .udas(index % 2 == 0 ? [:] : ["estimate": "3h", "client": texts[index % texts.count]])
        }
    }

    func record(_ index: Int) -> TodoRecord {
        let attributes = WireAttributes(
            Dictionary(
                uniqueKeysWithValues: TodoField.attributes.enumerated().compactMap { offset, field in
                    (index + offset) % 3 == 0 ? nil : (field, value(of: field, index + offset))
                }))
        let fields = TodoFields(
            name: "todo \(index) " + texts[index % texts.count], description: texts[(index + 1) % texts.count],
            notes: texts[(index + 2) % texts.count], completed: index % 2 == 0,
            createdAt: Date(timeIntervalSince1970: Double(index) * 86_400.001),
            updatedAt: Date(timeIntervalSince1970: 1_795_000_000.999),
            completedAt: index % 2 == 0 ? Date(timeIntervalSince1970: -1.5) : nil, attributes: attributes.setOnly)
        let deleted = index % 5 == 4
        return TodoRecord(
            uuid: UUID(), rev: Int64(index + 1), deleted: deleted, todo: deleted && index % 10 == 4 ? nil : fields)
    }

    var page: ChangesResponse {
        ChangesResponse(datasetId: UUID(), changes: (0..<30).map(record), nextCursor: 30, hasMore: true)
    }

    var push: PushResponse { push(30) }

    func push(_ count: Int) -> PushResponse {
        let results = (0..<count).map { index in
            PushResult(
                opId: UUID(), status: index % 4 == 1 ? .conflict : .applied,
                record: index % 8 == 1 ? nil : record(index))
        }
        return PushResponse(datasetId: UUID(), results: results, cursor: 99, feedCursor: 97)
    }

    /// What the server writes: its own writer's bytes for a push (upper-case ids), the
    /// encoder's for a page (the feed writer's are checked against it in `FeedWriterTests`).
    func serverBytes(_ response: PushResponse) throws -> [UInt8] {
        var writer = PushResponseWriter()
        for result in response.results {
            writer.append(result: Array(try WireJSON.encoder.encode(result)))
        }
        return writer.finish(datasetId: response.datasetId, cursor: response.cursor, feedCursor: response.feedCursor)
    }

    @Test func aPageIsReadWithoutTheDecoderAsTheDecoderReadsIt() throws {
        let bytes = try WireJSON.encoder.encode(page)
        let read = try bytes.withUnsafeBytes { try ChangesResponse.readWhole($0) }
        #expect(read == (try WireJSON.decoder.decode(ChangesResponse.self, from: bytes)))
        #expect(read.changes.count == 30)
        #expect(try WireJSON.decode(ChangesResponse.self, from: bytes) == read)
    }

    @Test func aPushAnswerIsReadWithoutTheDecoderAsTheDecoderReadsIt() throws {
        for response in [push, PushResponse(datasetId: UUID(), results: [], cursor: 0, feedCursor: nil)] {
            let bytes = Data(try serverBytes(response))
            let read = try bytes.withUnsafeBytes { try PushResponse.readWhole($0) }
            #expect(read == response)
            #expect(read == (try WireJSON.decoder.decode(PushResponse.self, from: bytes)))
        }
    }

    @Test func nullsAndUnknownMembersAreReadAsTheDecoderReadsThem() throws {
        let uuid = UUID().uuidString
        let body = #"""
            {"datasetId":"\#(uuid)","cursor":3,"feedCursor":null,"later":{"a":[1,2.5e3,"x"]},"results":[
            {"opId":"\#(uuid)","status":"conflict","record":null,"why":"stale"},
            {"opId":"\#(uuid)","status":"applied","record":{"uuid":"\#(uuid)","rev":2,"deleted":true,"todo":null}},
            {"opId":"\#(uuid)","status":"applied","record":{"uuid":"\#(uuid)","rev":3,"deleted":false,"todo":{
            "name":"n","description":"","notes":"","completed":false,"createdAt":"2026-12-01T00:00:00.000Z",
            "updatedAt":"2026-12-01T00:00:00.000Z","completedAt":null,"project":null,"tags":[],"colour":"red"}}}]}
            """#
        let bytes = Data(body.utf8)
        let read = try bytes.withUnsafeBytes { try PushResponse.readWhole($0) }
        #expect(read == (try WireJSON.decoder.decode(PushResponse.self, from: bytes)))
        #expect(read.feedCursor == nil && read.results[0].record == nil && read.results[1].record?.todo == nil)
        #expect(read.results[2].record?.todo?.attributes.values == [.project: .word(nil), .tags: .tags([])])
    }

    /// Escapes in a UUID or a date, a key given twice, a number with a fraction, an unknown
    /// status: the fast reader throws and the decoder reads the body, as it always did.
    @Test func whatTheReaderDoesNotTakeGoesToTheDecoder() throws {
        let cases = [
            #"{"datasetId":"\u0030\#(UUID().uuidString.dropFirst())","changes":[],"nextCursor":1,"hasMore":false}"#,
            #"{"datasetId":"\#(UUID().uuidString)","changes":[],"nextCursor":1.0,"hasMore":false}"#,
            #"{"datasetId":"\#(UUID().uuidString)","changes":[],"nextCursor":07,"hasMore":false}"#,
            #"{"datasetId":"\#(UUID().uuidString)","changes":[],"nextCursor":1,"hasMore":false,"hasMore":true}"#,
            #"{"datasetId":"\#(UUID().uuidString)","changes":[],"nextCursor":1}"#,
            #"{"datasetId":"\#(UUID().uuidString)","changes":[],"nextCursor":1,"hasMore":false} x"#
        ]
        for body in cases {
            let bytes = Data(body.utf8)
            #expect(throws: (any Error).self) { try bytes.withUnsafeBytes { try ChangesResponse.readWhole($0) } }
            let decoded = Result { try WireJSON.decoder.decode(ChangesResponse.self, from: bytes) }
            let read = Result { try WireJSON.decode(ChangesResponse.self, from: bytes) }
            switch (decoded, read) {
            case (.success(let expected), .success(let got)): #expect(got == expected, "\(body)")
            case (.failure, .failure): break
            case (.success, .failure), (.failure, .success): Issue.record("\(body): \(decoded) but \(read)")
            }
        }
    }

    /// Damaged bodies (a byte changed, dropped or doubled) read as the decoder reads them: the
    /// same answer, or an error from both.
    @Test func damagedAnswersReadAsTheDecoderReadsThem() throws {
        let whole = try serverBytes(push(8))
        var random = SeededGenerator(seed: 20_261_203)
        var fastReads = 0
        for _ in 0..<1500 {
            var bytes = whole
            let at = Int.random(in: 0..<bytes.count, using: &random)
            switch Int.random(in: 0..<3, using: &random) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &random)
            case 1: bytes.remove(at: at)
            default: bytes.insert(bytes[at], at: at)
            }
            let data = Data(bytes)
            let decoded = Result { try WireJSON.decoder.decode(PushResponse.self, from: data) }
            if (try? data.withUnsafeBytes({ try PushResponse.readWhole($0) })) != nil { fastReads += 1 }
            switch (decoded, Result { try WireJSON.decode(PushResponse.self, from: data) }) {
            case (.success(let expected), .success(let got)): #expect(got == expected)
            case (.failure, .failure): break
            case (.success, .failure), (.failure, .success):
                Issue.record("at \(at): \(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // Most damage is inside texts, which both read; the rest is refused by both.
        #expect(fastReads > 50)
    }
}
