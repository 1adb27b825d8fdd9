import Foundation
import Testing
import TodoCore
import TodoWire

@Suite struct WireAttributesTests {
    let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)

    @Test func aPushChangesOnlyTheAttributesItSends() {
        let stored = WireAttributes([.tags: .tags(["a"]), .project: .word("home"), .due: .date(day)])
        let change = WireAttributes([.project: .word(nil), .priority: .priority(.high)])
        #expect(stored.updated(by: change).setOnly == WireAttributes([.tags: .tags(["a"]), .priority: .priority(.high), .due: .date(day)]))
        #expect(stored.updated(by: WireAttributes()) == stored)
    }

    @Test func nullAndEmptyReadAsUnsetAndAbsentKeysAsNotSent() throws {
        let json = #"{"tags":[],"project":null,"priority":"L","due":"2026-12-01","wait":null,"other":1}"#
        let attributes = try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8))
        #expect(attributes.values == [.tags: .tags([]), .project: .word(nil), .priority: .priority(.low), .due: .date(day), .wait: .date(nil)])
        let sparse = try WireJSON.decoder.decode(WireAttributes.self, from: Data(#"{"due":"2026-12-01"}"#.utf8))
        #expect(sparse.values == [.due: .date(day)])
    }

    @Test func valuesOfTheWrongShapeAreRefused() {
        for json in [#"{"priority":"X"}"#, #"{"due":"tomorrow"}"#, #"{"tags":"a"}"#, #"{"project":3}"#] {
            #expect(throws: DecodingError.self, "\(json)") { try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8)) }
        }
    }

    @Test func limitsNameTheFirstProblem() {
        #expect(WireAttributes([.tags: .tags(["ok", "not ok"])]).problem == .invalid(.tags, "not ok ok"))
        #expect(WireAttributes([.project: .word("a b")]).problem == .invalid(.project, "a b"))
        #expect(WireAttributes([.tags: .tags(Set((0..<65).map { "t\($0)" }))]).problem == .tooManyTags)
        #expect(WireAttributes([.project: .word(String(repeating: "p", count: 257))]).problem == .wordTooLong(.project))
        #expect(WireAttributes([.tags: .tags(["fine"]), .project: .word("a.b")]).problem == nil)
    }

    @Test func aRecordEncodesItsAttributesAmongItsOtherMembers() throws {
        let date = Date(timeIntervalSince1970: 0)
        let fields = TodoFields(name: "n", createdAt: date, updatedAt: date, attributes: WireAttributes([.tags: .tags(["b", "a"])]))
        let json = String(decoding: try WireJSON.encoder.encode(fields), as: UTF8.self)
        #expect(json == #"{"completed":false,"createdAt":"1970-01-01T00:00:00.000Z","description":"","name":"n","notes":"","tags":["a","b"],"updatedAt":"1970-01-01T00:00:00.000Z"}"#)
        #expect(try WireJSON.decoder.decode(TodoFields.self, from: Data(json.utf8)) == fields)
    }
}
