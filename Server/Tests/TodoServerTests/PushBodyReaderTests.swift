import Foundation
import TodoCore
import TodoWire
import XCTest

@testable import TodoServer

/// Issue 24: push bodies are read by `PushBodyReader` when it can, and must then read exactly
/// what `WireJSON.decoder` reads; whatever it leaves goes to the decoder.
final class PushBodyReaderTests: XCTestCase {
    func read(_ body: [UInt8]) -> PushRequest? {
        body.withUnsafeBytes(PushBodyReader.read)
    }

    func decoded(_ body: [UInt8]) -> PushRequest? {
        try? WireJSON.decoder.decode(PushRequest.self, from: Data(body))
    }

    /// Every attribute, as `todo` sends them (unset ones as null, [] or {}), and texts with escapes.
    static func requests() -> [PushRequest] {
        let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)
        let created = ISO8601Millis.parse("2026-11-21T01:33:29.123Z")!
        var full = TodoFields(
            name: "quote \" back\\slash \u{1} ünï ✓ 🎉 \u{2028}", description: "line\nbreak\ttab", notes: "/ and </script>",
            completed: true, createdAt: created, updatedAt: created.addingTimeInterval(1), completedAt: created)
        full.attributes = WireAttributes([
            .tags: .tags(["b", "a"]), .project: .word("home.garden"), .priority: .priority(.high), .due: .date(day),
            .wait: .date(.instant(created)), .depends: .uuids([UUID(), UUID()]),
            .annotations: .annotations([Annotation(at: created, text: "note \"1\"")]), .udas: .udas(["size": "L"]),
        ])
        var unset = TodoFields(name: "unset", createdAt: created, updatedAt: created)
        unset.attributes = WireAttributes(Dictionary(uniqueKeysWithValues: TodoField.attributes.map { ($0, $0.spec.kind.unset) }))
        return [
            PushRequest(operations: [
                PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: full),
                PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 12, todo: unset),
                PushOperation(opId: UUID(), kind: .delete, uuid: UUID(), baseRev: 3, todo: nil),
            ], since: 41),
            PushRequest(operations: [], since: nil),
            PushRequest(operations: [PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: Make.fields("plain"))], since: 0),
        ]
    }

    func testWhatClientsSendIsReadAsTheDecoderReadsIt() throws {
        for request in Self.requests() {
            let body = Array(try WireJSON.encoder.encode(request))
            XCTAssertEqual(read(body), request)
            XCTAssertEqual(read(body), decoded(body))
        }
        let spaced = #" { "since" : null , "operations" : [ { "kind":"delete","uuid":"\#(UUID())","opId":"\#(UUID())","baseRev":7 } ] } "#
        XCTAssertEqual(read(Array(spaced.utf8)), decoded(Array(spaced.utf8)))
        XCTAssertNotNil(read(Array(spaced.utf8)))
        let escaped = #"{"operations":[],"since":1}"#.replacingOccurrences(of: "since", with: #"s\u0069nce"#)
        XCTAssertEqual(read(Array(escaped.utf8)), PushRequest(operations: [], since: 1))
    }

    /// Unknown or repeated keys, numbers with a fraction, surrogates, and malformed bodies are
    /// the decoder's to read or refuse.
    func testWhatItDoesNotExpectIsLeftToTheDecoder() {
        let op = #""opId":"\#(UUID())","kind":"delete","uuid":"\#(UUID())""#
        for body in [
            #"{"operations":[],"extra":1}"#, #"{"operations":[],"operations":[]}"#, #"{"operations":[{\#(op),"baseRev":1.0}]}"#,
            #"{"operations":[{\#(op),"baseRev":-0}]}"#, #"{"operations":[{\#(op),"baseRev":01}]}"#,
            #"{"operations":[{\#(op),"baseRev":1,"baseRev":2}]}"#, #"{"operations":[{\#(op),"baseRev":1e2}]}"#,
            #"{"operations":[{\#(op),"baseRev":1234567890123456789}]}"#, #"{"operations":[],"since":"1"}"#,
            #"{"operations":[{\#(op),"baseRev":1,"todo":{"name":"\ud83d\ude00"}}]}"#, #"{"operations":[]} x"#,
            #"{"operations":[{\#(op)}]}"#, #"{"operations":null}"#, "", "[]", #"{"operations":[],}"#,
        ] {
            XCTAssertNil(read(Array(body.utf8)), body)
        }
        XCTAssertNil(read([UInt8](#"{"operations":[{"opId":""#.utf8) + [0xC3, 0x28] + [UInt8](#""}]}"#.utf8)), "not UTF-8")
    }

    /// Damaged bodies: whenever the reader reads one, the decoder reads the same.
    func testMutatedBodiesAreReadAsTheDecoderReadsThemOrLeftToIt() throws {
        var random = SplitMix64(seed: DecodingFuzzTests.seed ^ 0x24)
        let templates = try Self.requests().map { Array(try WireJSON.encoder.encode($0)) }
        var (readFast, left) = (0, 0)
        for index in 0..<3000 {
            var body = templates[index % templates.count]
            for _ in 0...(random.next() % 3) { body = Mutator.mutate(body, &random) }
            guard let fast = read(body) else {
                left += 1
                continue
            }
            readFast += 1
            XCTAssertEqual(fast, decoded(body), "case \(index): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        XCTAssertGreaterThan(readFast, 100, "some mutations keep the body readable")
        XCTAssertGreaterThan(left, 1000)
    }
}
