/// The words that name a date, as Taskwarrior 2.6 names them (libshared's `Datetime::parse_named`),
/// each with its meaning and its help line: the one table the reader, completion,
/// `todo help dates` and the man page take them from.
///
/// The start and end words (`sow`, `eoq`…) are whole days read with their edge: a filter
/// compares with the day's start or end, as Taskwarrior's 00:00:00 and 23:59:59 do.
public enum DateWord: String, CaseIterable, Sendable {
    case now, today, tomorrow, yesterday, someday, later
    case sopd, sod, sond, eopd, eod, eond
    case sopw, sow, sonw, eopw, eow, eonw
    case sopww, soww, sonww, eopww, eoww, eonww
    case sopm, som, sonm, eopm, eom, eonm
    case sopq, soq, sonq, eopq, eoq, eonq
    case sopy, soy, sony, eopy, eoy, eony
    case easter, eastermonday, ascension, pentecost, goodfriday, midsommar, midsommarafton, juhannus

    /// What a word names.
    enum Meaning: Equatable {
        /// The instant the clock reads.
        case now
        /// The whole day this many days from today.
        case day(Int)
        /// `DueDate.someday`.
        case someday
        /// The first or last day of the period this many periods from the current one.
        case edge(DateReader.Edge, Period, Int)
        /// The day this many days from the next Easter Sunday (named so).
        case easter(Int, String)
        /// The next midsummer (Saturday) or midsummer eve (Friday).
        case midsummer(eve: Bool)
    }

    /// The periods of the start and end words; a work week runs Monday to Friday.
    enum Period: String { case day, week, workWeek = "work week", month, quarter, year }

    var meaning: Meaning {
        switch self {
        case .now: .now
        case .today: .day(0)
        case .tomorrow: .day(1)
        case .yesterday: .day(-1)
        case .someday, .later: .someday
        case .sopd: .edge(.start, .day, -1)
        case .sod: .edge(.start, .day, 0)
        case .sond: .edge(.start, .day, 1)
        case .eopd: .edge(.end, .day, -1)
        case .eod: .edge(.end, .day, 0)
        case .eond: .edge(.end, .day, 1)
        case .sopw: .edge(.start, .week, -1)
        case .sow: .edge(.start, .week, 0)
        case .sonw: .edge(.start, .week, 1)
        case .eopw: .edge(.end, .week, -1)
        case .eow: .edge(.end, .week, 0)
        case .eonw: .edge(.end, .week, 1)
        case .sopww: .edge(.start, .workWeek, -1)
        case .soww: .edge(.start, .workWeek, 0)
        case .sonww: .edge(.start, .workWeek, 1)
        case .eopww: .edge(.end, .workWeek, -1)
        case .eoww: .edge(.end, .workWeek, 0)
        case .eonww: .edge(.end, .workWeek, 1)
        case .sopm: .edge(.start, .month, -1)
        case .som: .edge(.start, .month, 0)
        case .sonm: .edge(.start, .month, 1)
        case .eopm: .edge(.end, .month, -1)
        case .eom: .edge(.end, .month, 0)
        case .eonm: .edge(.end, .month, 1)
        case .sopq: .edge(.start, .quarter, -1)
        case .soq: .edge(.start, .quarter, 0)
        case .sonq: .edge(.start, .quarter, 1)
        case .eopq: .edge(.end, .quarter, -1)
        case .eoq: .edge(.end, .quarter, 0)
        case .eonq: .edge(.end, .quarter, 1)
        case .sopy: .edge(.start, .year, -1)
        case .soy: .edge(.start, .year, 0)
        case .sony: .edge(.start, .year, 1)
        case .eopy: .edge(.end, .year, -1)
        case .eoy: .edge(.end, .year, 0)
        case .eony: .edge(.end, .year, 1)
        case .easter: .easter(0, "Easter Sunday")
        case .eastermonday: .easter(1, "Easter Monday")
        case .ascension: .easter(39, "Ascension Day")
        case .pentecost: .easter(49, "Pentecost (Whit Sunday)")
        case .goodfriday: .easter(-2, "Good Friday")
        case .midsommar: .midsummer(eve: false)
        case .midsommarafton, .juhannus: .midsummer(eve: true)
        }
    }

    /// What the word means, for help: `the start of the previous week (a Monday)`.
    public var help: String {
        switch meaning {
        case .now: return "this instant (every other word is a whole day)"
        case .day(let days): return ["yesterday", "today", "tomorrow"][days + 1] + ", the whole day"
        case .someday: return "a day that never comes (9999-12-30, as in Taskwarrior), to park a todo"
        case .edge(let edge, let period, let shift):
            let which =
                period == .day
                ? ["yesterday", "today", "tomorrow"][shift + 1]
                : ["the previous ", "this ", "the next "][shift + 1] + period.rawValue
            return "the \(edge == .start ? "start" : "end") of \(which)" + period.note(edge)
        case .easter(let days, let name):
            guard days != 0 else { return "the next Easter Sunday (on the day itself, next year's, as in Taskwarrior)" }
            return
                """
                \(name), \(abs(days)) day\(abs(days) == 1 ? "" : "s") \(days < 0 ? "before" : "after") the Easter \
                Sunday easter names
                """
        case .midsummer(let eve):
            return eve
                ? "the next Swedish midsummer eve (Finnish juhannus), a Friday from 19 to 25 June"
                : "the next Swedish midsummer, the Saturday from 20 to 26 June"
        }
    }

    /// The shortest abbreviation Taskwarrior takes (`tom`, `yest`, `some`); nil for none.
    var shortest: Int? {
        switch self {
        case .today, .tomorrow, .yesterday, .later: 3
        case .someday: 4
        case .now, .sopd, .sod, .sond, .eopd, .eod, .eond, .sopw, .sow, .sonw, .eopw, .eow, .eonw, .sopww, .soww,
            .sonww, .eopww, .eoww, .eonww, .sopm, .som, .sonm, .eopm, .eom, .eonm, .sopq, .soq, .sonq, .eopq, .eoq,
            .eonq, .sopy, .soy, .sony, .eopy, .eoy, .eony, .easter, .eastermonday, .ascension, .pentecost,
            .goodfriday, .midsommar, .midsommarafton, .juhannus:
            nil
        }
    }

    /// Whether completion offers the word: the everyday ones. Offering all fifty would bury
    /// `tomorrow` among `sopww` and `eonq`; those are typed (and listed by help).
    var offered: Bool {
        switch self {
        case .now, .today, .tomorrow, .yesterday, .someday, .later, .sod, .eod, .sow, .eow, .som, .eom, .soy, .eoy: true
        case .sopd, .sond, .eopd, .eond, .sopw, .sonw, .eopw, .eonw, .sopww, .soww, .sonww, .eopww, .eoww, .eonww,
            .sopm, .sonm, .eopm, .eonm, .sopq, .soq, .sonq, .eopq, .eoq, .eonq, .sopy, .sony, .eopy, .eony, .easter,
            .eastermonday, .ascension, .pentecost, .goodfriday, .midsommar, .midsommarafton, .juhannus:
            false
        }
    }

    /// The shortest spelling Taskwarrior takes (`tom`), for help; nil for none.
    public var abbreviation: String? { shortest.map { String(rawValue.prefix($0)) } }

    /// The word `text` (lower case) is, or abbreviates as Taskwarrior allows.
    static func named(_ text: String) -> DateWord? {
        DateWord(rawValue: text)
            ?? allCases.first { word in
                word.shortest.map { text.count >= $0 && word.rawValue.hasPrefix(text) } ?? false
            }
    }

    /// The date the word names at the context's clock, with the edge a filter compares with.
    func reading(in context: DateContext) -> DateReader.Reading {
        let today = context.today
        switch meaning {
        case .now: return (.instant(roundingToMilliseconds: context.now), nil)
        case .day(let days): return (.day(today.adding(days: days)), nil)
        case .someday: return (.someday, nil)
        case .edge(let edge, let period, let shift): return (.day(period.edge(edge, of: today, shift: shift)), edge)
        case .easter(let days, _): return (.day(Holidays.next(Holidays.easter, context).adding(days: days)), nil)
        case .midsummer(let eve):
            return (.day(Holidays.next(eve ? Holidays.midsummerEve : Holidays.midsummer, context)), nil)
        }
    }
}

extension DateWord.Period {
    /// The first or last day of the period `shift` periods from the one `day` is in.
    func edge(_ edge: DateReader.Edge, of day: CalendarDay, shift: Int) -> CalendarDay {
        let first: CalendarDay
        let last: CalendarDay
        switch self {
        case .day: (first, last) = (day.adding(days: shift), day.adding(days: shift))
        case .week:
            first = day.startOfWeek.adding(days: 7 * shift)
            last = first.adding(days: 6)
        case .workWeek:
            // Taskwarrior counts the work week in the week that starts on Sunday: on a Sunday
            // (or Saturday) this work week's Monday is tomorrow (or last Monday).
            let sunday = day.adding(days: -(day.weekday % 7) + 7 * shift)
            (first, last) = (sunday.adding(days: 1), sunday.adding(days: 5))
            // Taskwarrior 2.6.2's eopww is the last Friday before today: on a Saturday, yesterday.
            if edge == .end, shift == -1 { return day.adding(days: -((day.weekday % 7 + 1) % 7) - 1) }
        case .month:
            first = day.startOfMonth.adding(months: shift)
            last = first.endOfMonth
        case .quarter:
            first = day.startOfQuarter.adding(months: 3 * shift)
            last = first.endOfQuarter
        case .year:
            first = day.startOfYear.adding(months: 12 * shift)
            last = first.endOfYear
        }
        return edge == .start ? first : last
    }

    /// Which weekday a week's edge is, for help.
    func note(_ edge: DateReader.Edge) -> String {
        switch self {
        case .week: edge == .start ? " (a Monday)" : " (a Sunday)"
        case .workWeek:
            edge == .start ? " (a Monday)" : " (a Friday; the week starts on Sunday, as Taskwarrior counts it)"
        case .day, .month, .quarter, .year: ""
        }
    }
}
