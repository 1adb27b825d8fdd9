import Foundation
import Testing
@testable import TodoCLI
@testable import TodoCore
import TodoICalMapping
import TodoStore
import TodoWire

/// Every field of the table, through every place that carries it: a sample value for each
/// field (`sample`, an exhaustive switch, so a new field does not compile here until it has
/// one) must survive the holders, the state file and its journal, `--json`, `--format`, the
/// edit form, batch input, the sync wire (which is also the server's storage column), a
/// one-sided three-way merge, and the Taskwarrior, todo.txt and iCalendar mappings the table gives it.
@Suite struct FieldTableTests {
    static let zone = TimeZone(identifier: "Asia/Kolkata")!
    static let dates = DateContext(now: date("2026-11-25T06:30:00Z"), timeZone: zone)
    static let dependency = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
    static let series = UUID(uuidString: "6f740623-bc83-41f0-a20d-b696c37c2450")!

    static func date(_ text: String) -> Date { ISO8601Millis.parse(text)! }

    /// A value for `field` that is hard to carry: unicode, quotes, a second, an instant.
    static func sample(_ field: TodoField) -> FieldValue {
        switch field {
        case .name: .text("naïve \"quoted\" name")
        case .description: .text("line one\n  line two")
        case .notes: .text("a note\twith a tab")
        case .tags: .tags(["alpha", "é.q"])
        case .project: .word("home.garden")
        case .priority: .priority(.medium)
        case .due: .date(.day(CalendarDay(iso: "2026-12-01")!))
        case .wait: .date(.instant(date("2026-11-30T09:30:00Z")))
        case .scheduled: .date(.day(CalendarDay(iso: "2026-11-28")!))
        case .start: .date(.instant(date("2026-11-25T05:00:07Z")))
        case .depends: .uuids([dependency])
        case .annotations:
            .annotations([Annotation(at: date("2026-11-21T10:00:05Z"), text: "called the plumber, \"twice\"")])
        case .recur: .word("2w")
        case .until: .date(.day(CalendarDay(iso: "2027-06-30")!))
        case .series: .word(series.uuidString.lowercased())
        case .anchor: .word("2026-12-01[Asia/Kolkata]")
        case .udas: .udas(["client": "Acme & Söhne", "estimate": "2.5"])
        }
    }

    /// A todo with only `field` set to its sample (and a name).
    static func todo(with field: TodoField) -> Todo {
        var todo = Todo(
            id: 2, uuid: UUID(uuidString: "38eed733-7ee1-4e55-9f99-2a62522a69cd")!, name: "plain",
            createdAt: date("2026-11-20T08:00:00Z"))
        field.set(sample(field), on: &todo)
        return todo
    }

    /// The todo `field`'s dependency sample names.
    static var other: Todo { Todo(id: 1, uuid: dependency, name: "first", createdAt: date("2026-11-19T08:00:00Z")) }

    /// Fields compare and hash by their case, as their keys do (`TodoField.==`).
    @Test func fieldsAreEqualExactlyWhenTheirKeysAre() {
        for a in TodoField.allCases {
            for b in TodoField.allCases { #expect((a == b) == (a.key == b.key)) }
        }
        #expect(Set(TodoField.allCases).count == TodoField.allCases.count)
        #expect(Set(TodoField.allCases.map(\.hashValue)).count == TodoField.allCases.count)
    }

    @Test(arguments: TodoField.allCases)
    func eachHolderKeepsTheSampleAndTheCheckKeepsItAsItIs(_ field: TodoField) throws {
        let value = Self.sample(field)
        #expect(value.isSet)
        #expect(try field.checked(value) == value)
        var content = Self.todo(with: .name).content
        field.set(value, on: &content)
        var new = NewTodo(uuid: UUID(), name: "x", createdAt: Self.dates.now)
        field.set(value, on: &new)
        #expect(field.value(of: Self.todo(with: field)) == value)
        #expect(field.value(of: content) == value)
        #expect(field.value(of: new) == value)
        for other in TodoField.allCases where other != field && other != .name {
            #expect(!other.value(of: Self.todo(with: field)).isSet, "\(other) set by setting \(field)")
        }
    }

    @Test(arguments: TodoField.allCases)
    func theStateFileAndItsJournalGiveItBack(_ field: TodoField) throws {
        let directory = NSTemporaryDirectory() + "todo-fields-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = StateFile(path: directory + "/todos.json")
        let plain = TodoState(todos: [Self.other, Self.todo(with: .name)], nextId: 3)
        var changed = plain
        changed.todos[1] = Self.todo(with: field)
        _ = try file.update { _ in plain }
        // A small change goes to the journal; loading reads the file, then the journal.
        _ = try file.update { _ in changed }
        #expect(try file.load() == changed)
        #expect(try StateCodec.decode(StateCodec.encode(changed)) == changed)
    }

    @Test(arguments: TodoField.allCases)
    func jsonAndFormatShowIt(_ field: TodoField) throws {
        var out = JSONWriter()
        StateCodec.write(Self.todo(with: field), to: &out, forOutput: true)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.bytes)) as? [String: Any])
        let shown = try #require(object[field.key], "--json has no \(field.key)")
        #expect(!(shown is NSNull))
        // A date in UTC, as --json has it ({due} is on the local clock).
        let name = field.spec.kind == .date ? field.key + ListTemplate.utc : field.key
        #expect(try ListTemplate("{\(name)}").render(Self.todo(with: field), in: .utc) == Self.sample(field).text)
    }

    @Test(arguments: TodoField.editable)
    func theEditFormGivesItBack(_ field: TodoField) throws {
        let input = InputContext(dates: Self.dates, todos: TodoState(todos: [Self.other], nextId: 2))
        let todo = Self.todo(with: field)
        let values = try #require(try EditForm.parse(EditForm.render(todo, input)))
        let form = try #require(EditForm.fields.first { $0.key == field.key })
        #expect(try form.change(try #require(values[field.key]), input) == .set(field, Self.sample(field)))
    }

    @Test(arguments: TodoField.settable)
    func aBatchLineSetsIt(_ field: TodoField) throws {
        let state = TodoState(todos: [Self.other], nextId: 2)
        // A rule needs a due date to count from.
        let due = field == .recur ? ", \"due\": \"2026-12-01\"" : ""
        let name = field == .name ? "" : "\"name\": \"x\", "
        let line = "{\"action\": \"add\", \(name)\(EditForm.jsonString(field.key)): \(Self.batchValue(field))\(due)}"
        let steps = try BatchInput.parse(line, in: Self.dates)
        let (actions, after) = try BatchCommand.actions(
            steps, in: state, now: Self.dates.now, zone: Self.zone, newUUID: UUID.init)
        #expect(actions.count == 1)
        let added = try #require(after.todos.last)
        #expect(field.value(of: added) == Self.sample(field))
    }

    /// The sample as a batch line writes it: text and dates as strings, sets as arrays.
    static func batchValue(_ field: TodoField) -> String {
        let value = sample(field)
        return switch value {
        case .tags(let tags): "[" + tags.sorted().map { EditForm.jsonString($0) }.joined(separator: ", ") + "]"
        case .uuids: "[1]"
        case .date(let date?): EditForm.jsonString(date.wire)
        case .text, .word, .priority, .date, .annotations, .udas: EditForm.jsonString(value.text)
        }
    }

    @Test(arguments: TodoField.attributes)
    func theWireAndTheServersColumnCarryIt(_ field: TodoField) throws {
        let todo = Self.todo(with: field)
        let sent = WireAttributes(all: todo)
        // The server stores exactly this JSON object in its attributes column, set values only.
        let stored = try JSONEncoder().encode(sent.setOnly)
        let back = try JSONDecoder().decode(WireAttributes.self, from: stored)
        var content = Self.todo(with: .name).content
        try back.apply(to: &content)
        #expect(field.value(of: content) == Self.sample(field))
        #expect(back.values.keys.sorted { $0.key < $1.key } == [field])
    }

    @Test(arguments: TodoField.allCases)
    func aChangeOnOneSideOfAMergeIsKept(_ field: TodoField) {
        let base = Self.todo(with: .name).content
        let changed = Self.todo(with: field).content
        let (mine, lostMine) = mergeContent(base: base, local: changed, remote: base, at: Self.dates.now)
        let (theirs, lostTheirs) = mergeContent(base: base, local: base, remote: changed, at: Self.dates.now)
        #expect(field.value(of: mine) == Self.sample(field))
        #expect(field.value(of: theirs) == Self.sample(field))
        #expect(lostMine.isEmpty && lostTheirs.isEmpty)
    }

    @Test(arguments: TodoField.allCases.filter { $0.spec.todoTxt != nil })
    func todoTxtCarriesWhatTheTableMapsThere(_ field: TodoField) throws {
        var todo = Self.todo(with: field)
        if field == .recur { todo.due = .day(CalendarDay(iso: "2026-12-01")!) }
        let back = try TodoTxtFormat.parse(TodoTxtExport.export([Self.other, todo]), now: Self.dates.now)
        #expect(back.count == 2)
        // todo.txt has no UUIDs: a dependency comes back on the todo its line names.
        let expected = field == .depends ? .uuids([back[0].uuid]) : Self.sample(field)
        #expect(field.value(of: back[1].content) == expected)
    }

    /// The attribute `udas`'s sample names, as a config would declare it.
    static let client = UDADeclaration(name: "client", type: .string)

    /// A filter word the sample passes and a plain todo does not; nil for a field todo keeps
    /// itself (no filter names it).
    static func filterWord(_ field: TodoField) -> String? {
        switch field {
        case .name: "naïve"
        case .description: "two"
        case .notes: "tab"
        case .tags: "+é.q"
        case .project: "project:home"
        case .priority: "priority:m"
        case .due: "due:2026-12-01"
        case .wait: "wait.before:2026-12-01"
        case .scheduled: "scheduled:2026-11-28"
        case .start: "start.before:now"
        case .depends: "depends:1"
        case .annotations: "+ANNOTATED"
        case .recur: "+RECURRING"
        case .until: "until.after:2027-01-01"
        case .udas: "client:Acme & Söhne"
        case .series, .anchor: nil
        }
    }

    @Test(arguments: TodoField.allCases)
    func aFilterFindsIt(_ field: TodoField) throws {
        guard let word = Self.filterWord(field) else { return #expect(field.spec.option == nil && !field.spec.inForm) }
        let filter = try FilterParser.parse([word], in: Self.dates, udas: UDASchema([Self.client]))
        let context = FilterContext(dates: Self.dates, named: ["1": Self.dependency])
        #expect(filter.matches(Self.todo(with: field), in: context), "\(word)")
        #expect(!filter.matches(Self.todo(with: .series), in: context), "\(word)")
    }

    /// The sort key that orders by the field; nil for a field no key orders by.
    static func sortKey(_ field: TodoField) -> TodoSort.Key? {
        switch field {
        case .due, .wait, .scheduled, .start, .until: .date(field)
        case .priority: .priority
        case .project: .project
        case .name: .name
        case .udas: .uda(client)
        case .description, .notes, .tags, .depends, .annotations, .recur, .series, .anchor: nil
        }
    }

    @Test(arguments: TodoField.allCases)
    func aSortKeyPutsItFirst(_ field: TodoField) throws {
        guard let key = Self.sortKey(field) else { return }
        // A todo without the key's value comes last either way; every todo has a name, and
        // "naïve" comes before "plain".
        let plain = Self.todo(with: .series)
        for descending in field == .name ? [false] : [false, true] {
            let sorted = TodoSort([.init(key, descending: descending)]).sorted(
                [plain, Self.todo(with: field)], in: FilterContext(dates: Self.dates))
            #expect(sorted.first == Self.todo(with: field))
        }
        #expect(TodoSort.Key(rawValue: key.rawValue) == key || field == .udas)
    }

    @Test(arguments: TodoField.allCases.filter { $0.spec.taskwarrior != nil || $0 == .udas })
    func taskwarriorCarriesWhatTheTableMapsThere(_ field: TodoField) throws {
        var todo = Self.todo(with: field)
        if field == .recur || field == .until {
            todo.due = .day(CalendarDay(iso: "2026-12-01")!)
            todo.recur = Recurrence(rule: "2w")
            todo.until = .day(CalendarDay(iso: "2027-06-30")!)
        }
        let text = TaskwarriorExport.export([Self.other, todo], in: Self.dates)
        let back = try TaskwarriorFormat.parse(Array(text.utf8), in: Self.dates)
        let item = try #require(back.first { $0.uuid == todo.uuid }, "\(text)")
        #expect(field.value(of: item.content) == Self.sample(field), "\(text)")
    }

    @Test(arguments: TodoField.allCases.filter { $0.spec.ical != nil })
    func icalCarriesWhatTheTableMapsThere(_ field: TodoField) throws {
        var todo = Self.todo(with: field)
        if field == .recur || field == .until {
            todo.due = .day(CalendarDay(iso: "2026-12-01")!)
            todo.recur = Recurrence(rule: "2w")
            todo.until = .day(CalendarDay(iso: "2027-06-30")!)
        }
        let clock = ICalClock(context: Self.dates)
        let text = ICalTodoFile.export([Self.other, todo], clock: clock)
        let back = try ICalTodoFile.read(Array(text.utf8), clock: clock)
        #expect(back.notes == [])
        let item = try #require(back.todos.first { $0.uuid == todo.uuid }, "\(text)")
        #expect(field.value(of: item.content) == Self.sample(field), "\(text)")
    }
}
