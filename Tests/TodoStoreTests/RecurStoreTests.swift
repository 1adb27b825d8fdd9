import Foundation
import Testing
import TodoCore
@testable import TodoStore
import TodoTestSupport
import TodoWire

/// Recurring todos in the state file (version 6): the series fields are attributes, read by
/// the fast reader; a command completing a todo in a large file reads its next occurrence
/// too, so that it never gives a second todo that UUID.
@Suite struct RecurStoreTests: StoreSuite {
    let fixture: StoreFixture

    init() throws { fixture = try StoreFixture("recur") }

    static func recurring() -> Todo {
        var todo = AttributeCodecTests.plain(4)
        todo.due = .instant(Date(timeIntervalSince1970: 1_796_000_400))
        todo.recur = Recurrence(rule: "+2w")
        todo.until = .day(CalendarDay(iso: "2027-06-30")!)
        todo.series = AttributeCodecTests.uuid
        todo.anchor = SeriesAnchor(todo.due!, in: TimeZone(identifier: "Europe/Berlin")!)
        return todo
    }

    @Test func theSeriesFieldsFollowTheOthersAndTheFastReaderTakesThem() throws {
        let line = AttributeCodecTests.line(Self.recurring())
        #expect(
            line.hasSuffix(
                #"""
                "due": "2026-11-30T01:00:00.000Z", "recur": "+2w", "until": "2027-06-30", \#
                "series": "8f0e1c2a-0000-4000-8000-000000000001", "anchor": "2026-11-30T02:00:00+01:00[Europe/Berlin]"}
                """#
            ))
        let read = Array(line.utf8).withUnsafeBytes { raw -> Todo? in
            var reader = JSONReader(raw)
            return StateCodec.readTodoFast(&reader)
        }
        #expect(read == Self.recurring())
        var synced = Self.recurring()
        synced.base = SyncBase(rev: 2, content: synced.content)
        let state = TodoState(todos: [synced], nextId: 5)
        #expect(try StateCodec.decode(StateCodec.encode(state)) == state)
    }

    @Test func completingInALargeFileReadsTheNextOccurrenceThatIsThere() throws {
        var first = NewTodo(uuid: UUID(), name: "plants", createdAt: at)
        first.due = .day(CalendarDay(iso: "2026-03-02")!)
        first.recur = Recurrence(rule: "weekly")
        try fixture.apply([.add(first)])
        try fixture.apply([
            .batch(
                (1...3000).map {
                    .add(NewTodo(uuid: UUID(), name: "todo \($0) " + String(repeating: "x", count: 60), createdAt: at))
                })
        ])
        try fixture.apply([.completed(ids: [1], at: at)], reading: .referencedBy(["1"]))
        // Reopened and made to recur again, #1 names #3002 as its next occurrence.
        try fixture.apply([.reopened(ids: [1], at: at)], reading: .referencedBy(["1"]))
        try fixture.apply(
            [.edit(id: 1, changes: [.set(.recur, .word("weekly"))], at: at)], reading: .referencedBy(["1"]))
        let selection = TodoSelection.referencedBy(["1"]).withNextOccurrences
        #expect(try file.load(selection).todos.map(\.id) == [1, 3002])
        #expect(try file.load(.referencedBy(["1"])).todos.map(\.id) == [1])
        try fixture.apply([.completed(ids: [1], at: at)], reading: selection)
        let whole = try file.load()
        #expect(whole.todos.count == 3002)
        #expect(whole.todos.filter { $0.recur != nil }.map(\.id) == [3002])
    }
}
