import Foundation
import Testing
import TodoCore
import TodoICalMapping

/// How an app's change to a repeating todo reads: each way of completing an occurrence is a
/// completion, a plain change is not, and the copies apps make are told from new todos.
@Suite struct OccurrenceReadingTests {
    static let uuid = UUID(uuidString: "6b0c6f3e-2a4d-4b1e-9f5a-0c2d3e4f5a6b")!
    static let at = Date(timeIntervalSince1970: 1_796_000_000)

    static func day(_ text: String) -> DueDate { .day(CalendarDay(iso: text)!) }

    /// A weekly todo due on 1 December 2026.
    static var weekly: TodoContent {
        var content = TodoContent(name: "bins", createdAt: at, updatedAt: at)
        content.attributes.due = day("2026-12-01")
        content.attributes.recur = Recurrence(rule: "weekly")
        return content
    }

    func completes(_ change: (inout TodoContent) -> Void, overrides: [DueDate] = []) -> Bool {
        var client = Self.weekly
        change(&client)
        return OccurrenceReading.completes(client, occurrence: Self.weekly, overrides: overrides, at: Self.at)
    }

    @Test func theWholeTodoMarkedCompletedCompletesTheOccurrence() {
        #expect(completes { $0.completed = true })
        #expect(completes { ($0.completed, $0.attributes.recur) = (true, nil) })
    }

    @Test func aCompletedOverrideOfTheOccurrenceCompletesIt() {
        #expect(completes({ _ in }, overrides: [Self.day("2026-12-01")]))
        #expect(!completes({ _ in }, overrides: [Self.day("2026-11-24")]))
    }

    @Test func aDueDateMovedOnByExactlyOneStepCompletesIt() {
        #expect(completes { $0.attributes.due = Self.day("2026-12-08") })
        #expect(!completes { $0.attributes.due = Self.day("2026-12-15") })
        #expect(!completes { $0.attributes.due = Self.day("2026-12-07") })
        #expect(
            !completes {
                ($0.attributes.due, $0.attributes.recur) = (Self.day("2026-12-08"), Recurrence(rule: "daily"))
            })
        #expect(!completes { $0.name = "bins and glass" })
    }

    @Test func aTodoThatDoesNotRecurIsNeverAnOccurrence() {
        var plain = Self.weekly
        plain.attributes.recur = nil
        var done = plain
        done.completed = true
        #expect(!OccurrenceReading.completes(done, occurrence: plain, overrides: [], at: Self.at))
    }

    @Test func theCompletedOccurrenceKeepsItsDatesAndTheAppsOtherChanges() {
        var client = Self.weekly
        client.attributes.due = Self.day("2026-12-08")
        client.name = "bins and glass"
        let done = OccurrenceReading.completed(client, occurrence: Self.weekly, uuid: Self.uuid, at: Self.at)
        var wanted = Self.weekly
        wanted.name = "bins and glass"
        (wanted.completed, wanted.completedAt, wanted.attributes.recur, wanted.attributes.series) = (
            true, Self.at, nil, Self.uuid
        )
        #expect(done == wanted)
    }

    @Test func theNextOccurrenceIsTheOneTodoDoneMakes() throws {
        let next = try #require(OccurrenceReading.next(after: Self.weekly, uuid: Self.uuid, at: Self.at))
        var todo = Todo(id: 1, uuid: Self.uuid, name: "bins", createdAt: Self.at)
        todo.content = Self.weekly
        let made = try #require(todo.nextOccurrence(doneAt: Self.at, madeAt: Self.at))
        #expect(next.uuid == made.uuid && next.content == made.content)
        #expect(next.content.due == Self.day("2026-12-08"))
    }

    @Test func aCompletedCopyHasTheOccurrencesNameAndDueDateAndNoRule() {
        var copy = Self.weekly
        (copy.completed, copy.attributes.recur) = (true, nil)
        #expect(OccurrenceReading.isCopy(copy, of: Self.weekly))
        copy.attributes.due = Self.day("2026-12-08")
        #expect(!OccurrenceReading.isCopy(copy, of: Self.weekly))
        var open = Self.weekly
        open.attributes.recur = nil
        #expect(!OccurrenceReading.isCopy(open, of: Self.weekly))
    }

    @Test func aNextInstanceMatchesTheNextDayAsALocalMidnight() {
        var next = Self.weekly
        next.attributes.due = Self.day("2026-12-08")
        var copy = next
        let berlinMidnight = Date(timeIntervalSince1970: 1_796_684_400)  // 2026-12-07T23:00:00Z
        copy.attributes.due = .instant(berlinMidnight)
        #expect(OccurrenceReading.isNextCopy(copy, of: next))
        copy.attributes.due = .instant(berlinMidnight.addingTimeInterval(-86_400))
        #expect(!OccurrenceReading.isNextCopy(copy, of: next))
        copy.attributes.due = Self.day("2026-12-08")
        copy.name = "other"
        #expect(!OccurrenceReading.isNextCopy(copy, of: next))
    }

    @Test func anAppMovingItsResourceOnChangesNoDates() {
        var next = Self.weekly
        (next.attributes.due, next.attributes.series) = (Self.day("2026-12-08"), Self.uuid)
        var client = Self.weekly
        client.attributes.due = .instant(Self.at)
        client.attributes.scheduled = .instant(Self.at)
        client.name = "bins early"
        var wanted = next
        wanted.name = "bins early"
        #expect(OccurrenceReading.movedOn(client, to: next) == wanted)
    }

    /// The dates taken from the occurrence are the field table's date fields, every one but
    /// `start` (when work began): an app's moved wait, scheduled or until date is the series',
    /// its start its own.
    @Test func theOccurrencesDatesAreTheTablesDateFieldsButStart() {
        let day = Self.day("2026-12-08")
        var client = Self.weekly
        (client.completed, client.attributes.due, client.attributes.wait) = (true, day, day)
        (client.attributes.scheduled, client.attributes.until, client.attributes.start) = (day, day, .instant(Self.at))
        let done = OccurrenceReading.completed(client, occurrence: Self.weekly, uuid: Self.uuid, at: Self.at)
        for field in TodoField.allCases where field.spec.kind == .date && field != .start {
            #expect(field.value(of: done) == field.value(of: Self.weekly), "\(field)")
        }
        #expect(done.start == .instant(Self.at))
        #expect(OccurrenceReading.movedOn(client, to: Self.weekly).start == .instant(Self.at))
    }
}
