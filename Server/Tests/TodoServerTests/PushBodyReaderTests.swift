import Foundation
import Testing
import TodoCore
import TodoWire

@testable import TodoServer

/// Issue 24: push bodies are read by `PushBodyReader` when it can, and must then read exactly
/// what `WireJSON.decoder` reads; whatever it leaves goes to the decoder.
struct PushBodyReaderTests {
    func read(_ body: [UInt8]) -> PushRequest? {
        body.withUnsafeBytes(PushBodyReader.read)
    }

    func decoded(_ body: [UInt8]) -> PushRequest? {
        try? WireJSON.decoder.decode(PushRequest.self, from: Data(body))
    }

    /// Every attribute, as `todo` sends them (unset ones as null, [] or {}), and texts with escapes.
    static func requests() -> [PushRequest] {
        let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)
        let created = Make.created
        var full = TodoFields(
            name: "quote \" back\\slash \u{1} ünï ✓ 🎉 \u{2028}", description: "line\nbreak\ttab",
            notes: "/ and </script>",
            completed: true, createdAt: created, updatedAt: created.addingTimeInterval(1), completedAt: created)
        full.attributes = WireAttributes([
            .tags: .tags(["b", "a"]), .project: .word("home.garden"), .priority: .priority(.high), .due: .date(day),
            .wait: .date(.instant(created)), .depends: .uuids([UUID(), UUID()]),
            .annotations: .annotations([Annotation(at: created, text: "note \"1\"")]), .udas: .udas(["size": "L"])
        ])
        var unset = TodoFields(name: "unset", createdAt: created, updatedAt: created)
        unset.attributes = WireAttributes(
            Dictionary(uniqueKeysWithValues: TodoField.attributes.map { ($0, $0.spec.kind.unset) }))
        return [
            PushRequest(
                operations: [
                    PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: full),
                    PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 12, todo: unset),
                    PushOperation(opId: UUID(), kind: .delete, uuid: UUID(), baseRev: 3, todo: nil),
                    PushOperation(opId: UUID(), kind: .delete, uuid: UUID(), baseRev: 4, todo: full)
                ], since: 41),
            PushRequest(operations: [], since: nil),
            PushRequest(
                operations: [
                    PushOperation(opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0, todo: Make.fields("plain"))
                ], since: 0),
            PushRequest(operations: [], since: 3, prunedTombstones: true),
            PushRequest(operations: [], since: nil, prunedTombstones: false)
        ]
    }

    @Test func whatClientsSendIsReadAsTheDecoderReadsIt() throws {
        for request in Self.requests() {
            let body = Array(try WireJSON.encoder.encode(request))
            #expect(read(body) == request)
            #expect(read(body) == decoded(body))
            // What todo-sync sends (`PushRequest.json`) is read here too, not left to the decoder.
            #expect(read(request.json) == request)
        }
        let spaced =
            #" { "since" : null , "operations" : [ { "kind":"delete","uuid":"\#(UUID())","opId":"\#(UUID())","#
            + #""baseRev":7 } ] } "#
        #expect(read(Array(spaced.utf8)) == decoded(Array(spaced.utf8)))
        #expect(read(Array(spaced.utf8)) != nil)
        let escaped = #"{"operations":[],"since":1}"#.replacingOccurrences(of: "since", with: #"s\u0069nce"#)
        #expect(read(Array(escaped.utf8)) == PushRequest(operations: [], since: 1))
    }

    /// Unknown or repeated keys, numbers with a fraction, surrogates, and malformed bodies are
    /// the decoder's to read or refuse.
    @Test func whatItDoesNotExpectIsLeftToTheDecoder() {
        let op = #""opId":"\#(UUID())","kind":"delete","uuid":"\#(UUID())""#
        for body in [
            #"{"operations":[],"extra":1}"#, #"{"operations":[],"operations":[]}"#,
            #"{"operations":[{\#(op),"baseRev":1.0}]}"#,
            #"{"operations":[{\#(op),"baseRev":-0}]}"#, #"{"operations":[{\#(op),"baseRev":01}]}"#,
            #"{"operations":[{\#(op),"baseRev":1,"baseRev":2}]}"#, #"{"operations":[{\#(op),"baseRev":1e2}]}"#,
            #"{"operations":[{\#(op),"baseRev":1234567890123456789}]}"#, #"{"operations":[],"since":"1"}"#,
            #"{"operations":[{\#(op),"baseRev":1,"todo":{"name":"\ud83d\ude00"}}]}"#, #"{"operations":[]} x"#,
            #"{"operations":[{\#(op)}]}"#, #"{"operations":null}"#, "", "[]", #"{"operations":[],}"#
        ] {
            #expect(read(Array(body.utf8)) == nil, "\(body)")
        }
        #expect(
            read([UInt8](#"{"operations":[{"opId":""#.utf8) + [0xC3, 0x28] + [UInt8](#""}]}"#.utf8)) == nil, "not UTF-8"
        )
    }

    /// Damaged bodies: whenever the reader reads one, the decoder reads the same.
    @Test func mutatedBodiesAreReadAsTheDecoderReadsThemOrLeftToIt() throws {
        var random = SeededGenerator(seed: DecodingFuzzTests.seed ^ 0x24)
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
            #expect(fast == decoded(body), "case \(index): \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
        #expect(readFast > 100, "some mutations keep the body readable")
        #expect(left > 1000)
    }
}
