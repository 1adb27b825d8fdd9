import Foundation
import Testing
import TodoCore
import TodoICal
import TodoICalMapping

/// Each field in the property the field table names, read and written.
@Suite struct FieldMappingTests {
    @Test func textFieldsAreSummaryDescriptionAndTodosOwnProperties() throws {
        var todo = todo("buy milk, eggs")
        todo.description = "two lines\nhere"
        todo.notes = "a; note"
        todo.project = "home.garden"
        let lines = lines(VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock))
        #expect(lines.contains(#"SUMMARY:buy milk\, eggs"#))
        #expect(lines.contains(#"DESCRIPTION:two lines\nhere"#))
        #expect(lines.contains(#"X-TODO-NOTES:a\; note"#))
        #expect(lines.contains("X-TODO-PROJECT:home.garden"))
        #expect(lines.contains("UID:6b0c6f3e-2a4d-4b1e-9f5a-0c2d3e4f5a6b"))
        #expect(!lines.contains { $0.hasPrefix("STATUS") })
    }

    @Test func tagsAreCategoriesWithBlanksAsOpenBoxes() throws {
        let reading = try read(try vtodo("UID:1", "SUMMARY:x", #"CATEGORIES:Home Garden,a\,b"#, "CATEGORIES:+1,work"))
        #expect(reading.todo.content.tags == ["Home\u{2423}Garden", "a,b", "work"])
        #expect(reading.notes == ["VTODO 1: the category '+1' is no tag todo can hold; left out"])
        var todo = todo()
        todo.tags = ["Home\u{2423}Garden", "errand"]
        #expect(
            lines(VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)).contains(
                "CATEGORIES:Home Garden,errand"))
    }

    @Test(
        arguments: [(0, nil), (1, Priority.high), (4, .high), (5, .medium), (6, .low), (9, .low), (10, nil)]
            as [(Int, Priority?)])
    func priorityNumbersFallInThreeRanges(number: Int, priority: Priority?) throws {
        #expect(try read(try vtodo("SUMMARY:x", "PRIORITY:\(number)")).todo.content.priority == priority)
    }

    @Test func aClientsPriorityNumberStaysWhileItsRangeDoes() throws {
        var kept = try vtodo("UID:1", "SUMMARY:buy milk", "PRIORITY:3")
        var todo = todo()
        todo.priority = .high
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.priority == 3)
        todo.priority = .medium
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.priority == 5)
        todo.priority = .low
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.priority == 9)
        todo.priority = nil
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(kept.property("PRIORITY") == nil)
    }

    @Test func aWholeDayIsADateAndAnInstantAUTCDateTime() throws {
        var todo = todo()
        todo.due = .day(Clock.day("2026-12-01"))
        todo.scheduled = .instant(Clock.date("2026-11-28T07:15:30Z"))
        todo.wait = .day(Clock.day("2026-11-27"))
        todo.start = .instant(Clock.date("2026-11-25T05:00:07Z"))
        let lines = lines(VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock))
        #expect(lines.contains("DUE;VALUE=DATE:20261201"))
        #expect(lines.contains("DTSTART:20261128T071530Z"))
        #expect(lines.contains("X-TODO-WAIT;VALUE=DATE:20261127"))
        #expect(lines.contains("X-TODO-START:20261125T050007Z"))
    }

    @Test func aDateTimeIsReadInItsZoneOrFloatingOnTheLocalClock() throws {
        let content = try read(
            try vtodo(
                "SUMMARY:x", "DUE;TZID=America/New_York:20261201T090000", "DTSTART:20261130T090000",
                "X-TODO-WAIT;TZID=Nowhere/Unknown:20261129T090000")
        ).todo.content
        #expect(content.due == .instant(Clock.date("2026-12-01T14:00:00Z")))
        // Floating and an unknown zone: Berlin's clock, an hour ahead of UTC in winter.
        #expect(content.scheduled == .instant(Clock.date("2026-11-30T08:00:00Z")))
        #expect(content.wait == .instant(Clock.date("2026-11-29T08:00:00Z")))
    }

    @Test func aChangedInstantStaysOnTheClockOfTheKeptProperty() throws {
        var kept = try vtodo(
            "UID:1", "SUMMARY:buy milk", "DUE;TZID=America/New_York:20261201T090000", "DTSTART:20261130T090000")
        var todo = todo()
        todo.due = .instant(Clock.date("2026-12-02T15:30:00Z"))
        todo.scheduled = .instant(Clock.date("2026-11-30T09:00:00Z"))
        VTodoMapping.patch(&kept, to: todo, clock: Clock.clock)
        #expect(
            ICalWriter.contentLine(try #require(kept.property("DUE"))) == "DUE;TZID=America/New_York:20261202T103000")
        #expect(ICalWriter.contentLine(try #require(kept.property("DTSTART"))) == "DTSTART:20261130T100000")
    }

    @Test func dependenciesAreRelatedToWithDependsOn() throws {
        let other = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
        var todo = todo()
        todo.depends = [other]
        var vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        #expect(lines(vtodo).contains("RELATED-TO;RELTYPE=DEPENDS-ON:11111111-2222-4333-8444-555555555555"))
        vtodo.properties.append(
            ICalProperty(
                name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", values: ["PARENT"])], value: "p"))
        vtodo.properties.append(
            ICalProperty(
                name: "RELATED-TO", parameters: [ICalParameter(name: "RELTYPE", values: ["depends-on"])], value: "nc-2")
        )
        #expect(try read(vtodo).todo.content.depends == [other, ICalUID.uuid(for: "nc-2")])
        todo.depends = []
        VTodoMapping.patch(&vtodo, to: todo, clock: Clock.clock)
        #expect(vtodo.properties(named: "RELATED-TO").map(\.value) == ["p"])
    }

    @Test func annotationsAndUserDefinedAttributesAreTodosOwnProperties() throws {
        var todo = todo()
        todo.annotations = [Annotation(at: Clock.date("2026-11-21T14:03:00Z"), text: "called, twice")]
        todo.udas = ["estimate": "2.5", "client": "Acme"]
        let vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        let lines = lines(vtodo)
        #expect(lines.contains(#"X-TODO-ANNOTATION;X-TODO-AT=20261121T140300Z:called\, twice"#))
        #expect(lines.contains("X-TODO-UDA;X-TODO-NAME=client:Acme"))
        #expect(lines.contains("X-TODO-UDA;X-TODO-NAME=estimate:2.5"))
        let content = try read(vtodo).todo.content
        #expect(content.annotations == todo.annotations)
        #expect(content.udas == todo.udas)
    }

    @Test func completionIsStatusCompletedAndPercent() throws {
        var todo = todo()
        todo.completed = true
        todo.completedAt = Clock.date("2026-11-22T12:00:00Z")
        let vtodo = VTodoMapping.fresh(todo, uuid: todo.uuid, clock: Clock.clock)
        #expect((vtodo.status, vtodo.completed?.text, vtodo.percentComplete) == ("COMPLETED", "20261122T120000Z", 100))
        let content = try read(vtodo).todo.content
        #expect((content.completed, content.completedAt) == (true, todo.completedAt))
    }

    @Test func reopeningRemovesCompletedAndAHundredPercent() throws {
        var kept = try vtodo(
            "UID:1", "SUMMARY:buy milk", "STATUS:COMPLETED", "COMPLETED:20261122T120000Z", "PERCENT-COMPLETE:100",
            "X-KEEP:1")
        VTodoMapping.patch(&kept, to: todo(), clock: Clock.clock)
        #expect(kept.status == "NEEDS-ACTION")
        #expect(kept.property("COMPLETED") == nil && kept.property("PERCENT-COMPLETE") == nil)
        #expect(kept.text("X-KEEP") == "1")
    }

    @Test(arguments: [("COMPLETED", true), ("CANCELLED", true), ("IN-PROCESS", false), ("NEEDS-ACTION", false)])
    func statusSaysWhetherItIsDone(status: String, completed: Bool) throws {
        #expect(try read(try vtodo("SUMMARY:x", "STATUS:\(status)")).todo.content.completed == completed)
    }

    @Test func aCompletedTimeWithoutStatusIsDone() throws {
        let content = try read(try vtodo("SUMMARY:x", "COMPLETED:20261122T120000Z")).todo.content
        #expect((content.completed, content.completedAt) == (true, Clock.date("2026-11-22T12:00:00Z")))
    }

    @Test func timesAreCreatedAndLastModified() throws {
        let content = try read(try vtodo("SUMMARY:x", "CREATED:20261101T000000Z", "LAST-MODIFIED:20261102T000000Z"))
            .todo.content
        #expect(
            (content.createdAt, content.updatedAt) == (
                Clock.date("2026-11-01T00:00:00Z"), Clock.date("2026-11-02T00:00:00Z")
            ))
        let stamped = try read(try vtodo("SUMMARY:x", "DTSTAMP:20261103T000000Z")).todo.content
        #expect(
            (stamped.createdAt, stamped.updatedAt) == (
                Clock.date("2026-11-03T00:00:00Z"), Clock.date("2026-11-03T00:00:00Z")
            ))
    }

    @Test func aVTodoWithoutSummaryIsRefused() throws {
        #expect(throws: VTodoMapping.Refusal(message: "the VTODO abc has no SUMMARY")) {
            try read(try vtodo("UID:abc"))
        }
    }
}
