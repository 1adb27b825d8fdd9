import Fluent
import Foundation
import TodoWire

/// Version 5: the revision up to which a user's tombstones were pruned (`todo-server prune`);
/// a device whose cursor is below it must read the whole feed again (410 from the feed).
struct AddPruning: AsyncMigration {
    /// Whose time the upgrade ages old tombstones from.
    let clock: ServerClock

    var name: String { "AddPruning.v5" }

    func prepare(on database: any Database) async throws {
        try await database.schema(UserModel.schema).field("pruned_rev", .int64, .required, .sql(.default(0))).update()
        // Tombstones made before this version kept the todo's last edit time, not the time of
        // the deletion that `prune` counts from: they are aged from the upgrade instead.
        let now = ISO8601Millis.milliseconds(clock.now)
        try await TodoModel.query(on: database).filter(\.$deleted == true).set(\.$updatedAtMs, to: now).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserModel.schema).deleteField("pruned_rev").update()
    }
}
