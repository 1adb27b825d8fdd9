import Foundation
import Testing
import TodoCore

/// The filter keys and sort keys the field table gives: every date field a person sets.
@Suite struct FilterKeyTests {
    static func day(_ iso: String) -> DueDate { .day(Dates.day(iso)) }

    @Test func everyDateFieldAPersonSetsIsAFilterAndSortKey() {
        #expect(TodoField.dates == [.due, .wait, .scheduled, .start, .until])
        #expect(
            FilterKey.all.flatMap(\.names) == [
                "name", "description", "details", "notes", "tags", "project", "priority", "pri", "due", "wait",
                "scheduled", "start", "depends",
                "dep", "recur", "until", "entry", "modified", "end", "status", "urgency"
            ])
        #expect(
            TodoSort.Key.allCases.map(\.rawValue) == [
                "due", "wait", "scheduled", "start", "until", "priority", "project", "created", "modified", "name",
                "urgency",
                "id", "end", "status", "recur", "tags"
            ])
    }

    @Test(arguments: TodoField.dates)
    func dateTermsForEachField(field: TodoField) throws {
        let key = field.key
        let reference = try DateReference("eow", in: newYorkNoon)
        #expect(try readFilter("\(key):eow") == .term(.date(field, .on, reference)))
        #expect(try readFilter("\(key).before:eow") == .term(.date(field, .before, reference)))
        #expect(try readFilter("\(key).after:eow") == .term(.date(field, .after, reference)))
        #expect(try readFilter("\(key).by:eow") == .term(.date(field, .by, reference)))
        #expect(try readFilter("\(key):") == .term(.unset(field)))
        #expect(throws: FilterError.missingDate("\(key).after:")) { try readFilter("\(key).after:") }
    }

    /// Each date field is read from its own value: a todo with only that date set passes.
    @Test(arguments: TodoField.dates)
    func dateTermsMatchTheirField(field: TodoField) throws {
        var set = Fixture.todo(1, "set")
        field.set(.date(Self.day("2026-12-03")), on: &set)
        let none = Fixture.todo(2, "none")
        let match = { (line: String) in
            try [set, none].filter { try readFilter(line).matches($0, in: noonFilter) }.map(\.name)
        }
        #expect(try match("\(field.key):tomorrow") == ["set"])
        #expect(try match("\(field.key).after:today") == ["set"])
        #expect(try match("\(field.key).before:tomorrow") == [])
        #expect(try match("\(field.key):") == ["none"])
    }

    /// abbreviation.test.py, test_attribute_abbreviations and test_uda_abbreviations: every
    /// prefix of two letters or more that starts one key's names only (rc.abbreviation.minimum=2).
    @Test func keysMayBeShortenedWhereOnlyOneStartsSo() throws {
        for key in ["project", "projec", "proje", "proj", "pro"] {
            #expect(try readFilter("\(key):home") == .term(.project("home")))
        }
        for key in ["priority", "priorit", "priori", "prior", "prio", "pri"] {
            #expect(try readFilter("\(key):H") == .term(.priority(.equal, .high)))
        }
        #expect(try readFilter("sched:") == .term(.unset(.scheduled)))
        #expect(try readFilter("sch:") == .term(.unset(.scheduled)))
        #expect(try readFilter("unt:") == .term(.unset(.until)))
        #expect(
            try readFilter("star.before:now")
                == .term(.date(.start, .before, try DateReference("now", in: newYorkNoon))))
        #expect(
            try readFilter("du:tomorrow") == .term(.date(.due, .on, try DateReference("tomorrow", in: newYorkNoon))))
        #expect(try readFilter("ta:x") == .term(.tag("x")))
        #expect(try readFilter("stat:pending") == .term(.status(.pending)))
        // Todo differs on purpose: Taskwarrior reads re: as recur:, todo as the word "re:".
        #expect(try readFilter("re:") == textTerm("re:"))
    }

    /// A shortening that starts several keys' names is refused, naming them.
    @Test(arguments: [
        ("pr:x", ["project", "priority"]), ("sta:x", ["start", "status"]),
        ("de:1", ["description", "details", "depends"]), ("en:x", ["entry", "end"])
    ])
    func ambiguousShorteningsAreRefused(word: String, choices: [String]) {
        let name = String(word.prefix { $0 != ":" })
        #expect(throws: FilterError.ambiguousKey(AttributeNameError(word: word, name: name, choices: choices))) {
            try readFilter(word)
        }
    }

    /// Taskwarrior's keys that todo has not, and fields no term reads, are refused rather than searched.
    @Test(arguments: [
        ("uuid:x", AttributeKey.taskwarrior("uuid")), ("parent:x", .taskwarrior("parent")), ("limit:3", .limit),
        ("annotations:x", .field(.annotations))
    ])
    func foreignKeysAreRefused(word: String, key: AttributeKey) {
        #expect(throws: FilterError.notAFilterKey(word, key)) { try readFilter(word) }
    }

    /// A modifier the key does not take is refused, listing those it takes.
    @Test(arguments: [
        "depends.before:3", "due.on:today", "tags.startswith:x", "status.has:p", "urgency:5", "project.bef:x"
    ])
    func modifiersTheKeyDoesNotTakeAreRefused(word: String) throws {
        do {
            _ = try readFilter(word)
            Issue.record("\(word) was read")
        } catch let error as FilterError {
            guard case .badModifier(word, _) = error else {
                Issue.record("\(word): \(error)")
                return
            }
        } catch {
            Issue.record("\(word): \(error)")
        }
    }

    /// `depends:ID` keeps the todos whose dependencies hold the todo the filter's context names.
    @Test func dependsNamesATodo() throws {
        #expect(
            try readFilter("depends:3 dep:ab12")
                == .and([.term(.member(.depends, "3")), .term(.member(.depends, "ab12"))]))
        #expect(try readFilter("dep:") == .term(.unset(.depends)))
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
        #expect(
            try [parent, other].filter { try readFilter("dep:").matches($0, in: noonFilter) }.map(\.name) == ["other"])
    }

    @Test func sortKeysOrderByEachDateField() throws {
        let todos = [
            (1, "scheduled late", TodoField.scheduled, "2026-12-09"), (2, "started", .start, "2026-11-30"),
            (3, "scheduled early", .scheduled, "2026-12-03"), (4, "until", .until, "2027-01-01"),
            (5, "waits", .wait, "2026-12-05")
        ].map { id, name, field, iso in
            var todo = Fixture.todo(id, name)
            field.set(.date(Self.day(iso)), on: &todo)
            return todo
        }
        func order(_ keys: String) throws -> [String] {
            try TodoSort(parsing: keys).sorted(todos, in: FilterContext(dates: newYorkNoon)).map(\.name)
        }
        #expect(try order("scheduled") == ["scheduled early", "scheduled late", "started", "until", "waits"])
        #expect(try order("-scheduled") == ["scheduled late", "scheduled early", "started", "until", "waits"])
        #expect(try order("start,until,wait") == ["started", "until", "waits", "scheduled late", "scheduled early"])
        #expect(throws: SortError.self) { try TodoSort(parsing: "sched") }
    }
}
