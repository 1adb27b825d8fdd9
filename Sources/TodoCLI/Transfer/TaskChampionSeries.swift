import Foundation
import TodoCore
import TodoSync

/// Taskwarrior's recurrence on a TaskChampion account, made by todo too: a template (status
/// `recurring`, `recur`, `due`, `mask`) with no pending instance gets the next one, as
/// Taskwarrior's `handleRecurrence` makes it (the template's properties, `parent`, `imask`, the
/// due date stepped from the template's, its place in `mask`). So a series completed in todo
/// goes on without Taskwarrior, and Taskwarrior, reading the mask, makes no second one.
///
/// Its UUID comes from the series and the place, so two todo replicas making it make one task.
/// Taskwarrior gives its own a random UUID: where two pending instances hold one place, every
/// todo replica deletes all but the one of the lowest UUID, so at most one is left after sync.
enum TaskChampionSeries {
    static let namespace = UUID(uuidString: "5c1f4e2a-93b7-4d0e-8a61-2f7d9c3b4e10")!
    static let open: Set<String> = ["pending", "waiting"]
    /// Properties of a template an instance does not take (Taskwarrior's `Task rec (t)`, less these).
    static let notCopied: Set<String> = ["status", "mask", "entry", "modified", "end", "start", "imask", "parent"]

    static func operations(_ tasks: [UUID: TaskMap], in context: DateContext) -> [TaskOperation] {
        var instances: [UUID: [(uuid: UUID, task: TaskMap)]] = [:]
        for (uuid, task) in tasks {
            guard let parent = task["parent"].flatMap(UUID.init(uuidString:)), tasks[parent]?["status"] == "recurring"
            else { continue }
            instances[parent, default: []].append((uuid, task))
        }
        var operations: [TaskOperation] = []
        for (uuid, template) in tasks.sorted(by: { UUID.precedes($0.key, $1.key) })
        where template["status"] == "recurring" {
            operations += self.operations(template: uuid, template, instances[uuid] ?? [], in: context)
        }
        return operations
    }

    /// For one series: deletes of doubled instances, or its next instance.
    static func operations(
        template uuid: UUID, _ template: TaskMap, _ instances: [(uuid: UUID, task: TaskMap)], in context: DateContext
    ) -> [TaskOperation] {
        let now = context.now
        let stamp = TaskChampionMapping.seconds(now)
        var operations: [TaskOperation] = []
        var kept: [Int: UUID] = [:]
        for (instance, task) in instances.sorted(by: { UUID.precedes($0.uuid, $1.uuid) })
        where open.contains(task["status"] ?? "") {
            let place = task["imask"].flatMap(Int.init) ?? -1
            guard kept[place] != nil else {
                kept[place] = instance
                continue
            }
            for (property, value) in [("status", "deleted"), ("end", stamp), ("modified", stamp)] {
                operations.append(.update(instance, property: property, value: value, at: now))
            }
        }
        guard kept.isEmpty, let next = next(template, instances, in: context) else { return operations }
        let instance = UUID(name: "\(uuid.uuidString.lowercased()) \(next.place)", namespace: namespace)
        var task = template.filter { !notCopied.contains($0.key) }
        task["status"] = "pending"
        task["parent"] = uuid.uuidString.lowercased()
        task["imask"] = String(next.place)
        task["due"] = TaskChampionMapping.seconds(next.due)
        (task["entry"], task["modified"]) = (stamp, stamp)
        operations += replicaOperations(uuid: instance, from: nil, to: task, kept: [], at: now)
        var mask = Array(template["mask"] ?? "")
        while mask.count <= next.place { mask.append("-") }
        for (_, task) in instances {
            guard let place = task["imask"].flatMap(Int.init), mask.indices.contains(place) else { continue }
            mask[place] = ["completed": "+", "deleted": "X", "waiting": "W"][task["status"] ?? ""] ?? "-"
        }
        mask[next.place] = "-"
        operations.append(.update(uuid, property: "mask", value: String(mask), at: now))
        operations.append(.update(uuid, property: "modified", value: stamp, at: now))
        return operations
    }

    /// The place and due date of the instance after the last one made; nil when the series
    /// has ended (`until`) or todo cannot step its period.
    static func next(_ template: TaskMap, _ instances: [(uuid: UUID, task: TaskMap)], in context: DateContext) -> (
        place: Int, due: Date
    )? {
        guard let period = template["recur"], let rule = Recurrence(taskwarriorPeriod: period), !rule.afterCompletion,
            let start = template["due"].flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
        else { return nil }
        let made = instances.compactMap { $0.task["imask"].flatMap(Int.init) }.max() ?? -1
        let place = max(made + 1, template["mask"]?.count ?? 0)
        guard place <= 100_000 else { return nil }
        let first = TaskwarriorDate.dueDate(start, in: context)
        let anchor = SeriesAnchor(first, in: context.timeZone)
        var due = first
        for _ in 0..<place { due = rule.next(after: due, anchor: anchor, doneAt: context.now) }
        let instant = TaskwarriorDate.instant(due, in: context)
        if let until = template["until"].flatMap(Double.init), instant.timeIntervalSince1970 > until { return nil }
        return (place, instant)
    }
}
