import Foundation
import Testing
import TodoCore
import TodoWire

@testable import TodoServer

/// Issue 24: push bodies are read by TodoWire's `JSONReader` (`PushRequest.readWhole`) when it
/// can, and must then read exactly what `WireJSON.decoder` reads; whatever it leaves goes to
/// the decoder.
struct PushBodyReadingTests {
    func read(_ body: [UInt8]) -> PushRequest? {
        body.withUnsafeBytes { try? PushRequest.readWhole($0) }
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
            PushRequest(operations: [], since: nil, prunedTombstones: false),
            PushRequest(operations: [], since: 2, prunedTombstones: true, revisionsOnly: true),
            PushRequest(operations: [], revisionsOnly: false)
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

    /// Repeated keys, numbers with a fraction or leading zeros, a lower-case `t` in an
    /// annotation's time, and malformed bodies are the decoder's to read or refuse; unknown
    /// members are skipped, as the decoder skips them.
    @Test func whatItDoesNotExpectIsLeftToTheDecoder() {
        let op = #""opId":"\#(UUID())","kind":"delete","uuid":"\#(UUID())""#
        let todo =
            #""todo":{"name":"n","description":"","notes":"","completed":false,"#
            + #""createdAt":"2026-12-01T00:00:00.000Z","updatedAt":"2026-12-01T00:00:00.000Z","#
        for body in [
            #"{"operations":[],"operations":[]}"#,
            #"{"operations":[{\#(op),"baseRev":1.0}]}"#,
            #"{"operations":[{\#(op),"baseRev":-0}]}"#, #"{"operations":[{\#(op),"baseRev":01}]}"#,
            #"{"operations":[{\#(op),"baseRev":1,"baseRev":2}]}"#, #"{"operations":[{\#(op),"baseRev":1e2}]}"#,
            #"{"operations":[{\#(op),"baseRev":12345678901234567890}]}"#, #"{"operations":[],"since":"1"}"#,
            #"{"operations":[{\#(op),"baseRev":1,"todo":{"name":"\ud83d\ude00"}}]}"#, #"{"operations":[]} x"#,
            #"{"operations":[{\#(op),"baseRev":1,\#(todo)"#
                + #""annotations":[{"at":"2026-12-01t00:00:00.000Z","text":"a"}]}}]}"#,
            #"{"operations":[{\#(op)}]}"#, #"{"operations":null}"#, "", "[]", #"{"operations":[],}"#
        ] {
            #expect(read(Array(body.utf8)) == nil, "\(body)")
        }
        #expect(
            read([UInt8](#"{"operations":[{"opId":""#.utf8) + [0xC3, 0x28] + [UInt8](#""}]}"#.utf8)) == nil, "not UTF-8"
        )
        for body in [
            #"{"operations":[],"extra":{"a":[1,2.5]}}"#,
            #"{"operations":[{\#(op),"baseRev":1234567890123456789,"later":null}]}"#
        ] {
            #expect(read(Array(body.utf8)) != nil, "\(body)")
            #expect(read(Array(body.utf8)) == decoded(Array(body.utf8)), "\(body)")
        }
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
