import Foundation
import NIOConcurrencyHelpers

/// What GET serves of each todo version, kept for the next ask: a text is the same for one
/// (user, todo, revision) whatever asks (`CalDAVResources.served`), and building it parses,
/// patches and writes the kept iCalendar text, which a multiget of hundreds repeats. Also
/// kept: the text escaped as a multistatus's calendar-data, and the text a stale If-Match
/// names (`CalDAVResources.version`). Bounded: past `budget` bytes of text the cache starts
/// afresh, so memory stays bounded whatever clients ask.
final class ServedTextCache: ApplicationShared {
    static let budget = 16 << 20

    struct Key: Hashable {
        var user: UUID
        var uuid: UUID
        var rev: Int64
    }

    private struct Entry {
        var text: String
        var escaped: [UInt8]?
    }

    private struct Contents {
        var entries: [Key: Entry] = [:]
        var bytes = 0

        /// Keeps `entry` (in place of any of `key`), starting afresh past the budget.
        mutating func keep(_ entry: Entry, for key: Key) {
            let size = entry.text.utf8.count + (entry.escaped?.count ?? 0)
            if let old = entries.removeValue(forKey: key) { bytes -= old.text.utf8.count + (old.escaped?.count ?? 0) }
            if bytes + size > ServedTextCache.budget { self = Contents() }
            entries[key] = entry
            bytes += size
        }
    }

    private let contents = NIOLockedValueBox(Contents())

    /// The text kept for `key`, if it still is.
    func cached(_ key: Key) -> String? { contents.withLockedValue { $0.entries[key]?.text } }

    func text(_ key: Key, orMake make: () throws -> String) rethrows -> String {
        if let text = cached(key) { return text }
        let text = try make()
        contents.withLockedValue { $0.keep(Entry(text: text), for: key) }
        return text
    }

    /// The escaped calendar-data kept for `key`, if it still is.
    func escaped(_ key: Key) -> [UInt8]? { contents.withLockedValue { $0.entries[key]?.escaped } }

    /// The text of `key` escaped as calendar-data, made (and kept) from the text when not kept.
    func escaped(_ key: Key, orMake make: () throws -> String) rethrows -> [UInt8] {
        if let escaped = escaped(key) { return escaped }
        let text = try text(key, orMake: make)
        var escaped: [UInt8] = []
        MultistatusWriter.escape(text, into: &escaped)
        contents.withLockedValue { $0.keep(Entry(text: text, escaped: escaped), for: key) }
        return escaped
    }
}
