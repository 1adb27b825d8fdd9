import Foundation
import TodoCore
import TodoICal

/// A todo and a VTODO: read one from the other, patch a kept VTODO to say a todo, build a
/// fresh one. The fields go where the field table's `ical` column says (`VTodoFields`);
/// besides them:
///
/// - completed: `STATUS:COMPLETED`, `COMPLETED` (when) and `PERCENT-COMPLETE:100`; reopening
///   sets `STATUS:NEEDS-ACTION` and removes `COMPLETED` (and a 100 percent). Read, STATUS
///   COMPLETED or CANCELLED, or a COMPLETED time without a STATUS, is completed.
/// - createdAt `CREATED` (read: else DTSTAMP; patched only where the text has one),
///   updatedAt `LAST-MODIFIED` and `DTSTAMP`, to the second.
/// - the UID: see `ICalUID`.
public enum VTodoMapping {
    /// What a VTODO says, and what in it todo could not hold (one line each).
    public struct Reading: Sendable {
        public var todo: ImportedTodo
        public var notes: [String]
        /// Whether the VTODO has a CATEGORIES property at all (`OccurrenceReading.keepingTags`).
        public var sentCategories: Bool
    }

    /// Why a VTODO cannot be a todo.
    public struct Refusal: Error, Sendable, Equatable {
        public var message: String

        public init(message: String) { self.message = message }
    }

    /// The todo a VTODO says. A rule on a todo without a due date, or on a completed one
    /// (which todo cannot hold), is left out with a note, as is a value a field cannot hold.
    public static func read(_ vtodo: ICalComponent, clock: ICalClock) throws(Refusal) -> Reading {
        let uid = vtodo.uid
        var notes: [String] = []
        let created =
            vtodo.created.flatMap(clock.instant) ?? vtodo.timestamp.flatMap(clock.instant) ?? clock.context.now
        let updated = vtodo.lastModified.flatMap(clock.instant) ?? vtodo.timestamp.flatMap(clock.instant) ?? created
        let completed = isCompleted(vtodo)
        var todo = ImportedTodo(
            uuid: uuid(of: vtodo), name: "", completed: completed, createdAt: created, updatedAt: updated,
            completedAt: completed ? vtodo.completed.flatMap(clock.instant) : nil)
        for field in TodoField.allCases {
            var value = VTodoFields.value(of: field, in: vtodo, clock: clock, notes: &notes)
            if field == .recur, value.isSet, completed || todo.content.due == nil {
                notes.append(
                    """
                    the rule \(value.text) is left \
                    out: \(completed ? "a completed todo" : "a todo without a due date") does not recur
                    """
                )
                value = .word(nil)
            }
            do throws(ReduceError) {
                try todo.set(field, value)
            } catch .blankName {
                throw Refusal(message: "the VTODO\(uid.map { " \($0)" } ?? "") has no SUMMARY")
            } catch {
                notes.append("\(field.key) '\(value.text)' is not one todo can hold (\(field.valueRule)); left out")
            }
        }
        if todo.content.anchor == nil, todo.content.recur != nil,
            let anchor = zonedAnchor(vtodo, due: todo.content.due, clock: clock)
        {
            todo.content.attributes.anchor = anchor
        }
        return Reading(
            todo: todo, notes: notes.map { "VTODO \(uid ?? todo.content.name): \($0)" },
            sentCategories: vtodo.property("CATEGORIES") != nil)
    }

    /// The anchor a VTODO's DUE implies: the due instant on the clock of its TZID, when
    /// `clock` knows that zone (a series of an app counts on the clock it was set on).
    static func zonedAnchor(_ vtodo: ICalComponent, due: DueDate?, clock: ICalClock) -> SeriesAnchor? {
        guard let due, case .instant = due, case .dateTime(_, _, .named(let name))? = vtodo.date("DUE"),
            let zone = clock.zones(name)
        else {
            return nil
        }
        return SeriesAnchor(due, in: zone)
    }

    /// Whether `anchor` goes without saying in `vtodo`: it has no X-TODO-ANCHOR, and its DUE
    /// (patched already) implies an anchor of the same zone and time of day.
    static func isImplied(_ anchor: FieldValue, in vtodo: ICalComponent, due: FieldValue, clock: ICalClock) -> Bool {
        guard case .text(let name)? = TodoField.anchor.spec.ical, vtodo.property(name) == nil,
            let text = anchor.wordValue ?? nil, let held = SeriesAnchor(text: text),
            let implied = zonedAnchor(vtodo, due: due.dateValue ?? nil, clock: clock)
        else { return false }
        return implied.zone.identifier == held.zone.identifier && implied.time == held.time
    }

    /// The UUID a VTODO stands for (`ICalUID`); a VTODO without a UID stands for the version
    /// 5 UUID of its text as written.
    public static func uuid(of vtodo: ICalComponent) -> UUID {
        guard let uid = vtodo.uid else { return ICalUID.uuid(for: ICalWriter.text([vtodo])) }
        guard let occurrence = vtodo.property("RECURRENCE-ID")?.value else { return ICalUID.uuid(for: uid) }
        return ICalUID.uuid(for: uid, occurrence: occurrence)
    }

    /// Makes `vtodo` say `todo`: each mapped property whose value differs from the todo's is
    /// changed, added or removed; every other line stays as it was, byte for byte.
    /// LAST-MODIFIED and DTSTAMP change only when something else did.
    public static func patch(_ vtodo: inout ICalComponent, to todo: some TodoFieldHolder & TodoTimes, clock: ICalClock)
    {
        patch(&vtodo, to: todo, clock: clock, fresh: false)
    }

    /// `patch`; a `fresh` VTODO says its series even where its UID implies it, so that an
    /// export read back (`read`) has it.
    private static func patch(
        _ vtodo: inout ICalComponent, to todo: some TodoFieldHolder & TodoTimes, clock: ICalClock, fresh: Bool
    ) {
        let before = vtodo
        var ignored: [String] = []
        for field in TodoField.allCases {
            var wanted = field.value(of: todo)
            if case .date(let date?) = wanted { wanted = .date(ICalClock.whole(date)) }
            if case .annotations(let annotations) = wanted { wanted = .annotations(Annotation.normalized(annotations)) }
            if field == .anchor, isImplied(wanted, in: vtodo, due: TodoField.due.value(of: todo), clock: clock) {
                continue
            }
            // A series named by the todo the UID stands for goes without saying in an app's text.
            if field == .series, !fresh, vtodo.property("X-TODO-SERIES") == nil, vtodo.uid != nil,
                wanted == .word(uuid(of: vtodo).uuidString.lowercased())
            {
                continue
            }
            if VTodoFields.value(of: field, in: vtodo, clock: clock, notes: &ignored) != wanted {
                VTodoFields.write(wanted, of: field, into: &vtodo, clock: clock)
            }
        }
        patchCompletion(&vtodo, todo.completed, at: todo.completedAt ?? todo.updatedAt, clock: clock)
        // CREATED only where the text has one (a fresh VTODO is given one): added to a
        // client's text that lacks it, what is served would differ from what it sent.
        if let created = vtodo.created, clock.instant(created) != whole(todo.createdAt) {
            vtodo.created = clock.utc(todo.createdAt)
        }
        if vtodo != before {
            vtodo.lastModified = clock.utc(todo.updatedAt)
            vtodo.timestamp = clock.utc(todo.updatedAt)
        }
    }

    /// A new VTODO for a todo that has none: UID first, then what `patch` writes.
    public static func fresh(_ todo: some TodoFieldHolder & TodoTimes, uuid: UUID, clock: ICalClock) -> ICalComponent {
        var vtodo = ICalComponent(name: "VTODO")
        vtodo.uid = ICalUID.uid(for: uuid)
        vtodo.timestamp = clock.utc(todo.updatedAt)
        vtodo.created = clock.utc(todo.createdAt)
        patch(&vtodo, to: todo, clock: clock, fresh: true)
        return vtodo
    }

    public static func isCompleted(_ vtodo: ICalComponent) -> Bool {
        switch vtodo.status {
        case "COMPLETED", "CANCELLED": true
        case nil: vtodo.property("COMPLETED") != nil
        default: false
        }
    }

    static func patchCompletion(_ vtodo: inout ICalComponent, _ completed: Bool, at: Date, clock: ICalClock) {
        if completed {
            if !isCompleted(vtodo) || vtodo.status == nil { vtodo.status = "COMPLETED" }
            if vtodo.completed.flatMap(clock.instant) != whole(at) { vtodo.completed = clock.utc(at) }
            vtodo.percentComplete = 100
        } else {
            if isCompleted(vtodo) { vtodo.status = "NEEDS-ACTION" }
            vtodo.completed = nil
            if vtodo.percentComplete == 100 { vtodo.percentComplete = nil }
        }
    }

    static func whole(_ date: Date) -> Date { Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)) }
}

/// What a todo holds beside its fields that a VTODO says: whether and when it was done,
/// when it was made and last changed (`Todo` and `TodoContent` have them).
public protocol TodoTimes {
    var completed: Bool { get }
    var completedAt: Date? { get }
    var createdAt: Date { get }
    var updatedAt: Date { get }
}

extension Todo: TodoTimes {}
extension TodoContent: TodoTimes {}
