import Foundation
import Testing
import TodoCore

/// The filter keys and sort keys the field table gives: every date field a person sets.
@Suite struct FilterKeyTests {
    static func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }

    @Test func everyDateFieldAPersonSetsIsAFilterAndSortKey() {
        #expect(TodoField.dates == [.due, .wait, .scheduled, .start, .until])
        #expect(FilterParser.attributeKeys == ["project", "priority", "pri", "due", "wait", "scheduled", "start", "until", "depends", "dep"])
        #expect(TodoSort.Key.allCases.map(\.rawValue) == [
            "due", "wait", "scheduled", "start", "until", "priority", "project", "created", "modified", "name", "urgency",
        ])
    }

    @Test(arguments: TodoField.dates)
    func dateTermsForEachField(field: TodoField) throws {
        let key = field.key
        let reference = try DateReference("eow", in: newYorkNoon)
        #expect(try readFilter("\(key):eow") == .term(.date(field, .on, reference)))
        #expect(try readFilter("\(key).before:eow") == .term(.date(field, .before, reference)))
        #expect(try readFilter("\(key).after:eow") == .term(.date(field, .after, reference)))
        #expect(try readFilter("\(key):") == .term(.noDate(field)))
        #expect(throws: FilterError.missingDate("\(key).after:")) { try readFilter("\(key).after:") }
    }

    /// Each date field is read from its own value: a todo with only that date set passes.
    @Test(arguments: TodoField.dates)
    func dateTermsMatchTheirField(field: TodoField) throws {
        var set = Fixture.todo(1, "set")
        field.set(.date(Self.day("2026-12-03")), on: &set)
        let none = Fixture.todo(2, "none")
        let match = { (line: String) in try [set, none].filter { try readFilter(line).matches($0, in: noonFilter) }.map(\.name) }
        #expect(try match("\(field.key):tomorrow") == ["set"])
        #expect(try match("\(field.key).after:today") == ["set"])
        #expect(try match("\(field.key).before:tomorrow") == [])
        #expect(try match("\(field.key):") == ["none"])
    }

    @Test func keysMayBeShortenedWhereOnlyOneStartsSo() throws {
        #expect(try readFilter("sched:") == .term(.noDate(.scheduled)))
        #expect(try readFilter("proj:home") == .term(.project("home")))
        #expect(try readFilter("pro:home") == .term(.project("home")))
        #expect(try readFilter("unt:") == .term(.noDate(.until)))
        #expect(try readFilter("sta.before:now") == .term(.date(.start, .before, try DateReference("now", in: newYorkNoon))))
        #expect(try readFilter("du:x") == .term(.text("du:x")))
    }

    /// Keys of todo's fields that no term takes, and Taskwarrior's, are refused rather than searched.
    @Test(arguments: ["depends.before:3", "tags:x", "recur:weekly", "description:x", "status:pending", "entry:today", "tag:x"])
    func foreignKeysAreRefused(word: String) {
        #expect(throws: FilterError.unknownKey(word)) { try readFilter(word) }
    }

    /// `depends:ID` keeps the todos whose dependencies hold the todo the filter's context names.
    @Test func dependsNamesATodo() throws {
        #expect(try readFilter("depends:3 dep:ab12") == .and([.term(.member(.depends, "3")), .term(.member(.depends, "ab12"))]))
        #expect(try readFilter("dep:") == .term(.member(.depends, nil)))
        #expect(throws: FilterError.badReference("dep:x")) { try readFilter("dep:x") }
        let filter = try readFilter("depends:3")
        #expect(filter.references == ["3"] && filter.needsOtherTodos)
        #expect(try !readFilter("dep:").needsOtherTodos)
        var parent = Fixture.todo(1, "parent")
        parent.depends = [Fixture.uuid(3), Fixture.uuid(4)]
        let other = Fixture.todo(2, "other")
        let named = FilterContext(dates: newYorkNoon, named: ["3": Fixture.uuid(3)])
        #expect([parent, other].filter { filter.matches($0, in: named) }.map(\.name) == ["parent"])
        #expect([parent, other].filter { filter.matches($0, in: noonFilter) }.isEmpty)
        #expect(try [parent, other].filter { try readFilter("dep:").matches($0, in: noonFilter) }.map(\.name) == ["other"])
    }

    @Test func sortKeysOrderByEachDateField() throws {
        let todos = [
            (1, "scheduled late", TodoField.scheduled, "2026-12-09"), (2, "started", .start, "2026-11-30"),
            (3, "scheduled early", .scheduled, "2026-12-03"), (4, "until", .until, "2027-01-01"), (5, "waits", .wait, "2026-12-05"),
        ].map { id, name, field, iso in
            var todo = Fixture.todo(id, name)
            field.set(.date(Self.day(iso)), on: &todo)
            return todo
        }
        func order(_ keys: String) throws -> [String] { try TodoSort(parsing: keys).sorted(todos, in: newYorkNoon).map(\.name) }
        #expect(try order("scheduled") == ["scheduled early", "scheduled late", "started", "until", "waits"])
        #expect(try order("-scheduled") == ["scheduled late", "scheduled early", "started", "until", "waits"])
        #expect(try order("start,until,wait") == ["started", "until", "waits", "scheduled late", "scheduled early"])
        #expect(throws: SortError.self) { try TodoSort(parsing: "sched") }
    }
}
