import Fluent
import FluentPostgresDriver
import Foundation
import Testing

@testable import TodoServer

/// The write path's multi-row INSERTs: on PostgreSQL one array per column (`unnest`), else
/// one bind per value; both store the same rows.
struct InsertStatementTests {
    @Test func postgresBindsAnArrayPerColumnAndWritesAColumnOfNullsAsNull() throws {
        let rows: [[SQLValue]] = [[.integer(1), .null, .text("a")], [.integer(2), .null, .null]]
        let (statement, binds) = try #require(
            SQLValue.unnestInsert(into: "t", columns: ["a", "b", "c"], rows: rows, suffix: " ON CONFLICT DO NOTHING"))
        #expect(
            statement
                == "INSERT INTO t (a, b, c) SELECT u.c0, NULL, u.c2 FROM unnest($1, $2) AS u(c0, c2)"
                + " ON CONFLICT DO NOTHING")
        #expect(binds.map(\.type) == [.int8Array, .textArray])
        #expect(binds.map { $0.array?.count } == [2, 2])
        #expect(binds[1].array?.map(\.value?.readableBytes) == [1, nil])
    }

    /// Each column written straight into one buffer holds the bytes PostgresNIO's own array
    /// of the values' `postgres` forms holds, for every kind of value, nulls and no values.
    @Test func anArrayWrittenInOneBufferIsPostgresNIOsOwn() {
        let uuid = UUID(uuidString: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0")!
        let columns: [(PostgresDataType, PostgresDataType, [SQLValue])] = [
            (.text, .textArray, []),
            (.uuid, .uuidArray, [.uuid(uuid), .null, .uuid(UUID())]),
            (.int8, .int8Array, [.integer(0), .integer(-1), .integer(.max), .null]),
            (.bool, .boolArray, [.bool(true), .bool(false), .null]),
            (.text, .textArray, [.text(""), .text("café ☕"), .null, .text(String(repeating: "x", count: 5000))]),
            (.bytea, .byteaArray, [.blob(ByteBuffer(bytes: [0, 1, 255] as [UInt8])), .null])
        ]
        for (element, array, values) in columns {
            let own = SQLValue.postgresArray(
                1, of: values.map { [.null, $0] }, PostgresArrayType(element: element, array: array))
            let theirs = PostgresData(array: values.map(\.postgres), elementType: element)
            #expect(own.type == theirs.type)
            #expect(own.formatCode == theirs.formatCode)
            #expect(own.value == theirs.value, "\(element)")
        }
    }

    @Test func aColumnMixingKindsOfValueOrARowOfAnotherWidthIsLeftToValues() {
        #expect(SQLValue.unnestInsert(into: "t", columns: ["a"], rows: [[.integer(1)], [.text("1")]]) == nil)
        #expect(SQLValue.unnestInsert(into: "t", columns: ["a", "b"], rows: [[.integer(1)]]) == nil)
        let (statement, binds) = SQLValue.insert(into: "t", columns: ["a"], rows: [[.integer(1)], [.text("1")]])
        #expect(statement == "INSERT INTO t (a) VALUES ($1), ($2)")
        #expect(binds.count == 2)
    }

    /// On the configured database (PostgreSQL when `DATABASE_URL` names one): records with
    /// columns all null, partly null and never null are stored, then changed by the upsert,
    /// and read back as written.
    @Test func recordsWrittenTogetherReadBackAsWritten() async throws {
        try await withTestApp { app in
            try await app.makeUser("rows")
            let user = try #require(try await UserModel.query(on: app.db).filter(\.$name == "rows").first())
            let userID = try user.requireID()
            let db = FluentWriteConnection(db: app.db)
            var records: [StoredRecord] = []
            for index: Int64 in 1...3 {
                var record = StoredRecord(id: UUID(), uuid: UUID(), rev: index, deleted: false, name: "todo \(index)")
                record.notes = "line one\nline \"two\" ✓"
                record.createdAtMs = 1_000 * index
                record.updatedAtMs = 2_000
                records.append(record)
            }
            records[1].completed = true
            records[1].completedAtMs = 3_000
            records[2].attributesJSON = #"{"tags":["a"]}"#
            try await RecordRows.write(records, userID: userID, on: db)
            #expect(try await sorted(RecordRows.read(db, userID: userID, uuids: records.map(\.uuid))) == records)

            records[0].completed = true
            records[0].completedAtMs = 4_000
            records[1].legacyId = 7
            records[2].deleted = true
            records[2].attributesJSON = nil
            for index in records.indices { records[index].rev += 3 }
            try await RecordRows.write(records, userID: userID, on: db)
            #expect(try await sorted(RecordRows.read(db, userID: userID, uuids: records.map(\.uuid))) == records)
        }
    }

    private func sorted(_ records: [StoredRecord]) -> [StoredRecord] { records.sorted { $0.rev < $1.rev } }
}
