import FluentPostgresDriver
import FluentSQLiteDriver
import Foundation
import Testing
import TodoWire
import VaporTesting

@testable import TodoServer

/// Issue 39: `copy-database` moves a server's data to another database (SQLite to PostgreSQL,
/// or back) so that devices and CalDAV apps go on as if nothing happened; and it writes
/// nothing into a database that is not empty.
struct CopyDatabaseTests {
    /// What the data written by `fill` and its users' tokens are.
    struct Filled {
        let alice: String
        let alicePhone: String
        let bob: String
        /// A push body sent once, to be sent again: its operation ids are answered from the
        /// stored results.
        let replayedPush: String
        /// Alice's Taskwarrior client id, and the first of its versions.
        let client: UUID
        let firstVersion: String
        /// A todo of bob's deleted long ago, its tombstone pruned (`PrunedRows`).
        var pruned = UUID()
    }

    /// A source as a server's life makes one, through the real write paths: alice with two
    /// tokens, pushes of several todos (some completed, one with attributes), an edit and a
    /// deletion (a tombstone), stored push results, a CalDAV PUT of a reminder with an alarm,
    /// X- properties and its app's own UID; and bob with a todo of his own and one deleted long
    /// ago, its tombstone pruned.
    static func fill(_ app: TestApp) async throws -> Filled {
        let alice = try await app.makeUser("alice")
        let phone = TokenModel.generate()
        let row = TokenModel(
            userID: try await UserModel.named("alice", on: app.db).requireID(), hash: TokenModel.hash(phone),
            now: app.application.now)
        row.device = "phone"
        row.expiresAtMs = 4_102_444_800_000
        try await row.create(on: app.db)
        let uuids = (0..<6).map { _ in UUID() }
        _ = try await app.push(
            alice,
            uuids.enumerated().map { index, uuid in
                var fields = Make.fields("todo \(index)", notes: "notes \(index)", completed: index % 2 == 0)
                if index == 3 {
                    fields.attributes = WireAttributes([.tags: .tags(["home"]), .project: .word("garden")])
                }
                return PushOperation(opId: UUID(), kind: .put, uuid: uuid, baseRev: 0, todo: fields)
            })
        let edits = PushRequest(operations: [Make.put(uuids[1], base: 2, "renamed"), Make.delete(uuids[2], base: 3)])
        let replayedPush = String(decoding: try WireJSON.encoder.encode(edits), as: UTF8.self)
        #expect(try await app.send(.POST, "v1/push", headers: auth(alice), body: replayedPush).status == .ok)
        let put = try await app.send(
            .PUT, CalDAVResourceTests.path, headers: basic(alice, ["If-None-Match": "*"]),
            body: CalDAVResourceTests.reminder)
        #expect(put.status == .created, "\(put.body.string)")
        let bob = try await app.makeUser("bob")
        // A todo of bob's deleted 100 days ago, pruned: its uuid and revision are kept.
        let pruned = UUID()
        let clock = app.application.serverClock
        let today = clock.now
        clock.set { today.addingTimeInterval(-100 * 86_400) }
        _ = try await app.push(bob, [Make.put(pruned, base: 0, "bob's old"), Make.delete(pruned, base: 1)])
        clock.set { today }
        let horizon = today.addingTimeInterval(-Double(Pruning.defaultDays) * 86_400)
        #expect(try await Pruning.prune(app.db, queue: .of(app.application), olderThan: horizon).tombstones == 1)
        _ = try await app.push(bob, [Make.put(UUID(), base: 0, "bob's")])
        // Taskwarrior 3: a client id of alice's, two versions of bytes that are not text, a snapshot.
        let aliceID = try await UserModel.named("alice", on: app.db).requireID()
        let client = try await TaskChampionClients.add(userID: aliceID, on: app.db, at: app.application.now).clientID
        let first = try await TaskChampionTests.added(
            app, client, parent: TaskChampionTests.nilVersion, "\u{0}\u{1}\u{ff} one")
        let second = try await TaskChampionTests.added(app, client, parent: first, "two")
        let snapshot = try await app.send(
            .POST, "v1/client/add-snapshot/\(second)",
            headers: TaskChampionTests.headers(client, TaskChampionTests.snapshot), body: "snap")
        #expect(snapshot.status == .ok)
        return Filled(
            alice: alice, alicePhone: phone, bob: bob, replayedPush: replayedPush, client: client, firstVersion: first,
            pruned: pruned)
    }

    static func basic(_ token: String, _ more: HTTPHeaders = [:]) -> HTTPHeaders {
        var headers: HTTPHeaders = ["Authorization": "Basic " + Data("alice:\(token)".utf8).base64EncodedString()]
        headers.add(contentsOf: more)
        return headers
    }

    /// What the server answers the devices and the CalDAV app of `fill`'s users: the feeds
    /// from the start and from a cursor, the replayed push, the CalDAV text and its ETag.
    static func answers(_ app: TestApp, _ filled: Filled) async throws -> [String] {
        var answers: [String] = []
        for (token, path) in [
            (filled.alice, "v1/changes?since=0"), (filled.alice, "v1/changes?since=4"),
            (filled.alicePhone, "v1/changes?since=7"), (filled.bob, "v1/changes?since=0")
        ] {
            let response = try await app.send(.GET, path, headers: auth(token))
            answers.append("\(path) \(response.status.code) \(response.body.string)")
        }
        let replay = try await app.send(.POST, "v1/push", headers: auth(filled.alice), body: filled.replayedPush)
        answers.append("replay \(replay.status.code) \(replay.body.string)")
        // Bob's pruned todo sent as new meets its tombstone (a conflict changes nothing).
        let again = PushRequest(
            operations: [Make.put(filled.pruned, base: 0, "bob's old", opId: filled.pruned)], prunedTombstones: true)
        let pruned = try await app.send(
            .POST, "v1/push", headers: auth(filled.bob),
            body: String(decoding: try WireJSON.encoder.encode(again), as: UTF8.self))
        answers.append("pruned \(pruned.status.code) \(pruned.body.string)")
        #expect(pruned.body.string.contains(#""status":"conflict""#), "\(pruned.body.string)")
        let get = try await app.send(.GET, CalDAVResourceTests.path, headers: basic(filled.alice))
        answers.append("GET \(get.status.code) ETag \(get.headers.first(name: .eTag) ?? "none") \(get.body.string)")
        for parent in [TaskChampionTests.nilVersion, filled.firstVersion] {
            let child = try await TaskChampionTests.child(app, filled.client, of: parent)
            answers.append(
                "child \(child.status.code) \(child.headers.first(name: "X-Version-Id") ?? "-") "
                    + "\(Array(child.body.readableBytesView))"
            )
        }
        let snapshot = try await app.send(.GET, "v1/client/snapshot", headers: TaskChampionTests.headers(filled.client))
        answers.append(
            "snapshot \(snapshot.status.code) \(snapshot.headers.first(name: "X-Version-Id") ?? "-") "
                + "\(snapshot.body.string)"
        )
        return answers
    }

    /// An application configured on `settings`' database, which it neither migrates nor opens,
    /// as `todo-server copy-database` starts.
    static func withCopyApp<T>(_ settings: ServerSettings, _ body: (Application) async throws -> T) async throws -> T {
        try await withApplication(configure: { try await configure($0, settings: settings) }, body)
    }

    /// From SQLite into the database the test run names (PostgreSQL on CI's second run), and
    /// from that database into SQLite.
    @Test(arguments: zip([TestDatabase.Kind.sqlite, .configured], [TestDatabase.Kind.configured, .sqlite]))
    func theCopyHoldsEveryRowAndAnswersAsTheSourceDid(
        from sourceKind: TestDatabase.Kind, to targetKind: TestDatabase.Kind
    ) async throws {
        try await withTestDatabase(sourceKind) { source in
            var filled: Filled?
            var before: [String] = []
            try await withTestApp(ServerSettings(storage: source.storage)) { app in
                filled = try await Self.fill(app)
                before = try await Self.answers(app, try #require(filled))
            }
            try await withTestDatabase(targetKind) { target in
                let settings = ServerSettings(storage: target.storage)
                try await Self.withCopyApp(settings) { app in
                    let report = try await copyDatabase(into: app, settings: settings, from: source.storage) { _ in }
                    #expect(report.tables.map(\.name).prefix(2) == ["server_meta", "users"])
                    let sourceRows = try await Self.rows(of: source.storage, on: app)
                    let targetRows = try await Self.rows(of: target.storage, on: app)
                    #expect(
                        Set(sourceRows.keys).isSuperset(of: [
                            "server_meta", "users", "tokens", "todos", "operations", "caldav_objects", "tc_clients",
                            "tc_versions", "tc_snapshots", "pruned_records", "pruned_operations"
                        ]))
                    #expect(Set(report.tables.map(\.name)) == Set(sourceRows.keys))
                    for (table, rows) in sourceRows {
                        #expect(!rows.isEmpty, "\(table)")
                        #expect(targetRows[table] == rows, "\(table)")
                        #expect(report.tables.first { $0.name == table }?.rows == rows.count, "\(table)")
                    }
                }
                try await withTestApp(settings) { app in
                    let after = try await Self.answers(app, try #require(filled))
                    #expect(after == before)
                }
            }
        }
    }

    /// Runs `copyDatabase` into `settings`' database and returns the error it must throw.
    static func refusal(
        into settings: ServerSettings, from source: ServerSettings.Storage,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
        try await withCopyApp(settings) { app in
            let error = await #expect(throws: CommandFailure.self, sourceLocation: sourceLocation) {
                try await copyDatabase(into: app, settings: settings, from: source) { _ in }
            }
            return error?.description ?? ""
        }
    }

    /// A target with data keeps it as it was, and is told why nothing was copied; so is the
    /// source itself named as the target.
    @Test func refusesATargetThatHoldsDataAndTheSourceItself() async throws {
        try await withTestDatabase(.sqlite) { source in
            try await withTestApp(ServerSettings(storage: source.storage)) { app in _ = try await Self.fill(app) }
            try await withTestApp { target in
                let carol = try await target.makeUser("carol")
                let before = try await target.changes(carol)
                let error = try await Self.refusal(into: target.settings, from: source.storage)
                #expect(error.hasSuffix("is not empty (users has rows): copy into a new, empty database"), "\(error)")
                #expect(try await UserModel.query(on: target.db).all().map(\.name) == ["carol"])
                #expect(try await target.changes(carol) == before)
            }
            let itself = try await Self.refusal(into: ServerSettings(storage: source.storage), from: source.storage)
            #expect(
                itself
                    == """
                    \(source.storage.described) already holds the dataset of \(source.storage.described) (it is that \
                    database, or a copy of it)
                    """
            )
        }
    }

    /// A source that is not there, not a database, not todo-server's, or of an older version,
    /// is refused before anything is written: the target is not even migrated.
    @Test func refusesASourceItCannotCopy() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "copy-database-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = directory.appendingPathComponent("notes.txt").path
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        let empty = directory.appendingPathComponent("empty.sqlite").path
        try Data().write(to: URL(fileURLWithPath: empty))
        let old = directory.appendingPathComponent("old.sqlite").path
        try await MigrationTests.makeVersion1Database(
            ServerSettings(storage: .sqlite(path: old)), uuid: UUID(), token: TokenModel.generate())
        try await withTestDatabase { target in
            let settings = ServerSettings(storage: target.storage)
            let missing = directory.appendingPathComponent("missing.sqlite").path
            for (source, reason) in [
                (missing, "no database at \(missing)"),
                (text, "cannot read \(text): "),
                (empty, "\(empty) is not a todo-server database (it has no todo-server tables)"),
                (old, "\(old) was made by an older todo-server (it lacks AddAttributes.v2, ")
            ] {
                let error = try await Self.refusal(into: settings, from: .sqlite(path: source))
                #expect(error.hasPrefix(reason), "\(error)")
                #expect(!error.contains("\n"), "\(error)")
            }
            #expect(!FileManager.default.fileExists(atPath: missing))
            try await Self.withCopyApp(settings) { app in
                if case .sqlite(let path) = target.storage {
                    #expect(!FileManager.default.fileExists(atPath: path))
                } else {
                    let tables = try await SchemaCatalog.of(app.db).tables
                    #expect(tables.isEmpty)
                }
            }
        }
    }

    /// Every row of each table of the database `storage` names, sorted, each as text that
    /// shows its bytes: a UUID in hex (SQLite's 16-byte blob, PostgreSQL's uuid), integers and
    /// booleans (1 or 0) as numbers, text quoted.
    static func rows(of storage: ServerSettings.Storage, on app: Application) async throws -> [String: [String]] {
        try await withDatabase(storage, on: app) { db in
            var all: [String: [String]] = [:]
            for table in try await SchemaCatalog.of(db).tables {
                let select =
                    "SELECT \(table.columns.map { quoted($0.name) }.joined(separator: ", ")) FROM \(quoted(table.name))"
                if let sqlite = db as? any SQLiteDatabase {
                    all[table.name] = try await sqlite.query(select, []).map { row in
                        row.columns.map { text($0.data) }.joined(separator: " | ")
                    }.sorted()
                } else if let postgres = db as? any PostgresDatabase {
                    all[table.name] = try await postgres.query(select, []).get().rows.map { row in
                        try row.map { try text($0) }.joined(separator: " | ")
                    }.sorted()
                }
            }
            return all
        }
    }

    static func text(_ data: SQLiteData) -> String {
        switch data {
        case .integer(let value): "\(value)"
        case .float(let value): "\(value)"
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "x'\(bytes.readableBytesView.map { String(format: "%02x", $0) }.joined())'"
        case .null: "NULL"
        }
    }

    static func text(_ cell: PostgresCell) throws -> String {
        guard let bytes = cell.bytes else { return "NULL" }
        switch cell.dataType {
        case .uuid: return "x'\(bytes.readableBytesView.map { String(format: "%02x", $0) }.joined())'"
        case .bool: return try cell.decode(Bool.self) ? "1" : "0"
        case .int8: return "\(try cell.decode(Int64.self))"
        case .text: return "'\(try cell.decode(String.self))'"
        case .bytea: return "x'\(bytes.readableBytesView.map { String(format: "%02x", $0) }.joined())'"
        default: throw TestFailure("a column of type \(cell.dataType)")
        }
    }
}
