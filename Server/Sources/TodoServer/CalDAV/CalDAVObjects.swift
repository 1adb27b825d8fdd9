import Fluent
import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation

/// A todo's iCalendar text as a CalDAV client last wrote it, with the resource name it wrote
/// it under and its UID. The todo itself is its record (`StoredRecord`); this is the face's
/// own memory of the client's text, written in the same transaction as the record.
struct CalDAVObject: Sendable, Equatable {
    var uuid: UUID
    /// The resource's name in the list (`NAME.ics`).
    var name: String
    var uid: String
    var ical: String
    /// The record's revision when the text was kept: the version the client last wrote, the
    /// base a PUT from an older version merges against.
    var rev: Int64
}

/// The SQL of `caldav_objects`.
enum CalDAVObjects {
    static let table = "caldav_objects"

    static func read(_ db: any WriteConnection, userID: UUID, uuid: UUID) async throws -> CalDAVObject? {
        try await read(db, "user_id = $1 AND uuid = $2", [.uuid(userID), .uuid(uuid)]).first
    }

    static func read(_ db: any WriteConnection, userID: UUID, name: String) async throws -> CalDAVObject? {
        try await read(db, "user_id = $1 AND name = $2", [.uuid(userID), .text(name)]).first
    }

    static func read(_ db: any WriteConnection, userID: UUID, uid: String) async throws -> CalDAVObject? {
        try await read(db, "user_id = $1 AND uid = $2", [.uuid(userID), .text(uid)]).first
    }

    /// The names of the user's objects, by the todo's UUID: what a listing needs (without
    /// their texts).
    static func names(_ db: any WriteConnection, userID: UUID) async throws -> [UUID: String] {
        let rows = try await db.rows(
            "SELECT uuid, name FROM \(table) WHERE user_id = $1", [.uuid(userID)],
            sqlite: { read in (try read.uuid("uuid"), try read.text("name")) },
            postgres: { row in try row.decode((UUID, String).self, context: .default) })
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The UIDs of the objects of `uuids` the user has, by UUID (without their texts).
    static func uids(_ db: any WriteConnection, userID: UUID, uuids: Set<UUID>) async throws -> [UUID: String] {
        guard !uuids.isEmpty else { return [:] }
        let list = SQLValue.placeholders(from: 2, count: uuids.count)
        let rows = try await db.rows(
            "SELECT uuid, uid FROM \(table) WHERE user_id = $1 AND uuid IN (\(list))",
            [.uuid(userID)] + uuids.map(SQLValue.uuid),
            sqlite: { read in (try read.uuid("uuid"), try read.text("uid")) },
            postgres: { row in try row.decode((UUID, String).self, context: .default) })
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }

    /// The objects of `uuids` the user has, by UUID.
    static func read(_ db: any WriteConnection, userID: UUID, uuids: Set<UUID>) async throws -> [UUID: CalDAVObject] {
        guard !uuids.isEmpty else { return [:] }
        let list = SQLValue.placeholders(from: 2, count: uuids.count)
        let objects = try await read(
            db, "user_id = $1 AND uuid IN (\(list))", [.uuid(userID)] + uuids.map(SQLValue.uuid))
        return Dictionary(objects.map { ($0.uuid, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Keeps `object` in place of any of the same todo, name or UID (the caller has checked
    /// that those are gone or its own), in `write`'s transaction: the quota counts its text,
    /// and no longer the texts it replaced.
    static func keep(_ object: CalDAVObject, in write: UserWrite) async throws {
        let condition = "user_id = $1 AND (uuid = $2 OR name = $3 OR uid = $4)"
        let binds: [SQLValue] = [.uuid(write.userID), .uuid(object.uuid), .text(object.name), .text(object.uid)]
        let replaced = try await bytes(write.db, condition, binds)
        try await write.db.run("DELETE FROM \(table) WHERE " + condition, binds)
        try await write.db.insert(
            into: table, columns: ["user_id", "uuid", "name", "uid", "ical", "rev"],
            rows: [
                [
                    .uuid(write.userID), .uuid(object.uuid), .text(object.name), .text(object.uid), .text(object.ical),
                    .integer(object.rev)
                ]
            ], suffix: "")
        write.counters.storedBytes += Int64(object.ical.utf8.count) - replaced
    }

    /// Removes the texts of the todos `query` selects, of the user its `$1` binds (as here);
    /// returns their bytes.
    static func remove(_ db: any WriteConnection, uuidsIn query: String, _ binds: [SQLValue]) async throws -> Int64 {
        let condition = "user_id = $1 AND uuid IN (\(query))"
        let removed = try await bytes(db, condition, binds)
        if removed > 0 { try await db.run("DELETE FROM \(table) WHERE " + condition, binds) }
        return removed
    }

    /// The bytes of the texts `condition` selects, counted by the database (no text is read).
    private static func bytes(_ db: any WriteConnection, _ condition: String, _ binds: [SQLValue]) async throws -> Int64
    {
        let rows = try await db.rows(
            "SELECT COALESCE(SUM(octet_length(ical)), 0) AS bytes FROM \(table) WHERE \(condition)", binds,
            sqlite: { read in try read.integer("bytes") },
            postgres: { row in try row.decode(Int64.self, context: .default) })
        return rows.first ?? 0
    }

    private static func read(_ db: any WriteConnection, _ condition: String, _ binds: [SQLValue]) async throws
        -> [CalDAVObject]
    {
        try await db.rows(
            "SELECT uuid, name, uid, ical, rev FROM \(table) WHERE \(condition)", binds,
            sqlite: { read in
                CalDAVObject(
                    uuid: try read.uuid("uuid"), name: try read.text("name"), uid: try read.text("uid"),
                    ical: try read.text("ical"),
                    rev: try read.integer("rev"))
            },
            postgres: { row in
                let (uuid, name, uid, ical, rev) = try row.decode(
                    (UUID, String, String, String, Int64).self, context: .default)
                return CalDAVObject(uuid: uuid, name: name, uid: uid, ical: ical, rev: rev)
            })
    }
}
