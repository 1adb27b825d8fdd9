import Foundation
import Testing
import TodoCore
import TodoWire
import TodoTestSupport

@Suite struct WireAttributesTests {
    let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)

    @Test func aPushChangesOnlyTheAttributesItSends() {
        let stored = WireAttributes([.tags: .tags(["a"]), .project: .word("home"), .due: .date(day)])
        let change = WireAttributes([.project: .word(nil), .priority: .priority(.high)])
        #expect(
            stored.updated(by: change).setOnly
                == WireAttributes([.tags: .tags(["a"]), .priority: .priority(.high), .due: .date(day)]))
        #expect(stored.updated(by: WireAttributes()) == stored)
    }

    @Test func nullAndEmptyReadAsUnsetAndAbsentKeysAsNotSent() throws {
        let json = #"{"tags":[],"project":null,"priority":"L","due":"2026-12-01","wait":null,"other":1}"#
        let attributes = try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8))
        #expect(
            attributes.values == [
                .tags: .tags([]), .project: .word(nil), .priority: .priority(.low), .due: .date(day), .wait: .date(nil)
            ])
        let sparse = try WireJSON.decoder.decode(WireAttributes.self, from: Data(#"{"due":"2026-12-01"}"#.utf8))
        #expect(sparse.values == [.due: .date(day)])
    }

    @Test func valuesOfTheWrongShapeAreRefused() {
        for json in [#"{"priority":"X"}"#, #"{"due":"tomorrow"}"#, #"{"tags":"a"}"#, #"{"project":3}"#] {
            #expect(throws: DecodingError.self, "\(json)") {
                try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8))
            }
        }
    }

    @Test func limitsNameTheFirstProblem() {
        #expect(WireAttributes([.tags: .tags(["ok", "not ok"])]).problem == .invalid(.tags, "not ok ok"))
        #expect(WireAttributes([.project: .word("a b")]).problem == .invalid(.project, "a b"))
        #expect(WireAttributes([.tags: .tags(Set((0..<65).map { "t\($0)" }))]).problem == .tooManyTags)
        #expect(WireAttributes([.project: .word(String(repeating: "p", count: 257))]).problem == .wordTooLong(.project))
        #expect(WireAttributes([.tags: .tags(["fine"]), .project: .word("a.b")]).problem == nil)
    }

    /// One wording for the server's answers and the client's report of a todo it keeps back.
    @Test func eachProblemSaysWhatIsWrongWithTheLimitOfItsField() {
        let long = String(repeating: "x", count: 300)
        let note = Annotation(at: Date(timeIntervalSince1970: 0), text: long)
        #expect(
            WireAttributes([.annotations: .annotations([note])]).problem == nil,
            "300 bytes is within an annotation's 4096")
        let cases: [([TodoField: FieldValue], String)] = [
            ([.tags: .tags([long])], "a tag is longer than 256 bytes"),
            ([.project: .word(long)], "project is longer than 256 bytes"),
            (
                [
                    .annotations: .annotations([
                        Annotation(at: note.at, text: long + String(repeating: "y", count: 4000))
                    ])
                ],
                "a member of annotations is longer than 4096 bytes"
            ),
            (
                [.udas: .udas(["size": String(repeating: "z", count: 4097)])],
                "a member of udas is longer than 4096 bytes"
            ),
            ([.tags: .tags(Set((0..<65).map { "t\($0)" }))], "more than 64 tags"),
            ([.depends: .uuids(Set((0..<257).map { _ in UUID() }))], "more than 256 members in depends"),
            ([.project: .word("a b")], #"project cannot hold "a b": "# + TodoField.project.valueRule)
        ]
        for (values, message) in cases {
            #expect(WireAttributes(values).problem?.message == message)
        }
        #expect(FieldProblem.blankName.message == "name is blank")
        #expect(FieldProblem.descriptionTooLong.message == "description is longer than 65536 bytes")
    }

    /// The server's storage column, written by hand, reads back as what `WireJSON.encoder`
    /// writes, for every kind of value; for plain values it is the same bytes.
    @Test func theStoredObjectIsTheEncoders() throws {
        let note = Annotation(at: FixedClock.epoch, text: "said \"hi\"\nthen / left ✓")
        let all = WireAttributes([
            .tags: .tags(["b", "a", "ünï"]), .project: .word("home.garden"), .priority: .priority(.medium),
            .due: .date(day), .wait: .date(.instant(Date(timeIntervalSince1970: 1_790_000_000.123))),
            .depends: .uuids([UUID(), UUID()]), .annotations: .annotations([note, Annotation(at: note.at, text: "")]),
            .udas: .udas(["size": "L", "estimate": "3 \\ 4"]), .recur: .word(nil), .scheduled: .date(nil)
        ])
        for attributes in [all, WireAttributes(), WireAttributes([.tags: .tags(["work"]), .project: .word("bench")])] {
            let json = attributes.json
            #expect(try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8)) == attributes)
            #expect(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary
                    == JSONSerialization.jsonObject(with: WireJSON.encoder.encode(attributes)) as? NSDictionary)
        }
        let plain = WireAttributes([.tags: .tags(["work", "a"]), .project: .word("bench"), .due: .date(day)])
        #expect(plain.json == String(decoding: try WireJSON.encoder.encode(plain), as: UTF8.self))
    }

    @Test func aRecordEncodesItsAttributesAmongItsOtherMembers() throws {
        let date = Date(timeIntervalSince1970: 0)
        let fields = TodoFields(
            name: "n", createdAt: date, updatedAt: date, attributes: WireAttributes([.tags: .tags(["b", "a"])]))
        let json = String(decoding: try WireJSON.encoder.encode(fields), as: UTF8.self)
        #expect(
            json
                == #"{"completed":false,"createdAt":"1970-01-01T00:00:00.000Z","description":"","name":"n","notes":"","#
                + #""tags":["a","b"],"updatedAt":"1970-01-01T00:00:00.000Z"}"#
        )
        #expect(try WireJSON.decoder.decode(TodoFields.self, from: Data(json.utf8)) == fields)
    }
}
