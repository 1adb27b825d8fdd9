import Testing
import TodoICal

/// The typed accessors of the properties todo maps, and that each setter changes only its property.
@Suite struct AccessorTests {
    @Test func textPropertiesReadUnescaped() throws {
        let todo = try todo(
            #"UID:abc\,1"#, #"SUMMARY;LANGUAGE=en:Buy milk\, eggs"#, #"DESCRIPTION:Line 1\nLine 2\; end"#)
        #expect(todo.uid == "abc,1")
        #expect(todo.summary == "Buy milk, eggs")
        #expect(todo.descriptionText == "Line 1\nLine 2; end")
    }

    @Test func settingTextKeepsTheParametersAndThePlace() throws {
        var todo = try todo("UID:1", "SUMMARY;LANGUAGE=en:old", "DTSTAMP:20260101T000000Z")
        todo.summary = "new, text"
        #expect(
            physicalLines(written(todo)) == [
                "BEGIN:VTODO", "UID:1", #"SUMMARY;LANGUAGE=en:new\, text"#, "DTSTAMP:20260101T000000Z", "END:VTODO"
            ])
        todo.descriptionText = "added"
        #expect(todo.properties.last?.value == "added")
        todo.summary = nil
        #expect(todo.property("SUMMARY") == nil)
    }

    @Test func textSaidWithOtherEscapesIsLeftAsItIs() throws {
        var todo = try todo(#"DESCRIPTION:a\Nb"#)
        todo.descriptionText = "a\nb"
        #expect(todo.property("DESCRIPTION")?.value == #"a\Nb"#)
        #expect(todo.property("DESCRIPTION")?.sourceLines != nil)
    }

    @Test func statusPercentAndPriority() throws {
        var todo = try todo("STATUS:needs-action", "PERCENT-COMPLETE:40", "PRIORITY:1")
        #expect(todo.status == "NEEDS-ACTION")
        #expect(todo.percentComplete == 40)
        #expect(todo.priority == 1)
        todo.status = "NEEDS-ACTION"
        #expect(todo.property("STATUS")?.value == "needs-action")
        todo.status = "COMPLETED"
        todo.percentComplete = 100
        todo.priority = nil
        #expect(
            physicalLines(written(todo)) == ["BEGIN:VTODO", "STATUS:COMPLETED", "PERCENT-COMPLETE:100", "END:VTODO"])
    }

    @Test func integersMaySayTheirSignAndNotBeNumbers() throws {
        #expect(try todo("PRIORITY:+3").priority == 3)
        #expect(try todo("PRIORITY:-1").priority == -1)
        #expect(try todo("PRIORITY: 2 ").priority == 2)
        #expect(try todo("PRIORITY:high").priority == nil)
        #expect(try todo("PRIORITY:99999999999999999999").priority == nil)
    }

    @Test func aDateIsAWholeDay() throws {
        let todo = try todo("DUE;VALUE=DATE:20261201", "DTSTART:20261130")
        let day = try #require(ICalDay(year: 2026, month: 12, day: 1))
        #expect(todo.due == .date(day))
        #expect(todo.start == .date(try #require(ICalDay(year: 2026, month: 11, day: 30))))
    }

    @Test func dateTimesAreUTCFloatingOrInANamedZone() throws {
        let todo = try todo(
            "DUE;TZID=Europe/Berlin:20261201T093000", "DTSTART:20261130T080000", "COMPLETED:20261202T101112Z",
            "CREATED:20260101T000000Z", "LAST-MODIFIED:20260102T000000Z", "DTSTAMP:20260103T000000Z",
            "RECURRENCE-ID;TZID=\"/custom/Zone\":20261201T093000")
        let day = try #require(ICalDay(year: 2026, month: 12, day: 1))
        let time = try #require(ICalTime(hour: 9, minute: 30, second: 0))
        #expect(todo.due == .dateTime(day, time, .named("Europe/Berlin")))
        #expect(todo.start == .dateTime(try #require(ICalDay("20261130")), try #require(ICalTime("080000")), .floating))
        #expect(todo.completed == .dateTime(try #require(ICalDay("20261202")), try #require(ICalTime("101112")), .utc))
        #expect(todo.created?.text == "20260101T000000Z")
        #expect(todo.lastModified?.text == "20260102T000000Z")
        #expect(todo.timestamp?.text == "20260103T000000Z")
        #expect(todo.recurrenceID == .dateTime(day, time, .named("/custom/Zone")))
    }

    @Test(arguments: [
        "2026120", "20261301", "20260229", "20261201T250000Z", "20261201T0930", "20261201X093000", "20261201T093000Y",
        "x"
    ])
    func aValueThatIsNoDateReadsAsNone(value: String) throws {
        #expect(try todo("DUE:" + value).due == nil)
    }

    @Test func leapDaysAndLeapSecondsAreDates() throws {
        #expect(try todo("DUE:20280229").due != nil)
        #expect(try todo("DUE:20000229").due != nil)
        #expect(try todo("DUE:21000229").due == nil)
        #expect(try todo("DUE:20261231T235960Z").due != nil)
    }

    @Test func settingADateWritesValueAndTZIDAsNeededAndKeepsOtherParameters() throws {
        var todo = try todo("UID:1", "DUE;X-P=keep;TZID=Europe/Berlin:20261201T093000", "SUMMARY:s")
        let day = try #require(ICalDay("20261203"))
        todo.due = .date(day)
        #expect(
            todo.properties[1]
                == ICalProperty(
                    name: "DUE",
                    parameters: [
                        ICalParameter(name: "X-P", values: ["keep"]), ICalParameter(name: "VALUE", values: ["DATE"])
                    ], value: "20261203"))
        todo.due = .dateTime(day, try #require(ICalTime("120000")), .utc)
        #expect(ICalWriter.contentLine(todo.properties[1]) == "DUE;X-P=keep:20261203T120000Z")
        todo.due = .dateTime(day, try #require(ICalTime("120000")), .named("America/New_York"))
        #expect(ICalWriter.contentLine(todo.properties[1]) == "DUE;X-P=keep;TZID=America/New_York:20261203T120000")
        todo.start = .dateTime(day, try #require(ICalTime("080000")), .floating)
        #expect(ICalWriter.contentLine(todo.properties[3]) == "DTSTART:20261203T080000")
        todo.due = nil
        #expect(todo.property("DUE") == nil)
    }

    @Test func settingTheSameDateKeepsTheLine() throws {
        var todo = try todo("DUE;VALUE=DATE:20261201")
        todo.due = .date(try #require(ICalDay("20261201")))
        #expect(todo.property("DUE")?.sourceLines != nil)
    }

    @Test func theRecurrenceRuleIsTextAndItsParts() throws {
        let todo = try todo("RRULE:FREQ=weekly;INTERVAL=2;BYDAY=MO,-1fr;UNTIL=20261231T235959Z;WKST=SU")
        let rule = try #require(todo.recurrenceRule)
        #expect(rule.text == "FREQ=weekly;INTERVAL=2;BYDAY=MO,-1fr;UNTIL=20261231T235959Z;WKST=SU")
        #expect(rule.frequency == "WEEKLY")
        #expect(rule.interval == 2)
        #expect(rule.byDay == ["MO", "-1FR"])
        #expect(rule.until?.text == "20261231T235959Z")
        #expect(rule.count == nil)
        #expect(rule.parts.last! == ("WKST", "SU"))
        let counted = ICalRecurrenceRule(text: "FREQ=DAILY;COUNT=5;UNTIL=20261231")
        #expect(counted.count == 5)
        #expect(counted.interval == 1)
        #expect(counted.until == .date(try #require(ICalDay("20261231"))))
        #expect(ICalRecurrenceRule(text: "FREQ=DAILY;INTERVAL=0").interval == nil)
    }

    @Test func aRuleIsWrittenFromItsParts() throws {
        let until = ICalDateValue.date(try #require(ICalDay("20261231")))
        #expect(ICalRecurrenceRule(frequency: "MONTHLY").text == "FREQ=MONTHLY")
        #expect(
            ICalRecurrenceRule(frequency: "WEEKLY", interval: 2, until: until, byDay: ["MO", "FR"]).text
                == "FREQ=WEEKLY;INTERVAL=2;UNTIL=20261231;BYDAY=MO,FR")
        #expect(ICalRecurrenceRule(frequency: "DAILY", count: 3).text == "FREQ=DAILY;COUNT=3")
        var todo = try todo("UID:1")
        todo.recurrenceRule = ICalRecurrenceRule(frequency: "YEARLY")
        #expect(todo.property("RRULE")?.value == "FREQ=YEARLY")
    }

    @Test func xPropertiesAreListedAndSetAsText() throws {
        var todo = try todo("X-APPLE-SORT-ORDER:123", "SUMMARY:x", "X-MOZ-GENERATION:2")
        #expect(todo.xProperties.map(\.name) == ["X-APPLE-SORT-ORDER", "X-MOZ-GENERATION"])
        todo.setText("home.garden", for: "X-TODO-PROJECT")
        #expect(todo.text("x-todo-project") == "home.garden")
        #expect(todo.xProperties.count == 3)
    }

    @Test func setPropertyReplacesTheFirstInPlaceOrAppends() throws {
        var todo = try todo("ATTACH:a", "UID:1", "ATTACH:b")
        todo.setProperty(ICalProperty(name: "ATTACH", value: "c"))
        #expect(todo.properties.map(\.value) == ["c", "1", "b"])
        todo.setProperty(ICalProperty(name: "URL", value: "u"))
        #expect(todo.properties.map(\.value) == ["c", "1", "b", "u"])
        todo.removeProperties(named: "attach")
        #expect(todo.properties.map(\.value) == ["1", "u"])
    }
}
