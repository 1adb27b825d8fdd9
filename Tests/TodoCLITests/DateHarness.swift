import Foundation
import TodoCore

/// A time zone where the clock now reads about noon, so that a test and the `todo` it runs
/// agree on today's date however long the test takes. `Etc/GMT±N` zones never change clocks.
struct NoonZone {
    /// The name to give as TZ.
    let name: String
    let zone: TimeZone

    init() {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        let offset = 12 - utc.component(.hour, from: Date())
        name = offset >= 0 ? "Etc/GMT-\(offset)" : "Etc/GMT+\(-offset)"
        zone = TimeZone(identifier: name)!
    }

    var environment: [String: String] { ["TZ": name] }

    /// The clock as it reads now in this zone.
    var context: DateContext { DateContext(now: Date(), timeZone: zone) }

    /// What `text` means as a date here, now.
    func date(_ text: String) throws -> DueDate { try DateReader.read(text, in: context) }

    /// The wire form of `text` read here, as `--json` shows it.
    func wire(_ text: String) throws -> String { try date(text).wire }
}
