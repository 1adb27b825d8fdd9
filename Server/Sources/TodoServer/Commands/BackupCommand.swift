import Fluent
import Foundation
import SQLKit
import Vapor

/// `todo-server backup PATH`: a consistent copy of the SQLite database, taken while the
/// server runs.
///
/// `VACUUM INTO` reads one snapshot in a read transaction, so pushes go on meanwhile (WAL) and
/// the copy holds each push whole or not at all. The copy is written beside PATH under a
/// temporary name, then renamed, so a failed backup never leaves a half-written PATH.
/// PostgreSQL has its own tool for this (`pg_dump`, see DEPLOY.md). It does not check the
/// schema: a backup is what to take before `migrate`.
///
/// The copy gets a dataset id of its own. A server restored from it has lost whatever came
/// after the backup; with the same id, a device whose cursor is past the backup would wait
/// for revisions the server hands out again to other changes, and miss them. With a new id,
/// every device syncs with it from scratch and pushes what it has that the copy lacks.
struct BackupCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "path", help: "The file to write the copy to (must not exist yet).")
        var path: String
    }

    let help = "Copy the SQLite database, consistently, while the server runs (PostgreSQL: use pg_dump)."

    func run(using context: CommandContext, signature: Signature) async throws {
        let app = context.application
        guard case .sqlite(let source)? = app.storage[SettingsKey.self]?.storage else {
            throw CommandFailure(
                "todo-server backup copies a SQLite database; for PostgreSQL use pg_dump (see DEPLOY.md)")
        }
        // Opening a file that is not there would create it, empty.
        guard FileManager.default.fileExists(atPath: source) else {
            throw CommandFailure("no database at \(source)")
        }
        let target = signature.path
        guard !FileManager.default.fileExists(atPath: target) else {
            throw CommandFailure("\(target) already exists: name a new file")
        }
        let directory = (target as NSString).deletingLastPathComponent
        let temporary =
            (directory.isEmpty ? "." : directory) + "/.\((target as NSString).lastPathComponent).partial-\(getpid())"
        unlink(temporary)
        do {
            // One connection: ATTACH holds for it alone.
            try await app.db.withConnection { connection in
                let sql = try connection.sql()
                try await sql.raw("VACUUM INTO \(bind: temporary)").run()
                try await sql.raw("ATTACH DATABASE \(bind: temporary) AS copy").run()
                try await sql.raw("UPDATE copy.\(ident: MetaModel.schema) SET id = \(bind: UUID())").run()
                try await sql.raw("DETACH DATABASE copy").run()
            }
        } catch {
            unlink(temporary)
            throw CommandFailure("cannot write \(target): \(String(reflecting: error))")
        }
        // The server's umask is 077, so the copy is its owner's alone, like the database.
        chmod(temporary, 0o600)
        guard link(temporary, target) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw CommandFailure("cannot write \(target): \(reason)")
        }
        unlink(temporary)
        let bytes = ((try? FileManager.default.attributesOfItem(atPath: target))?[.size] as? Int) ?? 0
        let done = "Copied \(source) to \(target) (\(bytes) bytes)."
        context.console.output(done.consoleText())
    }
}
