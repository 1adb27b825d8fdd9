import Foundation
import FuzzSupport
import TodoCore

/// The filter language: any words are parsed or refused with a one-line error without a
/// crash (deep parentheses, long chains), and a parsed filter evaluates on sample todos.
@_cdecl("FuzzFilter_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in fuzz(data, size) }
}

struct Sample: TodoAttributes {
    var id = 1
    var name: String
    var description = ""
    var notes = ""
    var tags: Set<String> = []
    var project: String?
    var priority: Priority?
    var due: DueDate?
    var wait: DueDate?
    var createdAt = fixedNow
    var updatedAt = fixedNow
    var completedAt: Date?
    var uuid = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1))
    var completed = false
    var synced = false

    var attributes: Attributes {
        var attributes = Attributes()
        (attributes.tags, attributes.project, attributes.priority) = (tags, project, priority)
        (attributes.due, attributes.wait) = (due, wait)
        return attributes
    }
}

let samples = [
    Sample(
        name: "buy milk", tags: ["home", "next"], project: "home.garden", priority: .high,
        due: .day(CalendarDay(year: 2026, month: 9, day: 30)!)),
    Sample(
        name: "Call MOM", notes: "re: budget", project: "work", due: .instant(fixedNow),
        wait: .instant(fixedNow.addingTimeInterval(86_400))),
    Sample(name: "x")
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Words are separated by NUL or a line break, so that a word may hold blanks.
    let words = String(decoding: bytes(data, size), as: UTF8.self)
        .split(omittingEmptySubsequences: false) { $0 == "\0" || $0 == "\n" }.map(String.init)
    let context = DateContext(now: fixedNow, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    do {
        let filter = try FilterParser.parse(words, in: context)
        for sample in samples { _ = filter.matches(sample, in: FilterContext(dates: context)) }
        // The same words parse to the same filter.
        invariant((try? FilterParser.parse(words, in: context)) == filter, "\(words) parsed twice gave two filters")
    } catch {
        invariant(!error.description.contains("\n"), "the error for \(words) is more than one line")
    }
    return 0
}
