import Foundation
import Testing
@testable import TodoCore

/// todo's date reader beside the real Taskwarrior 2.6's `task calc`, at the same clock (todo's
/// by `DateContext`, Taskwarrior's by faketime) and zone: each word must name the same moment.
/// todo's whole day is Taskwarrior's local midnight, and its end words' day 23:59:59.
@Suite(.serialized) struct TaskwarriorDateSideBySideTests {
    /// A Wednesday in Berlin; Easter Sunday 2027 evening in UTC (a Sunday, and a holiday that
    /// has begun: `easter` moves on to 2028); a Saturday night on 31 January in New York (the
    /// 30th rolls over into March, the work week is Sunday's); midnight on the Friday of
    /// midsummer eve 2026 in Helsinki, in summer time (a time of 0:00 is now, not tomorrow).
    static let clocks = [
        ("2026-12-02 10:30:00", "Europe/Berlin"), ("2027-03-28 18:45:00", "UTC"),
        ("2026-01-31 23:10:00", "America/New_York"),
        ("2026-06-19 00:00:00", "Europe/Helsinki")
    ]

    /// What `task calc` reads as a date: 40 and more words, times, ISO forms and arithmetic.
    static let words = [
        "now", "today", "tomorrow", "yesterday", "later", "someday", "tod", "tomo", "yest", "some",
        "sod", "eod", "sopd", "eopd", "sond", "eond", "sow", "eow", "sopw", "eopw", "sonw", "eonw",
        "soww", "eoww", "sopww", "eopww", "sonww", "eonww", "som", "eom", "sopm", "eopm", "sonm", "eonm",
        "soq", "eoq", "sopq", "eopq", "sonq", "eonq", "soy", "eoy", "sopy", "eopy", "sony", "eony",
        "monday", "mon", "wed", "sunday", "thurs", "jan", "january", "mar", "dec", "sept",
        "1st", "2nd", "3rd", "22nd", "28th", "29th", "30th", "31st",
        "easter", "eastermonday", "ascension", "pentecost", "goodfriday", "midsommar", "midsommarafton", "juhannus",
        "8am", "8a", "8:30pm", "12am", "0am", "12pm", "14:00", "14:00:30", "10:30", "0:00", "23:59:59", "14:00Z",
        "08:00+01:00",
        "2026-12-10", "2026-12-10T14:00", "2026-12-10T14:00:30", "2026-12-10T14:00Z", "20261210T1400",
        "20261210T140000Z", "2026-12-10T14:00:00+05:00", "2026-12", "2026-335", "1796000000",
        "now+2d", "today+1w", "tomorrow-3h", "eom+1d", "eod-1h", "now-1d", "now+-3d", "now+1m", "now+1mo", "now+1q",
        "now+1y", "now+2y", "now+1min", "now+90", "today+1", "now+1.5d", "now+P1D", "now+PT1H", "now+P1Y2M", "now+P1W",
        "now+P1DT2H", "now+weekly", "now+fortnight", "now+3weeks", "now+1hr", "eom+1d+1h", "mon+1d", "jan+1d",
        "1st+1d", "2026-12-10+1d", "soww+1d", "now + 1d"
    ]

    /// Where todo reads otherwise on purpose; each entry says why.
    static let differences: [String: String] = [
        "midsommarafton":
            """
        Taskwarrior 2.6.2 takes the Friday before 19 June when the 19th is a Saturday (18 June 2027); midsummer \
        eve is the Friday from 19 to 25 June
        """,
        "juhannus": "as midsommarafton"
    ]

    /// The moment `task calc` prints for todo's reading: local time, an end word's day at 23:59:59.
    static func calcText(_ reading: DateReader.Reading, _ context: DateContext) -> String {
        let instant: Date
        switch reading.date {
        case .day(let day) where reading.edge == .end:
            instant = context.start(of: day.adding(days: 1)).addingTimeInterval(-1)
        case .day(let day): instant = context.start(of: day)
        case .instant(let date): instant = date
        }
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = context.timeZone
        format.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return format.string(from: instant)
    }

    /// `task calc WORD` at the clock, stopped (`faketime -f`, so that `now` is the clock's second), in the zone.
    func taskCalc(_ word: String, clock: String, zone: String, in box: Sandbox) throws -> String {
        let task = try RealTaskwarrior(in: box.directory, timeZone: zone)
        let faketime = try requiredTool("faketime", installer: ".ci/test-scripting-deps")
        let result = try Sandbox.execute(
            faketime, ["-f", clock, task.task, "rc.verbose=nothing", "calc", word], stdin: "",
            environment: task.environment)
        #expect(result.status == 0, "task calc \(word): \(result)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: clocks)
    func todoReadsEveryDateAsTaskCalcDoes(clock: String, zone: String) throws {
        #expect(Self.words.count >= 40)
        let box = try Sandbox()
        let context = DateContext(now: InProcess.moment(clock, in: zone), timeZone: TimeZone(identifier: zone)!)
        var disagreements: [String] = []
        for word in Self.words {
            let theirs = try taskCalc(word, clock: clock, zone: zone, in: box)
            guard let mine = try? DateReader.readWithEdge(word, in: context) else {
                disagreements.append("\(word): todo cannot read it, task calc says \(theirs)")
                continue
            }
            if Self.calcText(mine, context) != theirs, Self.differences[word] == nil {
                disagreements.append("\(word): todo \(Self.calcText(mine, context)), task calc \(theirs)")
            }
        }
        #expect(disagreements.isEmpty, "\(clock) \(zone):\n\(disagreements.joined(separator: "\n"))")
    }

    /// Forms Taskwarrior 2.6.2 reads wrongly or `task calc` not at all (it prints `20261210` as
    /// a number), which todo reads by ISO 8601.
    @Test func isoWeeksAndABlankBeforeTheTimeAreReadByISO8601() throws {
        let context = DateContext(
            now: InProcess.moment("2026-12-02 10:30:00", in: "Europe/Berlin"),
            timeZone: TimeZone(identifier: "Europe/Berlin")!)
        // task calc 2026-W50 says 2026-12-13 and 2026-W50-1 2026-12-14: a week late.
        for (word, expected) in [
            ("2026-W50", "2026-12-07T00:00:00"), ("2026-W50-3", "2026-12-09T00:00:00"),
            ("2026W503", "2026-12-09T00:00:00"),
            ("2026W50-3", "2026-12-09T00:00:00"), ("2026-W01", "2025-12-29T00:00:00"),
            ("2026-W53", "2026-12-28T00:00:00"),
            ("2026-12-10 14:00", "2026-12-10T14:00:00"), ("20261210", "2026-12-10T00:00:00")
        ] {
            #expect(try Self.calcText(DateReader.readWithEdge(word, in: context), context) == expected, "\(word)")
        }
        #expect(throws: DateReadError(text: "2027-W53")) { try DateReader.read("2027-W53", in: context) }
    }
}
