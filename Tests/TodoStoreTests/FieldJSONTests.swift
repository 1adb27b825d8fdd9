import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoWire

/// The one writer of field values (`JSONWriter.value`) and the one reading rule
/// (`FieldKind.read(from:)`): every kind round-trips through the state file's reader and
/// through the wire's Codable reading, and the state file's bytes and the wire's differ only
/// in spacing.
@Suite struct FieldJSONTests {
    static let at = Date(timeIntervalSince1970: 1_795_000_000)

    /// Values of `kind`, set and unset, hard to carry where they can be. A new kind must be
    /// given some here: the switch has no `default`.
    static func samples(_ kind: FieldKind) -> [FieldValue] {
        let values: [FieldValue]
        switch kind {
        case .text: values = [.text("a \"quoted\" \\ line\nnext\ttab \u{01} é 日本 🌱")]
        case .tags: values = [.tags(["zeta", "Alpha", "é\"q"])]
        case .word: values = [.word("home.garden"), .word("é")]
        case .priority: values = Priority.allCases.map { .priority($0) }
        case .date:
            values = [
                .date(.day(CalendarDay(iso: "2026-12-01")!)),
                .date(.instant(roundingToMilliseconds: Date(timeIntervalSince1970: 1_796_000_000.987)))
            ]
        case .uuids:
            values = [
                .uuids([
                    UUID(uuidString: "8F0E1C2A-0000-4000-8000-00000000000A")!,
                    UUID(uuidString: "0f0e1c2a-0000-4000-8000-000000000001")!
                ])
            ]
        case .annotations:
            values = [
                .annotations(
                    Annotation.normalized([
                        Annotation(at: at, text: "said \"hi\""), Annotation(at: at.addingTimeInterval(60), text: "é\n")
                    ]))
            ]
        case .udas: values = [.udas(["estimate": "3", "note": "a \"b\" \\ c"])]
        }
        return values + [kind.unset]
    }

    static let kinds: [FieldKind] = [.text, .tags, .word, .priority, .date, .uuids, .annotations, .udas]

    static func written(_ value: FieldValue, _ spacing: JSONWriter.Spacing) -> [UInt8] {
        var out = JSONWriter(spacing: spacing)
        out.value(value)
        return out.bytes
    }

    @Test(arguments: kinds)
    func everyKindRoundTripsThroughTheStateFileReader(_ kind: FieldKind) throws {
        for value in Self.samples(kind) {
            for spacing in [JSONWriter.Spacing.spaced, .compact] {
                let bytes = Self.written(value, spacing)
                let read = try bytes.withUnsafeBytes { raw in
                    var reader = JSONReader(raw)
                    let value = try kind.read(from: &reader)
                    let atEnd = reader.isAtEnd
                    #expect(atEnd)
                    return value
                }
                #expect(read == value, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    @Test(arguments: kinds)
    func everyKindRoundTripsThroughCodable(_ kind: FieldKind) throws {
        for value in Self.samples(kind) {
            let decoded = try WireJSON.decoder.decode(JSONValue.self, from: Data(Self.written(value, .compact)))
            var reader = JSONValue.Reader(decoded)
            let read = try kind.read(from: &reader)
            #expect(read == value)
        }
    }

    @Test func everyAttributeRoundTripsThroughTheWire() throws {
        var values: [TodoField: FieldValue] = [:]
        for field in TodoField.attributes { values[field] = Self.samples(field.spec.kind)[0] }
        let attributes = WireAttributes(values)
        let json = attributes.json
        #expect(try WireJSON.decoder.decode(WireAttributes.self, from: Data(json.utf8)) == attributes)
        let encoded = try WireJSON.encoder.encode(attributes)
        #expect(try WireJSON.decoder.decode(WireAttributes.self, from: encoded) == attributes)
    }

    /// The same value in the state file and on the wire: the same bytes once the spaces after
    /// `,` and `:` are dropped (no sample's text holds ", " or ": ").
    @Test(arguments: kinds)
    func stateFileAndWireDifferOnlyInSpacing(_ kind: FieldKind) {
        for value in Self.samples(kind) {
            let spaced = String(decoding: Self.written(value, .spaced), as: UTF8.self)
            let compact = String(decoding: Self.written(value, .compact), as: UTF8.self)
            #expect(
                spaced.replacingOccurrences(of: ", ", with: ",").replacingOccurrences(of: ": ", with: ":") == compact)
        }
    }

    /// A date (a day or an instant) is read straight from the bytes; what is not exactly its
    /// wire form goes the slow way, which reads an escaped date and refuses an impossible one
    /// as before.
    @Test func datesReadFromTheBytesAreReadAsTheSlowWayReadsThem() {
        func read(_ json: String) -> FieldValue? {
            Array(json.utf8).withUnsafeBytes { raw in
                var reader = JSONReader(raw)
                return try? FieldKind.date.read(from: &reader)
            }
        }
        let day = DueDate.day(CalendarDay(iso: "2026-12-01")!)
        let instant = DueDate(wire: "2026-12-01T15:00:00.125Z")!
        // The fast way takes exactly a plain date, past white space, and leaves anything else.
        let cases: [(String, DueDate?)] = [
            (#"  "2026-12-01","#, day), (#""2026\u002D12-01""#, nil), (#""2026-12-01T""#, nil),
            (#" "2026-12-01T15:00:00.125Z","#, instant), (#""2026-12-01T15:00:00.125Z\n""#, nil),
            (#""2026-12-01T15:00:00.1250000000000000000000Z""#, nil)
        ]
        for (json, fast) in cases {
            let (found, offset) = Array(json.utf8).withUnsafeBytes { raw in
                var reader = JSONReader(raw)
                return (reader.readDateFast(), reader.offset)
            }
            #expect(found == fast, "\(json)")
            let spaces = json.utf8.count - json.drop { $0 == " " }.utf8.count
            #expect(offset == (fast != nil ? json.utf8.count - (json.hasSuffix(",") ? 1 : 0) : spaces), "\(json)")
        }
        #expect(read(#""2026-12-01""#) == .date(day))
        #expect(read(#"  "2026-12-01""#) == .date(day))
        #expect(read(#""2026\u002D12-01""#) == .date(day))
        #expect(read(#""2026-12-01T15:00:00.125Z""#) == .date(instant))
        #expect(read(#""2026-12-01T15:00:00.125\u005A""#) == .date(instant))
        for refused in [
            #""2026-13-01""#, #""2026-02-30""#, #""2026-12-0x""#, #""2026-12-01"#, #""2026+12-01""#,
            #""2026-12-01T25:00:00.000Z""#, #""2026-12-01T15:00:00.000""#, #""2026-12-01T15:00:00.000Z"#
        ] {
            #expect(read(refused) == nil, "\(refused)")
        }
    }

    @Test func nullIsUnsetForEveryKindButText() throws {
        for kind in Self.kinds {
            let read = try Array("null".utf8).withUnsafeBytes { raw in
                var reader = JSONReader(raw)
                return try? kind.read(from: &reader)
            }
            #expect(read == (kind == .text ? nil : kind.unset))
        }
        let empty = try Array(#""""#.utf8).withUnsafeBytes { raw in
            var reader = JSONReader(raw)
            return try FieldKind.word.read(from: &reader)
        }
        #expect(empty == .word(nil))
    }

    @Test func theEscaperEscapesQuotesBackslashesAndControlsAndPassesUTF8Through() {
        var out = JSONWriter()
        out.string("a\"b\\c\nd\re\tf\u{00}\u{08}\u{1F}\u{7F} é 日本 🌱")
        #expect(
            String(decoding: out.bytes, as: UTF8.self)
                == #""a\"b\\c\nd\re\tf\u0000\u0008\u001f"# + "\u{7F} é 日本 🌱\"")
        var plain = JSONWriter()
        plain.string("")
        #expect(plain.bytes == Array(#""""#.utf8))
    }

    @Test func uuidsAreWrittenInEitherCase() {
        let uuid = UUID(uuidString: "8F0E1C2A-0000-4000-8000-00000000000A")!
        var out = JSONWriter(spacing: .compact)
        out.lowercaseUUID(uuid)
        out.uppercaseUUID(uuid)
        #expect(
            String(decoding: out.bytes, as: UTF8.self)
                == #""8f0e1c2a-0000-4000-8000-00000000000a""8F0E1C2A-0000-4000-8000-00000000000A""#)
    }
}
