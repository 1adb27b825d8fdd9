import Foundation
import Testing
import TodoCore
@testable import TodoCLI
import TodoTestSupport

/// Todos as TaskChampion tasks: the direct writer gives what `task export`'s JSON flattened
/// gives, and a task read back is written as the same task (else every sync would send it).
@Suite struct TaskChampionMappingTests {
    let context = DateContext(now: FixedClock.epoch, timeZone: TimeZone(identifier: "Asia/Tokyo")!)

    func todo(_ words: [String: FieldValue], completed: Bool = false, description: String = "", notes: String = "")
        throws -> Todo
    {
        var todo = Todo(id: 1, uuid: UUID(), name: "buy milk", createdAt: FixedClock.epoch.addingTimeInterval(0.4))
        todo.description = description
        todo.notes = notes
        var content = ImportedTodo(uuid: todo.uuid, name: "buy milk", createdAt: todo.createdAt)
        for (key, value) in words {
            let field = try #require(TodoField.allCases.first(where: { $0.key == key }))
            try content.set(field, value)
        }
        content.content.description = description
        content.content.notes = notes
        content.content.completed = completed
        content.content.completedAt = completed ? FixedClock.epoch.addingTimeInterval(90) : nil
        content.content.updatedAt = FixedClock.epoch.addingTimeInterval(90.7)
        todo.content = content.content
        return todo
    }

    var samples: [Todo] {
        get throws {
            [
                try todo([:]),
                try todo(
                    ["tags": .tags(["shop", "next"]), "project": .word("home␣work"), "priority": .priority(.high)]),
                try todo(
                    [
                        "due": .date(.day(CalendarDay(iso: "2027-01-05")!)), "wait": .date(.instant(FixedClock.noon)),
                        "scheduled": .date(.instant(FixedClock.december)), "depends": .uuids([UUID(), UUID()])
                    ], completed: true),
                try todo(
                    [
                        "annotations": .annotations([
                            Annotation(at: FixedClock.noon, text: "a"), Annotation(at: FixedClock.noon, text: "b")
                        ]),
                        "udas": .udas(["estimate": "3", "client": "acme"])
                    ], description: "first line\nsecond", notes: "a note")
            ]
        }
    }

    @Test func theDirectWriterGivesWhatTheExportGives() throws {
        for todo in try samples {
            #expect(TaskChampionMapping.task(of: todo, in: context) == TaskChampionMapping.viaExport(todo, in: context))
        }
    }

    @Test func aTaskReadBackIsWrittenAsTheSameTask() throws {
        for todo in try samples {
            let task = TaskChampionMapping.task(of: todo, in: context)
            let read = try #require(TaskChampionMapping.todo(todo.uuid, task, in: context))
            var again = Todo(id: 1, uuid: todo.uuid, name: read.content.name, createdAt: read.content.createdAt)
            again.content = read.content
            #expect(TaskChampionMapping.task(of: again, in: context) == task)
        }
    }

    @Test func theKeysAreTaskChampions() throws {
        let task = TaskChampionMapping.task(of: try samples[1], in: context)
        #expect(
            task["tag_shop"] == "" && task["tag_next"] == "" && task["project"] == "home work"
                && task["priority"] == "H")
        #expect(task["entry"] == "1790000000" && task["modified"] == "1790000090" && task["status"] == "pending")
        let done = TaskChampionMapping.task(of: try samples[2], in: context)
        #expect(done["status"] == "completed" && done["end"] == "1790000090")
        // A whole day is its local midnight (Tokyo), as Taskwarrior keeps it.
        #expect(done["due"] == "1799074800")
    }

    /// Taskwarrior 3 writes `tag_X: "x"` and `tags: "a,b"` beside it: an unchanged todo is
    /// the same task, and a changed one keeps `tags` (and `depends`) in step.
    @Test func taskwarrior3sDuplicatedTagsStayConsistent() throws {
        let uuid = UUID()
        let base: TaskMap = [
            "description": "buy milk", "status": "pending", "entry": "1790000000", "modified": "1790000090",
            "tag_shop": "x", "tag_next": "x", "tags": "shop,next"
        ]
        let read = try #require(TaskChampionMapping.todo(uuid, base, in: context))
        var todo = Todo(id: 1, uuid: uuid, name: "buy milk", createdAt: read.content.createdAt)
        todo.content = read.content
        #expect(TaskChampionMapping.task(of: todo, over: base, in: context) == base)
        todo.tags.insert("home")
        let changed = TaskChampionMapping.task(of: todo, over: base, in: context)
        #expect(changed["tags"] == "home,next,shop" && changed["tag_home"] == "" && changed["tag_shop"] == "x")
        todo.tags = []
        #expect(TaskChampionMapping.task(of: todo, over: base, in: context)["tags"] == nil)
    }

    @Test func tasksTodoDoesNotShowAreNone() {
        #expect(TaskChampionMapping.todo(UUID(), ["description": "x", "status": "deleted"], in: context) == nil)
        #expect(
            TaskChampionMapping.todo(
                UUID(), ["description": "x", "status": "recurring", "recur": "weekly"], in: context) == nil)
        let instance = TaskChampionMapping.todo(
            UUID(),
            [
                "description": "x", "status": "pending", "recur": "weekly", "parent": "p",
                "due": "1799074800", "weird key": "1"
            ], in: context)
        #expect(instance?.content.recur == nil)
        #expect(instance?.content.udas == [:])
    }
}
