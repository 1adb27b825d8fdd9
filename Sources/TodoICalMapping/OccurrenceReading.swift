import Foundation
import TodoCore

/// How a task app's change to a repeating todo reads. Apps complete one occurrence of a
/// series in different ways; each is read as "this occurrence was completed", which hands the
/// series on to the same next occurrence `todo done` makes (`Todo.nextOccurrence`), so an app
/// and a laptop completing the same occurrence end with one open occurrence:
///
/// - the whole VTODO marked completed, its RRULE kept or dropped (naive apps; todoman, which
///   then adds the next one as a new VTODO);
/// - an override (RECURRENCE-ID) of that occurrence marked completed (Thunderbird);
/// - the due date moved on in place by exactly one step of the rule (Tasks.org);
/// - a completed copy under a new UID, the original then moved on (python-caldav, Evolution).
///
/// The first three are a change to the occurrence (`completes`); the copies are new VTODOs
/// that match an occurrence (`isCopy`, `isNextCopy`).
public enum OccurrenceReading {
    /// The dates of an occurrence that its series sets: the field table's date fields but
    /// `start`, which records when work on this occurrence began (an app's own stands). A new
    /// date field is one of them unless it is named here.
    static let dates = TodoField.allCases.filter { $0.spec.kind == .date && $0 != .start }

    /// Where an occurrence stands in its series: its dates, the rule and the series' identity.
    static let placeInSeries = dates + [.recur, .anchor, .series]

    /// Whether `client`, an app's version of the open occurrence `occurrence`, completes it.
    /// `overrides` are the dates of the completed overrides the app sent (RECURRENCE-ID).
    public static func completes(_ client: TodoContent, occurrence: TodoContent, overrides: [DueDate], at: Date) -> Bool
    {
        guard !occurrence.completed, occurrence.recur != nil, let due = occurrence.due else { return false }
        if client.completed { return true }
        if overrides.contains(where: { $0 == due || $0 == occurrence.scheduled }) { return true }
        guard client.recur == occurrence.recur, let moved = client.due, moved != due else { return false }
        return next(after: occurrence, uuid: UUID(), at: at)?.content.due == moved
    }

    /// Whether `client`, an app's version without preconditions of an occurrence completed
    /// since (`held`), only reopens it: open, and otherwise what the app last wrote (`kept`,
    /// open and ruled). The app is behind: the completion stands, nothing is reopened.
    public static func openedAgain(_ client: TodoContent, kept: TodoContent, held: TodoContent) -> Bool {
        guard held.completed, !client.completed, !kept.completed, kept.recur != nil else { return false }
        var same = client
        (same.createdAt, same.updatedAt) = (kept.createdAt, kept.updatedAt)
        return same == kept
    }

    /// The occurrence as completed by `client`: the app's other changes kept, its dates the
    /// occurrence's own (an app that moved them on in place moved the series'), no rule (the
    /// next occurrence holds it), in the series `occurrence` (whose UUID is `uuid`) is in.
    public static func completed(_ client: TodoContent, occurrence: TodoContent, uuid: UUID, at: Date) -> TodoContent {
        var done = client
        for field in dates { field.set(field.value(of: occurrence), on: &done) }
        (done.attributes.recur, done.attributes.anchor) = (nil, nil)
        done.attributes.series = occurrence.series ?? uuid
        if !client.completed || done.completedAt == nil { done.completedAt = at }
        done.completed = true
        done.updatedAt = max(client.updatedAt, at)
        return done
    }

    /// The occurrence after `occurrence` (the todo `uuid`), as `todo done` makes it
    /// (`Todo.completingOccurrence`), done and made at `at`; nil when the series ends there.
    public static func next(after occurrence: TodoContent, uuid: UUID, at: Date) -> Todo? {
        var todo = Todo(id: 0, uuid: uuid, name: occurrence.name, createdAt: occurrence.createdAt)
        todo.content = occurrence
        (todo.completed, todo.completedAt) = (false, nil)
        return todo.completingOccurrence(doneAt: at, madeAt: at).next
    }

    /// `content`, an app's version of a resource that named an earlier occurrence of `next`'s
    /// series and names `next` now, with `next`'s dates and rule: the app moving its resource
    /// on is its own reckoning of the next occurrence's dates, no change to them.
    public static func movedOn(_ content: TodoContent, to next: TodoContent) -> TodoContent {
        var moved = content
        for field in placeInSeries { field.set(field.value(of: next), on: &moved) }
        return moved
    }

    /// `content` (read from an app's text) with `held`'s anchor where its own, read from its
    /// DUE's TZID, is on the same clock at the same time of day: a DUE says no day for the
    /// series to count from (a monthly series from the 31st stays on the 31st).
    public static func keepingAnchor(_ content: TodoContent, of held: TodoContent) -> TodoContent {
        guard let kept = held.anchor, let own = content.anchor, own != kept, own.time == kept.time,
            own.zone.identifier == kept.zone.identifier
        else { return content }
        var same = content
        same.attributes.anchor = kept
        return same
    }

    /// `content`, an app's change of `before`, with `before`'s tags when the change completes
    /// the todo and its text has no CATEGORIES at all: todoman 4.1 drops the property when it
    /// completes a todo, which would remove the tags on every device. An app that removes
    /// every tag and completes in the same save loses that removal (documented); one that
    /// sends CATEGORIES, or changes without completing, is taken as it says.
    public static func keepingTags(_ content: TodoContent, of before: TodoContent, sentCategories: Bool) -> TodoContent
    {
        guard !sentCategories, content.completed, !before.completed, content.tags.isEmpty, !before.tags.isEmpty else {
            return content
        }
        var kept = content
        kept.attributes.tags = before.tags
        return kept
    }

    /// Whether `copy`, a new VTODO, is an app's completed copy of the open occurrence
    /// `occurrence`: completed, without a rule, with its name and due date.
    public static func isCopy(_ copy: TodoContent, of occurrence: TodoContent) -> Bool {
        copy.completed && copy.recur == nil && copy.due != nil && copy.name == occurrence.name
            && copy.due == occurrence.due
            && (copy.series == nil || copy.series == occurrence.series)
    }

    /// Which of `occurrences` (each of which `copy` is a copy of, `isCopy`: series alike in
    /// name and due date, their rules dropped in the copy) it was made from: the one it has
    /// the creation time of (apps copy CREATED, or DTSTAMP), else the one whose other fields
    /// it has, else the first; nil for none.
    public static func likeliestCopied(_ copy: TodoContent, among occurrences: [TodoContent]) -> Int? {
        func score(_ occurrence: TodoContent) -> Int {
            var alike = movedOn(copy, to: occurrence)
            (alike.completed, alike.completedAt) = (occurrence.completed, occurrence.completedAt)
            (alike.createdAt, alike.updatedAt) = (occurrence.createdAt, occurrence.updatedAt)
            return (copy.createdAt == occurrence.createdAt ? 2 : 0) + (alike == occurrence ? 1 : 0)
        }
        let scores = occurrences.map(score)
        guard let best = scores.max() else { return nil }
        return scores.firstIndex(of: best)
    }

    /// Whether `copy`, a new VTODO, is an app's next occurrence of `open` (the open
    /// occurrence, or the next one made already): open, with its name and rule, due on its due
    /// date. A whole day also matches an instant within 14 hours of its midnight UTC: todoman
    /// writes the next whole day as a local midnight.
    public static func isNextCopy(_ copy: TodoContent, of next: TodoContent) -> Bool {
        guard !copy.completed, copy.recur != nil, copy.recur == next.recur, copy.name == next.name, let due = copy.due,
            let wanted = next.due
        else { return false }
        switch (due, wanted) {
        case (.instant(let instant), .day(let day)):
            let midnight = DateContext(now: instant, timeZone: .utc).start(of: day)
            return abs(instant.timeIntervalSince(midnight)) <= 14 * 3600
        default:
            return due == wanted
        }
    }
}
