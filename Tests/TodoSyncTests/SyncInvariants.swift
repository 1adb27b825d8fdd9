import Foundation
import TodoCore
import TodoStore
@testable import TodoSync

/// What must hold once every device has synced until nothing changes, whatever the history.
/// Each check judges only what the events let it judge for sure: a write counts as made
/// with the knowledge of another only when a clean sync carried that one to its device.
enum SyncInvariants {
    /// The first invariant the world breaks, named and explained; nil if none.
    static func violation(in world: ModelWorld) -> String? {
        guard world.quiesce() else {
            return "no convergence: syncing every device 8 times over still changes the server"
        }
        guard let states = try? world.states() else { return "a state file cannot be read" }
        let checks: [(ModelWorld, [TodoState]) -> String?] = [
            converged, noLostAdd, noResurrection, lastWriteWins, oneRuleHolder
        ]
        for check in checks { if let problem = check(world, states) { return problem } }
        return nil
    }

    /// Every device holds what the server holds, field for field.
    static func converged(_ world: ModelWorld, _ states: [TodoState]) -> String? {
        let server = world.server.live.compactMapValues { try? TodoContent($0) }
        for (device, state) in states.enumerated() {
            let held = Dictionary(uniqueKeysWithValues: state.todos.map { ($0.uuid, $0.content) })
            if held != server {
                let differing = Set(held.keys).union(server.keys).filter { held[$0] != server[$0] }
                return
                    """
                    convergence: d\(device) differs from the server on \(differing.count) todo(s): \
                    \(differing.map(name).sorted())
                    """
            }
            if !state.sync.outbox.isEmpty || state.hasPendingOperations {
                return "convergence: d\(device) still has changes to send"
            }
        }
        return nil
    }

    /// Every todo a command made is there, unless some command on some device removed it.
    static func noLostAdd(_ world: ModelWorld, _ states: [TodoState]) -> String? {
        let alive = Set(states[0].todos.map(\.uuid))
        let removed = Set(world.events.filter { $0.field == "removed" }.map(\.uuid))
        let lost = Set(world.events.filter { $0.field == "added" }.map(\.uuid)).subtracting(removed).subtracting(alive)
        return lost.isEmpty ? nil : "lost add: \(lost.map(name).sorted()) made, never removed, and gone"
    }

    /// A todo removed by a device that had seen every change to it, and changed by no one
    /// afterwards, stays removed.
    static func noResurrection(_ world: ModelWorld, _ states: [TodoState]) -> String? {
        let alive = Set(states[0].todos.map(\.uuid))
        for removal in world.events where removal.field == "removed" && alive.contains(removal.uuid) {
            let others = world.events.filter { $0.uuid == removal.uuid && $0.id != removal.id }
            guard others.allSatisfy({ $0.id < removal.id && removal.seen.contains($0.id) }) else { continue }
            return
                """
                resurrection: \(name(removal.uuid)) removed on d\(removal.device) (event \(removal.id)), which had \
                seen every change to it, and no one changed it since
                """
        }
        return nil
    }

    /// The last write of a field (name, priority, completed, a tag) stands, when the device
    /// that made it had seen every earlier write of that field, and no device removed the
    /// todo. (A todo kept over a delete by a change elsewhere comes back as that device last
    /// saw it, with its change: a tombstone carries no content, so a change made before the
    /// delete that it never received is not in the copy it restores. See docs/DESIGN.md.)
    /// An occurrence a completion made takes its name, priority and tags from the one
    /// before, as each device knew it, and copies made on two devices merge with what
    /// either added kept: so only its completion and the tags added to it are judged.
    static func lastWriteWins(_ world: ModelWorld, _ states: [TodoState]) -> String? {
        let todos = Dictionary(uniqueKeysWithValues: states[0].todos.map { ($0.uuid, $0) })
        var lastRemoval: [UUID: Int] = [:]
        for event in world.events where event.field == "removed" { lastRemoval[event.uuid] = event.id }
        var last: [String: ModelWorld.Event] = [:]
        var earlier: [String: [Int]] = [:]
        for event in world.events where !["added", "removed", "changed"].contains(event.field) {
            let key = "\(event.uuid) \(event.field.hasPrefix("-") ? "+" + event.field.dropFirst() : event.field)"
            if let previous = last[key] { earlier[key, default: []].append(previous.id) }
            last[key] = event
        }
        for (key, write) in last.sorted(by: { $0.value.id < $1.value.id }) {
            let field = write.field
            guard let todo = todos[write.uuid], earlier[key, default: []].allSatisfy(write.seen.contains),
                !(todo.isMadeOccurrence && (["name", "priority"].contains(field) || field.hasPrefix("-"))),
                lastRemoval[write.uuid] == nil
            else { continue }
            let now: String
            let wanted: String
            if field.hasPrefix("+") || field.hasPrefix("-") {
                now = todo.tags.contains(String(field.dropFirst())) ? "present" : "absent"
                wanted = field.hasPrefix("+") ? "present" : "absent"
            } else {
                now = ModelWorld.value(field, of: todo)
                wanted = write.value
            }
            if now != wanted {
                return
                    """
                    lost write: \(field) of \(name(write.uuid)) set to \(wanted) on d\(write.device) (event \
                    \(write.id)), which had seen every earlier write of it, is \(now)
                    """
            }
        }
        return nil
    }

    /// At most one open todo of a series holds its rule, and no completed one does.
    static func oneRuleHolder(_ world: ModelWorld, _ states: [TodoState]) -> String? {
        for (device, state) in states.enumerated() {
            let holders = state.todos.filter { $0.recur != nil }
            if let completed = holders.first(where: \.completed) {
                return "rule on a completed todo: \(completed.name) on d\(device)"
            }
            let bySeries = Dictionary(grouping: holders) { $0.series ?? $0.uuid }
            if let (_, forked) = bySeries.first(where: { $0.value.count > 1 }) {
                return "forked series: \(forked.map(\.name).sorted()) all hold the rule on d\(device)"
            }
        }
        return nil
    }

    /// A short name for a todo's UUID in messages.
    static func name(_ uuid: UUID) -> String { String(uuid.uuidString.prefix(8)) }
}

extension Todo {
    /// Whether a completion made this todo (an occurrence after the first of its series).
    var isMadeOccurrence: Bool { self.series.map { $0 != uuid } ?? false }
}
