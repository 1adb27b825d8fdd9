import Foundation
import TodoCore
import TodoStore
@testable import TodoSync

/// One step of a random history: a command on a device, a sync (with a fault at one of its
/// calls, or answered late), or the server pruning. Every choice is drawn when the history
/// is made, so that it replays exactly, and a shrunk history (steps taken out) still runs.
struct HistoryStep: Equatable, Sendable, CustomStringConvertible {
    enum Command: Equatable {
        case add(recurring: Recurrence?, tag: String?)
        case rename, tag(String), untag(String), prioritize(Priority?)
        case done, reopen, toggle, delete, deleteSeries, annotate, clearCompleted, undo
        case batch
        /// A batch that deletes the todo and every occurrence made here and never synced.
        case batchDelete
        /// A rule set on an existing todo (refused on a completed one).
        case makeRecurring
        /// The due date moved to 2026-12-24.
        case postpone
        /// The todo imported back from a file where it was renamed and completed (or reopened).
        case importChanged
    }

    enum Kind: Equatable, Sendable {
        case command(Command)
        /// A sync, with `fault` at call `call` of the engine's (1: the first request); for
        /// `.meanwhile`, `inner` runs then (nil: another sync of the same device).
        case sync(fault: ModelLink.Fault?, call: Int, inner: Command?)
        /// A sync whose call `call` is overtaken: `inner` (commands, and syncs with their own
        /// faults) runs on the same device after the sync loaded its state, before the server
        /// acts on that call, as a second sync and a command while the first one waits.
        indirect case overtaken(call: Int, inner: [Kind])
        /// A sync whose call `call` the server acts on, its reply held while `inner` (steps on
        /// any device, a sync of this one among them, and pruning) runs; then the reply comes
        /// and the sync goes on.
        case answeredLate(call: Int, inner: [HistoryStep])
        case prune
    }

    var device: Int
    var kind: Kind
    /// Which todo a command takes: this modulo the device's todos, in number order.
    var pick: Int
    /// Unique within the history: names and UUIDs come from it.
    var serial: Int

    var description: String {
        let d = "d\(device)"
        switch kind {
        case .command(let command): return "\(d) \(Self.text(command, pick: pick, serial: serial))"
        case .sync(nil, _, _): return "\(d) sync"
        case .sync(.meanwhile?, let call, let inner):
            let what = inner.map { Self.text($0, pick: pick, serial: serial) } ?? "sync"
            return "\(d) sync, and at its call \(call) \(d) \(what) meanwhile"
        case .sync(let fault?, let call, _): return "\(d) sync (at its call \(call) \(fault))"
        case .overtaken(let call, let inner):
            let what = inner.enumerated().map {
                HistoryStep(device: device, kind: $1, pick: pick, serial: innerSerial($0)).description
            }
            return "\(d) sync, and before its call \(call) reaches the server: \(what.joined(separator: "; "))"
        case .answeredLate(let call, let inner):
            let what = inner.map(\.description).joined(separator: "; ")
            return "\(d) sync, and after the server acted on its call \(call), before its reply arrives: \(what)"
        case .prune: return "server prune"
        }
    }

    /// This step with one of the steps run inside it taken out (at any depth), for shrinking.
    var smaller: [HistoryStep] {
        switch kind {
        case .command, .sync, .prune: return []
        case .overtaken(let call, let inner):
            return Self.eachOneOut(inner).map { with(.overtaken(call: call, inner: $0)) }
        case .answeredLate(let call, let inner):
            let fewer = Self.eachOneOut(inner)
            let shrunk = inner.indices.flatMap { index in
                inner[index].smaller.map { smaller in
                    var changed = inner
                    changed[index] = smaller
                    return changed
                }
            }
            return (fewer + shrunk).map { with(.answeredLate(call: call, inner: $0)) }
        }
    }

    /// `steps` with one of them taken out, for each of them.
    private static func eachOneOut<Step>(_ steps: [Step]) -> [[Step]] {
        steps.indices.map { index in
            var fewer = steps
            fewer.remove(at: index)
            return fewer
        }
    }

    /// This step, of `kind`.
    private func with(_ kind: Kind) -> HistoryStep {
        HistoryStep(device: device, kind: kind, pick: pick, serial: serial)
    }

    /// The serial of the `index`th inner step of an overtaken sync: unique in the history.
    func innerSerial(_ index: Int) -> Int { 100_000 + serial * 10 + index }

    /// The step as the Swift of a named test (`SyncPropertyTests.step`), to paste one in.
    var code: String { call + "," }

    /// The step as a call of `SyncPropertyTests.step`.
    var call: String {
        "Self.step(\(device), \(Self.code(kind)), pick: \(pick), serial: \(serial))"
    }

    static func code(_ kind: Kind) -> String {
        switch kind {
        case .command(let command): return ".command(\(code(command)))"
        case .sync(nil, _, _): return "Self.plainSync"
        case .sync(let fault?, let call, let inner):
            let name =
                switch fault {
                case .unreachable: "unreachable"
                case .replyLost: "replyLost"
                case .meanwhile: "meanwhile"
                case .overtaken: "overtaken"
                }
            return ".sync(fault: .\(name), call: \(call), inner: \(inner.map(code) ?? "nil"))"
        case .overtaken(let call, let inner):
            return ".overtaken(call: \(call), inner: [\(inner.map(code).joined(separator: ", "))])"
        case .answeredLate(let call, let inner):
            return ".answeredLate(call: \(call), inner: [\(inner.map(\.call).joined(separator: ", "))])"
        case .prune: return ".prune"
        }
    }

    static func code(_ command: Command) -> String {
        switch command {
        case .add(let rule, let tag):
            """
            .add(recurring: \(rule.map { "Recurrence(rule: \"\($0.rule)\")" } ?? "nil"), tag: \
            \(tag.map { "\"\($0)\"" } ?? "nil"))
            """
        case .tag(let tag): ".tag(\"\(tag)\")"
        case .untag(let tag): ".untag(\"\(tag)\")"
        case .prioritize(let priority): ".prioritize(\(priority.map { ".\($0)" } ?? "nil"))"
        default: ".\(command)"
        }
    }

    static func text(_ command: Command, pick: Int, serial: Int) -> String {
        let todo = "<todo \(pick)>"
        switch command {
        case .add(let rule, let tag):
            return "add t\(serial)" + (tag.map { " +\($0)" } ?? "")
                + (rule.map { " recur:\($0.rule) due:2026-12-01" } ?? "")
        case .rename: return "edit \(todo) --name t\(serial)"
        case .tag(let tag): return "modify \(todo) +\(tag)"
        case .untag(let tag): return "modify \(todo) -\(tag)"
        case .prioritize(let priority): return "modify \(todo) pri:\(priority?.rawValue ?? "")"
        case .done: return "done \(todo)"
        case .reopen: return "reopen \(todo)"
        case .toggle: return "toggle \(todo)"
        case .delete: return "delete \(todo)"
        case .deleteSeries: return "delete --series \(todo)"
        case .annotate: return "annotate \(todo) n\(serial)"
        case .clearCompleted: return "clear-completed"
        case .undo: return "undo"
        case .batch: return "batch (edit \(todo) --name t\(serial); toggle \(todo))"
        case .batchDelete: return "batch (delete \(todo) and every occurrence never synced)"
        case .makeRecurring: return "modify \(todo) recur:daily due:2026-12-01"
        case .postpone: return "modify \(todo) due:2026-12-24"
        case .importChanged: return "import (\(todo) renamed t\(serial), its completion toggled)"
        }
    }
}

extension HistoryStep {
    /// A random history of `count` steps over `devices` devices, biased to few todos with
    /// many changes each, recurring ones common, and syncs that fail.
    static func history<G: RandomNumberGenerator>(devices: Int, count: Int, using random: inout G) -> [HistoryStep] {
        (0..<count).map { serial in
            let device = Int.random(in: 0..<devices, using: &random)
            let pick = Int.random(in: 0..<8, using: &random)
            let roll = Int.random(in: 0..<100, using: &random)
            let kind: Kind
            switch roll {
            case 0..<26: kind = .sync(using: &random)
            case 26..<32: kind = .overtaken(using: &random)
            case 32..<35: kind = .prune
            case 35..<39:
                kind = .answeredLate(device: device, of: devices, serial: serial, using: &random)
            default: kind = .command(command(using: &random))
            }
            return HistoryStep(device: device, kind: kind, pick: pick, serial: serial)
        }
    }

    static func command<G: RandomNumberGenerator>(using random: inout G) -> Command {
        let tags = ["a", "b", "c"]
        switch Int.random(in: 0..<23, using: &random) {
        case 0, 1: return .add(recurring: nil, tag: tags.randomElement(using: &random))
        case 2, 3:
            return .add(
                recurring: Recurrence(rule: ["daily", "weekly", "+1d"].randomElement(using: &random)!), tag: nil)
        case 4, 5: return .rename
        case 6: return .tag(tags.randomElement(using: &random)!)
        case 7: return .untag(tags.randomElement(using: &random)!)
        case 8: return .prioritize([Priority.high, .low, nil].randomElement(using: &random)!)
        case 9, 10: return .done
        case 11: return .reopen
        case 12: return .toggle
        case 13: return .delete
        case 14: return .deleteSeries
        case 15: return .annotate
        case 16: return .clearCompleted
        case 17: return .undo
        case 18: return .batch
        case 19: return .makeRecurring
        case 20: return .postpone
        case 21: return .batchDelete
        default: return .importChanged
        }
    }
}

extension HistoryStep.Kind {
    /// A sync of `device` answered late, mostly after its push: meanwhile, mostly, another
    /// device syncs, changes something and syncs again, the server prunes (at any point), and
    /// a second sync of `device` (with its own fault at times) overtakes this one, last;
    /// sometimes `device` changes something too.
    static func answeredLate<G: RandomNumberGenerator>(
        device: Int, of devices: Int, serial: Int, using random: inout G
    ) -> Self {
        let other = (device + Int.random(in: 1..<devices, using: &random)) % devices
        let plain = Self.sync(fault: nil, call: 0, inner: nil)
        var blocks: [[(device: Int, kind: Self)]] = []
        if Int.random(in: 0..<10, using: &random) < 7 {
            let commands = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                (other, Self.command(HistoryStep.command(using: &random)))
            }
            blocks.append([(other, plain)] + commands + [(other, plain)])
        }
        if Int.random(in: 0..<10, using: &random) < 3 {
            blocks.append([(device, .command(HistoryStep.command(using: &random)))])
        }
        blocks.shuffle(using: &random)
        var inner = blocks.flatMap { $0 }
        if Int.random(in: 0..<10, using: &random) < 6 {
            inner.insert((device, .prune), at: Int.random(in: 0...inner.count, using: &random))
        }
        if Int.random(in: 0..<10, using: &random) < 6 {
            inner.append((device, Int.random(in: 0..<2, using: &random) == 0 ? plain : sync(using: &random)))
        }
        let call = Int.random(in: 0..<3, using: &random) > 0 ? 2 : Int.random(in: 1...4, using: &random)
        let steps = inner.enumerated().map { index, step in
            HistoryStep(
                device: step.device, kind: step.kind, pick: Int.random(in: 0..<8, using: &random),
                serial: 100_000 + serial * 10 + index)
        }
        return .answeredLate(call: call, inner: steps)
    }

    /// A sync overtaken at one of its first calls (where it reads the feed) by another sync
    /// of the device (with its own fault) and one or two commands.
    static func overtaken<G: RandomNumberGenerator>(using random: inout G) -> Self {
        let commands = (0..<Int.random(in: 1...2, using: &random)).map { _ in
            Self.command(HistoryStep.command(using: &random))
        }
        return .overtaken(call: Int.random(in: 1...3, using: &random), inner: [sync(using: &random)] + commands)
    }

    /// A sync, with a fault at one of its first six calls (a resend, pages, pushes), mostly
    /// at one of the first three, where a sync's one pull and push are.
    static func sync<G: RandomNumberGenerator>(using random: inout G) -> Self {
        let call =
            Int.random(in: 0..<4, using: &random) > 0
            ? Int.random(in: 1...3, using: &random) : Int.random(in: 4...6, using: &random)
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: return .sync(fault: nil, call: 0, inner: nil)
        case 4, 5: return .sync(fault: .replyLost, call: call, inner: nil)
        case 6: return .sync(fault: .unreachable, call: call, inner: nil)
        case 7, 8: return .sync(fault: .meanwhile, call: call, inner: HistoryStep.command(using: &random))
        default: return .sync(fault: .meanwhile, call: call, inner: nil)
        }
    }
}

/// What a step turned into on a device: the action (nil: nothing to do, no todos).
extension HistoryStep.Command {
    func action(on state: TodoState, pick: Int, serial: Int, at: Date) -> Action? {
        let todos = state.todos
        if case .add(let rule, let tag) = self {
            var changes: [FieldChange] = tag.map { [.addTag($0)] } ?? []
            if let rule {
                changes += [
                    .set(.recur, .word(rule.rule)), .set(.due, .date(.day(CalendarDay(year: 2026, month: 12, day: 1)!)))
                ]
            }
            return .add(
                NewTodo(
                    uuid: UUID(name: "todo \(serial)", namespace: ModelWorld.namespace), name: "t\(serial)",
                    changes: changes, createdAt: at))
        }
        if case .clearCompleted = self { return .clearCompleted(at: at) }
        if case .undo = self { return .undo(at: at) }
        guard !todos.isEmpty else { return nil }
        let id = todos[pick % todos.count].id
        switch self {
        case .add, .clearCompleted, .undo: return nil
        case .rename: return .edit(id: id, changes: [.set(.name, .text("t\(serial)"))], at: at)
        case .tag(let tag): return .edit(id: id, changes: [.addTag(tag)], at: at)
        case .untag(let tag): return .edit(id: id, changes: [.removeTag(tag)], at: at)
        case .prioritize(let priority): return .edit(id: id, changes: [.set(.priority, .priority(priority))], at: at)
        case .done: return .completed(ids: [id], at: at)
        case .reopen: return .reopened(ids: [id], at: at)
        case .toggle: return .toggle(ids: [id], at: at)
        case .delete: return .delete(ids: [id], at: at)
        case .deleteSeries: return .deleteSeries(ids: [id], at: at)
        case .annotate: return .annotated(id: id, text: "n\(serial)", at: at)
        case .batch:
            return .batch([
                .edit(id: id, changes: [.set(.name, .text("t\(serial)"))], at: at), .toggle(ids: [id], at: at)
            ])
        case .batchDelete:
            let unsynced = todos.filter { $0.origin != nil && $0.base == nil && $0.id != id }.map(\.id)
            return .batch([.delete(ids: [id], at: at)] + unsynced.map { .delete(ids: [$0], at: at) })
        case .makeRecurring:
            return .edit(
                id: id,
                changes: [
                    .set(.recur, .word("daily")), .set(.due, .date(.day(CalendarDay(year: 2026, month: 12, day: 1)!)))
                ], at: at)
        case .postpone:
            return .edit(
                id: id, changes: [.set(.due, .date(.day(CalendarDay(year: 2026, month: 12, day: 24)!)))], at: at)
        case .importChanged:
            let todo = todos[pick % todos.count]
            var item = ImportedTodo(uuid: todo.uuid, name: "t\(serial)", createdAt: todo.createdAt)
            item.content = todo.content
            item.content.name = "t\(serial)"
            item.content.completed.toggle()
            item.content.completedAt = item.content.completed ? at : nil
            item.content.updatedAt = at
            return .importTodos([item], at: at)
        }
    }
}
