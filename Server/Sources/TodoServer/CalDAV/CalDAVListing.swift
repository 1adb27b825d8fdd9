import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// A user's feed revisions as the CalDAV face reads them, without Fluent's model.
struct UserRevs: Sendable {
    var lastRev: Int64
    var prunedRev: Int64

    /// The revisions read when `user` was authenticated, else read now.
    static func of(_ user: AuthenticatedUser, on db: any WriteConnection) async throws -> UserRevs {
        guard let lastRev = user.lastRev else { return try await read(db, userID: user.id) }
        return UserRevs(lastRev: lastRev, prunedRev: user.prunedRev)
    }

    static func read(_ db: any WriteConnection, userID: UUID) async throws -> UserRevs {
        let rows = try await db.rows(
            "SELECT last_rev, pruned_rev FROM \(UserModel.schema) WHERE id = $1", [.uuid(userID)],
            sqlite: { read in UserRevs(lastRev: try read.integer("last_rev"), prunedRev: try read.integer("pruned_rev"))
            },
            postgres: { row in
                let (last, pruned) = try row.decode((Int64, Int64).self, context: .default)
                return UserRevs(lastRev: last, prunedRev: pruned)
            })
        guard let revs = rows.first else { throw Abort(.unauthorized, reason: "unknown user") }
        return revs
    }
}

/// One todo of a listing: its UUID, revision (its ETag), whether it is a tombstone, and its
/// href as written in an answer (escaped).
struct ListingMember: Sendable {
    var uuid: UUID
    var rev: Int64
    var deleted = false
    var href: [UInt8]
    /// The resource name a multiget finds it by (the client's, else `<uuid>.ics`).
    var name: String
}

/// A user's live todos as the CalDAV face lists them, read once per feed revision: one SQL
/// query of the records joined with their kept objects' names.
struct Listing: Sendable {
    var userName: String
    /// The user's feed revision when read; any change to the todos moves it.
    var rev: Int64
    var members: [ListingMember]
    private var byName: [String: Int] = [:]
    private var byUUID: [UUID: Int] = [:]

    init(userName: String, rev: Int64, members: [ListingMember]) {
        (self.userName, self.rev, self.members) = (userName, rev, members)
        for (index, member) in members.enumerated() {
            byName[member.name] = index
            byUUID[member.uuid] = index
        }
    }

    /// What the listing takes in memory, roughly.
    var bytes: Int { members.reduce(0) { $0 + 96 + $1.href.count + 2 * $1.name.utf8.count } }

    /// The member a resource name names: by its name, else as `<uuid>.ics`.
    func member(named name: String) -> ListingMember? {
        if let index = byName[name] { return members[index] }
        guard name.hasSuffix(".ics"), let uuid = UUIDText.uuid(String(name.dropLast(4))), let index = byUUID[uuid]
        else { return nil }
        return members[index]
    }

    /// The live todos of `user`, with their hrefs.
    static func read(_ db: any WriteConnection, user: AuthenticatedUser, rev: Int64) async throws -> Listing {
        let rows = try await ListingRows.read(
            db, userID: user.id, condition: "t.deleted = $2 ORDER BY t.rev", [.bool(false)])
        let list = CalDAVController.list(user.name)
        return Listing(userName: user.name, rev: rev, members: rows.map { $0.member(list: list) })
    }
}

/// A row of `todos` joined with the name of its kept object, if any.
struct ListingRows {
    var uuid: UUID
    var rev: Int64
    var deleted: Bool
    var name: String?

    /// The joined rows of `userID` under `condition` (its binds from `$2`).
    static func read(_ db: any WriteConnection, userID: UUID, condition: String, _ binds: [SQLValue]) async throws
        -> [ListingRows]
    {
        let query = """
            SELECT t.uuid AS uuid, t.rev AS rev, t.deleted AS deleted, o.name AS name FROM \(TodoModel.schema) t \
            LEFT JOIN \(CalDAVObjects.table) o ON o.user_id = t.user_id AND o.uuid = t.uuid WHERE t.user_id = $1 \
            AND \(condition)
            """
        return try await db.rows(
            query, [.uuid(userID)] + binds,
            sqlite: { read in
                ListingRows(
                    uuid: try read.uuid("uuid"), rev: try read.integer("rev"),
                    deleted: try read.integer("deleted") != 0,
                    name: try read.optional("name", read.text))
            },
            postgres: { row in
                let (uuid, rev, deleted, name) = try row.decode((UUID, Int64, Bool, String?).self, context: .default)
                return ListingRows(uuid: uuid, rev: rev, deleted: deleted, name: name)
            })
    }

    /// The member this row is in the list at `list` (its path).
    func member(list: String) -> ListingMember {
        let name = name ?? CalDAVController.serverName(of: uuid)
        let href = list + (self.name.map(CalDAVController.percentEncoded) ?? name)
        var escaped: [UInt8] = []
        MultistatusWriter.escape(href, into: &escaped)
        return ListingMember(uuid: uuid, rev: rev, deleted: deleted, href: escaped, name: name)
    }
}

/// The latest listing of each user, valid while their feed revision stays (`Listing.rev`).
/// Bounded: past `budget` bytes the cache starts afresh.
final class ListingCache: ApplicationShared {
    static let budget = 8 << 20

    private struct Contents {
        var listings: [UUID: (listing: Listing, bytes: Int)] = [:]
        var bytes = 0
    }

    private let contents = NIOLockedValueBox(Contents())

    /// The listing of `user` at feed revision `rev`, read when the one kept is older.
    func listing(_ db: any WriteConnection, user: AuthenticatedUser, rev: Int64) async throws -> Listing {
        let kept = contents.withLockedValue { $0.listings[user.id]?.listing }
        if let kept, kept.rev == rev, kept.userName == user.name { return kept }
        let listing = try await Listing.read(db, user: user, rev: rev)
        let size = listing.bytes
        contents.withLockedValue { contents in
            if let old = contents.listings.removeValue(forKey: user.id) { contents.bytes -= old.bytes }
            guard size <= Self.budget else { return }
            if contents.bytes + size > Self.budget { contents = Contents() }
            contents.listings[user.id] = (listing, size)
            contents.bytes += size
        }
        return listing
    }
}
