import Testing
import TodoICal

/// The apps' VTODOs (`ClientFixtures`) read, write back byte for byte, and change only where
/// they are changed.
@Suite struct ClientRoundTripTests {
    static let names = ClientFixtures.all.map(\.name)

    func fixture(_ name: String) -> [String] { ClientFixtures.all.first { $0.name == name }!.lines }

    func calendar(_ name: String) throws -> ICalComponent { try component(crlf(fixture(name))) }

    @Test(arguments: names)
    func writesBackByteForByte(name: String) throws {
        let text = crlf(fixture(name))
        #expect(ICalWriter.write(try ICalParser.parse(text)) == Array(text.utf8))
    }

    @Test(arguments: names)
    func lineFeedsAloneWriteBackAsCRLF(name: String) throws {
        let lines = fixture(name)
        let parsed = try ICalParser.parse(lines.map { $0 + "\n" }.joined())
        #expect(ICalWriter.text(parsed) == crlf(lines))
        #expect(parsed == [try calendar(name)])
    }

    @Test(arguments: names)
    func theFixturesAreFoldedAsTheAppsFold(name: String) {
        #expect(fixture(name).allSatisfy { $0.utf8.count <= 75 })
    }

    /// A new SUMMARY on every VTODO: the SUMMARY lines change, no other byte does.
    @Test(arguments: names)
    func aChangedSummaryChangesOnlyItsLine(name: String) throws {
        var calendar = try calendar(name)
        for index in calendar.components.indices where calendar.components[index].is("VTODO") {
            calendar.components[index].summary = "Renamed, twice"
        }
        let expected = fixture(name).map { $0.hasPrefix("SUMMARY:") ? #"SUMMARY:Renamed\, twice"# : $0 }
        #expect(written(calendar) == crlf(expected))
    }

    @Test func appleReminders() throws {
        let calendar = try calendar("Apple Reminders")
        let todo = try #require(calendar.components(named: "VTODO").first)
        let berlin = ICalZone.named("Europe/Berlin")
        #expect(todo.due == .dateTime(try #require(ICalDay("20260401")), try #require(ICalTime("090000")), berlin))
        #expect(todo.start == todo.due)
        #expect(todo.recurrenceRule?.frequency == "MONTHLY")
        #expect(todo.recurrenceRule?.interval == 1)
        #expect(todo.priority == 1)
        #expect(
            todo.descriptionText
                == "Transfer to the landlord’s account before the 3rd — reference “Flat 4B, März–April”, "
                + "see the e-mail."
        )
        #expect(todo.xProperties.map(\.name) == ["X-APPLE-SORT-ORDER"])
        let alarms = todo.components(named: "VALARM")
        #expect(
            alarms.map { $0.text("X-WR-ALARMUID") } == [
                "9D3A2B1C-5E6F-4A7B-8C9D-0E1F2A3B4C5D", "1B2C3D4E-6F70-4812-9A3B-4C5D6E7F8091"
            ])
        #expect(alarms[0].property("TRIGGER")?.parameter("VALUE") == ["DATE-TIME"])
        let location = try #require(alarms[1].property("X-APPLE-STRUCTURED-LOCATION"))
        #expect(location.parameter("X-ADDRESS") == ["Alexanderplatz 1, 10178 Berlin, Germany"])
        #expect(location.parameter("X-TITLE") == ["Home"])
        #expect(location.value == "geo:52.521918,13.413215")
        #expect(calendar.components(named: "VTIMEZONE").first?.components.map(\.name) == ["DAYLIGHT", "STANDARD"])
    }

    @Test func thunderbird() throws {
        let todos = try calendar("Thunderbird").components(named: "VTODO")
        #expect(todos.count == 2)
        let (master, done) = (todos[0], todos[1])
        #expect(master.uid == done.uid)
        #expect(master.status == "IN-PROCESS")
        #expect(master.percentComplete == 30)
        #expect(master.categories == ["Home", "Garden"])
        #expect(master.recurrenceRule?.byDay == ["SA"])
        #expect(master.recurrenceID == nil)
        #expect(
            master.descriptionText
                == "Fertilise the roses every second week; the orchids only monthly.\nUse the blue can.")
        #expect(master.text("X-MOZ-GENERATION") == "3")
        #expect(master.components[0].property("TRIGGER")?.parameters.map(\.name) == ["VALUE", "RELATED"])
        let newYork = ICalZone.named("America/New_York")
        #expect(
            done.recurrenceID == .dateTime(try #require(ICalDay("20260117")), try #require(ICalTime("120000")), newYork)
        )
        #expect(done.status == "COMPLETED")
        #expect(done.completed == .dateTime(try #require(ICalDay("20260117")), try #require(ICalTime("160000")), .utc))
        #expect(done.percentComplete == 100)
    }

    @Test func nextcloudTasks() throws {
        let todo = try #require(try calendar("Nextcloud Tasks").components(named: "VTODO").first)
        #expect(todo.uid == "nc-20260115-8f2e61d0c4")
        #expect(todo.due == .date(try #require(ICalDay("20260331"))))
        #expect(todo.start == .date(try #require(ICalDay("20260320"))))
        #expect(
            todo.created == .dateTime(try #require(ICalDay("20260115")), try #require(ICalTime("103000")), .floating))
        #expect(todo.categories == ["Work", "Reports, Q1"])
        #expect(todo.priority == 5)
        #expect(
            todo.descriptionText == "会議の資料を準備する。グラフと表を更新して、チームに"
                + "送ること。締め切りは金曜日です。")
        #expect(todo.text("RELATED-TO") == "nc-20260110-parent77")
    }

    @Test func tasksOrg() throws {
        let todo = try #require(try calendar("Tasks.org").components(named: "VTODO").first)
        #expect(todo.summary == "Call the dentist ☎")
        #expect(todo.priority == 9)
        #expect(todo.recurrenceRule?.count == 6)
        #expect(todo.due == .date(try #require(ICalDay("20260125"))))
        #expect(todo.property("GEO")?.value == "52.520008;13.404954")
        #expect(todo.property("ATTACH")?.value.hasSuffix("60e6kgAAAABJRU5ErkJggg==") == true)
        #expect(todo.property("RELATED-TO")?.parameter("RELTYPE") == ["PARENT"])
        #expect(todo.integer("X-APPLE-SORT-ORDER") == -12345)
    }

    /// Completing Thunderbird's master as todo would: STATUS and PERCENT-COMPLETE change where
    /// they stand, COMPLETED joins the properties before the alarm, nothing else moves.
    @Test func completingChangesThreePropertiesOnly() throws {
        var calendar = try calendar("Thunderbird")
        let index = try #require(calendar.components.firstIndex { $0.is("VTODO") })
        calendar.components[index].status = "COMPLETED"
        calendar.components[index].percentComplete = 100
        calendar.components[index].completed = .dateTime(
            try #require(ICalDay("20260301")), try #require(ICalTime("120000")), .utc)
        var expected = fixture("Thunderbird")
        expected[expected.firstIndex(of: "STATUS:IN-PROCESS")!] = "STATUS:COMPLETED"
        expected[expected.firstIndex(of: "PERCENT-COMPLETE:30")!] = "PERCENT-COMPLETE:100"
        expected.insert("COMPLETED:20260301T120000Z", at: expected.firstIndex(of: "BEGIN:VALARM")!)
        #expect(written(calendar) == crlf(expected))
    }
}
