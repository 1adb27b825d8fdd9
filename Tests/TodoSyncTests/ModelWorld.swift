import Foundation
import TodoCore
import TodoStore
@testable import TodoSync
import TodoWire

/// Devices (state files in a temporary directory, each synced by the real `SyncEngine`) and
/// the model server, running a history and keeping what the invariants need: every local
/// change as an event, and what each device had seen when it made it.
final class ModelWorld {
    static let namespace = UUID(uuidString: "5EED0000-0000-4000-8000-000000000000")!

    /// A change a command made on a device to one todo: `field` is `name`, `priority`,
    /// `completed`, `+TAG`/`-TAG` (with the new value), or `added`, `removed`, `changed`
    /// (any change of its content).
    struct Event {
        var id: Int
        var device: Int
        var uuid: UUID
        var field: String
        var value: String
        /// The events the device had seen when it made this one (its own included).
        var seen: Set<Int>
    }

    let server: ModelServer
    let files: [StateFile]
    let directory: String
    private var seconds = 0.0
    private var opIds = 0
    private(set) var events: [Event] = []
    /// Per device, the events it has seen; the server's likewise.
    private var seen: [Set<Int>]
    private var serverSeen = Set<Int>()

    /// `keepsPrunedResults` false: the server from before seed 770364's fix (`ModelServer`).
    init(devices: Int, keepsPrunedResults: Bool = true) throws {
        server = ModelServer(
            datasetId: UUID(uuidString: "DA7A0000-0000-4000-8000-000000000000")!,
            keepsPrunedResults: keepsPrunedResults)
        let directory = NSTemporaryDirectory() + "todo-model-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        self.directory = directory
        files = (0..<devices).map { StateFile(path: "\(directory)/d\($0).json") }
        seen = Array(repeating: [], count: devices)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func tick() -> Date {
        seconds += 1
        return Date(timeIntervalSince1970: 1_796_000_000 + seconds)
    }

    func run(_ step: HistoryStep) {
        switch step.kind {
        case .command(let command): run(command, on: step.device, pick: step.pick, serial: step.serial)
        case .sync(let fault, let call, let inner):
            let device = step.device
            let link = ModelLink(server, fault: fault, at: call) { [self] in
                if let inner { run(inner, on: device, pick: step.pick, serial: step.serial) } else { sync(device) }
            }
            sync(device, through: link, clean: fault == nil)
        case .overtaken(let call, let inner):
            let link = ModelLink(server, fault: .overtaken, at: call) { [self] in
                for (index, kind) in inner.enumerated() {
                    run(HistoryStep(device: step.device, kind: kind, pick: step.pick, serial: step.innerSerial(index)))
                }
            }
            sync(step.device, through: link, clean: false)
        case .answeredLate(let call, let inner):
            let link = ModelLink(server, fault: .meanwhile, at: call) { [self] in
                noteReached(step.device)
                for innerStep in inner { run(innerStep) }
            }
            sync(step.device, through: link, clean: false)
        case .prune: server.prune()
        }
    }

    /// Runs a command on a device, recording what it changed; a refused command changes nothing.
    func run(_ command: HistoryStep.Command, on device: Int, pick: Int, serial: Int) {
        let file = files[device]
        guard let before = try? file.load(),
            let action = command.action(on: before, pick: pick, serial: serial, at: tick()),
            let after = try? file.update({ current throws(ReduceError) in try reduce(current, action, in: .utc) }).after
        else { return }
        record(from: before, to: after, on: device)
    }

    /// A sync through `link`; a clean one that ends with nothing left to send makes the
    /// device and the server know each other's events.
    @discardableResult
    func sync(_ device: Int, through link: ModelLink? = nil, clean: Bool = true) -> Bool {
        let serverBefore = serverSeen
        let engine = SyncEngine(store: files[device], client: link ?? ModelLink(server), now: tick, newUUID: nextOpId)
        guard (try? engine.run()) != nil else { return false }
        guard clean, let state = try? files[device].load() else { return true }
        seen[device].formUnion(serverBefore)
        if !state.hasPendingOperations, state.sync.outbox.isEmpty { serverSeen.formUnion(seen[device]) }
        return true
    }

    /// Called once the server has acted on a call of a sync of `device`: if everything the
    /// device changed is on the server (acknowledged, or waiting in the outbox as it is now
    /// and applied), the server knows every event the device has seen, before the device
    /// hears back.
    private func noteReached(_ device: Int) {
        guard let state = try? files[device].load(), state.pendingOperations(newOpId: { Self.namespace }).isEmpty,
            state.sync.outbox.allSatisfy({ operation in
                server.applied(operation.opId)
                    && state.todos.first(where: { $0.uuid == operation.uuid })?.content == operation.content
            })
        else { return }
        serverSeen.formUnion(seen[device])
    }

    private func nextOpId() -> UUID {
        opIds += 1
        return UUID(name: "op \(opIds)", namespace: Self.namespace)
    }

    /// Syncs every device in turn until a whole round changes nothing (at most `rounds`);
    /// false if it never settles.
    func quiesce(rounds: Int = 8) -> Bool {
        for _ in 0..<rounds {
            let revision = server.revision
            for device in files.indices { guard sync(device) else { return false } }
            if server.revision == revision { return true }
        }
        return false
    }

    private func record(from before: TodoState, to after: TodoState, on device: Int) {
        let old = Dictionary(uniqueKeysWithValues: before.todos.map { ($0.uuid, $0) })
        let new = Dictionary(uniqueKeysWithValues: after.todos.map { ($0.uuid, $0) })
        for uuid in Set(old.keys).union(new.keys) {
            for (field, value) in Self.changes(from: old[uuid], to: new[uuid]) {
                events.append(Event(id: events.count, device: device, uuid: uuid, field: field, value: value, seen: []))
                seen[device].insert(events.count - 1)
                events[events.count - 1].seen = seen[device]
            }
        }
    }

    /// The fields a command changed on one todo, with their new values.
    static func changes(from old: Todo?, to new: Todo?) -> [(String, String)] {
        guard let new else { return old == nil ? [] : [("removed", "")] }
        var changes: [(String, String)] = old == nil ? [("added", "")] : []
        // An occurrence a completion made is made alike on every device that completes, from
        // what each knew of the one before: its values are no one's write.
        if old == nil, new.origin != nil { return changes }
        // Any change at all, for the checks that ask whether a todo was changed.
        if let old, old.content != new.content { changes.append(("changed", "")) }
        for field in ["name", "priority", "completed"] {
            let value = Self.value(field, of: new)
            if old.map({ Self.value(field, of: $0) }) != value { changes.append((field, value)) }
        }
        let oldTags = old?.tags ?? []
        changes += new.tags.subtracting(oldTags).map { ("+" + $0, "") }
        changes += oldTags.subtracting(new.tags).map { ("-" + $0, "") }
        return changes
    }

    static func value(_ field: String, of todo: Todo) -> String {
        switch field {
        case "name": todo.name
        case "priority": todo.priority?.rawValue ?? ""
        default: String(todo.completed)
        }
    }

    func states() throws -> [TodoState] { try files.map { try $0.load() } }
}
