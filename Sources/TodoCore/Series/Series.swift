import Foundation

extension Attributes {
    /// Takes the rule off: the todo no longer holds its series' rule (it handed it on, or
    /// another occurrence holds it), and no anchor goes without a rule.
    mutating func dropRule() {
        (recur, anchor) = (nil, nil)
    }
}

/// Recurring todos. A series is its todos that share `series` (the UUID of its first one);
/// only the open occurrence holds the rule. Completing it (or deleting it: skipping) hands
/// the rule on to the next occurrence, whose UUID is a name-based UUID of the series and of
/// the occurrence it follows: every device, and every path (a command, a batch, an import,
/// a sync), makes the same next todo, so a sync merges them into one.
extension Todo {
    /// The UUID of the occurrence after this one: the same wherever it is made.
    public var nextOccurrenceUUID: UUID {
        UUID(name: uuid.uuidString.lowercased(), namespace: self.series ?? uuid)
    }

    /// The occurrence after this one, done (or skipped) at `doneAt` and made at `at`,
    /// numbered 0; nil when this todo does not recur, has no due date, or the next one would
    /// be due after `until` or after the years a date can be written in (9999).
    public func nextOccurrence(doneAt: Date, madeAt at: Date) -> Todo? {
        guard var next = derived(doneAt: doneAt, madeAt: at) else { return nil }
        // Made from the copy the server last agreed on, it is what every device that completes
        // this occurrence makes, whatever each changed here first: the base their copies merge
        // against, so that each device's changes count as its own.
        var shared = self
        if let agreed = base?.content, agreed.recur != nil { shared.content = agreed }
        next.origin = shared.derived(doneAt: doneAt, madeAt: at)?.content ?? next.content
        return next
    }

    /// The occurrence after this one, as `nextOccurrence` makes it, without its `origin`.
    private func derived(doneAt: Date, madeAt at: Date) -> Todo? {
        let attributes = self.attributes
        guard let recur = attributes.recur, let due = attributes.due else { return nil }
        let anchor = attributes.anchor ?? SeriesAnchor(due, in: .utc)
        let next = recur.next(after: due, anchor: anchor, doneAt: doneAt)
        let clock = anchor.clock
        if let until = attributes.until, next.isAfter(until, on: clock) { return nil }
        let wait = attributes.wait?.shifted(days: next.day(in: clock).ordinal - due.day(in: clock).ordinal, on: clock)
        guard next.isWritable, wait?.isWritable ?? true else { return nil }
        var todo = Todo(id: 0, uuid: nextOccurrenceUUID, name: name, description: description, createdAt: at)
        // Every attribute goes on as it is, but the dates and the series' identity; work on
        // the next occurrence has not started.
        var carried = attributes
        (carried.due, carried.wait, carried.anchor, carried.start) = (next, wait, anchor, nil)
        carried.series = attributes.series ?? uuid
        todo.attributes = carried
        return todo
    }

    /// This todo completed at `doneAt`, and the series it is an occurrence of handed on: the
    /// one rule `todo done` (the reducer) and a task app's completion over CalDAV (the server)
    /// follow, so a laptop and an app completing the same occurrence make the same next one.
    ///
    /// - `done`: completed at `doneAt`, without the rule (and its anchor), in its series (its
    ///   own UUID names the series when it is the first occurrence). A todo that does not
    ///   recur is only completed.
    /// - `next`: `nextOccurrence(doneAt:madeAt:)`: its UUID a name-based one of the series and
    ///   of this occurrence, its due date the rule's next one counted from `doneAt` (a rule by
    ///   completion, `+1w`, counts from there), its wait date moved as far, the rule and anchor
    ///   its own, no start (work on it has not begun); nil when the series ends here.
    ///
    /// Timing, decided here for both paths: `doneAt` is when the person completed it, which is
    /// the command's time for `todo done` and the app's COMPLETED (else the server's time) for
    /// CalDAV; `at`, the next occurrence's creation time, is when this device or server makes
    /// it, never the app's COMPLETED (the server used to create it then, the laptop at its own
    /// time). Whether a next occurrence with that UUID exists already is the caller's to know
    /// (a state file, the server's records): it is then not made again. Pure: no clock, no I/O.
    public func completingOccurrence(doneAt: Date, madeAt at: Date) -> (done: Todo, next: Todo?) {
        var done = self
        (done.completed, done.completedAt) = (true, doneAt)
        guard attributes.recur != nil else { return (done, nil) }
        let next = done.passOnRule(doneAt: doneAt, madeAt: at)
        done.attributes.series = attributes.series ?? uuid
        return (done, next)
    }

    /// Hands the rule on: clears it here and gives the next occurrence, if the series goes on.
    mutating func passOnRule(doneAt: Date, madeAt at: Date) -> Todo? {
        let next = nextOccurrence(doneAt: doneAt, madeAt: at)
        attributes.dropRule()
        return next
    }

    /// This todo with its series started or moved on after a change from `before` (nil: it
    /// is new): a rule needs a due date; a rule set where there was none starts the series
    /// (the todo's UUID names it, unless it is in one); a new rule or due date counts from
    /// that due date on `zone`'s clock; no rule, no anchor.
    func anchored(after before: Todo?, in zone: TimeZone) throws(ReduceError) -> Todo {
        var todo = self
        guard let recur = self.recur else {
            todo.anchor = nil
            return todo
        }
        guard let due = self.due else { throw .recurrenceNeedsDue(id) }
        // Only the open occurrence holds the rule: a completed one has handed it on (or
        // never had one), and a rule there would make no occurrence until it was reopened.
        if completed, recur != before?.recur { throw .recurrenceOnCompleted(id) }
        if self.series == nil { todo.series = uuid }
        if self.anchor == nil || before?.recur != recur || before?.due != due {
            todo.anchor = SeriesAnchor(due, in: zone)
        }
        return todo
    }
}

extension TodoState {
    /// Whether a todo here has `uuid`, or a delete of one waits to reach the server: a next
    /// occurrence with that UUID was made already, here or on another device.
    func knows(_ uuid: UUID) -> Bool {
        todos.contains { $0.uuid == uuid } || sync.deletions.contains { $0.uuid == uuid }
    }
}
