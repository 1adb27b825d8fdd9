import Foundation
import Testing
import TodoWire

@Suite struct SyncAPITests {
    @Test func pushRequestRoundTripsWithMillisecondDates() throws {
        let date = Date(timeIntervalSince1970: 1_795_000_000.123)
        let op = PushOperation(
            opId: UUID(), kind: .put, uuid: UUID(), baseRev: 0,
            todo: TodoFields(name: "héllo 🎉 \"q\" \\ \n", createdAt: date, updatedAt: date))
        let data = try WireJSON.encoder.encode(PushRequest(operations: [op]))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"createdAt\":\"2026-11-18T"))
        #expect(text.contains(".123Z\""))
        let back = try WireJSON.decoder.decode(PushRequest.self, from: data)
        #expect(back.operations.first?.todo?.name == op.todo?.name)
        #expect(abs(back.operations[0].todo!.createdAt.timeIntervalSince(date)) < 0.001)
    }

    @Test func decoderAcceptsDatesWithoutFraction() throws {
        let json =
            #"""
            {"name":"a","description":"","notes":"","completed":false,"createdAt":"2026-01-02T03:04:05Z",\#
            "updatedAt":"2026-01-02T03:04:05Z"}
            """#
        let fields = try WireJSON.decoder.decode(TodoFields.self, from: Data(json.utf8))
        #expect(fields.createdAt == Date(timeIntervalSince1970: 1_767_323_045))
        #expect(fields.completedAt == nil)
    }

    @Test func errorResponseHasVaporShape() throws {
        let data = try WireJSON.encoder.encode(ErrorResponse(reason: "bad token"))
        #expect(String(decoding: data, as: UTF8.self) == #"{"error":true,"reason":"bad token"}"#)
    }
}

@Suite struct ISO8601MillisTests {
    @Test func formatsAndRoundsToMilliseconds() {
        #expect(ISO8601Millis.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(ISO8601Millis.string(Date(timeIntervalSince1970: 1_795_000_000.123)) == "2026-11-18T11:06:40.123Z")
        #expect(ISO8601Millis.string(Date(timeIntervalSince1970: 951_782_399.9996)) == "2000-02-29T00:00:00.000Z")
        #expect(ISO8601Millis.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59.000Z")
    }

    @Test func parsesWhatItFormats() {
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 12_345_678.901) {
            let date = ISO8601Millis.date(milliseconds: Int64((seconds * 1000).rounded()))
            #expect(ISO8601Millis.parse(ISO8601Millis.string(date)) == date)
        }
    }

    @Test func parsesOtherPrecisionsAndRejectsGarbage() {
        #expect(ISO8601Millis.parse("2026-01-02T03:04:05Z") == Date(timeIntervalSince1970: 1_767_323_045))
        #expect(ISO8601Millis.parse("2026-01-02T03:04:05.5Z") == Date(timeIntervalSince1970: 1_767_323_045.5))
        #expect(
            ISO8601Millis.parse("2026-01-02T03:04:05.123456Z") == ISO8601Millis.date(milliseconds: 1_767_323_045_123))
        for bad in [
            "", "2026-01-02", "2026-02-30T00:00:00Z", "2026-01-02T24:00:00Z", "2026-01-02T03:04:05+01:00",
            "2026-01-02T03:04:05.Z", "x026-01-02T03:04:05Z"
        ] {
            #expect(ISO8601Millis.parse(bad) == nil, "\(bad)")
        }
        // The canonical 24-byte form has its own fast parser: the same checks must hold there.
        for bad in [
            "2026-02-30T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-01-02T03:04:05.12aZ",
            "2026-01-02T24:00:00.000Z", "2026-01-02 03:04:05.000Z", "2026-01-02T03:60:05.000Z"
        ] {
            #expect(ISO8601Millis.parse(bad) == nil, "\(bad)")
        }
        #expect(ISO8601Millis.parse("2026-01-02T03:04:05.123Z") == ISO8601Millis.date(milliseconds: 1_767_323_045_123))
        // Rounded to milliseconds, these would be in year 10000, which four digits cannot write
        // (schemathesis found the server storing ":000-01-01T00:00:00.000Z").
        for late in ["9999-12-31T23:59:59.9995Z", "9999-12-31T23:59:59.9999999Z"] {
            #expect(ISO8601Millis.parse(late) == nil, "\(late)")
        }
        #expect(ISO8601Millis.parse("9999-12-31T23:59:59.999Z").map(ISO8601Millis.string) == "9999-12-31T23:59:59.999Z")
        #expect(
            ISO8601Millis.parse("9999-12-31T23:59:59.9994Z").map(ISO8601Millis.string) == "9999-12-31T23:59:59.999Z")
        #expect(ISO8601Millis.parse("0000-01-01T00:00:00.000Z").map(ISO8601Millis.string) == "0000-01-01T00:00:00.000Z")
    }
}
